import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatasetQueryResponse, QueryCursorToken } from '../../shared/index.js';
import { resolvePlan } from '../plans/index.js';
import { TEST_CATALOGUE } from '../test-support/queryFixtures.js';
import { startQueryServer, type QueryTestServer } from '../test-support/query.js';

// Contract suite of the dataset query's paging and output (docs/api.md#pagination, #return-formats).

const TINY = resolvePlan({
  name: 'tiny',
  limits: {
    api_rows_returned_limit: -1,
    api_requests_limit: -1,
    api_rows_per_response_limit: 100,
    per_second_api_rate_limit: -1,
    per_minute_api_rate_limit: -1,
    per_hour_api_rate_limit: -1,
  },
  entitlements: { resampling: false, audit: false },
});

let server: QueryTestServer;
let limited: QueryTestServer;
let app: FastifyInstance;
beforeAll(async () => {
  [server, limited] = await Promise.all([
    startQueryServer({ catalogue: TEST_CATALOGUE }),
    startQueryServer({ catalogue: TEST_CATALOGUE, plan: TINY }),
  ]);
  app = server.app;
});
afterAll(async () => Promise.all([server.close(), limited.close()]));

const DST = '/v1/datasets/fx_dst/query?';
const get = (url: string, headers: Record<string, string> = {}, on = app) =>
  on.inject({ method: 'GET', url: encodeURI(url), headers });
const body = (res: LightMyRequestResponse) => DatasetQueryResponse.parse(res.json());
const decode = (cursor: string) => QueryCursorToken.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));

function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ',') {
      record.push(field);
      field = '';
    } else if (!quoted && c === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else {
      field += c;
    }
  }
  return records;
}

