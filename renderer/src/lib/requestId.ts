/**
 * How many ids this page remembers (also the most `requests:status` takes in one `requestIds`).
 * Ids not released (see {@link releaseRequestId}) drop out oldest first beyond it; a page has far
 * fewer calls in flight at once.
 */
export const MAX_PAGE_REQUEST_IDS = 100;

/** The ids {@link newRequestId} issued in this page and not yet released, oldest first. */
const issued = new Set<string>();

/**
 * A fresh id for a data verb's `requestId` (`requests:status` / `requests:cancel`): a UUID where
 * the page has one. It is noted as this page's ({@link pageRequestIds}) until released.
 */
export function newRequestId(): string {
  const c = globalThis.crypto;
  const id = c && typeof c.randomUUID === 'function' ? c.randomUUID() : `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 10)}`;
  issued.add(id);
  while (issued.size > MAX_PAGE_REQUEST_IDS) issued.delete(issued.values().next().value as string);
  return id;
}

/** Forgets `id` once its call is over (optional: unreleased ids age out, see {@link MAX_PAGE_REQUEST_IDS}). */
export function releaseRequestId(id: string): void {
  issued.delete(id);
}

/**
 * The ids this page issued (newest {@link MAX_PAGE_REQUEST_IDS}), so status polls ask only about
 * this page's calls: the web host serves every tab, and reports their calls too.
 */
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
