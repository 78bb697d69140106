/** What a key has in flight: rows held, requests that may return rows, and how many of them are unbounded. */
export interface KeyInFlight {
  held: number;
  requests: number;
  unbounded: number;
}

/** Admit holding `hold` rows, or refuse: `reached` the limit; transient `held`/`too-many`/`unbounded` (`left` after holds). */
export type RowsDecision =
  { ok: true; hold: number } | { ok: false; reason: 'reached' | 'held' | 'too-many' | 'unbounded'; left: number };

/**
 * The monthly-rows decision for a request that can return `bound` rows (`undefined`: unknown), given `limit` (-1 = none),
 * rows `used` and the key's `flight`; the rule: docs/plans.md#what-the-limits-answer ("Rows per month").
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

/** One admitted request in flight: the rows it holds and whether its bound was unknown. */
export interface Reservation {
  rows: number;
  unbounded: boolean;
}

const NOTHING: KeyInFlight = Object.freeze({ held: 0, requests: 0, unbounded: 0 });

/** Rows held and requests in flight per key id, in memory (a restart has nothing in flight); one instance per server. */
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

  /** Registers one request of `keyId` in flight. */
  add(keyId: string, reservation: Reservation): void {
    const now = this.inFlight(keyId);
    this.keys.set(keyId, {
      held: now.held + Math.max(0, reservation.rows),
      requests: now.requests + 1,
      unbounded: now.unbounded + (reservation.unbounded ? 1 : 0),
    });
  }

  /** Ends one request registered with {@link add}; counts never go below 0. */
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
