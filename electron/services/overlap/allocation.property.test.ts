import type { DuckDBConnection } from '@duckdb/node-api';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withMemoryDuckDB } from '../common/test-support/memoryDuckDB.js';
import { rowObjects } from '../workspace/sql.js';
import { ALLOCATION_SQL } from './allocation.js';
import { bodies } from './sql.js';
import { constraint, outage } from './test-support/fixtures.js';
import type { LatLon, Obs } from './test-support/fixtures.js';
import { PAIRWISE_ALLOCATION_SQL } from './test-support/pairwiseAllocation.js';
import type { AllocationInput } from './types.js';

/**
 * The sweep of allocation.ts gives the numbers of the direct interval × outage join on random inputs: binding
 * intervals that overlap one another, outages that touch them end to end, are empty or reversed, share equipment
 * (so a group's share depends on which of its tickets is out), both weightings, any window.
 */

let conn: DuckDBConnection;
withMemoryDuckDB((c) => {
  conn = c;
});

const T0 = Date.parse('2024-09-02T00:00:00Z');
const HALF_HOUR = 1_800_000;
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', '+00:00');
const at = (step: number) => iso(T0 + step * HALF_HOUR);

const POOL: LatLon[] = [
  [40, -80],
  [40.05, -80.1],
  [40.3, -79.7],
];
const point: fc.Arbitrary<LatLon> = fc.oneof(fc.constantFrom(...POOL), fc.constant(null));
const step = fc.integer({ min: 0, max: 24 });
// Intervals of one or two half hours, one per start (the rule's "one observation per binding interval").
const observations = fc
  .uniqueArray(fc.tuple(step, fc.constantFrom(1, 2), fc.integer({ min: -400, max: 400 })), {
    maxLength: 10,
    selector: (o) => o[0],
  })
  .map((os) => os.map(([s, len, q]): Obs => [at(s), at(s + len), q / 4]));
const length = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 12 }), weight: 5 },
  { arbitrary: fc.integer({ min: -2, max: 0 }), weight: 1 },
);
const names = fc.oneof(fc.constant([] as string[]), fc.constantFrom(['LINE A'], ['LINE B'], ['LINE A', 'LINE B'], ['']));

const input: fc.Arbitrary<AllocationInput> = fc.record({
  constraints: fc
    .uniqueArray(fc.tuple(fc.integer({ min: 1, max: 9 }), point, point, observations), {
      minLength: 1,
      maxLength: 3,
      selector: (c) => c[0],
    })
    .map((cs) => cs.map(([id, s, e, obs]) => constraint(`id-${id}`, s, e, obs))),
  outages: fc
    .uniqueArray(fc.tuple(fc.integer({ min: 1, max: 99 }), step, length, point, names), { maxLength: 10, selector: (o) => o[0] })
    .map((os) => os.map(([ticket, s, n, p, eq]) => outage(ticket, at(s), at(s + n), [[p, null]], eq))),
  distanceKm: fc.constantFrom(0, 10, 50),
  weighting: fc.constantFrom('equal' as const, 'inverse_distance' as const),
  window: fc.tuple(step, fc.integer({ min: 1, max: 30 })).map(([s, n]) => ({ start: at(s - 4), end: at(s - 4 + n) })),
});

async function rows(sql: string, i: AllocationInput) {
  await conn.run('SET SESSION asof_loop_join_threshold = 0');
  const r = await rowObjects(conn, sql, [...bodies(i), i.distanceKm, i.weighting, i.window.start, i.window.end]);
  const key = (x: Record<string, unknown>) => `${String(x.constraint_gs_entity_id)}|${String(x.ticket)}`;
  return r.sort((a, b) => key(a).localeCompare(key(b)));
}

describe('the sweep = the direct join', () => {
  it('on random inputs: the same pairs, counts, costs, allocations and hours', async () => {
    let shared = 0;
    await fc.assert(
      fc.asyncProperty(input, async (i) => {
        const [swept, direct] = [await rows(ALLOCATION_SQL, i), await rows(PAIRWISE_ALLOCATION_SQL, i)];
        expect(swept.map((r) => [r.constraint_gs_entity_id, r.ticket, r.intervals])).toEqual(
          direct.map((r) => [r.constraint_gs_entity_id, r.ticket, r.intervals]),
        );
        swept.forEach((r, n) => {
          for (const f of ['cost', 'unexplained', 'while_out', 'allocated', 'out_h', 'bound_out_h', 'bound_h', 'window_h'])
            expect([f, r[f]]).toEqual([f, r[f] === null ? null : expect.closeTo(Number(direct[n]![f]), 9)]);
        });
        const perEquipment = new Map<string, number>();
        for (const o of i.outages)
          for (const e of o.equipment)
            if (e.equipment_name) perEquipment.set(e.equipment_name, (perEquipment.get(e.equipment_name) ?? 0) + 1);
        if (direct.some((r) => r.ticket !== null) && [...perEquipment.values()].some((k) => k > 1)) shared++;
      }),
      { numRuns: 50 },
    );
    // Cases with outages allocated while tickets share equipment must come up, or the property says little.
    // About 12 of 50 on average; the bound leaves room for the random seed.
    expect(shared).toBeGreaterThanOrEqual(3);
  }, 180_000);
});
