import { rm } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActiveOutagesResponse, type LocationConstraintCost } from '../../shared/index.js';
import type { ConstraintStore } from '../data/constraints/store.js';
import { tempDir } from '../test-support/testing.js';
import { BINDING, DATASET, SHIFT_FACTORS, VERSIONS, fixtureApp, ids } from '../test-support/constraintsFixture.js';

// Rules the embedded data cannot show, on the hand-made constraint database of test-support/constraintsFixture.ts.

let app: FastifyInstance;
let store: ConstraintStore;
let dir: string;
const get = (url: string) => app.inject({ method: 'GET', url });
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

beforeAll(async () => {
  dir = await tempDir('fixture');
  ({ app, store } = await fixtureApp(dir));
});
afterAll(async () => {
  await app.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the fixture dataset', () => {
  it('is labelled SYNTHETIC in its stored description', () => {
    expect(store.datasetConfigs().map((c) => c.dataset_id)).toEqual([DATASET]);
    expect(store.config(DATASET)!.description).toMatch(/^SYNTHETIC /);
  });
});

describe('location constraint costs for a dataset without a contingency column', () => {
  const url = (extra = '') =>
    `/v1/constraints/locations/${ids.location}/constraint-costs?dataset_id=${DATASET}&start_time=2024-01-10T00:00:00Z&end_time=2024-01-11T00:00:00Z${extra}`;
  // Independent: Σ |shadow price| × hours per constraint in [Jan 10, Jan 11).
  const cost = new Map<string, number>();
  for (const [start, minutes, name, price] of BINDING) {
    if (start < '2024-01-11') cost.set(name, (cost.get(name) ?? 0) + Math.abs(price) * (minutes / 60));
  }

  it('computes the cost per constraint and reuses it on each contingency row', async () => {
    const rows = (await get(url())).json() as LocationConstraintCost[];
    const expected = [
      { constraint: 'ALPHA 345 KV', contingency: 'K1', sf: mean([0.5, 0]) },
      { constraint: 'ALPHA 345 KV', contingency: 'K2', sf: 0.3 },
      { constraint: 'BRAVO 138 KV', contingency: 'K1', sf: -0.2 },
    ];
    expect(rows).toHaveLength(expected.length);
    for (const e of expected) {
      const row = rows.find((r) => r.constraint_name === e.constraint && r.contingency_name === e.contingency)!;
      expect(row.shift_factor).toBeCloseTo(e.sf, 12);
      expect(row.absolute_cost).toBeCloseTo(cost.get(e.constraint)!, 12);
      expect(row.adjusted_cost).toBeCloseTo(cost.get(e.constraint)! * e.sf, 12);
    }
  });

  it('group_by=constraint keeps the shared cost once, sums adjusted cost, averages shift factors', async () => {
    const rows = (await get(url('&group_by=constraint'))).json() as LocationConstraintCost[];
    const alpha = rows.find((r) => r.constraint_gs_entity_id === ids.a)!;
    expect(alpha).toMatchObject({ contingency_gs_entity_id: null, contingency_name: null });
    expect(alpha.absolute_cost).toBeCloseTo(cost.get('ALPHA 345 KV')!, 12);
    expect(alpha.shift_factor).toBeCloseTo(mean([0.25, 0.3]), 12);
    expect(alpha.adjusted_cost).toBeCloseTo(cost.get('ALPHA 345 KV')! * (0.25 + 0.3), 12);
    expect(rows.map((r) => r.constraint_name)).toEqual(['ALPHA 345 KV', 'BRAVO 138 KV']);
  });

  it.each([
    ['2024-01-10T00:05:00Z', '2024-01-11T00:00:01Z'],
    ['2024-01-09T23:00:00Z', '2024-01-11T00:00:01Z'],
    ['2024-01-10T00:00:00Z', '2024-01-10T01:00:00Z'],
    ['2024-01-01T00:00:00Z', '2024-02-01T00:00:00Z'],
  ])('partial days at the window edges count their rows only: [%s, %s)', async (start, end) => {
    const expected = new Map<string, number>();
    for (const [t, minutes, name, price] of BINDING) {
      if (Date.parse(t) >= Date.parse(start) && Date.parse(t) < Date.parse(end))
        expected.set(name, (expected.get(name) ?? 0) + Math.abs(price) * (minutes / 60));
    }
    const rows = (
      await get(
        `/v1/constraints/locations/${ids.location}/constraint-costs?dataset_id=${DATASET}&start_time=${start}&end_time=${end}&group_by=constraint`,
      )
    ).json() as LocationConstraintCost[];
    for (const row of rows) {
      if (expected.has(row.constraint_name)) expect(row.absolute_cost).toBeCloseTo(expected.get(row.constraint_name)!, 10);
      else expect(row.absolute_cost).toBeNull();
    }
  });

  it('a catalogue dataset that is not a constraint dataset → 400', async () => {
    const res = await get(
      `/v1/constraints/locations/${ids.location}/constraint-costs?dataset_id=other_dataset&start_time=2024-01-10&end_time=2024-01-11`,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/not a constraint dataset/);
  });
});

