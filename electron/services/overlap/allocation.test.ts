import type { DuckDBConnection } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { withMemoryDuckDB } from '../common/test-support/memoryDuckDB.js';
import { allocate } from './allocation.js';
import { constraint, outage, series, t } from './test-support/fixtures.js';
import type { AllocationInput, OverlapOutage } from './types.js';

// The allocation and lift of docs/overlap.md#allocation on hand-made cases, in DuckDB.

let conn: DuckDBConnection;
withMemoryDuckDB((c) => {
  conn = c;
});

// Four hourly intervals 10:00–14:00 at 40, −20, 10, 30 $/MWh: 100 $/MW in all; the window is 10:00–20:00 (10 h).
const C = constraint('C', [40, -80], null, series('10:00', 60, [40, -20, 10, 30]));
const WINDOW = { start: t('10:00'), end: t('20:00') };
const HERE = [40, -80] as const;
const KM_10 = [40 + 10 / ((6371.0088 * Math.PI) / 180), -80] as const; // 10 km north

async function run(outages: OverlapOutage[], extra: Partial<AllocationInput> = {}) {
  const [r] = await allocate(conn, { constraints: [C], outages, distanceKm: 50, weighting: 'equal', window: WINDOW, ...extra });
  return { ...r!, byTicket: new Map(r!.outages.map((o) => [o.ticket, o])) };
}

function balanced(r: Awaited<ReturnType<typeof run>>) {
  expect(r.cost).toBeCloseTo(100, 9);
  expect(r.outages.reduce((s, o) => s + o.allocated_cost, 0) + r.unexplained).toBeCloseTo(r.cost, 9);
  for (const o of r.outages) expect(o.allocated_cost).toBeLessThanOrEqual(o.congestion_cost + 1e-9);
}

