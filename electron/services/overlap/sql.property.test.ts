import type { DuckDBConnection } from '@duckdb/node-api';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withMemoryDuckDB } from '../common/test-support/memoryDuckDB.js';
import { constraint, outage } from './test-support/fixtures.js';
import type { LatLon, Obs } from './test-support/fixtures.js';
import { referenceOverlap } from './reference.js';
import { overlapPairs } from './sql.js';
import type { OverlapInput, OverlapPair } from './types.js';

/**
 * The DuckDB query equals the TypeScript reference on random constraints and outages: same pairs in
 * the same order, same counts and costs. Shadow prices are multiples of 0.25 $/MWh and intervals whole
 * or half hours, so every cost is exact in binary and ties rank the same in both; points come from a
 * small pool (shared points make distance ties) or anywhere in a box, some missing.
 */

let conn: DuckDBConnection;
withMemoryDuckDB((c) => {
  conn = c;
});

const T0 = Date.parse('2024-09-02T00:00:00Z');
const HALF_HOUR = 1_800_000;
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', '+00:00');

const POOL: LatLon[] = [
  [40, -80],
  [40.05, -80.1],
  [40.3, -79.7],
  [39.9, -80.4],
];
const point: fc.Arbitrary<LatLon> = fc.oneof(
  fc.constantFrom(...POOL),
  fc.tuple(fc.double({ min: 39, max: 41, noNaN: true }), fc.double({ min: -81, max: -79, noNaN: true })),
  fc.constant(null),
);
// Half-hour steps over two days; an outage lasts up to a day, or is empty or reversed (it then overlaps nothing).
const step = fc.integer({ min: 0, max: 96 });
const length = fc.oneof(
  { arbitrary: fc.integer({ min: 1, max: 48 }), weight: 5 },
  { arbitrary: fc.integer({ min: -4, max: 0 }), weight: 1 },
);
const observation: fc.Arbitrary<Obs> = fc
  .tuple(step, fc.constantFrom(1, 2), fc.integer({ min: -2000, max: 2000 }))
  .map(([s, len, q]) => [iso(T0 + s * HALF_HOUR), iso(T0 + (s + len) * HALF_HOUR), q / 4]);

const input: fc.Arbitrary<OverlapInput> = fc.record({
  constraints: fc
    .uniqueArray(fc.tuple(fc.integer({ min: 1, max: 30 }), point, point, fc.array(observation, { maxLength: 12 })), {
      minLength: 1,
      maxLength: 5,
      selector: (c) => c[0],
    })
    .map((cs) => cs.map(([id, s, e, obs]) => constraint(`id-${id}`, s, e, obs, `name-${id % 3}`))),
  outages: fc
    .uniqueArray(fc.tuple(fc.integer({ min: 1, max: 1000 }), step, length, fc.array(fc.tuple(point, point), { maxLength: 3 })), {
      minLength: 1,
      maxLength: 8,
      selector: (o) => o[0],
    })
    .map((os) => os.map(([ticket, s, n, eq]) => outage(ticket, iso(T0 + s * HALF_HOUR), iso(T0 + (s + n) * HALF_HOUR), eq))),
  distanceKm: fc.oneof(
    { arbitrary: fc.constant(0), weight: 1 },
    { arbitrary: fc.double({ min: 0, max: 250, noNaN: true }), weight: 4 },
  ),
  ranking: fc.constantFrom('outages' as const, 'constraints' as const),
});

const key = (p: OverlapPair) => [p.constraint_gs_entity_id, p.ticket, p.overlapping_intervals, p.congestion_cost];

describe('DuckDB overlap = TypeScript reference', () => {
  it('on random inputs: same pairs, order, counts and costs; distances within 1e-9 km', async () => {
    let nonEmpty = 0;
    await fc.assert(
      fc.asyncProperty(input, async (i) => {
        const expected = referenceOverlap(i);
        const actual = await overlapPairs(conn, i);
        expect(actual.map(key)).toEqual(expected.map(key));
        actual.forEach((p, n) => expect(p.distance_km).toBeCloseTo(expected[n]!.distance_km, 9));
        if (expected.length > 1) nonEmpty++;
      }),
      { numRuns: 150 },
    );
    // The generators must produce lists to rank, or the property says little.
    // About 30 of 150 on average; the bound leaves room for the random seed.
    expect(nonEmpty).toBeGreaterThanOrEqual(10);
  });
});
