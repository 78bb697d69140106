import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConstraintListResponse, Contingency, ValidationErrorBody, type Constraint } from '../../shared/index.js';
import { TEST_KEY, startTestServer } from '../test-support/testing.js';
import { FEEDS, absoluteCosts, apiTime, sourceRows, type SourceRow } from '../test-support/constraintRows.js';

// One test per rule of docs/api.md#constraint-list and #contingency-list, figures checked against the CSV sources.

let app: FastifyInstance;
let close: () => Promise<void>;
let rows: SourceRow[];
const get = (url: string) => app.inject({ method: 'GET', url, headers: { 'x-api-key': TEST_KEY } });
const list = async (query = '') => ConstraintListResponse.parse((await get(`/v1/constraints${query}`)).json());
const names = (items: { constraint_name?: string; contingency_name?: string }[]) =>
  items.map((c) => c.constraint_name ?? c.contingency_name);

beforeAll(async () => {
  ({ app, close } = await startTestServer());
  rows = await sourceRows();
});
afterAll(async () => close());

function seen(key: (row: SourceRow) => string) {
  const byName = new Map<string, { earliest: string; latest: string; datasets: Set<string> }>();
  for (const row of rows) {
    const entry = byName.get(key(row)) ?? { earliest: row.start, latest: row.start, datasets: new Set<string>() };
    if (row.start < entry.earliest) entry.earliest = row.start;
    if (row.start > entry.latest) entry.latest = row.start;
    entry.datasets.add(row.dataset);
    byName.set(key(row), entry);
  }
  return byName;
}

/** The default ordering without search or costs: latest desc, market asc, name asc. */
const byLatest = (a: Constraint, b: Constraint) =>
  (b.latest_seen_utc! > a.latest_seen_utc! ? 1 : b.latest_seen_utc! < a.latest_seen_utc! ? -1 : 0) ||
  (a.market_id < b.market_id ? -1 : a.market_id > b.market_id ? 1 : 0) ||
  (a.constraint_name < b.constraint_name ? -1 : 1);

