import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServicesOverEmbeddedV1 } from '../../test-support/servicesOverEmbeddedV1.js';
import type { ServicesOverEmbeddedV1 } from '../../test-support/servicesOverEmbeddedV1.js';

// The grid verbs through dispatch → handlers → proxy → the real embedded /v1 service (server/app.ts, in process), which
// records the URL of every request it receives.

const RT = 'pjm_marginal_value_real_time_5_min';
const DA = 'pjm_marginal_value_day_ahead_hourly';
const NOV = { start: '2023-11-05T00:00:00Z', end: '2023-11-08T00:00:00Z' };
const SEPT = { start: '2024-09-01T00:00:00Z', end: '2024-09-05T00:00:00Z' };

let v1: ServicesOverEmbeddedV1;
const call: ServicesOverEmbeddedV1['call'] = (verb, input, ctx) => v1.call(verb, input, ctx);
const value: ServicesOverEmbeddedV1['value'] = (verb, input) => v1.value(verb, input);

/** The one /v1 request made since the last reset: its path and query. */
function lastRequest(): { path: string; query: Record<string, string> } {
  // The rate gate's one read of the plan (`/api_usage`, once per key, counted by no limit) is not the verb's request.
  const seen = v1.seen.filter((u) => u.pathname !== '/v1/api_usage');
  expect(seen).toHaveLength(1);
  return { path: seen[0]!.pathname, query: Object.fromEntries(seen[0]!.searchParams) };
}
const forget = (): void => void v1.seen.splice(0);

beforeAll(async () => {
  v1 = await startServicesOverEmbeddedV1('grid');
}, 120_000);
beforeEach(forget);
afterAll(async () => v1.close());

describe('constraints:list and constraints:contingencies', () => {
  it('sends the list parameters, always asks for dataset metadata, and costs only with a cost window', async () => {
    const plain = await value('constraints:list', {
      markets: ['pjm'],
      search: 'kv',
      sortColumn: 'constraint_name',
      sortOrder: 'asc',
      limit: 5,
    });
    expect(lastRequest()).toEqual({
      path: '/v1/constraints',
      query: {
        isos: 'pjm',
        search: 'kv',
        sort_column: 'constraint_name',
        sort_order: 'asc',
        limit: '5',
        include_dataset_metadata: 'true',
      },
    });
    expect(plain.constraints).toHaveLength(5);
    expect(plain.constraints.map((c) => c.constraint_name)).toEqual(plain.constraints.map((c) => c.constraint_name).sort());
    expect(plain.constraints[0]).not.toHaveProperty('rt_absolute_cost');
    expect(plain.datasetMetadata?.pjm?.rt?.map((d) => d.dataset_id)).toEqual([RT]);

    forget();
    const costed = await value('constraints:list', { costWindow: NOV, activeAfter: '2023-11-01T00:00:00Z' });
    expect(lastRequest().query).toEqual({
      active_after: '2023-11-01T00:00:00Z',
      include_dataset_metadata: 'true',
      include_absolute_costs: 'true',
      absolute_cost_start_time: NOV.start,
      absolute_cost_end_time: NOV.end,
    });
    // Default order with costs: rt_absolute_cost descending, nulls last (docs/api.md#constraint-list).
    const rt = costed.constraints.map((c) => c.rt_absolute_cost).filter((v): v is number => v !== null && v !== undefined);
    expect(rt.length).toBeGreaterThan(0);
    expect(rt).toEqual([...rt].sort((a, b) => b - a));
  });

  it('an empty market list is no filter; contingencies come as a bare array', async () => {
    const all = await value('constraints:list', { markets: [] });
    expect(lastRequest().query).not.toHaveProperty('isos');
    expect(all.constraints).toHaveLength(74);

    forget();
    const contingencies = await value('constraints:contingencies', { markets: ['pjm'], search: 'actual', limit: 3 });
    expect(lastRequest()).toEqual({
      path: '/v1/constraints/contingencies',
      query: { isos: 'pjm', search: 'actual', limit: '3' },
    });
    expect(contingencies.map((c) => c.contingency_name)).toContain('ACTUAL');
  });
});

