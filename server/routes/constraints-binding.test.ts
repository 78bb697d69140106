import { readFile } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BindingConstraintWithLocations, ConstraintLocation, type Constraint } from '../../shared/index.js';
import { distanceKm, Footprint } from '../data/synthetic/geo.js';
import { TEST_KEY, dataFile, startTestServer } from '../test-support/testing.js';
import { apiTime, sourceRows, type SourceRow } from '../test-support/constraintRows.js';

// Expected rows are computed with plain JavaScript from the CSV sources.

let app: FastifyInstance;
let close: () => Promise<void>;
let rows: SourceRow[];
let constraints: Constraint[];
let footprint: Footprint;
const get = (url: string) => app.inject({ method: 'GET', url, headers: { 'x-api-key': TEST_KEY } });
const RT = 'pjm_marginal_value_real_time_5_min';
const idOf = (name: string) => constraints.find((c) => c.constraint_name === name)!.gs_entity_id;

beforeAll(async () => {
  ({ app, close } = await startTestServer());
  rows = await sourceRows();
  constraints = (await get('/v1/constraints')).json().data;
  footprint = new Footprint(JSON.parse(await readFile(dataFile('commongrid/iso-boundaries/iso-pjm.json'), 'utf8')));
});
afterAll(async () => close());

describe('GET /v1/constraints/{constraint_id}/location', () => {
  it('gives synthetic start and end substations inside the PJM footprint', async () => {
    for (const constraint of constraints) {
      const res = await get(`/v1/constraints/${constraint.gs_entity_id}/location`);
      expect(res.headers['x-gridscope-synthetic']).toBe('start,end');
      const body = ConstraintLocation.parse(res.json());
      expect(body).toMatchObject({
        constraint_gs_entity_id: constraint.gs_entity_id,
        constraint_name: constraint.constraint_name,
      });
      expect(footprint.contains(body.start!) && footprint.contains(body.end!)).toBe(true);
    }
  });

  it('places a station whose name matches a PJM plant within 3 km of it; a 230 kV line end 10–70 km from its start', async () => {
    const nodes = JSON.parse(await readFile(dataFile('commongrid/pricing-nodes.json'), 'utf8')) as {
      name: string;
      iso: string;
      latitude: number;
      longitude: number;
    }[];
    const bergen = nodes.find((n) => n.iso === 'PJM' && n.name === 'Bergen Generating Station')!;
    const body = (await get(`/v1/constraints/${idOf('BERGEN 230 KV BER-HUD')}/location`)).json() as ConstraintLocation;
    expect(body.start!.name).toBe('BERGEN');
    expect(distanceKm(body.start!, bergen)).toBeLessThanOrEqual(3.01);
    expect(body.end!.name).toBe('HUD');
    // HUD matches no plant: placed a typical 230 kV line length (10–70 km) from BERGEN.
    expect(distanceKm(body.start!, body.end!)).toBeGreaterThanOrEqual(9.99);
    expect(distanceKm(body.start!, body.end!)).toBeLessThanOrEqual(70.01);
  });

  it('unknown constraint id → 404', async () => {
    const res = await get('/v1/constraints/not-a-constraint/location');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Constraint not-a-constraint not found' });
  });
});

describe('GET /v1/constraints/binding', () => {
  const rtRows = () => rows.filter((r) => r.dataset === RT);

  it('returns the dataset rows with constraint and contingency names and ids, in time order (default limit 50000)', async () => {
    const body = (await get(`/v1/constraints/binding?dataset_id=${RT}`)).json() as Record<string, unknown>[];
    expect(body).toHaveLength(rtRows().length);
    const first = body[0]!;
    expect(Object.keys(first)).toEqual([
      'interval_start_utc',
      'interval_end_utc',
      'monitored_facility',
      'contingency_facility',
      'transmission_constraint_penalty_factor',
      'limit_control_percentage',
      'shadow_price',
      'constraint_gs_entity_id',
      'constraint_name',
      'contingency_gs_entity_id',
      'contingency_name',
    ]);
    expect(first.constraint_gs_entity_id).toBe(idOf(first.monitored_facility as string));
    const times = body.map((r) => r.interval_start_utc as string);
    expect(times).toEqual([...times].sort());
    expect(first.interval_start_utc).toBe(
      apiTime(
        rtRows()
          .map((r) => r.start)
          .sort()[0]!,
      ),
    );
  });

  it('start_time/end_time keep [start, end); price_threshold keeps |shadow price| > value', async () => {
    const start = '2023-11-06T00:00:00';
    const end = '2023-11-06T12:00:00';
    const windowed = (
      await get(`/v1/constraints/binding?dataset_id=${RT}&start_time=${start}&end_time=${end}`)
    ).json() as unknown[];
    expect(windowed).toHaveLength(rtRows().filter((r) => r.start >= start && r.start < end).length);
    const pricey = (await get(`/v1/constraints/binding?dataset_id=${RT}&price_threshold=100`)).json() as {
      shadow_price: number;
    }[];
    expect(pricey).toHaveLength(rtRows().filter((r) => Math.abs(r.shadowPrice!) > 100).length);
    expect(pricey.every((r) => Math.abs(r.shadow_price) > 100)).toBe(true);
  });

  it('limit 1..100000; dataset_id required; unknown 404; price_threshold needs a shadow price column (400)', async () => {
    expect((await get(`/v1/constraints/binding?dataset_id=${RT}&limit=5`)).json()).toHaveLength(5);
    expect((await get(`/v1/constraints/binding?dataset_id=${RT}&limit=0`)).statusCode).toBe(422);
    expect((await get(`/v1/constraints/binding?dataset_id=${RT}&limit=100001`)).statusCode).toBe(422);
    expect((await get(`/v1/constraints/binding?dataset_id=${RT}&price_threshold=high`)).json().detail[0]).toMatchObject({
      type: 'float_parsing',
    });
    expect((await get('/v1/constraints/binding')).json().detail[0]).toMatchObject({
      loc: ['query', 'dataset_id'],
      type: 'missing',
    });
    expect((await get('/v1/constraints/binding?dataset_id=nope')).statusCode).toBe(404);
    const events = 'pjm_transmission_constraints_day_ahead_hourly';
    expect((await get(`/v1/constraints/binding?dataset_id=${events}`)).json()).toHaveLength(
      rows.filter((r) => r.dataset === events).length,
    );
    expect((await get(`/v1/constraints/binding?dataset_id=${events}&price_threshold=1`)).statusCode).toBe(400);
  });
});

