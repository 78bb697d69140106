import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { QueryEstimate, Result } from '../../../shared/index.js';
import { SPEC_MIN_USAGE } from '../../../shared/test-support/clientSamples.js';
import { auditRow, dataset } from '../../../shared/test-support/fixtures.js';
import { sendJson } from '../../test-support/upstream.js';
import type { Upstream } from '../../test-support/upstream.js';
import { startServicesOverUpstream } from '../../test-support/servicesOverUpstream.js';
import type { ServicesOverUpstream } from '../../test-support/servicesOverUpstream.js';
import { dispatch } from '../verbs/dispatch.js';

// With the dataset page loaded the estimate asks /v1 for `/api_usage` only; its metadata goes when the key, Remote URL,
// profile or a query's `dataset_metadata` changes. Real services over a recording fake upstream.

const ID = 'pjm_lmp_day_ahead_hourly';
const REMOTE_KEY = 'remote-metadata-key-0001';
/** 10 days of hourly data × 3 locations, zone UTC: 720 rows, no gaps. */
const DATASET = {
  ...dataset(ID),
  data_timezone: 'UTC',
  earliest_available_time_utc: '2024-01-01T00:00:00+00:00',
  latest_available_time_utc: '2024-01-10T23:00:00+00:00',
  number_of_rows_approximate: 720,
  all_columns: [
    ...dataset(ID).all_columns,
    { name: 'location', type: 'VARCHAR', is_numeric: false, is_date: false, is_datetime: false },
  ],
};
/** Audit row of a day of DATASET: 24 hours × 3 locations. */
const auditDay = (marketDate: string) => ({
  ...auditRow(marketDate),
  number_of_datapoints: 72,
  number_of_unique_subseries_index_values: 3,
});
const DAY = { datasetId: ID, startTime: '2024-01-02', endTime: '2024-01-03' };

let fixture: ServicesOverUpstream;
let up: Upstream;
let body: typeof DATASET;

const call = <T>(verb: string, input: unknown = {}) => dispatch(fixture.services.handlers, verb, input) as Promise<Result<T>>;

const pathsSince = (from: number) => up.requests.slice(from).map((r) => new URL(r.url, up.origin).pathname.replace(/^\/v1/, ''));

beforeEach(async () => {
  fixture = await startServicesOverUpstream('metadata');
  up = fixture.up;
  body = DATASET;
  up.route(`/v1/datasets/${ID}`, (_q, res) => sendJson(res, 200, body));
  up.route('/v1/api_usage', (_q, res) => sendJson(res, 200, SPEC_MIN_USAGE));
  up.route(`/v1/datasets/${ID}/audit`, (_q, res) =>
    sendJson(res, 200, { data: ['2024-01-01', '2024-01-02', '2024-01-03'].map(auditDay) }),
  );
  up.route(`/v1/datasets/${ID}/columns/location/values`, (_q, res) =>
    sendJson(res, 200, { values: ['A', 'B', 'C'].map((value) => ({ value, count: 240 })), truncated: false }),
  );
  up.route(`/v1/datasets/${ID}/query`, (_q, res) =>
    sendJson(res, 200, { data: [['interval_start_utc']], meta: { hasNextPage: false }, dataset_metadata: body }),
  );
});
afterEach(() => fixture.close());