describe('per-constraint verbs carry the synthetic marker', () => {
  let constraintId = '';
  beforeAll(async () => {
    constraintId = (await value('constraints:list', { search: 'HANOVER 69 KV' })).constraints[0]!.gs_entity_id;
  });

  it('constraints:location: the substations and synthetic start,end', async () => {
    const location = await value('constraints:location', { constraintId });
    expect(lastRequest().path).toBe(`/v1/constraints/${constraintId}/location`);
    expect(location).toMatchObject({ constraint_gs_entity_id: constraintId, synthetic: ['start', 'end'] });
    expect(location.start?.name).toBe('HANOVER');
  });

  it('constraints:shiftFactors: the four options as query parameters, estimated_shift_factor synthetic', async () => {
    const sf = await value('constraints:shiftFactors', { constraintId, datasetId: DA, excludeZeros: true, aggregation: 'max' });
    expect(lastRequest().query).toEqual({ dataset_id: DA, exclude_zeros: 'true', aggregation_function: 'max' });
    expect(sf.synthetic).toEqual(['estimated_shift_factor']);
    expect(sf.rows.length).toBeGreaterThan(0);
    expect(sf.rows.every((r) => Math.abs(r.estimated_shift_factor) <= 1)).toBe(true);
  });

  it('an unknown constraint is not_found with the server’s detail; a bad window is validation without a request', async () => {
    const missing = await call('constraints:location', { constraintId: 'no-such-constraint' });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found', status: 404 } });
    expect(!missing.ok && missing.error.message).toContain('Constraint no-such-constraint not found');

    forget();
    const backwards = await call('constraints:bindingLocations', { datasetId: RT, window: { start: NOV.end, end: NOV.start } });
    expect(backwards).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(!backwards.ok && backwards.error.message).toBe(
      `The window's end (${NOV.start}) must be after its start (${NOV.end}).`,
    );
    const empty = await call('outages:active', { market: 'pjm', window: { start: SEPT.start, end: SEPT.start } });
    expect(empty).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(await call('constraints:location', { constraintId: '..' })).toMatchObject({
      ok: false,
      error: { code: 'validation' },
    });
    expect(v1.seen).toEqual([]);
  });

  it('a dataset without shadow prices is the server’s 400 → validation, with its detail', async () => {
    const r = await call('constraints:bindingLocations', {
      datasetId: 'pjm_transmission_constraints_day_ahead_hourly',
      window: NOV,
    });
    expect(r).toMatchObject({ ok: false, error: { code: 'validation', status: 400 } });
    expect(!r.ok && r.error.message).toContain('has no shadow price column');
  });
});

describe('binding constraints and outages', () => {
  it('constraints:bindingLocations: ranked by peak |shadow price|, window as start_time/end_time, synthetic start,end', async () => {
    const b = await value('constraints:bindingLocations', { datasetId: RT, window: NOV, limit: 10 });
    expect(lastRequest()).toEqual({
      path: '/v1/constraints/binding/locations',
      query: { dataset_id: RT, start_time: NOV.start, end_time: NOV.end, limit: '10' },
    });
    expect(b.synthetic).toEqual(['start', 'end']);
    expect(b.constraints.length).toBeGreaterThan(0);
    expect(b.constraints.length).toBeLessThanOrEqual(10);
    const peaks = b.constraints.map((c) => c.peak_abs_shadow_price);
    expect(peaks).toEqual([...peaks].sort((x, y) => y - x));
    expect(b.constraints[0]!.observations.length).toBe(b.constraints[0]!.binding_interval_count);
  });

  it('outages:active: 36 tickets, one real, and the header’s three synthetic entries', async () => {
    const o = await value('outages:active', { market: 'pjm', window: SEPT });
    expect(lastRequest()).toEqual({ path: '/v1/outages/pjm/active', query: { start_time: SEPT.start, end_time: SEPT.end } });
    expect(o.truncated).toBe(false);
    expect(o.tickets).toHaveLength(36);
    expect(o.tickets.filter((t) => !t.is_synthetic).map((t) => t.ticket)).toEqual([724453]);
    expect(o.synthetic).toEqual(['tickets with is_synthetic=true', 'from_substation', 'to_substation']);
  });

  it('a market without outage data is not_found', async () => {
    const r = await call('outages:active', { market: 'caiso', window: SEPT });
    expect(r).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(!r.ok && r.error.message).toContain('No outage data for market caiso');
  });
});
