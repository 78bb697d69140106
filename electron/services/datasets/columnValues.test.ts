import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ColumnValuesResult, QueryEstimate, Result } from '../../../shared/index.js';
import { SPEC_MIN_DATASET, SPEC_MIN_USAGE } from '../../../shared/test-support/clientSamples.js';
import { sendJson } from '../../test-support/upstream.js';
import type { Upstream } from '../../test-support/upstream.js';
import { startServicesOverUpstream } from '../../test-support/servicesOverUpstream.js';
import type { ServicesOverUpstream } from '../../test-support/servicesOverUpstream.js';
import { dispatch } from '../verbs/dispatch.js';
import type { Services } from '../index.js';

// `datasets:columnValues` and the estimate's `timezone` through the real services and a fake upstream, both profiles.

const ID = SPEC_MIN_DATASET.id;
const REMOTE_KEY = 'remote-values-key-abcdefgh';
const VALUES = `/datasets/${ID}/columns/zone/values`;

let up: Upstream;
let services: Services;

const call = <T>(verb: string, input: unknown = {}) => dispatch(services.handlers, verb, input) as Promise<Result<T>>;
const serve = (path: string, body: unknown, status = 200) => up.route(`/v1${path}`, (_q, res) => sendJson(res, status, body));

let fixture: ServicesOverUpstream;
beforeEach(async () => {
  fixture = await startServicesOverUpstream('values', { maxAttempts: 1 });
  ({ services, up } = fixture);
});
afterEach(() => fixture.close());

