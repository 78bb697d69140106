import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServicesOverEmbeddedV1 } from '../grid/testing.js';
import type { ServicesOverEmbeddedV1 } from '../grid/testing.js';

// Pricing locations, their verbs, the cache keeping the synthetic marker, and tracking — over the real embedded /v1.

const DA = 'pjm_marginal_value_day_ahead_hourly';
const NOV = { start: '2023-11-05T00:00:00Z', end: '2023-11-08T00:00:00Z' };

let v1: ServicesOverEmbeddedV1;
const forget = (): void => void v1.seen.splice(0);
const queryOf = (url: URL): Record<string, string> => Object.fromEntries(url.searchParams);

beforeAll(async () => {
  v1 = await startServicesOverEmbeddedV1('grid-locations');
}, 120_000);
beforeEach(forget);
afterAll(async () => v1.close());

describe('locations:list', () => {
  it('PJM: its 6 hubs and 15 zones by name, with the ids the embedded service gives those names', async () => {
    const pjm = await v1.value('locations:list', { market: 'pjm' });
    expect(v1.seen).toEqual([]); // read from the shipped file, not /v1
    expect(pjm).toHaveLength(21);
    expect(pjm.filter((l) => l.location_type === 'hub')).toHaveLength(6);
    expect(pjm.map((l) => l.name)).toEqual(pjm.map((l) => l.name).sort());
    expect(pjm.every((l) => l.market_id === 'pjm' && Number.isFinite(l.latitude) && Number.isFinite(l.longitude))).toBe(true);

    // Any constraint's shift factors list every PJM location with the service's id.
    const constraintId = (await v1.value('constraints:list', { limit: 1 })).constraints[0]!.gs_entity_id;
    const rows = (await v1.value('constraints:shiftFactors', { constraintId })).rows;
    const served = new Map(rows.map((r) => [r.location, r.location_gs_entity_id]));
    expect(new Map(pjm.map((l) => [l.name, l.gs_entity_id]))).toEqual(served);
  });

  it('filters by case-insensitive name substring and market, cuts at limit, and lists every market without one', async () => {
    const hubs = await v1.value('locations:list', { search: ' HuB ' });
    expect(hubs.length).toBeGreaterThan(6);
    expect(hubs.every((l) => l.name.toLowerCase().includes('hub'))).toBe(true);
    expect(new Set(hubs.map((l) => l.market_id))).toContain('miso');
    expect(await v1.value('locations:list', { search: 'hub', limit: 2 })).toEqual(hubs.slice(0, 2));
    const nyiso = await v1.value('locations:list', { market: 'nyiso' });
    expect(nyiso).toHaveLength(11);
    expect(nyiso.every((l) => l.location_type === 'zone')).toBe(true);
    const all = await v1.value('locations:list', {});
    expect(all).toHaveLength(83);
    expect(new Set(all.map((l) => l.market_id))).toEqual(new Set(['caiso', 'ercot', 'isone', 'miso', 'nyiso', 'pjm', 'spp']));
    expect(await v1.value('locations:list', { market: 'pjm', search: 'no such place' })).toEqual([]);
    expect(await v1.call('locations:list', { market: 'PJM' })).toMatchObject({ ok: false, error: { code: 'validation' } });
  });
});

