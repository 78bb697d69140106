import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  ApiUsage,
  AuditRow,
  Dataset,
  DatasetWithTimezone,
  QueryEstimate,
  QueryPage,
  Result,
} from '../../../shared/index.js';
import {
  GRIDSTATUS_2024_LIST,
  SPEC_MIN_AUDIT,
  SPEC_MIN_DATASET,
  SPEC_MIN_LIST,
  SPEC_MIN_USAGE,
} from '../../../shared/test-support/clientSamples.js';
import { sendJson } from '../../test-support/upstream.js';
import type { Upstream } from '../../test-support/upstream.js';
import { startServicesOverUpstream } from '../../test-support/servicesOverUpstream.js';
import type { ServicesOverUpstream } from '../../test-support/servicesOverUpstream.js';
import { dispatch } from '../verbs/dispatch.js';
import type { Services } from '../index.js';

// /v1 bodies as other servers send them (minimal ones, the hosted API's 2024 catalogue), through the real services, both profiles.

const ID = SPEC_MIN_DATASET.id;
const REMOTE_KEY = 'remote-bodies-key-abcdefgh';

let up: Upstream;
let services: Services;

const call = <T>(verb: string, input: unknown = {}) => dispatch(services.handlers, verb, input) as Promise<Result<T>>;
const value = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
};

const serve = (path: string, body: unknown) => up.route(`/v1${path}`, (_q, res) => sendJson(res, 200, body));

let fixture: ServicesOverUpstream;
beforeEach(async () => {
  fixture = await startServicesOverUpstream('bodies', { maxAttempts: 1 });
  ({ services, up } = fixture);
});
afterEach(() => fixture.close());

