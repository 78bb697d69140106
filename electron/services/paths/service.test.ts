import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { PathBuckets } from '../../../shared/index.js';
import { startServicesOverEmbeddedV1 } from '../../test-support/servicesOverEmbeddedV1.js';
import type { ServicesOverEmbeddedV1 } from '../../test-support/servicesOverEmbeddedV1.js';

// `paths:congestion` through dispatch → services → the real embedded /v1 (in process): the path from the reference is
// the location's constraint costs, a path is sink − source, the buckets and market days add up, a reopen asks nothing.

const RT = 'pjm_marginal_value_real_time_5_min';
const DA = 'pjm_marginal_value_day_ahead_hourly';
const SEPT = { start: '2024-09-02T04:00:00Z', end: '2024-09-04T04:00:00Z' };
const base = { market: 'pjm', datasets: { rt: RT, da: DA }, window: SEPT, groupBy: 'constraint' as const };

let v1: ServicesOverEmbeddedV1;
let locations: string[] = [];

beforeAll(async () => {
  v1 = await startServicesOverEmbeddedV1('paths');
  // Two locations with shift factors on the window's costliest constraint.
  const bound = await v1.value('binding:constraints', { datasetId: RT, market: 'pjm', window: SEPT });
  const sf = await v1.value('constraints:shiftFactors', { constraintId: bound.constraints[0]!.constraint_gs_entity_id! });
  locations = sf.rows.filter((r) => r.estimated_shift_factor !== 0).map((r) => r.location_gs_entity_id);
  expect(locations.length).toBeGreaterThan(1);
}, 120_000);
beforeEach(() => void v1.seen.splice(0));
afterAll(async () => v1.close());

const close = (a: number, b: number) => expect(Math.abs(a - b)).toBeLessThan(1e-6);
const costsOf = async (locationId: string, datasetId: string) =>
  new Map(
    (await v1.value('locations:constraintCosts', { locationId, datasetId, window: SEPT, groupBy: 'constraint' })).rows.map(
      (r) => [r.constraint_gs_entity_id, r.adjusted_cost] as const,
    ),
  );

describe('paths:congestion', () => {
  it("from the reference to a location is that location's constraint costs, on both sides", async () => {
    const sink = locations[0]!;
    const path = await v1.value('paths:congestion', { ...base, source: null, sink });
    for (const [side, dataset] of [
      ['rt', RT],
      ['da', DA],
    ] as const) {
      const costs = await costsOf(sink, dataset);
      const bound = [...costs].filter(([, c]) => c !== null && c !== 0);
      const rows = path.rows.filter((r) => r[side] !== null && r[side]!.cost.all !== 0);
      expect(rows.length).toBe(bound.length);
      for (const r of rows) close(r[side]!.cost.all, costs.get(r.constraint_gs_entity_id)!);
      close(
        path.totals[side]!.cost.all,
        bound.reduce((s, [, c]) => s + c!, 0),
      );
    }
  }, 60_000);

  it("between two locations is sink's adjusted cost − source's, per constraint", async () => {
    const [source, sink] = locations as [string, string];
    const path = await v1.value('paths:congestion', { ...base, source, sink });
    const [s, k] = [await costsOf(source, RT), await costsOf(sink, RT)];
    const rt = path.rows.filter((r) => r.rt);
    expect(rt.length).toBeGreaterThan(0);
    for (const r of rt) close(r.rt!.cost.all, (k.get(r.constraint_gs_entity_id) ?? 0) - (s.get(r.constraint_gs_entity_id) ?? 0));
    // The reversed path is the same congestion with the other sign.
    const back = await v1.value('paths:congestion', { ...base, source: sink, sink: source });
    close(back.totals.rt!.cost.all, -path.totals.rt!.cost.all);
    close(back.totals.da!.cost.all, -path.totals.da!.cost.all);
  }, 60_000);

  it('splits into buckets that add up, means over the bucket hours, market days that sum to the total', async () => {
    const [source, sink] = locations as [string, string];
    const path = await v1.value('paths:congestion', { ...base, source, sink, groupBy: 'constraint_contingency' });
    const adds = (b: PathBuckets) => {
      close(b.on_peak + b.off_peak, b.all);
      close(b['2x16'] + b['7x8'], b.off_peak);
    };
    // Two PJM market days, the first Labor Day (a NERC holiday): 16 on-peak hours, 16 of 2x16, 16 of 7x8.
    expect(path.hours).toEqual({ all: 48, on_peak: 16, off_peak: 32, '2x16': 16, '7x8': 16 });
    expect(path.zone).toBe('US/Eastern');
    for (const r of path.rows) {
      expect(r.contingency_gs_entity_id === null || typeof r.contingency_name === 'string').toBe(true);
      for (const side of [r.rt, r.da]) if (side) adds(side.cost);
    }
    for (const side of ['rt', 'da'] as const) {
      const total = path.totals[side]!;
      adds(total.cost);
      close(total.per_mwh.on_peak, total.cost.on_peak / 16);
      close(total.per_mwh['2x16'], total.cost['2x16'] / 16);
      close(total.per_mwh.all, total.cost.all / 48);
      close(
        path.rows.reduce((sum, r) => sum + (r[side]?.cost.all ?? 0), 0),
        total.cost.all,
      );
      expect(path.days.map((d) => d.market_date)).toEqual(['2024-09-02', '2024-09-03']);
      close(
        path.days.reduce((sum, d) => sum + d[side]!.all, 0),
        total.cost.all,
      );
      close(path.days.at(-1)![`${side}_cumulative`]!.on_peak, total.cost.on_peak);
    }
  }, 60_000);

  it('asks /v1 nothing on a reopen within the cache life, and one side only when one dataset is picked', async () => {
    const [source, sink] = locations as [string, string];
    await v1.value('profiles:setCache', { profile: 'embedded', ttlSeconds: 300 });
    await v1.value('paths:congestion', { ...base, source, sink });
    v1.seen.splice(0);
    await v1.value('paths:congestion', { ...base, source, sink });
    expect(v1.seen.map((u) => u.pathname)).toEqual([]);
    const rtOnly = await v1.value('paths:congestion', { ...base, datasets: { rt: RT, da: null }, source, sink });
    expect(rtOnly.sides.da).toBeNull();
    expect(rtOnly.totals.da).toBeNull();
    expect(rtOnly.rows.every((r) => r.da === null)).toBe(true);
    expect(rtOnly.sides.rt!.synthetic).toEqual(['shift_factor', 'adjusted_cost']);
  }, 60_000);

  it('refuses a path with one location at both ends, no dataset, or an empty window, before any request', async () => {
    const bad = async (input: object) => {
      const r = await v1.call('paths:congestion', { ...base, source: locations[0], sink: locations[1], ...input });
      expect(r.ok).toBe(false);
      return r.ok ? '' : `${r.error.code}: ${r.error.message}`;
    };
    expect(await bad({ sink: locations[0] })).toMatch(/^validation: The source and the sink are the same location/);
    expect(await bad({ source: null, sink: null })).toMatch(/^validation: The source and the sink/);
    expect(await bad({ datasets: { rt: null, da: null } })).toMatch(/^validation: Pick a real-time or a day-ahead/);
    expect(await bad({ window: { start: SEPT.end, end: SEPT.start } })).toMatch(/^validation: The window's end/);
    expect(v1.seen).toEqual([]);
    // An unknown location is /v1's 404, passed on.
    expect(await bad({ sink: 'no-such-location' })).toMatch(/^not_found: /);
  }, 60_000);
});
