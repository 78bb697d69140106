import { describe, expect, it } from 'vitest';
import { decideRows, RowReservations, type RowsDecision } from './reservations.js';

/** The monthly-rows decision at admission (docs/plans.md "Rows per month"), one case per rule. */

describe('decideRows', () => {
  it.each<[string, number, number, number, number | undefined, RowsDecision]>([
    ['no row limit: admit, hold nothing', -1, 10_000, 5_000, 50_000, { ok: true, hold: 0 }],
    ['bound fits what is left: hold the bound', 1000, 900, 50, 50, { ok: true, hold: 50 }],
    ['bound above what is left after holds: too many', 1000, 900, 50, 51, { ok: false, reason: 'too-many', left: 50 }],
    ['bound above what is left with nothing held: admitted whole (the last response)', 1000, 990, 0, 50_000, { ok: true, hold: 50_000 }],
    ['a request returning no rows ignores holds', 1000, 900, 100, 0, { ok: true, hold: 0 }],
    ['a request returning no rows is refused once the rows counted reach the limit', 1000, 1000, 0, 0, { ok: false, reason: 'reached', left: 0 }],
    ['everything left is held: reached', 1000, 900, 100, 1, { ok: false, reason: 'reached', left: 0 }],
    ['unknown bound: admitted while a row is left, holds nothing', 1000, 900, 99, undefined, { ok: true, hold: 0 }],
    ['unknown bound with nothing left: reached', 1000, 900, 100, undefined, { ok: false, reason: 'reached', left: 0 }],
    ['counted above the limit (an unbounded route crossed it): reached', 1000, 1002, 0, 1, { ok: false, reason: 'reached', left: 0 }],
    ['a zero row limit refuses every request', 0, 0, 0, 0, { ok: false, reason: 'reached', left: 0 }],
  ])('%s', (_rule, limit, used, held, bound, expected) => {
    expect(decideRows(limit, used, held, bound)).toEqual(expected);
  });
});

describe('RowReservations', () => {
  it('holds and releases per key, never below zero', () => {
    const holds = new RowReservations();
    holds.hold('a', 20);
    holds.hold('a', 30);
    holds.hold('b', 5);
    holds.hold('b', 0);
    expect([holds.heldBy('a'), holds.heldBy('b'), holds.heldBy('c')]).toEqual([50, 5, 0]);
    holds.release('a', 20);
    holds.release('b', 9);
    expect([holds.heldBy('a'), holds.heldBy('b')]).toEqual([30, 0]);
  });
});
