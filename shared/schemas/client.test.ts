import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClientApiUsage } from './client-usage.js';
import { ClientQuery } from './client-query.js';
import { ClientAudit, ClientDataset, ClientDatasetDetail, ClientDatasetList, ClientPageMeta } from './client.js';
import {
  GRIDSTATUS_2024_LIST,
  GRIDSTATUS_CURRENT_DATASET,
  SPEC_MIN_AUDIT,
  SPEC_MIN_DATASET,
  SPEC_MIN_LIST,
  SPEC_MIN_USAGE,
} from '../test-support/clientSamples.js';
import { PageMeta } from './common.js';
import {
  AuditResponse,
  AuditRow,
  Dataset,
  DatasetDetailResponse,
  DatasetListResponse,
  DatasetWithTimezone,
  RESAMPLE_CONVERSION,
} from './dataset.js';
import { ApiUsage } from './usage.js';

const NULL_META = { page: null, limit: null, page_size: null, hasNextPage: null, cursor: null };
const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  r.error?.issues.map((i) => i.path.join('.'));

describe('bodies in the strict server shapes (our embedded server)', () => {
  const dataset = {
    ...SPEC_MIN_DATASET,
    subseries_index_column: 'location',
    popularity_rank: 7,
    all_columns: GRIDSTATUS_CURRENT_DATASET.all_columns,
  };
  const withTz = { ...dataset, data_timezone: 'America/New_York' };

  it('pass through unchanged', () => {
    const list = DatasetListResponse.parse({
      status_code: 200,
      data: [dataset],
      meta: NULL_META,
      dataset_metadata: { resample_conversion: RESAMPLE_CONVERSION, data_timezone: 'UTC' },
    });
    expect(ClientDatasetList.parse(list)).toEqual(list);
    const detail = DatasetDetailResponse.parse({
      ...withTz,
      status_code: 200,
      data: [],
      meta: NULL_META,
      dataset_metadata: withTz,
    });
    expect(ClientDatasetDetail.parse(detail)).toEqual(withTz);
    const audit = AuditResponse.parse({ ...SPEC_MIN_AUDIT, meta: NULL_META, dataset_metadata: withTz });
    expect(ClientAudit.parse(audit)).toEqual({ status_code: 200, data: SPEC_MIN_AUDIT.data, meta: NULL_META });
  });
});

describe('ClientDatasetList', () => {
  it('reads the 2024 hosted list (rgridstatus sample): old names mapped, is_datetime derived, extras dropped', () => {
    const list = ClientDatasetList.parse(GRIDSTATUS_2024_LIST);
    expect(DatasetListResponse.parse(list)).toEqual(list);
    expect(list.meta).toEqual({ page: 1, limit: null, page_size: null, hasNextPage: null, cursor: null });
    expect(list.dataset_metadata).toEqual({ resample_conversion: RESAMPLE_CONVERSION, data_timezone: 'UTC' });
    expect(list.data.map((d) => [d.id, d.is_in_warehouse])).toEqual([
      ['all_records', false],
      ['caiso_as_prices', true],
      ['caiso_curtailment', true],
    ]);
    const prices = list.data[1]!;
    expect(prices).toMatchObject({
      earliest_available_time_utc: '2010-01-01T08:00:00+00:00',
      latest_available_time_utc: '2024-09-25T06:00:00+00:00',
      last_checked_time_utc: '2024-09-24T16:54:44+00:00',
      created_at_utc: '2023-04-20T07:00:37+00:00',
      subseries_index_column: 'region',
      status: null,
      number_of_rows_approximate: 621445,
    });
    expect(prices).not.toHaveProperty('is_in_snowflake');
    expect(prices).not.toHaveProperty('updated_at');
    expect(prices).not.toHaveProperty('earliest_available_time');
    expect(prices).not.toHaveProperty('popularity_rank');
    expect(list.data[0]!.all_columns.slice(0, 4)).toEqual([
      { name: 'rank', type: 'BIGINT', is_numeric: true, is_date: false, is_datetime: false },
      { name: 'iso', type: 'TEXT', is_numeric: false, is_date: false, is_datetime: false },
      { name: 'interval_start_utc', type: 'TIMESTAMP', is_numeric: false, is_date: true, is_datetime: true },
      { name: 'date', type: 'DATE', is_numeric: false, is_date: true, is_datetime: false },
    ]);
  });

  it('reads a minimal list: meta with only page, dataset_metadata without data_timezone', () => {
    const list = ClientDatasetList.parse(SPEC_MIN_LIST);
    expect(list.meta).toEqual({ ...NULL_META, page: 1 });
    expect(list.dataset_metadata).toEqual({ resample_conversion: { '1_HOUR': 3600 }, data_timezone: 'UTC' });
    expect(list.data[0]).toMatchObject({ id: 'pjm_lmp_day_ahead_hourly', all_columns: [], is_in_warehouse: null });
    expect(Dataset.parse(list.data[0])).toEqual(list.data[0]);
  });

  it('prefers the current name when a body sends both, and keeps today’s is_datetime and popularity_rank', () => {
    const d = ClientDataset.parse({
      ...GRIDSTATUS_CURRENT_DATASET,
      is_in_warehouse: false,
      earliest_available_time: '1999-01-01T00:00:00+00:00',
    });
    expect(d.is_in_warehouse).toBe(false);
    expect(d.earliest_available_time_utc).toBe('2010-12-01T06:00:00+00:00');
    expect(d.popularity_rank).toBe(3);
    expect(d).not.toHaveProperty('updated_at_utc');
    expect(ClientDataset.parse(GRIDSTATUS_CURRENT_DATASET).is_in_warehouse).toBe(true);
  });

  it.each([
    ['data is not an array', { ...SPEC_MIN_LIST, data: 'x' }, 'data'],
    ['a dataset without id', { ...SPEC_MIN_LIST, data: [{ name: 'x' }] }, 'data.0.id'],
    ['a name that is a number', { ...SPEC_MIN_LIST, data: [{ ...SPEC_MIN_DATASET, name: 5 }] }, 'data.0.name'],
    [
      'a column without type',
      { ...SPEC_MIN_LIST, data: [{ ...SPEC_MIN_DATASET, all_columns: [{ name: 'a' }] }] },
      'data.0.all_columns.0.type',
    ],
    ['meta.page as text', { ...SPEC_MIN_LIST, meta: { page: '1' } }, 'meta.page'],
  ])('still rejects %s', (_what, body, path) => {
    expect(issues(ClientDatasetList.safeParse(body))).toContain(path);
  });
});

