import type { DuckDBConnection } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { withMemoryDuckDB } from '../common/test-support/memoryDuckDB.js';
import { constraint, outage, series, t } from './test-support/fixtures.js';
import { haversineKm, intervalsOverlap, referenceOverlap } from './reference.js';
import { overlapPairs } from './sql.js';
import type { OverlapInput, OverlapPair } from './types.js';

// Every rule of docs/overlap.md, checked on both the DuckDB query and the TypeScript reference.

let conn: DuckDBConnection;
withMemoryDuckDB((c) => {
  conn = c;
});

const ONE_DEGREE_KM = (6371.0088 * Math.PI) / 180;
const engines: [string, (input: OverlapInput) => Promise<OverlapPair[]>][] = [
  ['DuckDB', (input) => overlapPairs(conn, input)],
  ['reference', async (input) => referenceOverlap(input)],
];
const HOURLY = series('10:00', 60, [40]);

describe('the rules on their own', () => {
  it('haversine: one degree of latitude is R·π/180 km, symmetric, 0 for the same point', () => {
    const a = { latitude: 40, longitude: -80 };
    expect(haversineKm(a, { latitude: 41, longitude: -80 })).toBeCloseTo(ONE_DEGREE_KM, 9);
    expect(haversineKm(a, { latitude: 40, longitude: -79 })).toBeCloseTo(ONE_DEGREE_KM * Math.cos((40 * Math.PI) / 180), 1);
    expect(haversineKm({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(Math.PI * 6371.0088, 6);
    expect(haversineKm(a, a)).toBe(0);
  });

  it('half-open intervals: touching ends do not overlap, any shared time does', () => {
    expect(intervalsOverlap(0, 10, 10, 20)).toBe(false);
    expect(intervalsOverlap(10, 20, 0, 10)).toBe(false);
    expect(intervalsOverlap(0, 11, 10, 20)).toBe(true);
    expect(intervalsOverlap(12, 13, 10, 20)).toBe(true);
  });
});

describe.each(engines)('overlap rules (%s)', (_name, run) => {
  const near = (ranking: OverlapInput['ranking'], distanceKm: number, extra: Partial<OverlapInput> = {}) =>
    run({ constraints: [constraint('C', [40, -80], [40.2, -80], HOURLY)], outages: [], distanceKm, ranking, ...extra });

  it('distance: the least over equipment endpoints × constraint substations; threshold inclusive', async () => {
    // Nearest pair: to_substation (41.2, -80) and end (40.2, -80): exactly one degree of latitude.
    const o = outage(1, t('09:00'), t('12:00'), [
      [
        [45, -80],
        [41.2, -80],
      ],
      [[43, -80], null],
    ]);
    const [pair] = await near('outages', 1000, { outages: [o] });
    expect(pair!.distance_km).toBeCloseTo(ONE_DEGREE_KM, 6);
    expect(await near('outages', pair!.distance_km, { outages: [o] })).toHaveLength(1);
    expect(await near('outages', pair!.distance_km - 1e-9, { outages: [o] })).toHaveLength(0);
    // Same point: distance 0 matches a 0 km threshold.
    const onTop = outage(2, t('09:00'), t('12:00'), [[[40, -80], null]]);
    expect(await near('outages', 0, { outages: [onTop] })).toMatchObject([{ ticket: 2, distance_km: 0 }]);
  });

  it('missing coordinates never match: a constraint without substations, equipment without endpoints', async () => {
    const everywhere = outage(1, t('09:00'), t('12:00'), [
      [
        [40, -80],
        [40.2, -80],
      ],
    ]);
    const blind = constraint('blind', null, null, HOURLY);
    expect(await run({ constraints: [blind], outages: [everywhere], distanceKm: 1000, ranking: 'outages' })).toEqual([]);
    const noEnds = outage(2, t('09:00'), t('12:00'), [[null, null]]);
    expect(await near('outages', 1000, { outages: [noEnds] })).toEqual([]);
    // One end missing: the other still counts; a constraint with only its end located still matches.
    const half = constraint('half', null, [40.2, -80], HOURLY);
    const oneEnd = outage(3, t('09:00'), t('12:00'), [[null, [40.2, -80]]]);
    expect(await run({ constraints: [half], outages: [oneEnd], distanceKm: 0, ranking: 'outages' })).toMatchObject([
      { ticket: 3, distance_km: 0 },
    ]);
  });

  it('time: half-open overlap of the ticket interval with each binding interval; no overlap → left out', async () => {
    const fiveMin = series('09:50', 5, [10, 20, 30, 40, 50, 60]); // 09:50 … 10:20
    const c = constraint('C', [40, -80], null, fiveMin);
    const run1 = (os: string, oe: string) =>
      run({ constraints: [c], outages: [outage(7, t(os), t(oe), [[[40, -80], null]])], distanceKm: 1, ranking: 'outages' });
    // [10:00, 10:10) overlaps [10:00,10:05) and [10:05,10:10), not the touching [09:55,10:00) nor [10:10,10:15).
    expect(await run1('10:00', '10:10')).toMatchObject([{ overlapping_intervals: 2 }]);
    expect(await run1('10:01', '10:06')).toMatchObject([{ overlapping_intervals: 2 }]);
    expect(await run1('10:20', '11:00')).toEqual([]); // starts where the last interval ends
    expect(await run1('09:00', '09:50')).toEqual([]); // ends where the first one starts
  });

  it('congestion cost: Σ |shadow price| × hours, 5-min and hourly intervals', async () => {
    const rt = constraint('rt', [40, -80], null, series('10:00', 5, [-120, 60, 0, 36]));
    const da = constraint('da', [40, -80], null, series('10:00', 60, [-30.5, 12]));
    const o = outage(1, t('10:00'), t('10:15'), [[[40, -80], null]]);
    const pairs = await run({ constraints: [rt, da], outages: [o], distanceKm: 0, ranking: 'constraints' });
    // rt: (120 + 60 + 0) × 5/60 = 15 over 3 intervals; da: 30.5 × 1 over 1 interval.
    expect(pairs.map((p) => [p.constraint_gs_entity_id, p.overlapping_intervals])).toEqual([
      ['da', 1],
      ['rt', 3],
    ]);
    expect(pairs[0]!.congestion_cost).toBeCloseTo(30.5, 12);
    expect(pairs[1]!.congestion_cost).toBeCloseTo(15, 12);
    expect(pairs[0]!.peak_abs_shadow_price).toBe(30.5);
  });

  it('ranking of outages: cost desc, then intervals desc, then distance asc, then ticket asc', async () => {
    // Hourly 60 $/MWh, then 15-min 240 $/MWh (= 60 $/MW each, exact in binary), then hourly 120.
    const c = constraint('C', [40, -80], null, [
      ...series('10:00', 60, [60]),
      ...series('11:00', 15, [240, 240]),
      ...series('12:00', 60, [120]),
    ]);
    const o = (ticket: number, os: string, oe: string, lat: number) => outage(ticket, t(os), t(oe), [[[lat, -80], null]]);
    const outages = [
      o(9, '10:00', '11:00', 40.1), // 60, 1 interval, 11 km
      o(5, '10:00', '11:00', 40.0), // 60, 1 interval, 0 km
      o(4, '11:00', '11:15', 40.0), // 60, 1 interval, 0 km, lower ticket
      o(1, '12:00', '13:00', 40.0), // 120 from 1 interval, nearest
      o(8, '11:00', '11:30', 40.2), // 120 from 2 intervals, 22 km
      o(3, '10:00', '11:15', 40.3), // 120 from 2 intervals (60 + 60), 33 km
      o(2, '13:00', '14:00', 40.0), // touches the last interval's end: left out
    ];
    const pairs = await run({ constraints: [c], outages, distanceKm: 100, ranking: 'outages' });
    expect(pairs.map((p) => p.ticket)).toEqual([8, 3, 1, 4, 5, 9]);
  });

  it('ranking of constraints: cost desc, then distance asc, then constraint_name asc', async () => {
    const hourly = (price: number) => series('10:00', 60, [price]);
    const constraints = [
      constraint('id-b', [40.1, -80], null, hourly(50), 'Bravo'),
      constraint('id-a', [40.1, -80], null, hourly(50), 'Alpha'),
      constraint('id-z', [40.0, -80], null, hourly(50), 'Zulu'),
      constraint('id-top', [40.5, -80], null, hourly(-80), 'Top'),
    ];
    const o = outage(1, t('10:00'), t('11:00'), [[[40, -80], null]]);
    const pairs = await run({ constraints, outages: [o], distanceKm: 100, ranking: 'constraints' });
    expect(pairs.map((p) => p.constraint_name)).toEqual(['Top', 'Zulu', 'Alpha', 'Bravo']);
  });

  it('answers nothing for empty inputs', async () => {
    expect(await run({ constraints: [], outages: [], distanceKm: 10, ranking: 'outages' })).toEqual([]);
  });
});
