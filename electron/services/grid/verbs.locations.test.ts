import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServicesOverEmbeddedV1 } from '../../test-support/servicesOverEmbeddedV1.js';
import type { ServicesOverEmbeddedV1 } from '../../test-support/servicesOverEmbeddedV1.js';

// The location verbs on a location locations:list offers, the cache keeping the synthetic marker, and tracking — over
// the real embedded /v1 (locations:list itself: electron/services/locations/).

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

  it('a location the embedded service does not know is not_found (none of CAISO is offered); a bad window is validation', async () => {
    expect(await v1.value('locations:list', { market: 'caiso' })).toEqual([]);
    const r = await v1.call('locations:shiftFactors', { locationId: 'no-such-location' });
    expect(r).toMatchObject({ ok: false, error: { code: 'not_found', status: 404 } });
    expect(!r.ok && r.error.message).toContain('Location no-such-location not found');
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
