import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contractInputs } from '../../../shared/index.js';
import type { QueryPage, Result } from '../../../shared/index.js';
import { sendJson } from '../../test-support/upstream.js';
import type { Upstream } from '../../test-support/upstream.js';
import { startServicesOverUpstream } from '../../test-support/servicesOverUpstream.js';
import type { ServicesOverUpstream } from '../../test-support/servicesOverUpstream.js';
import { dispatch } from '../verbs/dispatch.js';
import type { Services } from '../index.js';

/** `datasets:query` through the real services, the embedded profile pointing at a local upstream. */

const ID = 'pjm_lmp_day_ahead_hourly';
const PATH = `/v1/datasets/${ID}/query`;
const HEADER = ['interval_start_utc', 'location', 'lmp'];
const meta = (hasNextPage: boolean, cursor: string | null) => ({ page: 1, page_size: 2, limit: null, hasNextPage, cursor });
const body = (data: unknown[][], hasNextPage = false, cursor: string | null = null) => ({
  status_code: 200,
  data,
  meta: meta(hasNextPage, cursor),
  dataset_metadata: { id: ID, data_timezone: 'US/Eastern' },
});

let up: Upstream;
let services: Services;

const query = (input: Record<string, unknown>) =>
  dispatch(services.handlers, 'datasets:query', { datasetId: ID, ...input }) as Promise<Result<QueryPage>>;
// The query's pages only: the rate gate's one read of the plan (`/api_usage`, once per key) is not one of them.
const params = (i: number) =>
  Object.fromEntries(new URL(up.requests.filter((r) => r.url?.startsWith(PATH))[i]!.url, 'http://x').searchParams);

let fixture: ServicesOverUpstream;
beforeEach(async () => {
  fixture = await startServicesOverUpstream('query', { maxAttempts: 2, baseDelayMs: 1, maxDelayMs: 5 });
  ({ services, up } = fixture);
});
afterEach(() => fixture.close());

describe('datasets:query', () => {
  it('asks for array-of-arrays with a cursor and answers columns, rows and the next cursor', async () => {
    up.route(PATH, (req, res) => {
      const cursor = new URL(req.url ?? '', 'http://x').searchParams.get('cursor');
      if (cursor === '')
        sendJson(
          res,
          200,
          body([HEADER, ['2024-01-01T00:00:00+00:00', 'A', 21.5], ['2024-01-01T00:00:00+00:00', 'B', 22]], true, 'bmV4dA'),
        );
      else sendJson(res, 200, body([HEADER, ['2024-01-01T01:00:00+00:00', 'A', 20]]));
    });
    const first = await query({
      startTime: '2024-01-01',
      endTime: '2024-01-02',
      columns: ['location', 'lmp'],
      filter: { column: 'location', operator: 'in', value: 'A,B' },
      limit: 3,
      pageSize: 2,
      order: 'asc',
      timezone: 'market',
      requestId: 'q-1',
    });
    expect(first).toEqual({
      ok: true,
      value: {
        columns: HEADER,
        rows: [
          ['2024-01-01T00:00:00+00:00', 'A', 21.5],
          ['2024-01-01T00:00:00+00:00', 'B', 22],
        ],
        hasNextPage: true,
        cursor: 'bmV4dA',
        datasetTimezone: 'US/Eastern',
      },
    });
    expect(params(0)).toEqual({
      start_time: '2024-01-01',
      end_time: '2024-01-02',
      columns: 'location,lmp',
      filter_column: 'location',
      filter_operator: 'in',
      filter_value: 'A,B',
      order: 'asc',
      limit: '3',
      page_size: '2',
      timezone: 'market',
      json_schema: 'array-of-arrays',
      cursor: '',
    });
    expect(up.requests[0]!.headers['x-api-key']).toBe('embedded-query-key-01');

    const second = await query({ cursor: 'bmV4dA' });
    expect(second).toMatchObject({
      ok: true,
      value: { rows: [['2024-01-01T01:00:00+00:00', 'A', 20]], hasNextPage: false, cursor: null },
    });
    expect(params(1)).toEqual({ json_schema: 'array-of-arrays', cursor: 'bmV4dA' });
  });

  it('retries a 429 and then answers the rows', async () => {
    let n = 0;
    up.route(PATH, (_req, res) => {
      n += 1;
      if (n === 1) sendJson(res, 429, { detail: 'Too Many Requests. Limit: 1 per 1 second.' }, undefined, { 'retry-after': '0' });
      else sendJson(res, 200, body([HEADER, ['2024-01-01T00:00:00+00:00', 'A', 1]]));
    });
    const r = await query({ requestId: 'q-retry' });
    expect(r).toMatchObject({ ok: true, value: { rows: [['2024-01-01T00:00:00+00:00', 'A', 1]] } });
    expect(n).toBe(2);
  });

  it('maps /v1 errors and refuses a body without a header row or with ragged rows', async () => {
    up.route(PATH, (_req, res) => sendJson(res, 400, { detail: 'Column nope not found in dataset.' }));
    expect(await query({ columns: ['nope'] })).toMatchObject({ ok: false, error: { code: 'validation', status: 400 } });
    up.route(PATH, (_req, res) => sendJson(res, 200, body([[1, 2]])));
    expect(await query({})).toMatchObject({ ok: false, error: { code: 'internal' } });
    up.route(PATH, (_req, res) => sendJson(res, 200, body([HEADER, ['a']])));
    expect(await query({})).toMatchObject({ ok: false, error: { code: 'internal' } });
    up.route(PATH, (_req, res) => sendJson(res, 200, { status_code: 200, data: [{ a: 1 }], meta: meta(false, null) }));
    expect(await query({})).toMatchObject({ ok: false, error: { code: 'internal' } });
  });

  it('rejects bad inputs before any request', async () => {
    for (const bad of [
      { limit: 0 },
      { limit: 100_001 },
      { pageSize: 1.5 },
      { cursor: 'a&b=c' },
      { columns: ['a,b'] },
      { order: 'up' },
      { timezone: 'a b' },
      { sql: 'x' },
    ]) {
      expect(contractInputs['datasets:query'].safeParse({ datasetId: ID, ...bad }).success, JSON.stringify(bad)).toBe(false);
      expect(await query(bad)).toMatchObject({ ok: false, error: { code: 'validation' } });
    }
    expect(up.requests).toHaveLength(0);
  });
});
