/**
 * Monthly rows held for requests in flight (spec "Limits": rows per month, exceeding yields 429;
 * docs/plans.md "Rows per month"). A request is admitted when the most rows it can return fit in
 * what the month has left after the rows already counted and the rows held by the key's other
 * requests in flight; it holds that many rows until its response ends, when the hold is released and
 * the rows it really sent are counted.
 *
 * Only two kinds of request can take the month past its limit, and at most one of them of a key is
 * ever in flight while rows are left, so the month ends above its limit by at most one response,
 * never by one per request in flight:
 * - a request whose bound does not fit what is left is admitted only when it is the key's **lone**
 *   request (no other request of the key that may return rows is in flight): it is the month's last
 *   response and is delivered whole, as a sequential client expects (refusing a 300-row pull because
 *   its page size is 50,000 would be hostile). It holds its whole bound, so nothing else is left for
 *   the requests that arrive while it runs;
 * - a request whose bound is unknown before it runs (audit, shift factors, constraint costs, the
 *   export file listing) holds nothing and is counted whole when it ends, so it is admitted only
 *   while a row is left and **no other unbounded request** of the key is in flight. Bounded requests
 *   admitted beside it still fit the limit with their holds; only its own rows can go past it.
 * Once a response has taken the month past its limit, nothing that may return rows is admitted.
 * Pure bookkeeping: synchronous, in memory, one instance per server (a restart has nothing in flight).
 */

/** What a key has in flight: rows held, requests that may return rows, and how many of them are unbounded. */
export interface KeyInFlight {
  held: number;
  requests: number;
  unbounded: number;
}

/**
 * Outcome of {@link decideRows}: admit holding `hold` rows, or refuse with `reason` (`left` = rows left
 * after holds): `reached` the rows counted reach the limit (retry next month); `held` rows are left,
 * but all of them are held by requests in flight; `too-many` fewer rows are left than the request may
 * return and it is not alone; `unbounded` another request of unknown size is in flight. All but
 * `reached` are transient: they end with the requests in flight.
 */
export type RowsDecision =
  | { ok: true; hold: number }
  | { ok: false; reason: 'reached' | 'held' | 'too-many' | 'unbounded'; left: number };

/**
 * The monthly-rows decision for one request.
 * @param limit  `api_rows_returned_limit` (`-1` = no limit).
 * @param used   rows counted this month.
 * @param flight the key's requests in flight ({@link RowReservations.inFlight}).
 * @param bound  the most rows the request can return, or `undefined` when unknown before it runs.
 * @returns `ok` with the rows to hold: 0 without a limit or for a request that returns no rows
 *   (admitted until the rows counted reach the limit); `bound` when it fits what is left, or when it
 *   does not but the request is alone; 0 for an unknown bound, admitted while a row is left and no
 *   other unknown bound is in flight (it is counted whole when it ends). Otherwise the refusal.
 */
export function decideRows(limit: number, used: number, flight: KeyInFlight, bound: number | undefined): RowsDecision {
  if (limit < 0) return { ok: true, hold: 0 };
  if (used >= limit) return { ok: false, reason: 'reached', left: 0 };
  if (bound === 0) return { ok: true, hold: 0 };
  const left = Math.max(0, limit - used - flight.held);
  if (left === 0) return { ok: false, reason: 'held', left };
  if (bound === undefined) return flight.unbounded === 0 ? { ok: true, hold: 0 } : { ok: false, reason: 'unbounded', left };
  if (bound > left) return flight.requests === 0 ? { ok: true, hold: bound } : { ok: false, reason: 'too-many', left };
  return { ok: true, hold: bound };
}

/** One admitted request as {@link RowReservations} tracks it: the rows it holds and whether its bound was unknown. */
export interface Reservation {
  rows: number;
  unbounded: boolean;
}

const NOTHING: KeyInFlight = Object.freeze({ held: 0, requests: 0, unbounded: 0 });

/**
 * Rows held and requests in flight per key (SHA-256 id). Only requests that may return rows are
 * registered (a request bound to 0 rows can never take the month past its limit).
 */
export class RowReservations {
  private readonly keys = new Map<string, KeyInFlight>();

  /** What `keyId` has in flight (zeros when nothing). */
  inFlight(keyId: string): KeyInFlight {
    return { ...(this.keys.get(keyId) ?? NOTHING) };
  }

  /** Rows `keyId`'s requests in flight hold (0 when none). */
  heldBy(keyId: string): number {
    return this.keys.get(keyId)?.held ?? 0;
  }

  /** Registers one request of `keyId` in flight holding `reservation.rows` (≥ 0). */
  add(keyId: string, reservation: Reservation): void {
    const now = this.inFlight(keyId);
    this.keys.set(keyId, {
      held: now.held + Math.max(0, reservation.rows),
      requests: now.requests + 1,
      unbounded: now.unbounded + (reservation.unbounded ? 1 : 0),
    });
  }

  /** Ends one request registered with {@link add} (never below 0; the entry goes when nothing is left in flight). */
  remove(keyId: string, reservation: Reservation): void {
    const now = this.inFlight(keyId);
    const next = {
      held: Math.max(0, now.held - Math.max(0, reservation.rows)),
      requests: Math.max(0, now.requests - 1),
      unbounded: Math.max(0, now.unbounded - (reservation.unbounded ? 1 : 0)),
    };
    if (next.requests === 0) this.keys.delete(keyId);
    else this.keys.set(keyId, next);
  }
}
