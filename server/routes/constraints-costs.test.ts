import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LocationConstraintCost,
  ShiftFactorPerLocation,
  type Constraint,
  type ShiftFactorPerConstraint,
} from '../../shared/index.js';
import { TEST_KEY, startTestServer } from '../test-support/testing.js';
import { absoluteCosts, sourceRows, type SourceRow } from '../test-support/constraintRows.js';

// Costs are checked against plain JavaScript over the CSV rows and the per-pair shift factors of single source rows.

let app: FastifyInstance;
let close: () => Promise<void>;
let rows: SourceRow[];
let constraints: Constraint[];
const get = (url: string) => app.inject({ method: 'GET', url, headers: { 'x-api-key': TEST_KEY } });
const json = async <T>(url: string): Promise<T> => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const DA = 'pjm_marginal_value_day_ahead_hourly';
const RT = 'pjm_marginal_value_real_time_5_min';
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

async function locationIds(): Promise<Map<string, string>> {
  const items = await json<ShiftFactorPerLocation[]>(`/v1/constraints/${constraints[0]!.gs_entity_id}/shift-factors`);
  return new Map(items.map((item) => [item.location, item.location_gs_entity_id]));
}

beforeAll(async () => {
  ({ app, close } = await startTestServer());
  rows = await sourceRows();
  constraints = (await json<{ data: Constraint[] }>('/v1/constraints')).data;
});
afterAll(async () => close());