describe('pagination', () => {
  it('defaults page_size to 50,000 without a plan limit, and reports meta', async () => {
    const res = await get(`${DST}columns=value`);
    expect(res.headers).toMatchObject({ 'x-page': '1', 'x-page-size': '50000', 'x-limit': 'null', 'x-has-next-page': 'false' });
    expect(body(res).meta).toEqual({ page: 1, page_size: 50000, limit: null, hasNextPage: false, cursor: null });
    expect(body(res).data).toHaveLength(288);
  });

  it.each([
    ['limit=5&page_size=2&page=3', 1, false],
    ['limit=4&page_size=2&page=2', 2, false],
    ['limit=4&page_size=2&page=1', 2, true],
    ['limit=0', 0, false],
    ['page_size=100&page=3', 88, false],
    ['page_size=100&page=4', 0, false],
  ])('trims to limit across pages: %s → %i rows, hasNextPage %s', async (query, count, hasNext) => {
    const { data, meta } = body(await get(`${DST}${query}`));
    expect(data).toHaveLength(count);
    expect(meta.hasNextPage).toBe(hasNext);
  });

  it('cursor pagination: empty cursor starts, the opaque token continues exactly where offset pages do', async () => {
    const first = body(await get(`${DST}cursor=&page_size=100`));
    expect(first.meta).toMatchObject({ page: 1, page_size: 100, hasNextPage: true });
    expect(decode(first.meta.cursor!)).toEqual({
      columns: ['interval_start_utc', 'location'],
      values: ['2024-03-11 01:00:00.000000', 'SOUTH, "X"'],
      total_rows_returned_so_far: 100,
    });
    // The official client sends page=2 with the cursor; the cursor decides.
    const second = body(await get(`${DST}cursor=${first.meta.cursor}&page_size=100&page=2`));
    expect(second.data).toEqual(body(await get(`${DST}page_size=100&page=2`)).data);
    expect(second.meta.page).toBe(2);
  });

  it('cursor pagination stops at limit with hasNextPage false and a trimmed last page', async () => {
    const first = body(await get(`${DST}cursor=&page_size=40&limit=50`));
    const last = body(await get(`${DST}cursor=${first.meta.cursor}&page_size=40&limit=50`));
    expect(last.data).toHaveLength(10);
    expect(last.meta).toMatchObject({ hasNextPage: false, cursor: null, limit: 50 });
  });

  it.each([
    ['not a token', '!!!', 'Invalid cursor: not a cursor from this API'],
    ['malformed JSON shape', Buffer.from('{"a":1}').toString('base64url'), 'Invalid cursor: malformed token'],
    [
      "another query's key",
      Buffer.from(JSON.stringify({ columns: ['x'], values: ['1'], total_rows_returned_so_far: 1 })).toString('base64url'),
      'Invalid cursor: it orders by x but this query orders by interval_start_utc, location',
    ],
    [
      'a value that cannot be a key',
      Buffer.from(
        JSON.stringify({ columns: ['interval_start_utc', 'location'], values: ['soon', 'A'], total_rows_returned_so_far: 1 }),
      ).toString('base64url'),
      'Invalid cursor: bad value for interval_start_utc',
    ],
  ])('bad cursor (%s) → 400', async (_name, cursor, detail) => {
    const res = await get(`${DST}cursor=${cursor}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail });
  });

  it('uses the plan: default page_size = rows per response, above it → 400', async () => {
    expect(body(await get(`${DST}columns=value`, {}, limited.app)).meta).toMatchObject({ page_size: 100, hasNextPage: true });
    const res = await get(`${DST}page_size=101`, {}, limited.app);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ detail: 'page_size 101 exceeds the 100 rows per response of your plan' });
  });

  it('refuses resampling on a plan without it (403)', async () => {
    const res = await get(`${DST}resample_frequency=1h`, {}, limited.app);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'Resampling requires a paid plan. Your plan: tiny.' });
  });

  it('reports the rows sent for usage accounting', async () => {
    server.rows.length = 0;
    await get(`${DST}limit=7`);
    await get(`${DST}page_size=100&page=3`, { 'x-stream': 'true' });
    await get(`${DST}filter_column=nope&filter_value=1`);
    expect(server.rows).toEqual([7, 88, 0]);
  });
});

describe('output formats', () => {
  it('CSV: header, RFC 4180 quoting, empty NULLs, pagination headers', async () => {
    const res = await get(`${DST}return_format=csv&limit=3&page_size=2&columns=location,note`);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers).toMatchObject({ 'x-page': '1', 'x-page-size': '2', 'x-limit': '3', 'x-has-next-page': 'true' });
    expect(parseCsv(res.body)).toEqual([
      ['interval_start_utc', 'interval_end_utc', 'location', 'note'],
      ['2024-03-09T00:00:00+00:00', '2024-03-09T01:00:00+00:00', 'NORTH', ''],
      ['2024-03-09T00:00:00+00:00', '2024-03-09T01:00:00+00:00', 'SOUTH, "X"', ''],
    ]);
    expect(res.body).toContain('"SOUTH, ""X"""');
  });

  it('CSV with cursor pagination carries the next cursor in X-Cursor', async () => {
    const res = await get(`${DST}return_format=csv&cursor=&page_size=2`);
    expect(decode(String(res.headers['x-cursor'])).total_rows_returned_so_far).toBe(2);
  });

  it('array-of-arrays: a header row, also with zero rows', async () => {
    const some = body(await get(`${DST}json_schema=array-of-arrays&limit=1&columns=value`)).data;
    expect(some).toEqual([
      ['interval_start_utc', 'interval_end_utc', 'value'],
      ['2024-03-09T00:00:00+00:00', '2024-03-09T01:00:00+00:00', 0],
    ]);
    const none = body(await get(`${DST}json_schema=array-of-arrays&start_time=2030-01-01&columns=value`)).data;
    expect(none).toEqual([['interval_start_utc', 'interval_end_utc', 'value']]);
  });

  it('carries the dataset with its zone in dataset_metadata', async () => {
    const { dataset_metadata } = body(await get(`${DST}limit=1`));
    expect(dataset_metadata).toMatchObject({
      id: 'fx_dst',
      data_timezone: 'US/Eastern',
      time_index_column: 'interval_start_utc',
    });
  });

  it.each([
    ['json', 'attachment; filename="fx_dst.json"'],
    ['csv', 'attachment; filename="fx_dst.csv"'],
  ])('download=true sets Content-Disposition (%s)', async (format, disposition) => {
    const res = await get(`${DST}download=true&return_format=${format}&limit=1`);
    expect(res.headers['content-disposition']).toBe(disposition);
  });

  it.each(['array-of-objects', 'array-of-arrays'])(
    'X-Stream: true sends the same %s body, without pagination headers',
    async (shape) => {
      const url = `${DST}json_schema=${shape}&cursor=&page_size=150&timezone=market`;
      const buffered = await get(url);
      const streamed = await get(url, { 'x-stream': 'true' });
      expect(streamed.statusCode).toBe(200);
      expect(streamed.body).toBe(buffered.body);
      expect(streamed.headers['x-has-next-page']).toBeUndefined();
      expect(streamed.headers['x-page']).toBeUndefined();
      expect(buffered.headers['x-has-next-page']).toBe('true');
    },
  );

  it.each(['br', 'gzip'])('honours Accept-Encoding: %s', async (encoding) => {
    const identity = await get(`${DST}limit=50`);
    const res = await get(`${DST}limit=50`, { 'accept-encoding': encoding });
    expect(res.headers['content-encoding']).toBe(encoding);
    const text = (encoding === 'br' ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload)).toString('utf8');
    expect(text).toBe(identity.body);
  });
});