describe.each(['embedded', 'remote'] as const)('datasets:estimate over cached metadata (%s profile)', (profile) => {
  beforeEach(async () => {
    if (profile === 'remote') await fixture.useRemote(REMOTE_KEY);
  });

  it('after datasets:get it asks only /api_usage; without it, the dataset too — once', async () => {
    // The usage meter's first read, as at the app's start: the rate gate learns the plan from it.
    expect(await call('usage:get')).toMatchObject({ ok: true });
    let mark = up.requests.length;
    expect(await call<QueryEstimate>('datasets:estimate', DAY)).toMatchObject({ ok: true });
    expect(pathsSince(mark)).toEqual([`/datasets/${ID}`, '/api_usage']);
    mark = up.requests.length;
    expect(await call<QueryEstimate>('datasets:estimate', DAY)).toMatchObject({ ok: true });
    expect(pathsSince(mark)).toEqual(['/api_usage']);

    expect(await call('cache:clear', { profile })).toMatchObject({ ok: true });
    expect(await call('datasets:get', { datasetId: ID })).toMatchObject({ ok: true });
    mark = up.requests.length;
    expect(await call<QueryEstimate>('datasets:estimate', DAY)).toMatchObject({ ok: true });
    expect(pathsSince(mark)).toEqual(['/api_usage']);
  });

  it('uses the audit counts and column values the page loaded, without fetching them itself', async () => {
    await call('datasets:get', { datasetId: ID });
    const filter = { column: 'location', operator: '=', value: 'B' };
    // Nothing loaded but the dataset: the number of locations is unknown, so at most every row.
    expect(await call<QueryEstimate>('datasets:estimate', { ...DAY, filter })).toMatchObject({
      ok: true,
      value: { estimatedRows: 720, upperBound: true },
    });
    await call('datasets:audit', { datasetId: ID });
    await call('datasets:columnValues', { datasetId: ID, column: 'location', limit: 100 });
    const mark = up.requests.length;
    const r = await call<QueryEstimate>('datasets:estimate', { ...DAY, filter });
    // 72 rows on 2024-01-02, every location at every hour: B has a third of them.
    expect(r).toMatchObject({ ok: true, value: { estimatedRows: 24 } });
    expect(r.ok && r.value.upperBound).toBeUndefined();
    expect(r.ok && r.value.basis).toMatch(
      /^Per-date counts \(audit\): 72 rows on 1 market date \(UTC\) inside the window × 1 of 3 location values/,
    );
    expect(pathsSince(mark)).toEqual(['/api_usage']);
  });

  it("a query whose dataset_metadata differs drops the dataset's metadata: the next estimate fetches it again", async () => {
    await call('datasets:get', { datasetId: ID });
    await call('datasets:query', { datasetId: ID });
    let mark = up.requests.length;
    await call('datasets:estimate', DAY);
    expect(pathsSince(mark)).toEqual(['/api_usage']);
    body = { ...DATASET, latest_available_time_utc: '2024-01-11T23:00:00+00:00', number_of_rows_approximate: 792 };
    await call('datasets:query', { datasetId: ID });
    mark = up.requests.length;
    await call('datasets:estimate', DAY);
    expect(pathsSince(mark)).toEqual([`/datasets/${ID}`, '/api_usage']);
  });

  it('the last usage read stands in when /api_usage fails', async () => {
    await call('datasets:get', { datasetId: ID });
    expect(await call('usage:get')).toMatchObject({ ok: true });
    up.route('/v1/api_usage', (_q, res) => sendJson(res, 500, { detail: 'down' }));
    const r = await call<QueryEstimate>('datasets:estimate', DAY);
    expect(r).toMatchObject({ ok: true, value: { remainingMonthlyRows: 500_000 - 1200, warnings: [] } });
  });
});

describe('what drops the metadata', () => {
  it('a new Remote key, a new Remote URL origin and a profile switch', async () => {
    await fixture.useRemote(REMOTE_KEY);
    await call('datasets:get', { datasetId: ID });
    const estimatePaths = async () => {
      const mark = up.requests.length;
      await call('datasets:estimate', DAY);
      return pathsSince(mark);
    };
    expect(await estimatePaths()).toEqual(['/api_usage']);
    // keys:set tests the key with its own request; the estimate after it must fetch the dataset again.
    expect(await call('keys:set', { profile: 'remote', key: `${REMOTE_KEY}-2` })).toMatchObject({ ok: true });
    expect(await estimatePaths()).toEqual([`/datasets/${ID}`, '/api_usage']);
    expect(await estimatePaths()).toEqual(['/api_usage']);
    // Same server by another host name: a new origin (the key is deleted, so set one again).
    await call('profiles:setRemoteUrl', { baseUrl: `${up.origin.replace('127.0.0.1', 'localhost')}/v1` });
    await call('keys:set', { profile: 'remote', key: REMOTE_KEY });
    expect(await estimatePaths()).toEqual([`/datasets/${ID}`, '/api_usage']);
    await call('profiles:setActive', { profile: 'embedded' });
    await call('datasets:get', { datasetId: ID });
    await call('profiles:setActive', { profile: 'remote' });
    expect(await estimatePaths()).toEqual([`/datasets/${ID}`, '/api_usage']);
  });
});