describe('a location from locations:list on the embedded service', () => {
  let westernHub = '';
  beforeAll(async () => {
    westernHub = (await v1.value('locations:list', { market: 'pjm', search: 'PJM Western Hub' }))[0]!.gs_entity_id;
  });

  it('locations:shiftFactors: one synthetic row per constraint', async () => {
    const sf = await v1.value('locations:shiftFactors', { locationId: westernHub, aggregation: 'median', excludeZeros: false });
    expect(v1.seen.map((u) => [u.pathname, queryOf(u)])).toEqual([
      [`/v1/constraints/locations/${westernHub}/shift-factors`, { aggregation_function: 'median', exclude_zeros: 'false' }],
    ]);
    expect(sf.synthetic).toEqual(['estimated_shift_factor']);
    expect(sf.rows.length).toBeGreaterThan(0);
    expect(new Set(sf.rows.map((r) => r.constraint_gs_entity_id)).size).toBe(sf.rows.length);
  });

  it('locations:constraintCosts: both groupings, whose adjusted totals agree, marked synthetic', async () => {
    const base = { locationId: westernHub, datasetId: DA, window: NOV };
    const byPair = await v1.value('locations:constraintCosts', { ...base, groupBy: 'constraint_contingency' });
    const byConstraint = await v1.value('locations:constraintCosts', { ...base, groupBy: 'constraint' });
    expect(queryOf(v1.seen[1]!)).toEqual({ dataset_id: DA, start_time: NOV.start, end_time: NOV.end, group_by: 'constraint' });
    expect(byConstraint.synthetic).toEqual(['shift_factor', 'adjusted_cost']);
    expect(byConstraint.rows.every((r) => r.contingency_gs_entity_id === null)).toBe(true);
    expect(byPair.rows.length).toBeGreaterThan(byConstraint.rows.length);
    const total = (rows: { adjusted_cost: number | null }[]) => rows.reduce((sum, r) => sum + (r.adjusted_cost ?? 0), 0);
    expect(total(byPair.rows)).not.toBe(0);
    expect(total(byConstraint.rows)).toBeCloseTo(total(byPair.rows), 6);
  });

  it('a location the embedded service has no data for (a CAISO hub) is not_found; a bad window is validation', async () => {
    const sp15 = (await v1.value('locations:list', { market: 'caiso', search: 'SP15' }))[0]!;
    const r = await v1.call('locations:shiftFactors', { locationId: sp15.gs_entity_id });
    expect(r).toMatchObject({ ok: false, error: { code: 'not_found', status: 404 } });
    expect(!r.ok && r.error.message).toContain(`Location ${sp15.gs_entity_id} not found`);
    const backwards = { start: NOV.end, end: NOV.start };
    const costs = await v1.call('locations:constraintCosts', {
      locationId: westernHub,
      datasetId: DA,
      window: backwards,
      groupBy: 'constraint',
    });
    expect(costs).toMatchObject({ ok: false, error: { code: 'validation' } });
    const list = await v1.call('constraints:list', { costWindow: backwards });
    expect(!list.ok && list.error.message).toBe(`The cost window's end (${NOV.start}) must be after its start (${NOV.end}).`);
  });
});

describe('the response cache keeps the synthetic marker', () => {
  afterAll(async () => {
    await v1.call('profiles:setCache', { profile: 'embedded', ttlSeconds: 0 });
  });

  it('a cached answer makes no request and still names its synthetic fields', async () => {
    expect(await v1.call('profiles:setCache', { profile: 'embedded', ttlSeconds: 600 })).toMatchObject({ ok: true });
    const window = { start: '2024-09-02T00:00:00Z', end: '2024-09-03T00:00:00Z' };
    const first = await v1.value('outages:active', { market: 'pjm', window });
    const again = await v1.value('outages:active', { market: 'pjm', window });
    expect(v1.seen).toHaveLength(1);
    expect(again).toEqual(first);
    expect(again.synthetic).toEqual(['tickets with is_synthetic=true', 'from_substation', 'to_substation']);

    const constraintId = (await v1.value('constraints:list', { limit: 1 })).constraints[0]!.gs_entity_id;
    forget();
    await v1.value('constraints:location', { constraintId });
    expect((await v1.value('constraints:location', { constraintId })).synthetic).toEqual(['start', 'end']);
    expect(v1.seen).toHaveLength(1);
  });
});

describe('grid verbs are tracked requests', () => {
  it('listed by requests:status while in flight, cancelled by requests:cancel; a reused id is refused', async () => {
    const pending = v1.call('constraints:bindingLocations', { datasetId: DA, window: NOV, requestId: 'grid-1' });
    const twice = await v1.call('outages:active', { market: 'pjm', window: NOV, requestId: 'grid-1' });
    expect(twice).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(await v1.value('requests:status', { requestIds: ['grid-1'] })).toMatchObject([
      { requestId: 'grid-1', verb: 'constraints:bindingLocations' },
    ]);
    expect(await v1.value('requests:cancel', { requestId: 'grid-1' })).toEqual({ cancelled: true });
    expect(await pending).toMatchObject({ ok: false, error: { code: 'cancelled' } });
    expect(await v1.value('requests:status', { requestIds: ['grid-1'] })).toEqual([]);
  });

  it('a caller that is gone (ctx.signal aborted) gets cancelled', async () => {
    const r = await v1.call('constraints:contingencies', {}, { signal: AbortSignal.abort() });
    expect(r).toMatchObject({ ok: false, error: { code: 'cancelled' } });
  });
});