describe('shift factors by location and by constraint', () => {
  it('constraint view: one row per PJM hub and zone, in [-1, 1], marked synthetic', async () => {
    const lenox = constraints.find((c) => c.constraint_name.startsWith('LENOX-NMESHOPP'))!;
    const res = await get(`/v1/constraints/${lenox.gs_entity_id}/shift-factors`);
    expect(res.headers['x-gridscope-synthetic']).toBe('estimated_shift_factor');
    const items = (res.json() as unknown[]).map((item) => ShiftFactorPerLocation.parse(item));
    expect(items.map((i) => i.location)).toContain('PJM Western Hub');
    expect(items).toHaveLength(21);
    expect(items.every((i) => Math.abs(i.estimated_shift_factor) <= 1)).toBe(true);
  });

  it('location view: aggregation_function combines the source rows of one constraint', async () => {
    const hub = (await locationIds()).get('PJM Western Hub')!;
    const facility = 'LENOX-NMESHOPP NML 1090 B 115 KV';
    const id = constraints.find((c) => c.constraint_name === facility)!.gs_entity_id;
    const contingencyIds = new Map(
      (await json<{ gs_entity_id: string; contingency_name: string }[]>('/v1/constraints/contingencies')).map((c) => [
        c.contingency_name,
        c.gs_entity_id,
      ]),
    );
    const raw: number[] = [];
    for (const dataset of [DA, RT]) {
      for (const contingency of new Set(
        rows.filter((r) => r.dataset === dataset && r.facility === facility).map((r) => r.contingency),
      )) {
        const one = await json<ShiftFactorPerConstraint[]>(
          `/v1/constraints/locations/${hub}/shift-factors?dataset_id=${dataset}&contingency_id=${contingencyIds.get(contingency)}`,
        );
        raw.push(one.find((r) => r.constraint_gs_entity_id === id)!.estimated_shift_factor);
      }
    }
    expect(raw.length).toBeGreaterThan(1);
    const sorted = [...raw].sort((a, b) => a - b);
    const median =
      sorted.length % 2 ? sorted[(sorted.length - 1) / 2]! : (sorted[sorted.length / 2 - 1]! + sorted[sorted.length / 2]!) / 2;
    const expected = { mean: mean(raw), max: Math.max(...raw), min: Math.min(...raw), median };
    for (const [fn, value] of Object.entries(expected)) {
      const items = await json<ShiftFactorPerConstraint[]>(
        `/v1/constraints/locations/${hub}/shift-factors?aggregation_function=${fn}`,
      );
      expect(items.find((r) => r.constraint_gs_entity_id === id)!.estimated_shift_factor).toBeCloseTo(value, 10);
    }
  });

  it('constraint view: dataset_id, contingency_id, exclude_zeros and aggregation_function agree with the location view', async () => {
    const facility = 'LENOX-NMESHOPP NML 1090 B 115 KV';
    const id = constraints.find((c) => c.constraint_name === facility)!.gs_entity_id;
    const contingency = rows.find((r) => r.dataset === RT && r.facility === facility)!.contingency;
    const contingencyId = (
      await json<{ gs_entity_id: string; contingency_name: string }[]>('/v1/constraints/contingencies')
    ).find((c) => c.contingency_name === contingency)!.gs_entity_id;
    for (const query of [
      `dataset_id=${RT}&aggregation_function=max`,
      `dataset_id=${DA}&exclude_zeros=true&aggregation_function=median`,
      `contingency_id=${contingencyId}&aggregation_function=min`,
    ]) {
      const byLocation = await json<ShiftFactorPerLocation[]>(`/v1/constraints/${id}/shift-factors?${query}`);
      expect(byLocation.length, query).toBeGreaterThan(0);
      for (const item of byLocation) {
        const other = await json<ShiftFactorPerConstraint[]>(
          `/v1/constraints/locations/${item.location_gs_entity_id}/shift-factors?${query}`,
        );
        expect(other.find((r) => r.constraint_gs_entity_id === id)?.estimated_shift_factor, `${query} ${item.location}`).toBe(
          item.estimated_shift_factor,
        );
      }
      if (query.includes('exclude_zeros')) expect(byLocation.every((r) => r.estimated_shift_factor !== 0)).toBe(true);
    }
    // A dataset the constraint does not bind in gives no rows.
    const notRt = constraints.find((c) => c.available_datasets!.includes(DA) && !c.available_datasets!.includes(RT))!;
    expect(notRt).toBeDefined();
    expect(await json<ShiftFactorPerLocation[]>(`/v1/constraints/${notRt.gs_entity_id}/shift-factors?dataset_id=${RT}`)).toEqual(
      [],
    );
    expect(
      (await json<ShiftFactorPerLocation[]>(`/v1/constraints/${notRt.gs_entity_id}/shift-factors?dataset_id=${DA}`)).length,
    ).toBeGreaterThan(0);
    expect((await get(`/v1/constraints/${id}/shift-factors?dataset_id=nope`)).json()).toEqual({
      detail: 'Dataset nope not found',
    });
  });

  it('dataset_id restricts rows; exclude_zeros drops zero rows; unknown ids → 404; bad enum → 422', async () => {
    const hub = (await locationIds()).get('ComEd Zone')!;
    const all = await json<ShiftFactorPerConstraint[]>(`/v1/constraints/locations/${hub}/shift-factors`);
    const rt = await json<ShiftFactorPerConstraint[]>(`/v1/constraints/locations/${hub}/shift-factors?dataset_id=${RT}`);
    const rtNames = new Set(rows.filter((r) => r.dataset === RT).map((r) => r.facility));
    expect(rt.map((r) => r.constraint).sort()).toEqual([...rtNames].sort());
    expect(all.length).toBeGreaterThan(rt.length);
    const nonZero = await json<ShiftFactorPerConstraint[]>(
      `/v1/constraints/locations/${hub}/shift-factors?exclude_zeros=true&aggregation_function=min`,
    );
    expect(nonZero.length).toBeLessThanOrEqual(all.length);
    expect(all.some((r) => r.estimated_shift_factor === 0)).toBe(true);
    expect(nonZero.every((r) => r.estimated_shift_factor !== 0)).toBe(true);
    expect((await get(`/v1/constraints/locations/nope/shift-factors`)).json()).toEqual({ detail: 'Location nope not found' });
    expect((await get(`/v1/constraints/nope/shift-factors`)).statusCode).toBe(404);
    expect((await get(`/v1/constraints/locations/${hub}/shift-factors?dataset_id=nope`)).statusCode).toBe(404);
    expect((await get(`/v1/constraints/locations/${hub}/shift-factors?aggregation_function=sum`)).statusCode).toBe(422);
  });
});

