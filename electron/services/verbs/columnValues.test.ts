import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ColumnValuesResult, QueryEstimate, Result } from '../../../shared/index.js';
import { SPEC_MIN_DATASET, SPEC_MIN_USAGE } from '../../../shared/test-support/clientSamples.js';
import { sendJson } from '../../test-support/upstream.js';
import type { Upstream } from '../../test-support/upstream.js';
import { startServicesOverUpstream } from '../../test-support/servicesOverUpstream.js';
import type { ServicesOverUpstream } from '../../test-support/servicesOverUpstream.js';
import { dispatch } from './dispatch.js';
import { inZone } from './forecast.js';
import type { Services } from '../index.js';

/**
 * `datasets:columnValues` (filter suggestions) through the real services and a fake upstream, both
 * profiles: the path and parameters sent, lenient bodies, `requestId` tracking, failures as data.
 * Also the estimate's `timezone` (naive times read in the query's zone).
 */

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
    serve(VALUES, { dataset_id: ID, column: 'zone', values: [{ value: 'WEST', count: 288 }, { value: 'N.Y.C.', count: 280 }], truncated: true });
    const r = await call<ColumnValuesResult>('datasets:columnValues', { datasetId: ID, column: 'zone', search: 'w e', limit: 2 });
    expect(r).toEqual({
      ok: true,
      value: { datasetId: ID, column: 'zone', values: [{ value: 'WEST', count: 288 }, { value: 'N.Y.C.', count: 280 }], truncated: true },
    });
    const sent = new URL(up.requests.at(-1)!.url, up.origin);
    expect(sent.pathname).toBe(`/v1${VALUES}`);
    expect(Object.fromEntries(sent.searchParams)).toEqual({ search: 'w e', limit: '2' });
    expect(up.requests.at(-1)!.headers['x-api-key']).toBe(profile === 'remote' ? REMOTE_KEY : 'embedded-values-key-01');
  });

  it('reads lenient bodies: bare values, no counts, no envelope keys, nulls dropped', async () => {
    serve(VALUES, { values: ['WEST', { value: 61757 }, null, { value: null, count: 3 }, true] });
    expect(await call('datasets:columnValues', { datasetId: ID, column: 'zone' })).toEqual({
      ok: true,
      value: { datasetId: ID, column: 'zone', values: [{ value: 'WEST', count: null }, { value: 61757, count: null }, { value: true, count: null }], truncated: false },
    });
    serve(VALUES, ['A', 'B']);
    expect(await call<ColumnValuesResult>('datasets:columnValues', { datasetId: ID, column: 'zone' })).toMatchObject({ ok: true, value: { values: [{ value: 'A' }, { value: 'B' }] } });
  });

  it('a server without the route answers not_found; a malformed body internal', async () => {
    serve(VALUES, { detail: 'Not Found' }, 404);
    expect(await call('datasets:columnValues', { datasetId: ID, column: 'zone' })).toMatchObject({ ok: false, error: { code: 'not_found' } });
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
    await vi.waitFor(async () => expect(await call('requests:status', { requestIds: ['vals-1'] })).toMatchObject({ ok: true, value: [{ requestId: 'vals-1', verb: 'datasets:columnValues' }] }));
    expect(await call('requests:cancel', { requestId: 'vals-1' })).toEqual({ ok: true, value: { cancelled: true } });
    expect(await pending).toMatchObject({ ok: false, error: { code: 'cancelled' } });
  });

  it('rejects an unknown field or an unsafe column before any request', async () => {
    expect(await call('datasets:columnValues', { datasetId: ID, column: 'zone/../../api_usage' })).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(up.requests).toHaveLength(0);
  });
});

describe('datasets:estimate with a timezone', () => {
  it('inZone reads naive times as wall-clock time in the zone, DST rules as the query', () => {
    expect(inZone('2024-03-10', 'US/Eastern')).toBe('2024-03-10T05:00:00Z');
    expect(inZone('2024-03-10 02:30', 'US/Eastern')).toBe('2024-03-10T07:30:00Z'); // skipped hour
    expect(inZone('2024-11-03T01:30:00', 'US/Eastern')).toBe('2024-11-03T05:30:00Z'); // first occurrence
    expect(inZone('2024-03-10T00:00:00Z', 'US/Eastern')).toBe('2024-03-10T00:00:00Z');
  });

  it('market reads the window in the dataset zone; an unknown zone is a validation error', async () => {
    serve(`/datasets/${ID}`, { ...SPEC_MIN_DATASET, data_timezone: 'US/Eastern', latest_available_time_utc: '2024-01-11T05:00:00+00:00', number_of_rows_approximate: 240 });
    serve('/api_usage', SPEC_MIN_USAGE);
    const r = await call<QueryEstimate>('datasets:estimate', { datasetId: ID, startTime: '2024-01-01', endTime: '2024-01-02', timezone: 'market' });
    expect(r).toMatchObject({ ok: true, value: { estimatedRows: 24 } });
    expect(r.ok && r.value.basis).toContain('2024-01-01T05:00:00Z');
    expect(await call('datasets:estimate', { datasetId: ID, startTime: '2024-01-01', timezone: 'Mars/Olympus' })).toMatchObject({ ok: false, error: { code: 'validation' } });
  });
});

describe('datasets:estimate reads column values leniently', () => {
  it('bare values count the subseries; values without row counts leave a filter on another column uncounted', async () => {
    serve(`/datasets/${ID}`, { ...SPEC_MIN_DATASET, subseries_index_column: 'zone', latest_available_time_utc: '2024-01-11T04:00:00+00:00' });
    serve('/api_usage', SPEC_MIN_USAGE);
    serve(VALUES, ['WEST', 'EAST', null]);
    serve(`/datasets/${ID}/columns/market/values`, { values: [{ value: 'DA', count: 300 }, { value: 'RT' }] });
    const r = await call<QueryEstimate>('datasets:estimate', {
      datasetId: ID,
      startTime: '2024-01-02T05:00:00Z',
      endTime: '2024-01-03T05:00:00Z',
      filter: { column: 'market', operator: '=', value: 'DA' },
    });
    expect(r).toMatchObject({ ok: true, value: { estimatedRows: 48, warnings: ['The filter market = DA is not counted: the estimate is an upper bound.'] } });
    expect(r.ok && r.value.basis).toContain('2 subseries (distinct values of zone)');
  });
});
