import { describe, expect, it } from 'vitest';
import { decideRows, RowReservations, type KeyInFlight, type RowsDecision } from './reservations.js';

/** The monthly-rows decision at admission (docs/plans.md "Rows per month"), one case per rule. */

const flight = (held: number, requests = held > 0 ? 1 : 0, unbounded = 0): KeyInFlight => ({ held, requests, unbounded });
const NONE = flight(0);

describe('decideRows', () => {
  it.each<[string, number, number, KeyInFlight, number | undefined, RowsDecision]>([
    ['no row limit: admit, hold nothing', -1, 10_000, flight(5_000), 50_000, { ok: true, hold: 0 }],
    ['no row limit: unbounded requests are never refused', -1, 10_000, flight(0, 3, 3), undefined, { ok: true, hold: 0 }],
    ['bound fits what is left: hold the bound', 1000, 900, flight(50), 50, { ok: true, hold: 50 }],
    [
      'bound fits what is left beside an unbounded request: hold the bound',
      1000,
      900,
      flight(0, 1, 1),
      100,
      { ok: true, hold: 100 },
    ],
    ['bound above what is left after holds: too many', 1000, 900, flight(50), 51, { ok: false, reason: 'too-many', left: 50 }],
    [
      'bound above what is left with nothing in flight: admitted whole (the last response)',
      1000,
      990,
      NONE,
      50_000,
      { ok: true, hold: 50_000 },
    ],
    [
      'bound above what is left while an unbounded request (holding nothing) runs: too many, not lone',
      1000,
      990,
      flight(0, 1, 1),
      50_000,
      { ok: false, reason: 'too-many', left: 10 },
    ],
    ['a request returning no rows ignores holds', 1000, 900, flight(100), 0, { ok: true, hold: 0 }],
    [
      'a request returning no rows is refused once the rows counted reach the limit',
      1000,
      1000,
      NONE,
      0,
      { ok: false, reason: 'reached', left: 0 },
    ],
    ['everything left is held: held (transient), not reached', 1000, 900, flight(100), 1, { ok: false, reason: 'held', left: 0 }],
    [
      'a lone crossing request holds its bound: nothing is left for the next one',
      1000,
      990,
      flight(50_000),
      1,
      { ok: false, reason: 'held', left: 0 },
    ],
    ['unknown bound, alone: admitted while a row is left, holds nothing', 1000, 999, NONE, undefined, { ok: true, hold: 0 }],
    [
      'unknown bound beside bounded requests: admitted while a row is left',
      1000,
      900,
      flight(99, 3),
      undefined,
      { ok: true, hold: 0 },
    ],
    [
      'unknown bound while another unknown bound runs: refused (only one may cross)',
      1000,
      0,
      flight(0, 1, 1),
      undefined,
      { ok: false, reason: 'unbounded', left: 1000 },
    ],
    [
      'unknown bound with nothing left after holds: held',
      1000,
      900,
      flight(100),
      undefined,
      { ok: false, reason: 'held', left: 0 },
    ],
    [
      'counted above the limit (an unbounded route crossed it): reached',
      1000,
      1002,
      NONE,
      1,
      { ok: false, reason: 'reached', left: 0 },
    ],
    ['a zero row limit refuses every request', 0, 0, NONE, 0, { ok: false, reason: 'reached', left: 0 }],
  ])('%s', (_rule, limit, used, inFlight, bound, expected) => {
    expect(decideRows(limit, used, inFlight, bound)).toEqual(expected);
  });
});

describe('RowReservations', () => {
  it('counts rows held, requests and unbounded requests per key, never below zero', () => {
    const holds = new RowReservations();
    holds.add('a', { rows: 20, unbounded: false });
    holds.add('a', { rows: 30, unbounded: false });
    holds.add('a', { rows: 0, unbounded: true });
    holds.add('b', { rows: 5, unbounded: false });
    expect([holds.inFlight('a'), holds.inFlight('b'), holds.inFlight('c')]).toEqual([flight(50, 3, 1), flight(5, 1, 0), NONE]);
    holds.remove('a', { rows: 20, unbounded: false });
    holds.remove('a', { rows: 0, unbounded: true });
    holds.remove('b', { rows: 9, unbounded: false });
    expect([holds.inFlight('a'), holds.inFlight('b'), holds.heldBy('a')]).toEqual([flight(30, 1, 0), NONE, 30]);
    holds.remove('b', { rows: 1, unbounded: true });
    expect(holds.inFlight('b')).toEqual(NONE);
  });
});