describe('GET /v1/constraints', () => {
  it('lists every monitored facility once with seen times and datasets from the sources', async () => {
    const body = await list();
    const expected = seen((row) => row.facility);
    expect(body.dataset_metadata).toBeNull();
    expect(body.data).toHaveLength(expected.size);
    for (const item of body.data) {
      const e = expected.get(item.constraint_name)!;
      expect(item).toEqual({
        gs_entity_id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
        constraint_name: item.constraint_name,
        market_id: 'pjm',
        earliest_seen_utc: apiTime(e.earliest),
        latest_seen_utc: apiTime(e.latest),
        available_datasets: [...e.datasets].sort(),
      });
    }
    expect(new Set(body.data.map((c) => c.gs_entity_id)).size).toBe(body.data.length);
  });

  it('default ordering without search or costs: latest_seen_utc desc, market_id asc, constraint_name asc', async () => {
    const { data } = await list();
    expect(names(data)).toEqual(names([...data].sort(byLatest)));
  });

  it('default ordering with a search term: shorter constraint_name first', async () => {
    const { data } = await list('?search=kv');
    expect(data.length).toBeGreaterThan(10);
    const expected = [...data].sort(
      (a, b) => a.constraint_name.length - b.constraint_name.length || (a.constraint_name < b.constraint_name ? -1 : 1),
    );
    expect(names(data)).toEqual(names(expected));
  });

  it('default ordering with include_absolute_costs: rt_absolute_cost desc, nulls last', async () => {
    const { data } = await list('?include_absolute_costs=true');
    const costs = data.map((c) => c.rt_absolute_cost);
    const firstNull = costs.indexOf(null);
    expect(firstNull).toBeGreaterThan(0);
    expect(costs.slice(firstNull).every((c) => c === null)).toBe(true);
    const numbers = costs.slice(0, firstNull) as number[];
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    expect(names(data.slice(firstNull))).toEqual(names(data.slice(firstNull).sort(byLatest)));
  });

  it('search takes precedence over include_absolute_costs in the default ordering', async () => {
    const { data } = await list('?search=kv&include_absolute_costs=true');
    expect(data.length).toBeGreaterThan(10);
    const byRelevance = [...data].sort(
      (a, b) => a.constraint_name.length - b.constraint_name.length || (a.constraint_name < b.constraint_name ? -1 : 1),
    );
    expect(names(data)).toEqual(names(byRelevance));
    // Discriminating: the cost ordering of the same rows is a different order.
    const byCost = [...data].sort((a, b) => (b.rt_absolute_cost ?? -Infinity) - (a.rt_absolute_cost ?? -Infinity));
    expect(names(byCost)).not.toEqual(names(byRelevance));
    expect(data.some((c) => c.rt_absolute_cost !== null)).toBe(true);
  });

  it('sort_order without sort_column orders the first default key: desc = the default, asc = its reverse', async () => {
    const dflt = (await list()).data;
    expect(names((await list('?sort_order=desc')).data)).toEqual(names(dflt));
    const asc = (await list('?sort_order=asc')).data;
    const byEarliestLatest = (a: Constraint, b: Constraint) =>
      (a.latest_seen_utc! < b.latest_seen_utc! ? -1 : a.latest_seen_utc! > b.latest_seen_utc! ? 1 : 0) ||
      (a.constraint_name < b.constraint_name ? -1 : 1);
    expect(new Set(asc.map((c) => c.latest_seen_utc)).size).toBeGreaterThan(1);
    expect(names(asc)).toEqual(names([...dflt].sort(byEarliestLatest)));
    // Search: relevance reversed (longest name first), ties by name asc.
    const searched = (await list('?search=kv&sort_order=asc')).data;
    expect(names(searched)).toEqual(
      names(
        [...searched].sort(
          (a, b) => b.constraint_name.length - a.constraint_name.length || (a.constraint_name < b.constraint_name ? -1 : 1),
        ),
      ),
    );
    expect(names((await list('?search=kv&sort_order=desc')).data)).toEqual(names((await list('?search=kv')).data));
    const costs = (await list('?include_absolute_costs=true&sort_order=asc')).data.map((c) => c.rt_absolute_cost);
    const firstNull = costs.indexOf(null);
    expect(firstNull).toBeGreaterThan(1);
    expect(costs.slice(firstNull).every((c) => c === null)).toBe(true);
    expect(costs.slice(0, firstNull)).toEqual((costs.slice(0, firstNull) as number[]).sort((a, b) => a - b));
  });

  it('search is a case-insensitive substring filter on constraint_name', async () => {
    const { data } = await list('?search=dresden');
    const expected = [...seen((row) => row.facility).keys()].filter((name) => name.toLowerCase().includes('dresden'));
    expect(names(data).sort()).toEqual(expected.sort());
  });

  it('isos filters on market_id (comma-separated, case-insensitive)', async () => {
    const all = (await list()).data.length;
    expect((await list('?isos=PJM')).data).toHaveLength(all);
    expect((await list('?isos=nyiso, pjm')).data).toHaveLength(all);
    expect((await list('?isos=nyiso')).data).toEqual([]);
  });

  it('active_after keeps rows with latest_seen_utc on or after it', async () => {
    const { data } = await list();
    const cut = data[5]!.latest_seen_utc!;
    const kept = (await list(`?active_after=${encodeURIComponent(cut)}`)).data;
    expect(kept.length).toBeGreaterThanOrEqual(6);
    expect(kept.every((c) => c.latest_seen_utc! >= cut)).toBe(true);
    expect(kept).toHaveLength(data.filter((c) => c.latest_seen_utc! >= cut).length);
  });

  it('limit: default 10000, 0 allowed, outside 0..100000 → 422', async () => {
    expect((await list('?limit=3')).data).toHaveLength(3);
    expect((await list('?limit=0')).data).toEqual([]);
    for (const [value, type] of [
      ['100001', 'less_than_equal'],
      ['-1', 'greater_than_equal'],
      ['ten', 'int_parsing'],
    ]) {
      const res = await get(`/v1/constraints?limit=${value}`);
      expect(res.statusCode).toBe(422);
      expect(ValidationErrorBody.parse(res.json()).detail[0]).toMatchObject({ loc: ['query', 'limit'], type });
    }
  });

  it('sort_column with sort_order, desc when omitted; bad values → 422', async () => {
    const asc = (await list('?sort_column=constraint_name&sort_order=asc')).data;
    expect(names(asc)).toEqual(names(asc).sort());
    const desc = (await list('?sort_column=constraint_name')).data;
    expect(names(desc)).toEqual(names(asc).reverse());
    const early = (await list('?sort_column=earliest_seen_utc&sort_order=asc')).data.map((c) => c.earliest_seen_utc!);
    expect(early).toEqual([...early].sort());
    expect((await get('/v1/constraints?sort_column=shadow_price')).statusCode).toBe(422);
    expect((await get('/v1/constraints?sort_order=up')).json().detail[0]).toMatchObject({
      loc: ['query', 'sort_order'],
      type: 'enum',
    });
  });

  it('include_absolute_costs: rt/da = Σ |shadow price| × interval hours in [start, end)', async () => {
    const start = '2023-11-06T00:00:00';
    const end = '2023-11-07T00:00:00';
    const query = `?include_absolute_costs=true&absolute_cost_start_time=${start}Z&absolute_cost_end_time=${encodeURIComponent(`${end}+00:00`)}`;
    const { data } = await list(query);
    const inWindow = (row: SourceRow) => row.start >= start && row.start < end;
    for (const kind of ['rt', 'da'] as const) {
      const expected = absoluteCosts(
        rows,
        (r) => r.facility,
        (r) => FEEDS[r.dataset] === kind && inWindow(r),
      );
      expect(expected.size).toBeGreaterThan(0);
      for (const item of data) {
        const cost = item[`${kind}_absolute_cost`];
        if (expected.has(item.constraint_name)) expect(cost).toBeCloseTo(expected.get(item.constraint_name)!, 6);
        else expect(cost).toBeNull();
      }
    }
    expect(Object.keys((await list(`?absolute_cost_start_time=${start}Z`)).data[0]!)).not.toContain('rt_absolute_cost');
  });

  it('include_timestamps adds gs_created_at_utc and gs_updated_at_utc', async () => {
    const [item] = (await list('?include_timestamps=true&limit=1')).data;
    expect(item!.gs_created_at_utc).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);
    expect(item!.gs_updated_at_utc).toBe(item!.gs_created_at_utc);
  });

  it('include_dataset_metadata: market → rt/da → pricing dataset specs', async () => {
    const expected = {
      pjm: {
        da: [{ dataset_id: 'pjm_marginal_value_day_ahead_hourly', shadow_price_column: 'shadow_price' }],
        rt: [{ dataset_id: 'pjm_marginal_value_real_time_5_min', shadow_price_column: 'shadow_price' }],
      },
    };
    expect((await list('?include_dataset_metadata=true&limit=0')).dataset_metadata).toEqual(expected);
    expect((await list('?include_dataset_metadata=true&isos=ercot')).dataset_metadata).toEqual({});
  });

  it('bad date-times and booleans → 422', async () => {
    expect((await get('/v1/constraints?active_after=yesterday')).json().detail[0]).toMatchObject({
      loc: ['query', 'active_after'],
      type: 'datetime_from_date_parsing',
    });
    expect((await get('/v1/constraints?include_timestamps=maybe')).json().detail[0]).toMatchObject({ type: 'bool_parsing' });
  });
});