describe('ClientDatasetDetail', () => {
  it('reads a bare Dataset: data_timezone UTC, no envelope needed', () => {
    const d = ClientDatasetDetail.parse(SPEC_MIN_DATASET);
    expect(d).toMatchObject({
      id: 'pjm_lmp_day_ahead_hourly',
      data_timezone: 'UTC',
      all_columns: [],
      subseries_index_column: null,
    });
    expect(DatasetWithTimezone.parse(d)).toEqual(d);
  });

  it('reads our envelope, dropping status_code, data, meta and dataset_metadata', () => {
    const withTz = { ...GRIDSTATUS_CURRENT_DATASET, data_timezone: 'US/Central' };
    const d = ClientDatasetDetail.parse({ ...withTz, status_code: 200, data: [], meta: NULL_META, dataset_metadata: withTz });
    expect(d).toMatchObject({ id: 'ercot_spp_day_ahead_hourly', data_timezone: 'US/Central', is_in_warehouse: true });
    expect(d).not.toHaveProperty('status_code');
    expect(d).not.toHaveProperty('meta');
    expect(d).not.toHaveProperty('dataset_metadata');
  });

  it('takes the zone from dataset_metadata, and the dataset from it when the top level has none', () => {
    expect(
      ClientDatasetDetail.parse({ ...SPEC_MIN_DATASET, dataset_metadata: { data_timezone: 'US/Eastern' } }).data_timezone,
    ).toBe('US/Eastern');
    const onlyEnvelope = {
      status_code: 200,
      data: [],
      meta: { page: 1 },
      dataset_metadata: { ...SPEC_MIN_DATASET, data_timezone: 'US/Eastern' },
    };
    expect(ClientDatasetDetail.parse(onlyEnvelope)).toMatchObject({ id: SPEC_MIN_DATASET.id, data_timezone: 'US/Eastern' });
  });

  it('still rejects a body that is no dataset', () => {
    expect(issues(ClientDatasetDetail.safeParse({ status_code: 200, data: [] }))).toEqual(expect.arrayContaining(['id', 'name']));
    expect(ClientDatasetDetail.safeParse([SPEC_MIN_DATASET]).success).toBe(false);
    expect(ClientDatasetDetail.safeParse(null).success).toBe(false);
    expect(issues(ClientDatasetDetail.safeParse({ ...SPEC_MIN_DATASET, is_in_snowflake: 'yes' }))).toEqual(['is_in_snowflake']);
  });
});