describe('GET /v1/constraints/binding/locations', () => {
  it('ranks constraints by peak |shadow price|, one observation per interval at its peak row', async () => {
    const start = '2024-09-02T00:00:00';
    const end = '2024-09-05T00:00:00';
    const res = await get(`/v1/constraints/binding/locations?dataset_id=${RT}&start_time=${start}Z&end_time=${end}Z&limit=3`);
    expect(res.headers['x-gridscope-synthetic']).toBe('start,end');
    const body = (res.json() as unknown[]).map((item) => BindingConstraintWithLocations.parse(item));
    const kept = rows.filter((r) => r.dataset === RT && r.start >= start && r.start < end);
    const peaks = new Map<string, Map<string, SourceRow>>();
    for (const row of kept) {
      const byInterval = peaks.get(row.facility) ?? new Map<string, SourceRow>();
      const best = byInterval.get(row.start);
      if (!best || Math.abs(row.shadowPrice!) > Math.abs(best.shadowPrice!)) byInterval.set(row.start, row);
      peaks.set(row.facility, byInterval);
    }
    const ranking = [...peaks]
      .map(([name, byInterval]) => {
        const peak = Math.max(...[...byInterval.values()].map((r) => Math.abs(r.shadowPrice!)));
        const first = [...byInterval.values()]
          .filter((r) => Math.abs(r.shadowPrice!) === peak)
          .map((r) => r.start)
          .sort()[0]!;
        return { name, peak, first, intervals: byInterval };
      })
      // Ties on the peak: earlier peak interval first, then name.
      .sort((a, b) => b.peak - a.peak || (a.first < b.first ? -1 : a.first > b.first ? 1 : a.name < b.name ? -1 : 1));
    expect(body.map((b) => b.constraint_name)).toEqual(ranking.slice(0, 3).map((r) => r.name));
    for (const [i, item] of body.entries()) {
      const expected = ranking[i]!;
      expect(item.peak_abs_shadow_price).toBe(expected.peak);
      expect(item.peak_interval_start_utc).toBe(apiTime(expected.first));
      expect(item.binding_interval_count).toBe(expected.intervals.size);
      expect(item.observations.map((o) => o.interval_start_utc)).toEqual([...expected.intervals.keys()].sort().map(apiTime));
      for (const o of item.observations) {
        const row = expected.intervals.get(o.interval_start_utc.slice(0, 19))!;
        expect([o.shadow_price, o.contingency_name]).toEqual([row.shadowPrice, row.contingency]);
      }
      expect(item.contingencies.map((c) => c.contingency_name)).toEqual(
        [...new Set(kept.filter((r) => r.facility === item.constraint_name).map((r) => r.contingency))].sort(),
      );
      expect(item.start).not.toBeNull();
      expect(item.constraint_gs_entity_id).toBe(idOf(item.constraint_name));
    }
  });

  it('dataset_id: missing → 422, unknown → 404, a catalogue dataset that is not a constraint dataset → 400', async () => {
    const missing = await get('/v1/constraints/binding/locations?start_time=2024-09-02T00:00:00Z');
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail).toEqual([{ loc: ['query', 'dataset_id'], msg: 'Field required', type: 'missing' }]);
    const unknown = await get('/v1/constraints/binding/locations?dataset_id=nope&start_time=2024-09-02T00:00:00Z');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: 'Dataset nope not found' });
    const other = await get('/v1/constraints/binding/locations?dataset_id=nyiso_zonal_load_5_min');
    expect(other.statusCode).toBe(400);
    expect(other.json().detail).toMatch(/^Dataset nyiso_zonal_load_5_min is not a constraint dataset/);
  });

  it('limit 1..100000; needs a priced dataset', async () => {
    expect((await get(`/v1/constraints/binding/locations?dataset_id=${RT}&limit=0`)).statusCode).toBe(422);
    expect((await get(`/v1/constraints/binding/locations?dataset_id=${RT}&limit=100001`)).statusCode).toBe(422);
    expect(
      (await get('/v1/constraints/binding/locations?dataset_id=pjm_transmission_constraints_day_ahead_hourly')).statusCode,
    ).toBe(400);
    const all = (await get(`/v1/constraints/binding/locations?dataset_id=${RT}`)).json() as unknown[];
    expect(all).toHaveLength(new Set(rows.filter((r) => r.dataset === RT).map((r) => r.facility)).size);
  });
});