describe('location constraint costs', () => {
  const window = { start: '2024-09-02T00:00:00', end: '2024-09-03T12:00:00' };
  const url = (location: string, dataset: string, extra = '', w = window) =>
    `/v1/constraints/locations/${location}/constraint-costs?dataset_id=${dataset}&start_time=${w.start}Z&end_time=${w.end}Z${extra}`;

  it.each([DA, RT])('%s: absolute cost from the CSV rows, adjusted = absolute × mean shift factor', async (dataset) => {
    const hub = (await locationIds()).get('PJM Western Hub')!;
    const res = await get(url(hub, dataset));
    expect(res.headers['x-gridscope-synthetic']).toBe('shift_factor,adjusted_cost');
    const items = (res.json() as unknown[]).map((item) => LocationConstraintCost.parse(item));
    const expected = absoluteCosts(
      rows,
      (r) => `${r.facility}\u0000${r.contingency}`,
      (r) => r.dataset === dataset && r.start >= window.start && r.start < window.end,
    );
    const pairs = new Set(rows.filter((r) => r.dataset === dataset).map((r) => `${r.facility}\u0000${r.contingency}`));
    expect(items).toHaveLength(pairs.size);
    for (const item of items) {
      const key = `${item.constraint_name}\u0000${item.contingency_name}`;
      if (expected.has(key)) {
        expect(item.absolute_cost).toBeCloseTo(expected.get(key)!, 8);
        expect(item.adjusted_cost).toBeCloseTo(expected.get(key)! * item.shift_factor, 8);
      } else {
        expect([item.absolute_cost, item.adjusted_cost]).toEqual([null, null]);
      }
      // The pair's shift factor is the location's mean over its source rows (one per pair and dataset).
      const single = await json<ShiftFactorPerConstraint[]>(
        `/v1/constraints/locations/${hub}/shift-factors?dataset_id=${dataset}&contingency_id=${item.contingency_gs_entity_id}`,
      );
      expect(single.find((r) => r.constraint_gs_entity_id === item.constraint_gs_entity_id)!.estimated_shift_factor).toBe(
        item.shift_factor,
      );
    }
    const adjusted = items
      .map((i) => i.adjusted_cost)
      .filter((v): v is number => v !== null)
      .map(Math.abs);
    expect(adjusted).toEqual([...adjusted].sort((a, b) => b - a));
  });

  it('group_by=constraint sums adjusted and absolute costs, averages shift factors, nulls contingencies', async () => {
    const zone = (await locationIds()).get('PPL Zone')!;
    const all = { start: '2023-01-01T00:00:00', end: '2025-01-01T00:00:00' };
    const pairs = await json<LocationConstraintCost[]>(url(zone, DA, '', all));
    const grouped = await json<LocationConstraintCost[]>(url(zone, DA, '&group_by=constraint', all));
    const byConstraint = new Map<string, LocationConstraintCost[]>();
    for (const pair of pairs)
      byConstraint.set(pair.constraint_gs_entity_id, [...(byConstraint.get(pair.constraint_gs_entity_id) ?? []), pair]);
    expect(grouped).toHaveLength(byConstraint.size);
    expect([...byConstraint.values()].some((group) => group.filter((p) => p.absolute_cost !== null).length > 1)).toBe(true);
    for (const [id, group] of byConstraint) {
      const row = grouped.find((g) => g.constraint_gs_entity_id === id)!;
      const costed = group.filter((p) => p.absolute_cost !== null);
      expect(row).toMatchObject({ contingency_gs_entity_id: null, contingency_name: null });
      expect(row.shift_factor).toBeCloseTo(mean(group.map((p) => p.shift_factor)), 10);
      if (costed.length === 0) {
        expect([row.absolute_cost, row.adjusted_cost]).toEqual([null, null]);
        continue;
      }
      expect(row.absolute_cost).toBeCloseTo(
        costed.reduce((s, p) => s + p.absolute_cost!, 0),
        8,
      );
      expect(row.adjusted_cost).toBeCloseTo(
        costed.reduce((s, p) => s + p.adjusted_cost!, 0),
        8,
      );
    }
  });

  it('requires dataset_id, start_time and end_time (422); unknown dataset 404; non-priced dataset 400', async () => {
    const hub = (await locationIds()).get('PJM Western Hub')!;
    const missing = await get(`/v1/constraints/locations/${hub}/constraint-costs?dataset_id=${DA}`);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail.map((d: { loc: string[] }) => d.loc[1])).toEqual(['start_time', 'end_time']);
    expect((await get(url(hub, 'nope'))).json()).toEqual({ detail: 'Dataset nope not found' });
    expect((await get(url(hub, 'pjm_transmission_constraints_day_ahead_hourly'))).statusCode).toBe(400);
    expect((await get(url(hub, 'nyiso_zonal_load_5_min'))).statusCode).toBe(400);
    expect((await get(url('nope', DA))).statusCode).toBe(404);
    expect((await get(url(hub, DA, '&group_by=contingency'))).statusCode).toBe(422);
  });
});