describe('ClientAudit and ClientPageMeta', () => {
  it('reads a minimal audit body (meta with only page, no dataset_metadata)', () => {
    const audit = ClientAudit.parse(SPEC_MIN_AUDIT);
    expect(audit.meta).toEqual({ ...NULL_META, page: 1 });
    expect(audit.data.map((r) => AuditRow.parse(r))).toEqual(SPEC_MIN_AUDIT.data);
  });

  it('drops a time part of market_date and defaults status_code and meta', () => {
    const audit = ClientAudit.parse({ data: [{ ...SPEC_MIN_AUDIT.data[0], market_date: '2024-03-01T00:00:00' }] });
    expect(audit).toMatchObject({ status_code: 200, meta: NULL_META, data: [{ market_date: '2024-03-01' }] });
  });

  it('still rejects rows without counts or with a bad date', () => {
    expect(issues(ClientAudit.safeParse({ ...SPEC_MIN_AUDIT, data: [{ market_date: '2024-03-01' }] }))).toContain(
      'data.0.number_of_datapoints',
    );
    expect(
      issues(ClientAudit.safeParse({ ...SPEC_MIN_AUDIT, data: [{ ...SPEC_MIN_AUDIT.data[0], market_date: '03/01/2024' }] })),
    ).toContain('data.0.market_date');
  });

  it('normalises any subset of meta into the strict PageMeta', () => {
    for (const meta of [undefined, null, {}, { page: 2, hasNextPage: true }])
      expect(PageMeta.parse(ClientPageMeta.parse(meta))).toBeTruthy();
  });
});

describe('ClientApiUsage', () => {
  afterEach(() => vi.useRealTimers());

  it('reads the required fields only: other limits no limit, the period this UTC month', () => {
    vi.useFakeTimers({ now: Date.parse('2025-12-31T23:30:00Z') });
    const u = ClientApiUsage.parse(SPEC_MIN_USAGE);
    expect(ApiUsage.parse(u)).toEqual(u);
    expect(u.limits).toEqual({
      api_rows_returned_limit: 500_000,
      api_requests_limit: -1,
      api_rows_per_response_limit: 50_000,
      per_second_api_rate_limit: -1,
      per_minute_api_rate_limit: -1,
      per_hour_api_rate_limit: -1,
    });
    expect([u.current_usage_period_start, u.current_usage_period_end]).toEqual([
      '2025-12-01T00:00:00+00:00',
      '2026-01-01T00:00:00+00:00',
    ]);
  });

  it('derives the end from a sent start, reads a null limit as none, ignores extra keys', () => {
    const u = ClientApiUsage.parse({
      ...SPEC_MIN_USAGE,
      limits: { ...SPEC_MIN_USAGE.limits, api_rows_returned_limit: null },
      current_usage_period_start: '2024-02-01T00:00:00+00:00',
      extra: true,
    });
    expect(u.limits.api_rows_returned_limit).toBe(-1);
    expect(u.current_usage_period_end).toBe('2024-03-01T00:00:00+00:00');
    expect(u).not.toHaveProperty('extra');
  });

  it('still rejects a body without the required figures', () => {
    expect(issues(ClientApiUsage.safeParse({ plan_name: 'x', limits: {}, current_period_usage: {} }))).toEqual(
      expect.arrayContaining(['limits.api_rows_returned_limit', 'current_period_usage.total_requests']),
    );
  });
});

describe('ClientQuery', () => {
  it('reads a full body and a minimal one (no meta, no dataset_metadata)', () => {
    const full = {
      status_code: 200,
      data: [['a'], [1]],
      meta: { page: 1, page_size: 2, limit: null, hasNextPage: true, cursor: 'abc' },
      dataset_metadata: { id: 'x', data_timezone: 'US/Eastern' },
    };
    expect(ClientQuery.parse(full)).toEqual({
      status_code: 200,
      data: [['a'], [1]],
      meta: full.meta,
      data_timezone: 'US/Eastern',
    });
    expect(ClientQuery.parse({ data: [['a']] })).toEqual({
      status_code: 200,
      data: [['a']],
      meta: { page: null, page_size: null, limit: null, hasNextPage: false, cursor: null },
      data_timezone: 'UTC',
    });
  });

  it('the zone: top-level data_timezone, else dataset_metadata.data_timezone, else UTC', () => {
    const both = { data: [['a']], data_timezone: 'US/Central', dataset_metadata: { data_timezone: 'US/Eastern' } };
    expect(ClientQuery.parse(both).data_timezone).toBe('US/Central');
    expect(ClientQuery.parse({ ...both, data_timezone: null }).data_timezone).toBe('US/Eastern');
    expect(ClientQuery.parse({ data: [['a']], dataset_metadata: null }).data_timezone).toBe('UTC');
  });

  it('without hasNextPage, a non-empty cursor means another page', () => {
    expect(ClientQuery.parse({ data: [['a']], meta: { cursor: 'next' } }).meta).toMatchObject({
      hasNextPage: true,
      cursor: 'next',
    });
    expect(ClientQuery.parse({ data: [['a']], meta: { cursor: '' } }).meta).toMatchObject({ hasNextPage: false, cursor: null });
  });

  it('still rejects a body without a header row or with object rows', () => {
    expect(issues(ClientQuery.safeParse({ data: [] }))).toEqual(['data']);
    expect(ClientQuery.safeParse({ data: [{ a: 1 }] }).success).toBe(false);
  });
});
