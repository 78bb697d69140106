/** A fresh id for a data verb's `requestId` (`requests:status` / `requests:cancel`): a UUID where the page has one. */
export function newRequestId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
}