describe.each(['embedded', 'remote'] as const)('datasets:columnValues (%s profile)', (profile) => {
  beforeEach(async () => {
    if (profile !== 'remote') return;
    await fixture.useRemote(REMOTE_KEY);
  });

  it('GETs /datasets/{id}/columns/{column}/values with search and limit and answers the values', async () => {
    const values = [
      { value: 'WEST', count: 288 },
      { value: 'N.Y.C.', count: 280 },
    ];
    serve(VALUES, { dataset_id: ID, column: 'zone', values, truncated: true });
    const r = await call<ColumnValuesResult>('datasets:columnValues', { datasetId: ID, column: 'zone', search: 'w e', limit: 2 });
    expect(r).toEqual({ ok: true, value: { datasetId: ID, column: 'zone', values, truncated: true } });
    const sent = new URL(up.requests.at(-1)!.url, up.origin);
    expect(sent.pathname).toBe(`/v1${VALUES}`);
    expect(Object.fromEntries(sent.searchParams)).toEqual({ search: 'w e', limit: '2' });
    expect(up.requests.at(-1)!.headers['x-api-key']).toBe(profile === 'remote' ? REMOTE_KEY : 'embedded-values-key-01');
  });

  it('reads lenient bodies: bare values, no counts, no envelope keys, nulls dropped', async () => {
    serve(VALUES, { values: ['WEST', { value: 61757 }, null, { value: null, count: 3 }, true] });
    expect(await call('datasets:columnValues', { datasetId: ID, column: 'zone' })).toEqual({
      ok: true,
      value: {
        datasetId: ID,
        column: 'zone',
        values: [
          { value: 'WEST', count: null },
          { value: 61757, count: null },
          { value: true, count: null },
        ],
        truncated: false,
      },
    });
    serve(VALUES, ['A', 'B']);
    expect(await call<ColumnValuesResult>('datasets:columnValues', { datasetId: ID, column: 'zone' })).toMatchObject({
      ok: true,
      value: { values: [{ value: 'A' }, { value: 'B' }] },
    });
  });

  it('a server without the route answers not_found; a malformed body internal', async () => {
    serve(VALUES, { detail: 'Not Found' }, 404);
    expect(await call('datasets:columnValues', { datasetId: ID, column: 'zone' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    serve(VALUES, { values: 'WEST' });
    const r = await call('datasets:columnValues', { datasetId: ID, column: 'zone' });
    expect(r).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(r.ok ? '' : r.error.message).toMatch(/does not understand/);
  });
});

describe('datasets:columnValues requestId', () => {
  it('is listed by requests:status while pending and cancelled by requests:cancel', async () => {
    up.route(`/v1${VALUES}`, () => undefined); // never answers
    const pending = call('datasets:columnValues', { datasetId: ID, column: 'zone', requestId: 'vals-1' });
    await vi.waitFor(async () =>
      expect(await call('requests:status', { requestIds: ['vals-1'] })).toMatchObject({
        ok: true,
        value: [{ requestId: 'vals-1', verb: 'datasets:columnValues' }],
      }),
    );
    expect(await call('requests:cancel', { requestId: 'vals-1' })).toEqual({ ok: true, value: { cancelled: true } });
    expect(await pending).toMatchObject({ ok: false, error: { code: 'cancelled' } });
  });

  it('rejects an unknown field or an unsafe column before any request', async () => {
    expect(await call('datasets:columnValues', { datasetId: ID, column: 'zone/../../api_usage' })).toMatchObject({
      ok: false,
      error: { code: 'validation' },
    });
    expect(up.requests).toHaveLength(0);
  });
});

describe('datasets:estimate with a timezone', () => {
  it('market reads the window in the dataset zone; an unknown zone is a validation error', async () => {
    serve(`/datasets/${ID}`, {
      ...SPEC_MIN_DATASET,
      data_timezone: 'US/Eastern',
      latest_available_time_utc: '2024-01-11T04:00:00+00:00',
      number_of_rows_approximate: 240,
    });
    serve('/api_usage', SPEC_MIN_USAGE);
    const window = { datasetId: ID, startTime: '2024-01-01', endTime: '2024-01-02' };
    // Hourly from 2024-01-01T05:00Z: the US/Eastern day holds 24 intervals, the UTC day only 19 (05:00Z–23:00Z).
    expect(await call<QueryEstimate>('datasets:estimate', { ...window, timezone: 'market' })).toMatchObject({
      ok: true,
      value: { estimatedRows: 24 },
    });
    expect(await call<QueryEstimate>('datasets:estimate', window)).toMatchObject({ ok: true, value: { estimatedRows: 19 } });
    expect(await call('datasets:estimate', { ...window, timezone: 'Mars/Olympus' })).toMatchObject({
      ok: false,
      error: {
        code: 'validation',
        message: "Unknown timezone 'Mars/Olympus': use an IANA zone such as America/Chicago, or market.",
      },
    });
  });
});

describe('datasets:estimate reads the column values the filter form loaded', () => {
  it('bare values count the subseries; a value count of the filter column bounds the rows kept', async () => {
    // 2024-01-01T05:00Z … 2024-01-11T04:00Z: 240 hours × 2 zones = 480 rows, no gaps.
    const ds = {
      ...SPEC_MIN_DATASET,
      subseries_index_column: 'zone',
      latest_available_time_utc: '2024-01-11T04:00:00+00:00',
      number_of_rows_approximate: 480,
    };
    serve(`/datasets/${ID}`, ds);
    serve('/api_usage', SPEC_MIN_USAGE);
    serve(VALUES, ['WEST', 'EAST', null]);
    serve(`/datasets/${ID}/columns/market/values`, { values: [{ value: 'DA', count: 300 }, { value: 'RT' }] });
    const window = { datasetId: ID, startTime: '2024-01-02T05:00:00Z', endTime: '2024-01-03T05:00:00Z' };
    // Before the values are loaded, the number of zones is unknown: an upper bound of every row.
    expect(await call<QueryEstimate>('datasets:estimate', window)).toMatchObject({
      ok: true,
      value: { estimatedRows: 480, upperBound: true },
    });
    await call('datasets:columnValues', { datasetId: ID, column: 'zone', limit: 100 });
    await call('datasets:columnValues', { datasetId: ID, column: 'market', limit: 100 });
    const r = await call<QueryEstimate>('datasets:estimate', window);
    expect(r).toMatchObject({ ok: true, value: { estimatedRows: 48, warnings: [] } });
    expect(r.ok && r.value.upperBound).toBeUndefined();
    expect(r.ok && r.value.basis).toContain('× 2 zone values = 48 rows');
    // DA: 300 of 480 rows in all, not known per day: at most the day's 48.
    const da = await call<QueryEstimate>('datasets:estimate', {
      ...window,
      filter: { column: 'market', operator: '=', value: 'DA' },
    });
    expect(da).toMatchObject({ ok: true, value: { estimatedRows: 48, upperBound: true, warnings: [] } });
    expect(da.ok && da.value.basis).toContain('62.5 % of rows with market = DA (300 of 480)');
  });
});