describe('shift factors: exclude_zeros drops zero rows before aggregating', () => {
  it.each([
    ['mean', false, mean([0.5, 0, 0.3])],
    ['mean', true, mean([0.5, 0.3])],
    ['min', false, 0],
    ['min', true, 0.3],
    ['median', false, 0.3],
  ] as const)('%s with exclude_zeros=%s', async (fn, exclude, expected) => {
    const rows = (
      await get(`/v1/constraints/locations/${ids.location}/shift-factors?aggregation_function=${fn}&exclude_zeros=${exclude}`)
    ).json();
    expect(
      rows.find((r: { constraint_gs_entity_id: string }) => r.constraint_gs_entity_id === ids.a).estimated_shift_factor,
    ).toBeCloseTo(expected, 12);
  });

  it('contingency_id restricts to that contingency', async () => {
    const rows = (await get(`/v1/constraints/locations/${ids.location}/shift-factors?contingency_id=${ids.k2}`)).json();
    expect(rows).toEqual([
      { constraint_gs_entity_id: ids.a, estimated_shift_factor: SHIFT_FACTORS[2]![2], constraint: 'ALPHA 345 KV' },
    ]);
  });
});

describe('shift factors per location for a constraint: the parameters of shift factors by location', () => {
  const view = async (constraint: string, query = '') => {
    const res = await get(`/v1/constraints/${constraint}/shift-factors${query}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-gridscope-synthetic']).toBe('estimated_shift_factor');
    return res.json() as { location_gs_entity_id: string; estimated_shift_factor: number; location: string }[];
  };
  const value = async (constraint: string, query = '') => {
    const rows = await view(constraint, query);
    expect(rows.map((r) => [r.location_gs_entity_id, r.location])).toEqual([[ids.location, 'Test Hub']]);
    return rows[0]!.estimated_shift_factor;
  };
  // Source rows of ALPHA at Test Hub: K1 0.5, K1 0, K2 0.3 (all in DATASET).
  const alpha = SHIFT_FACTORS.filter(([c]) => c === ids.a).map(([, , v]) => v);

  it.each([
    ['', mean(alpha)],
    ['?aggregation_function=mean', mean(alpha)],
    ['?aggregation_function=max', 0.5],
    ['?aggregation_function=min', 0],
    ['?aggregation_function=median', 0.3],
    ['?exclude_zeros=true', mean([0.5, 0.3])],
    ['?exclude_zeros=true&aggregation_function=min', 0.3],
    ['?exclude_zeros=false&aggregation_function=min', 0],
    [`?contingency_id=${ids.k1}`, mean([0.5, 0])],
    [`?contingency_id=${ids.k1}&exclude_zeros=true`, 0.5],
    [`?contingency_id=${ids.k2}&aggregation_function=max`, 0.3],
    [`?dataset_id=${DATASET}`, mean(alpha)],
    [`?dataset_id=${DATASET}&contingency_id=${ids.k1}&aggregation_function=median`, 0.25],
  ])('ALPHA%s → %f', async (query, expected) => {
    expect(await value(ids.a, query)).toBeCloseTo(expected, 12);
  });

  it('filters that match no source row give []; a contingency of another constraint too', async () => {
    expect(await view(ids.a, '?dataset_id=other_dataset')).toEqual([]);
    expect(await view(ids.a, '?contingency_id=nope')).toEqual([]);
    expect(await view(ids.b, `?contingency_id=${ids.k2}`)).toEqual([]);
    expect(await value(ids.b, `?contingency_id=${ids.k1}`)).toBe(-0.2);
    expect(await view(ids.e)).toEqual([]); // a constraint without shift factors
  });

  it('unknown dataset_id or constraint → 404; bad aggregation_function or exclude_zeros → 422', async () => {
    expect((await get(`/v1/constraints/${ids.a}/shift-factors?dataset_id=nope`)).json()).toEqual({
      detail: 'Dataset nope not found',
    });
    expect((await get('/v1/constraints/nope/shift-factors')).json()).toEqual({ detail: 'Constraint nope not found' });
    const bad = await get(`/v1/constraints/${ids.a}/shift-factors?aggregation_function=sum&exclude_zeros=maybe`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().detail.map((d: { loc: string[]; type: string }) => [d.loc[1], d.type])).toEqual([
      ['exclude_zeros', 'bool_parsing'],
      ['aggregation_function', 'enum'],
    ]);
  });
});

describe('constraint location', () => {
  it('a market without a geometry table → 400', async () => {
    const res = await get(`/v1/constraints/${ids.e}/location`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'Market ercot has no geometry table' });
  });

  it('an end without coordinates is null', async () => {
    const body = (await get(`/v1/constraints/${ids.a}/location`)).json();
    expect(body).toEqual({
      constraint_gs_entity_id: ids.a,
      constraint_name: 'ALPHA 345 KV',
      start: { latitude: 40.5, longitude: -77.5, name: 'ALPHA' },
      end: null,
    });
    expect((await get(`/v1/constraints/${ids.b}/location`)).json()).toMatchObject({ start: null, end: null });
  });
});

describe('outages: overlap with [start_time, end_time) as of start_time', () => {
  const active = async (start: string, end: string, extra = '') => {
    const res = await get(`/v1/outages/pjm/active?start_time=${start}&end_time=${end}${extra}`);
    expect(res.statusCode, res.body).toBe(200);
    return ActiveOutagesResponse.parse(res.json());
  };
  const tickets = async (start: string, end: string, extra = '') =>
    (await active(start, end, extra)).tickets.map(
      (t) =>
        `${t.ticket}v${VERSIONS.find((v) => v.at === t.version_time_utc.replace('+00:00', 'Z') && v.ticket === t.ticket)?.version}`,
    );

  it('an interval ending at start_time or starting at end_time does not overlap', async () => {
    expect(await tickets('2024-01-10T06:00:00Z', '2024-01-10T07:00:00Z')).toEqual([]);
    expect(await tickets('2024-01-10T05:59:59Z', '2024-01-10T07:00:00Z')).toEqual(['2v1']);
    expect(await tickets('2024-01-09T00:00:00Z', '2024-01-10T00:00:00Z')).toEqual([]);
    expect(await tickets('2024-01-09T00:00:00Z', '2024-01-10T00:00:01Z')).toEqual(['2v1']); // ticket 1 moved to Jan 12 on Jan 5
  });

  it('shows each ticket as of its last version at or before start_time', async () => {
    expect(await tickets('2023-12-31T23:59:59Z', '2024-02-01T00:00:00Z')).toEqual([]);
    expect(await tickets('2024-01-04T23:59:59Z', '2024-02-01T00:00:00Z')).toEqual(['1v1', '2v1']);
    const atChange = await active('2024-01-05T00:00:00Z', '2024-02-01T00:00:00Z');
    expect(atChange.tickets.map((t) => [t.ticket, t.status, t.current_interval_start_utc])).toEqual([
      [2, 'Active', '2024-01-10T00:00:00+00:00'],
      [1, 'Approved', '2024-01-12T00:00:00+00:00'],
    ]);
    expect(atChange.tickets[1]!.equipment[0]).toMatchObject({
      station_1: 'ALPHA',
      from_substation: { latitude: 40.5, longitude: -77.5, name: 'ALPHA' },
      to_substation: null,
      voltage: 345,
    });
  });

  it('start_date is an inclusive lower bound on current_interval_start_utc', async () => {
    expect(await tickets('2024-01-04T00:00:00Z', '2024-02-01T00:00:00Z', '&start_date=2024-01-10T00:00:00Z')).toEqual([
      '1v1',
      '2v1',
    ]);
    expect(await tickets('2024-01-04T00:00:00Z', '2024-02-01T00:00:00Z', '&start_date=2024-01-10T00:00:01Z')).toEqual([]);
  });

  it('limit trims the list and sets truncated', async () => {
    const one = await active('2024-01-04T00:00:00Z', '2024-02-01T00:00:00Z', '&limit=1');
    expect([one.truncated, one.tickets.length]).toEqual([true, 1]);
    expect((await active('2024-01-04T00:00:00Z', '2024-02-01T00:00:00Z', '&limit=2')).truncated).toBe(false);
  });
});
