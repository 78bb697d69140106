import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatasetQueryResponse } from '../../shared/index.js';
import { ISO_UTC_FORMAT } from '../data/sql.js';
import { KEYS_ENTRY, syntheticEntry } from '../test-support/queryFixtures.js';
import { startQueryServer, type QueryTestServer } from '../test-support/query.js';

/** Cursor pages = offset pages = DuckDB's own selection, on page.ts's generic path (`fx_keys`) and storage.ts's (`fx_stored`). */

let server: QueryTestServer;
let app: FastifyInstance;
beforeAll(async () => {
  server = await startQueryServer({ catalogue: [KEYS_ENTRY, syntheticEntry('fx_stored', 60_000)] });
  app = server.app;
});
afterAll(async () => server.close());

type Row = Record<string, unknown>;
interface Filter {
  query: string;
  sql: string;
}
interface Config {
  dataset: 'fx_keys' | 'fx_stored';
  order: 'asc' | 'desc';
  filter: Filter | null;
  limit: number | null;
  pageSize: number;
  extra: string;
}

const FILTERS: Record<Config['dataset'], (Filter | null)[]> = {
  fx_keys: [
    null,
    { query: 'filter_column=location&filter_value=b', sql: "location = 'b'" },
    { query: 'filter_column=location&filter_operator=in&filter_value=a,Z', sql: "location IN ('a', 'Z')" },
    { query: 'filter_column=value&filter_operator=>&filter_value=15', sql: 'value > 15' },
    { query: 'filter_column=sub&filter_operator=!=&filter_value=1', sql: 'sub != 1' },
    { query: 'filter_column=category&filter_value=x', sql: "category = 'x'" },
  ],
  fx_stored: [
    null,
    { query: 'filter_column=location&filter_value=LOC_3', sql: "location = 'LOC_3'" },
    { query: 'filter_column=flag&filter_operator=in&filter_value=1,2', sql: 'flag IN (1, 2)' },
    { query: 'filter_column=lmp&filter_operator=>=&filter_value=40', sql: 'lmp >= 40' },
    {
      query: 'start_time=2020-01-10T00:00:00Z&end_time=2020-01-25T00:00:00Z',
      sql: "interval_start_utc >= '2020-01-10' AND interval_start_utc < '2020-01-25'",
    },
  ],
};
const KEYS = { fx_keys: ['interval_start_utc', 'location', 'sub'], fx_stored: ['interval_start_utc', 'location'] };

async function pages(base: string, pageSize: number, mode: 'offset' | 'cursor'): Promise<Row[][]> {
  const out: Row[][] = [];
  let cursor = '';
  for (let page = 1; page < 200; page++) {
    const paging = mode === 'cursor' ? `cursor=${encodeURIComponent(cursor)}&page=${page}` : `page=${page}`;
    const res = await app.inject({ method: 'GET', url: `${base}&page_size=${pageSize}&${paging}` });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    const { data, meta } = DatasetQueryResponse.parse(res.json());
    out.push(data as Row[]);
    if (!meta.hasNextPage) return out;
    expect(data).toHaveLength(pageSize);
    cursor = meta.cursor ?? '';
    if (mode === 'cursor') expect(cursor).not.toBe('');
  }
  throw new Error('too many pages');
}

async function expectedKeys(config: Config): Promise<unknown[][]> {
  const keys = KEYS[config.dataset];
  const direction = config.order === 'asc' ? 'ASC NULLS FIRST' : 'DESC NULLS LAST';
  const select = keys.map((k) => (k === 'interval_start_utc' ? `strftime(${k}, '${ISO_UTC_FORMAT}')` : k)).join(', ');
  const sql = `SELECT ${select} FROM ${config.dataset} ${config.filter ? `WHERE ${config.filter.sql}` : ''}
    ORDER BY ${keys.map((k) => `${k} ${direction}`).join(', ')} ${config.limit === null ? '' : `LIMIT ${config.limit}`}`;
  return server.store.withConnection(async (conn) => (await conn.runAndReadAll(sql)).getRowsJS());
}

async function check(config: Config, oracle: boolean): Promise<void> {
  const params = [
    `order=${config.order}`,
    config.filter?.query,
    config.limit === null ? '' : `limit=${config.limit}`,
    config.extra,
  ];
  const base = `/v1/datasets/${config.dataset}/query?${params.filter(Boolean).join('&')}`;
  const byOffset = await pages(base, config.pageSize, 'offset');
  const byCursor = await pages(base, config.pageSize, 'cursor');
  expect(byCursor.flat()).toEqual(byOffset.flat());
  expect(byCursor.map((page) => page.length)).toEqual(byOffset.map((page) => page.length));
  if (oracle) {
    const keys = byOffset.flat().map((row) => KEYS[config.dataset].map((k) => row[k]));
    expect(keys).toEqual(await expectedKeys(config));
  }
}

const order = fc.constantFrom<'asc' | 'desc'>('asc', 'desc');

describe('cursor pagination = offset pagination', () => {
  it('generic path (fx_keys), also resampled', async () => {
    const resample = fc.constantFrom(
      '',
      'resample_frequency=15min&resample_function=count',
      'resample_frequency=1h&resample_by=location,sub&resample_function=max',
    );
    const config = fc
      .record({
        order,
        filter: fc.constantFrom(...FILTERS.fx_keys),
        limit: fc.option(fc.integer({ min: 0, max: 400 }), { nil: null }),
        extra: resample,
      })
      .chain((c) =>
        fc
          .record({ pageSize: fc.integer({ min: Math.max(1, Math.ceil((c.limit ?? 1800) / 25)), max: 500 }) })
          .map((p) => ({ ...c, ...p, dataset: 'fx_keys' as const })),
      );
    await fc.assert(
      fc.asyncProperty(config, (c) => check(c, c.extra === '')),
      { numRuns: 30 },
    );
  });

  it('storage-order path (fx_stored, 60,000 rows)', async () => {
    const config = fc.record({
      dataset: fc.constant('fx_stored' as const),
      order,
      filter: fc.constantFrom(...FILTERS.fx_stored),
      limit: fc.option(fc.integer({ min: 0, max: 60_000 }), { nil: null }),
      pageSize: fc.integer({ min: 5_000, max: 30_000 }),
      extra: fc.constantFrom('columns=location,flag', 'columns=location,flag&timezone=US/Eastern'),
    });
    await fc.assert(
      fc.asyncProperty(config, (c) => check(c, true)),
      { numRuns: 10 },
    );
  });
});