describe.each(['embedded', 'remote'] as const)('%s profile', (profile) => {
  beforeEach(async () => {
    if (profile !== 'remote') return;
    await fixture.useRemote(REMOTE_KEY);
  });

  it('datasets:list reads the hosted 2024 catalogue: is_in_snowflake → is_in_warehouse, pre-_utc names mapped', async () => {
    serve('/datasets', GRIDSTATUS_2024_LIST);
    const list = value(await call<Dataset[]>('datasets:list'));
    expect(list.map((d) => [d.id, d.is_in_warehouse, d.earliest_available_time_utc])).toEqual([
      ['all_records', false, '2017-12-13T22:05:00+00:00'],
      ['caiso_as_prices', true, '2010-01-01T08:00:00+00:00'],
      ['caiso_curtailment', true, '2017-01-01T12:00:00+00:00'],
    ]);
    expect(list[1]).toMatchObject({
      subseries_index_column: 'region',
      last_checked_time_utc: '2024-09-24T16:54:44+00:00',
      status: null,
    });
    expect(list[1]).not.toHaveProperty('is_in_snowflake');
    expect(list[2]!.all_columns[0]).toEqual({
      name: 'interval_start_utc',
      type: 'TIMESTAMP',
      is_numeric: false,
      is_date: true,
      is_datetime: true,
    });
    if (profile === 'remote') expect(up.requests.at(-1)?.headers['x-api-key']).toBe(REMOTE_KEY);
  });

  it('datasets:list, datasets:get, datasets:audit and usage:get read spec-minimal bodies', async () => {
    serve('/datasets', SPEC_MIN_LIST);
    serve(`/datasets/${ID}`, SPEC_MIN_DATASET);
    serve(`/datasets/${ID}/audit`, SPEC_MIN_AUDIT);
    serve('/api_usage', SPEC_MIN_USAGE);

    expect(value(await call<Dataset[]>('datasets:list'))).toEqual([
      expect.objectContaining({ id: ID, all_columns: [], is_in_warehouse: null }),
    ]);
    const one = value(await call<DatasetWithTimezone>('datasets:get', { datasetId: ID }));
    expect(one).toMatchObject({
      id: ID,
      data_timezone: 'UTC',
      data_frequency: '1_HOUR',
      all_columns: [],
      subseries_index_column: null,
    });
    expect(value(await call<AuditRow[]>('datasets:audit', { datasetId: ID }))).toEqual(SPEC_MIN_AUDIT.data);
    const usage = value(await call<ApiUsage>('usage:get'));
    expect(usage).toMatchObject({ plan_name: 'Free', limits: { api_rows_returned_limit: 500_000, api_requests_limit: -1 } });
    expect(usage.current_usage_period_end).toMatch(/^\d{4}-\d{2}-01T00:00:00\+00:00$/);
  });

  it('datasets:get takes data_timezone from dataset_metadata of an envelope', async () => {
    serve(`/datasets/${ID}`, {
      status_code: 200,
      data: [],
      meta: { page: 1 },
      dataset_metadata: { ...SPEC_MIN_DATASET, data_timezone: 'US/Eastern' },
    });
    const one = value(await call<DatasetWithTimezone>('datasets:get', { datasetId: ID }));
    expect(one).toMatchObject({ id: ID, data_timezone: 'US/Eastern' });
    expect(one).not.toHaveProperty('dataset_metadata');
  });

  it('datasets:estimate and datasets:query read spec-minimal bodies', async () => {
    serve(`/datasets/${ID}`, {
      ...SPEC_MIN_DATASET,
      latest_available_time_utc: '2024-01-11T05:00:00+00:00',
      number_of_rows_approximate: 240,
    });
    serve('/api_usage', SPEC_MIN_USAGE);
    serve(`/datasets/${ID}/query`, {
      data: [
        ['interval_start_utc', 'lmp'],
        ['2024-01-01T05:00:00+00:00', 21.5],
      ],
    });

    const estimate = value(
      await call<QueryEstimate>('datasets:estimate', {
        datasetId: ID,
        startTime: '2024-01-01T05:00:00Z',
        endTime: '2024-01-02T05:00:00Z',
      }),
    );
    expect(estimate).toMatchObject({
      datasetId: ID,
      estimatedRows: 24,
      remainingMonthlyRows: 500_000 - 1200,
      perResponseLimit: 50_000,
    });
    expect(value(await call<QueryPage>('datasets:query', { datasetId: ID }))).toEqual({
      columns: ['interval_start_utc', 'lmp'],
      rows: [['2024-01-01T05:00:00+00:00', 21.5]],
      hasNextPage: false,
      cursor: null,
      datasetTimezone: 'UTC',
    });
  });

  it.each([
    ['datasets:list', '/datasets', { ...SPEC_MIN_LIST, data: 'x' }, /data:/],
    [
      'datasets:list',
      '/datasets',
      { ...SPEC_MIN_LIST, data: [{ ...SPEC_MIN_DATASET, is_in_snowflake: 'yes' }] },
      /data\.0\.is_in_snowflake:/,
    ],
    ['datasets:get', `/datasets/${ID}`, { status_code: 200, data: [], meta: { page: 1 } }, /id:/],
    [
      'datasets:audit',
      `/datasets/${ID}/audit`,
      { ...SPEC_MIN_AUDIT, data: [{ market_date: '2024-03-01' }] },
      /data\.0\.number_of_datapoints:/,
    ],
    ['usage:get', '/api_usage', { plan_name: 'Free' }, /limits:/],
    ['datasets:query', `/datasets/${ID}/query`, { data: [] }, /data:/],
  ])('%s with a malformed body (%s) answers internal, naming the field', async (verb, path, body, field) => {
    serve(path, body);
    const r = await call(verb, verb === 'datasets:list' || verb === 'usage:get' ? {} : { datasetId: ID });
    expect(r).toMatchObject({ ok: false, error: { code: 'internal' } });
    const message = r.ok ? '' : r.error.message;
    expect(message).toMatch(/^The \/v1 server sent a response Gridscope does not understand/);
    expect(message).toMatch(field);
    expect(message).not.toContain(REMOTE_KEY);
  });
});
