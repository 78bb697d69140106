/**
 * Monthly rows held for requests in flight (spec "Limits": rows per month, exceeding yields 429;
 * docs/plans.md "Rows per month"). A request is admitted when the most rows it can return fit in
 * what the month has left after the rows already counted and the rows held by the key's other
 * requests in flight; it holds that many rows until its response ends, when the hold is released and
 * the rows it really sent are counted. Near the end of the quota, a request whose bound does not fit
 * is still admitted when the key has no rows held (nothing else in flight): it is the month's last
 * response and is delivered whole, as a sequential client expects (refusing a 300-row pull because
 * its page size is 50,000 would be hostile). So the month can end above its limit by at most one
 * response, never by one per request in flight.
 * Pure bookkeeping: synchronous, in memory, one instance per server (a restart has nothing in flight).
 */

/** Outcome of {@link decideRows}: admit holding `hold` rows, or refuse with `reason` (`left` = rows left after holds). */
export type RowsDecision = { ok: true; hold: number } | { ok: false; reason: 'reached' | 'too-many'; left: number };

/**
 * The monthly-rows decision for one request.
 * @param limit `api_rows_returned_limit` (`-1` = no limit).
 * @param used  rows counted this month.
 * @param held  rows held by the key's requests in flight.
 * @param bound the most rows the request can return, or `undefined` when unknown before it runs.
 * @returns `ok` with the rows to hold (0 without a limit or for a request that returns no rows; 0
 *   too for an unknown bound, admitted while any row is left and counted whole when it ends);
 *   `reached` when nothing is left (`used + held ≥ limit` and the request may return rows, or
 *   `used ≥ limit`); `too-many` when some rows are left (`left`) but fewer than `bound` while
 *   other requests of the key hold rows; with nothing held, such a request is admitted holding `bound`.
 */
export function decideRows(limit: number, used: number, held: number, bound: number | undefined): RowsDecision {
  if (limit < 0) return { ok: true, hold: 0 };
  const left = Math.max(0, limit - used - held);
  if (used >= limit) return { ok: false, reason: 'reached', left: 0 };
  if (bound === 0) return { ok: true, hold: 0 };
  if (left === 0) return { ok: false, reason: 'reached', left };
  if (bound === undefined) return { ok: true, hold: 0 };
  if (bound > left) return held === 0 ? { ok: true, hold: bound } : { ok: false, reason: 'too-many', left };
  return { ok: true, hold: bound };
}

/** Rows held per key (SHA-256 id) by requests in flight. */
export class RowReservations {
  private readonly held = new Map<string, number>();

  /** Rows `keyId`'s requests in flight hold (0 when none). */
  heldBy(keyId: string): number {
    return this.held.get(keyId) ?? 0;
  }

  /** Holds `rows` (≥ 0) more for `keyId`. */
  hold(keyId: string, rows: number): void {
    if (rows <= 0) return;
    this.held.set(keyId, this.heldBy(keyId) + rows);
  }

  /** Releases `rows` held for `keyId` (never below 0; the entry goes when nothing is held). */
  release(keyId: string, rows: number): void {
    if (rows <= 0) return;
    const left = this.heldBy(keyId) - rows;
    if (left > 0) this.held.set(keyId, left);
    else this.held.delete(keyId);
  }
}