describe('GET /v1/constraints/contingencies', () => {
  const contingencies = async (query = '') => {
    const res = await get(`/v1/constraints/contingencies${query}`);
    expect(res.statusCode).toBe(200);
    return (res.json() as unknown[]).map((item) => Contingency.parse(item));
  };

  it('lists every contingency facility with seen times, datasets and timestamps', async () => {
    const data = await contingencies();
    const expected = seen((row) => row.contingency);
    expect(data).toHaveLength(expected.size);
    for (const item of data) {
      const e = expected.get(item.contingency_name)!;
      expect(item).toMatchObject({
        market_id: 'pjm',
        earliest_seen_utc: apiTime(e.earliest),
        latest_seen_utc: apiTime(e.latest),
        available_datasets: [...e.datasets].sort(),
      });
    }
  });

  it('default ordering: latest_seen_utc desc, market_id asc, contingency_name asc; with search shorter names first', async () => {
    const data = await contingencies();
    const sorted = [...data].sort((a, b) =>
      b.latest_seen_utc! > a.latest_seen_utc!
        ? 1
        : b.latest_seen_utc! < a.latest_seen_utc!
          ? -1
          : a.contingency_name < b.contingency_name
            ? -1
            : 1,
    );
    expect(names(data)).toEqual(names(sorted));
    const searched = await contingencies('?search=L345');
    expect(searched.length).toBeGreaterThan(1);
    expect(searched.every((c) => c.contingency_name.toLowerCase().includes('l345'))).toBe(true);
    expect(names(searched)).toEqual(
      names(
        [...searched].sort(
          (a, b) => a.contingency_name.length - b.contingency_name.length || (a.contingency_name < b.contingency_name ? -1 : 1),
        ),
      ),
    );
  });

  it('sort_order: desc when omitted, with and without sort_column', async () => {
    const asc = names(await contingencies('?sort_column=latest_seen_utc&sort_order=asc'));
    const desc = await contingencies('?sort_column=contingency_name');
    expect(names(desc)).toEqual([...names(desc)].sort().reverse());
    expect(names(await contingencies('?sort_column=contingency_name&sort_order=desc'))).toEqual(names(desc));
    // Without sort_column: the default (latest_seen_utc desc) whether sort_order=desc is sent or not; asc reverses that key.
    const dflt = await contingencies();
    expect(names(await contingencies('?sort_order=desc'))).toEqual(names(dflt));
    const latest = dflt.map((c) => c.latest_seen_utc!);
    expect(latest).toEqual([...latest].sort().reverse());
    expect(new Set(latest).size).toBeGreaterThan(1);
    const reversed = await contingencies('?sort_order=asc');
    expect(reversed.map((c) => c.latest_seen_utc!)).toEqual([...latest].sort());
    expect(names(reversed)).toEqual(asc);
  });

  it('filters, limit and sort as the constraints list', async () => {
    expect(await contingencies('?isos=ercot')).toEqual([]);
    expect(await contingencies('?limit=2')).toHaveLength(2);
    const asc = names(await contingencies('?sort_column=contingency_name&sort_order=asc'));
    expect(asc).toEqual([...asc].sort());
    const cut = '2024-09-03T00:00:00+00:00';
    expect((await contingencies(`?active_after=${encodeURIComponent(cut)}`)).every((c) => c.latest_seen_utc! >= cut)).toBe(true);
    expect((await get('/v1/constraints/contingencies?sort_column=constraint_name')).statusCode).toBe(422);
    expect((await get('/v1/constraints/contingencies?limit=100001')).statusCode).toBe(422);
  });
});