describe('allocation', () => {
  it('no near outage: everything unexplained', async () => {
    const far = outage(1, t('10:00'), t('14:00'), [[[45, -80], null]]);
    const r = await run([far]);
    expect(r.outages).toEqual([]);
    expect(r.unexplained).toBeCloseTo(100, 9);
    balanced(r);
  });

  it('one outage: all of the intervals it was out in, the rest unexplained', async () => {
    const r = await run([outage(1, t('11:00'), t('13:00'), [[HERE, null]])]);
    expect(r.byTicket.get(1)).toMatchObject({ overlapping_intervals: 2, allocated_cost: 30, congestion_cost: 30 });
    expect(r.unexplained).toBeCloseTo(70, 9);
    balanced(r);
  });

  it('ties: two outages out in the same intervals share them equally, whatever their distance', async () => {
    const r = await run([outage(1, t('10:00'), t('12:00'), [[HERE, null]]), outage(2, t('10:00'), t('12:00'), [[KM_10, null]])]);
    expect(r.byTicket.get(1)!.allocated_cost).toBeCloseTo(30, 9);
    expect(r.byTicket.get(2)!.allocated_cost).toBeCloseTo(30, 9);
    // Each was out while the whole 60 $/MW bound: "congestion while out" counts it for both.
    expect(r.byTicket.get(2)!.congestion_cost).toBeCloseTo(60, 9);
    balanced(r);
  });

  it('inverse distance: 1 / max(km, 1), so the outage at 0 km weighs as at 1 km', async () => {
    const r = await run([outage(1, t('10:00'), t('11:00'), [[HERE, null]]), outage(2, t('10:00'), t('11:00'), [[KM_10, null]])], {
      weighting: 'inverse_distance',
    });
    // Weights 1 and 1/10 of the 40 $/MW interval.
    expect(r.byTicket.get(1)!.allocated_cost).toBeCloseTo((40 * 1) / 1.1, 6);
    expect(r.byTicket.get(2)!.allocated_cost).toBeCloseTo((40 * 0.1) / 1.1, 6);
    balanced(r);
  });

  it('overlapping tickets on one piece of equipment are one outage: they split its share, not the interval', async () => {
    const a = outage(1, t('10:00'), t('11:00'), [[HERE, null]], ['LINE A']);
    const a2 = outage(2, t('10:00'), t('11:00'), [[HERE, null]], ['LINE A']);
    const b = outage(3, t('10:00'), t('11:00'), [[KM_10, null]], ['LINE B']);
    const r = await run([a, a2, b]);
    // 40 $/MW: half to LINE B, half to LINE A split between its two tickets.
    expect([1, 2, 3].map((k) => r.byTicket.get(k)!.allocated_cost)).toEqual([10, 10, 20]);
    balanced(r);
  });

  // The sweep counts starts and ends; these are the instants where it could count one too many or too few.
  it('a ticket starting at an interval end or ending at an interval start is not out in it', async () => {
    const r = await run([outage(1, t('11:00'), t('12:00'), [[HERE, null]]), outage(2, t('09:00'), t('10:00'), [[HERE, null]])]);
    expect(r.byTicket.get(1)).toMatchObject({ overlapping_intervals: 1, allocated_cost: 20, congestion_cost: 20 });
    expect(r.byTicket.has(2)).toBe(false);
    expect(r.unexplained).toBeCloseTo(80, 9);
    balanced(r);
  });

  it('a zero-length ticket is out in the interval around it (half-open rule), not in those it touches', async () => {
    const inside = outage(1, t('10:30'), t('10:30'), [[HERE, null]]);
    const onEdge = outage(2, t('11:00'), t('11:00'), [[HERE, null]]);
    const r = await run([inside, onEdge, outage(3, t('10:00'), t('12:00'), [[KM_10, null]])]);
    expect(r.byTicket.get(1)).toMatchObject({
      overlapping_intervals: 1,
      allocated_cost: 20,
      congestion_cost: 40,
      bound_share_out: null,
    });
    expect(r.byTicket.has(2)).toBe(false);
    expect(r.byTicket.get(3)).toMatchObject({ overlapping_intervals: 2, allocated_cost: 40 });
    balanced(r);
  });

  it('an interval with no near outage out in it is unexplained, between intervals that are explained', async () => {
    const r = await run([outage(1, t('10:00'), t('11:00'), [[HERE, null]]), outage(2, t('12:00'), t('13:00'), [[HERE, null]])]);
    expect([1, 2].map((k) => r.byTicket.get(k)!.allocated_cost)).toEqual([40, 10]);
    expect(r.unexplained).toBeCloseTo(50, 9);
    balanced(r);
  });

  it('two tickets on one piece of equipment with a gap: one share where either is out, none in the gap', async () => {
    const a1 = outage(1, t('10:00'), t('11:00'), [[HERE, null]], ['LINE A']);
    const a2 = outage(2, t('12:00'), t('13:00'), [[HERE, null]], ['LINE A']);
    const r = await run([a1, a2, outage(3, t('10:00'), t('14:00'), [[KM_10, null]], ['LINE B'])]);
    // 10–11: A and B 20 each; 11–12: B alone 20; 12–13: A and B 5 each; 13–14: B alone 30.
    expect([1, 2, 3].map((k) => r.byTicket.get(k)!.allocated_cost)).toEqual([20, 5, 75]);
    expect(r.unexplained).toBe(0);
    balanced(r);
  });

  it('a binding interval that ends before it starts is an error, not a negative cost', async () => {
    const reversed = constraint('C', [40, -80], null, [[t('11:00'), t('10:00'), 40]]);
    await expect(
      allocate(conn, { constraints: [reversed], outages: [], distanceKm: 50, weighting: 'equal', window: WINDOW }),
    ).rejects.toThrow(/ends before it starts/);
  });

  it('lift: the share of hours bound while out against while not, over the window', async () => {
    // Out 10:00–12:00 (2 h, bound both); not out the other 8 h, bound 2 of them: 1 ÷ 0.25 = 4.
    const r = await run([outage(1, t('10:00'), t('12:00'), [[HERE, null]])]);
    expect(r.byTicket.get(1)).toMatchObject({ bound_share_out: 1, bound_share_not_out: 0.25, lift: 4 });
    // Out the whole window: nothing to compare with.
    const whole = await run([outage(2, t('09:00'), t('21:00'), [[HERE, null]])]);
    expect(whole.byTicket.get(2)).toMatchObject({ bound_share_out: 0.4, bound_share_not_out: null, lift: null });
    // Out only while it bound, and it bound only then: lift undefined (÷ 0).
    const all = await run([outage(3, t('10:00'), t('14:00'), [[HERE, null]])]);
    expect(all.byTicket.get(3)).toMatchObject({ bound_share_out: 1, bound_share_not_out: 0, lift: null });
    // Out from 08:00: only its 2 h inside the window count.
    const early = await run([outage(4, t('08:00'), t('12:00'), [[HERE, null]])]);
    expect(early.byTicket.get(4)).toMatchObject({ bound_share_out: 1, lift: 4 });
  });

  it('lift: out over every 5-minute interval it bound, it bound exactly 0 hours while not out (no rounding residue)', async () => {
    // 37 intervals of 1/12 h: summed as doubles they are not 37/12 h, so the hours must come from whole ms.
    const fives = constraint(
      'C',
      [40, -80],
      null,
      series(
        '10:00',
        5,
        Array.from({ length: 37 }, (_v, i) => 10 + i),
      ),
    );
    const r = await allocate(conn, {
      constraints: [fives],
      outages: [outage(5, t('10:00'), t('13:05'), [[HERE, null]])],
      distanceKm: 50,
      weighting: 'equal',
      window: WINDOW,
    });
    expect(r[0]!.outages[0]).toMatchObject({ ticket: 5, overlapping_intervals: 37, bound_share_not_out: 0, lift: null });
  });
});
