/** How many ids this page remembers, oldest dropped first (also the most `requests:status` takes at once). */
export const MAX_PAGE_REQUEST_IDS = 100;

const issued = new Set<string>();

/** A fresh `requestId` (a UUID where available), noted as this page's until released. */
export function newRequestId(): string {
  const c = globalThis.crypto;
  const id =
    c && typeof c.randomUUID === 'function'
      ? c.randomUUID()
      : `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
  issued.add(id);
  while (issued.size > MAX_PAGE_REQUEST_IDS) issued.delete(issued.values().next().value as string);
  return id;
}

/** Forgets `id` once its call is over (optional: unreleased ids age out). */
export function releaseRequestId(id: string): void {
  issued.delete(id);
}

/** The ids this page issued: status polls ask only about these, as the web host serves every tab. */
export function pageRequestIds(): string[] {
  return [...issued];
}

/** Runs `call` with a {@link newRequestId} and releases the id when it settles. */
export async function withRequestId<T>(call: (requestId: string) => Promise<T>): Promise<T> {
  const requestId = newRequestId();
  try {
    return await call(requestId);
  } finally {
    releaseRequestId(requestId);
  }
}
