import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_QUERY_LIMIT } from '../../../shared/index.js';
import type { ApiUsage, Dataset } from '../../../shared/index.js';
import { dataset, usage } from '../../test-support/fixtures.js';
import { fakeV1Factory } from '../../test-support/upstream.js';
import { dispatch } from './dispatch.js';
import { estimateQuery, matches, parseUtc } from './estimate.js';
import type { EstimateInputs, ValueCounts } from './estimate.js';
import { createServices } from '../index.js';
import { createFileVault } from '../vault/keyVault.js';
import { setLogSink } from '../common/logger.js';

/**
 * The quota forecast, with numbers checked by hand. The base dataset: hourly (`1_HOUR`, 3 600 s),
 * 2024-01-01T00:00Z … 2024-01-10T23:00Z = 10 days × 24 = 240 time index values, subseries
 * column `location` with 3 values (A, B, C), 720 rows.
 */
const hourly: Dataset = {
  ...dataset('pjm_lmp_day_ahead_hourly'),
  earliest_available_time_utc: '2024-01-01T00:00:00+00:00',
  latest_available_time_utc: '2024-01-10T23:00:00+00:00',
  data_frequency: '1_HOUR',
  subseries_index_column: 'location',
  number_of_rows_approximate: 720,
};
const locations: ValueCounts = {
  values: [
    { value: 'A', count: 240 },
    { value: 'B', count: 240 },
    { value: 'C', count: 240 },
  ],
  truncated: false,
};
const unlimited = usage();
const free = (rowsUsed: number, requestsUsed: number): ApiUsage => ({
  ...usage(),
  plan_name: 'free',
  limits: { ...usage().limits, api_rows_returned_limit: 500_000, api_requests_limit: 250, api_rows_per_response_limit: 500 },
  current_usage_period_end: '2026-12-01T00:00:00+00:00',
  current_period_usage: { total_api_rows_returned: rowsUsed, total_requests: requestsUsed },
});
const base: EstimateInputs = { dataset: hourly, usage: unlimited, subseries: locations, filterValues: null };
const rowsOf = (over: Partial<EstimateInputs>): number => estimateQuery({ ...base, ...over }).estimatedRows;

describe('estimateQuery: regular frequency', () => {
  it('one day × 3 subseries = 24 × 3 = 72 rows, with the basis in words', () => {
    const e = estimateQuery({ ...base, startTime: '2024-01-02', endTime: '2024-01-03' });
    expect(e).toEqual({
      datasetId: 'pjm_lmp_day_ahead_hourly',
      estimatedRows: 72,
      basis: '24 intervals of 1_HOUR (3,600 s) from 2024-01-02T00:00:00Z to 2024-01-03T00:00:00Z × 3 subseries (distinct values of location) = 72 rows',
      remainingMonthlyRows: null,
      perResponseLimit: null,
      warnings: [],
    });
  });

  it('no window = the whole availability: 240 × 3 = 720', () => expect(rowsOf({})).toBe(720));

  it('a window reaching past the data counts only covered intervals: 12:00…23:00 on the 10th = 12 × 3 = 36', () => {
    expect(rowsOf({ startTime: '2024-01-10T12:00:00Z', endTime: '2024-02-01' })).toBe(36);
  });

  it('a window outside the data: 0 rows and a warning', () => {
    const e = estimateQuery({ ...base, startTime: '2025-01-01', endTime: '2025-01-02' });
    expect(e.estimatedRows).toBe(0);
    expect(e.warnings).toEqual(['No rows expected: the dataset covers 2024-01-01T00:00:00Z to 2024-01-10T23:00:00Z.']);
  });

  it('offsets and the space form are read as instants: 2024-01-02 05:00+05:00 = 00:00Z → 24 h to the 3rd = 72', () => {
    expect(rowsOf({ startTime: '2024-01-02 05:00+05:00', endTime: '2024-01-03T00:00:00Z' })).toBe(72);
  });

  it('a filter on the subseries column counts matching subseries: = A → 24, in A,B → 48, != A → 48', () => {
    const day = { startTime: '2024-01-02', endTime: '2024-01-03' };
    expect(rowsOf({ ...day, filter: { column: 'location', operator: '=', value: 'A' } })).toBe(24);
    expect(rowsOf({ ...day, filter: { column: 'location', operator: 'in', value: 'A, B' } })).toBe(48);
    expect(rowsOf({ ...day, filter: { column: 'location', operator: '!=', value: 'A' } })).toBe(48);
  });

  it('a filter on another column scales by its value counts: market = DA keeps 300 of 400 rows → 72 × 0.75 = 54', () => {
    const filterValues: ValueCounts = {
      values: [
        { value: 'DA', count: 300 },
        { value: 'RT', count: 100 },
      ],
      truncated: false,
    };
    const e = estimateQuery({ ...base, startTime: '2024-01-02', endTime: '2024-01-03', filter: { column: 'market', operator: '=', value: 'DA' }, filterValues });
    expect(e.estimatedRows).toBe(54);
    expect(e.basis).toMatch(/× 75 % of rows with market = DA = 54 rows$/);
  });

  it('values without row counts: subseries are still counted, a filter on another column is not', () => {
    const day = { startTime: '2024-01-02', endTime: '2024-01-03' };
    const uncounted: ValueCounts = { values: locations.values.map((v) => ({ ...v, count: null })), truncated: false };
    expect(rowsOf({ ...day, subseries: uncounted, filter: { column: 'location', operator: '!=', value: 'A' } })).toBe(48);
    const filterValues: ValueCounts = {
      values: [
        { value: 'DA', count: 300 },
        { value: 'RT', count: null },
      ],
      truncated: false,
    };
    const e = estimateQuery({ ...base, ...day, subseries: uncounted, filter: { column: 'market', operator: '=', value: 'DA' }, filterValues });
    expect(e.estimatedRows).toBe(72);
    expect(e.warnings).toEqual(['The filter market = DA is not counted: the estimate is an upper bound.']);
  });

  it('a filter that cannot be sized leaves an upper bound and says so', () => {
    const e = estimateQuery({ ...base, startTime: '2024-01-02', endTime: '2024-01-03', filter: { column: 'lmp', operator: '>', value: '100' } });
    expect(e.estimatedRows).toBe(72);
    expect(e.warnings).toEqual(['The filter lmp > 100 is not counted: the estimate is an upper bound.']);
  });

  it('without column values, subseries = rows ÷ time index values: 720 ÷ 240 = 3; with 7 200 rows, 30 → 24 × 30 = 720', () => {
    expect(rowsOf({ subseries: null, startTime: '2024-01-02', endTime: '2024-01-03' })).toBe(72);
    const e = estimateQuery({ ...base, subseries: null, dataset: { ...hourly, number_of_rows_approximate: 7200 }, startTime: '2024-01-02', endTime: '2024-01-03' });
    expect(e.estimatedRows).toBe(720);
    expect(e.basis).toContain('× 30 subseries (≈ 7,200 rows ÷ 240 time index values)');
    // = on the subseries column without the value list: one subseries.
    expect(rowsOf({ subseries: null, startTime: '2024-01-02', endTime: '2024-01-03', filter: { column: 'location', operator: '=', value: 'X' } })).toBe(24);
  });

  it('forecasts: × publish times per interval = rows ÷ (240 time values × 3 subseries) = 7 200 ÷ 720 = 10 → one day 24 × 3 × 10 = 720', () => {
    const forecast: Dataset = { ...hourly, publish_time_column: 'publish_time_utc', number_of_rows_approximate: 7200 };
    const e = estimateQuery({ ...base, dataset: forecast, startTime: '2024-01-02', endTime: '2024-01-03' });
    expect(e.estimatedRows).toBe(720);
    expect(e.basis).toContain('× 10 publish times per interval');
  });

  it('never more than the dataset has: a sparse sample of 100 rows caps the 720 of the full window', () => {
    const sparse: Dataset = { ...hourly, number_of_rows_approximate: 100 };
    const e = estimateQuery({ ...base, dataset: sparse });
    expect(e.estimatedRows).toBe(100);
    expect(e.basis).toMatch(/capped at the dataset's ≈ 100 rows \(it has gaps\) = 100 rows$/);
    // A subseries filter takes its share of the cap: 100 × 1/3 ≈ 33.
    expect(rowsOf({ dataset: sparse, filter: { column: 'location', operator: '=', value: 'A' } })).toBe(33);
  });

  it('5-minute data without subseries: one day = 288 rows', () => {
    const fiveMin: Dataset = { ...hourly, data_frequency: '5_MINUTES', subseries_index_column: null };
    expect(rowsOf({ dataset: fiveMin, subseries: null, startTime: '2024-01-05', endTime: '2024-01-06' })).toBe(288);
  });

  it('rejects a window whose start is not before its end', () => {
    expect(() => estimateQuery({ ...base, startTime: '2024-01-03', endTime: '2024-01-03' })).toThrow(/before/);
  });
});

describe('estimateQuery: irregular data', () => {
  const irregular: Dataset = {
    ...hourly,
    data_frequency: 'IRREGULAR',
    earliest_available_time_utc: '2024-01-01T00:00:00+00:00',
    latest_available_time_utc: '2024-01-11T00:00:00+00:00',
    number_of_rows_approximate: 1000,
  };

  it('rows × window ÷ availability: 1 000 × 2 days ÷ 10 days = 200', () => {
    const e = estimateQuery({ ...base, dataset: irregular, startTime: '2024-01-03', endTime: '2024-01-05' });
    expect(e.estimatedRows).toBe(200);
    expect(e.basis).toBe('IRREGULAR frequency: ≈ 1,000 rows over 10 days available × 2 days requested = 200 rows');
  });

  it('an unknown named frequency is sized the same way; a subseries filter takes its share: 200 × 1/3 ≈ 67', () => {
    const sced: Dataset = { ...irregular, data_frequency: 'ERCOT_SCED_RUN' };
    expect(rowsOf({ dataset: sced, startTime: '2024-01-03', endTime: '2024-01-05', filter: { column: 'location', operator: '=', value: 'B' } })).toBe(67);
  });
});

describe('estimateQuery: the plan', () => {
  it('warns past the remaining monthly rows, the rows per response and the requests left', () => {
    const e = estimateQuery({ ...base, usage: free(499_900, 249) });
    expect(e.estimatedRows).toBe(720);
    expect(e.remainingMonthlyRows).toBe(100);
    expect(e.perResponseLimit).toBe(500);
    expect(e.warnings).toEqual([
      'About 720 rows is more than the 100 rows left this month on the free plan (it resets on 2026-12-01).',
      'About 720 rows is more than the 500 rows one response may carry: it takes about 2 requests.',
      'That is more than the 1 requests left this month.',
    ]);
  });

  it('stays quiet within the plan, and says when usage is unknown', () => {
    const within = estimateQuery({ ...base, usage: free(0, 0), startTime: '2024-01-02', endTime: '2024-01-03' });
    expect(within).toMatchObject({ estimatedRows: 72, remainingMonthlyRows: 500_000, perResponseLimit: 500, warnings: [] });
    expect(estimateQuery({ ...base, usage: null }).warnings).toEqual(['Usage could not be read: the estimate is not compared with your plan.']);
  });
});

describe('estimateQuery: the row limit', () => {
  it('caps the estimate at the query\'s limit and says so: 720 rows, limit 500 → 500', () => {
    const e = estimateQuery({ ...base, limit: 500 });
    expect(e.estimatedRows).toBe(500);
    expect(e.basis).toBe(
      '240 intervals of 1_HOUR (3,600 s) from 2024-01-01T00:00:00Z to 2024-01-11T00:00:00Z × 3 subseries (distinct values of location) = 720 rows, ' +
        "capped at the query's limit of 500 rows",
    );
  });

  it('compares the capped rows with the plan: no per-response warning for 500 of 500, one without the limit', () => {
    expect(estimateQuery({ ...base, usage: free(0, 0), limit: 500 }).warnings).toEqual([]);
    expect(estimateQuery({ ...base, usage: free(499_900, 0), limit: 150 }).warnings).toEqual([
      'About 150 rows is more than the 100 rows left this month on the free plan (it resets on 2026-12-01).',
    ]);
    expect(estimateQuery({ ...base, usage: free(0, 0) }).warnings).toEqual(['About 720 rows is more than the 500 rows one response may carry: it takes about 2 requests.']);
  });

  it('a limit above the estimate changes nothing: one day = 72 rows, limit 1 000', () => {
    const e = estimateQuery({ ...base, startTime: '2024-01-02', endTime: '2024-01-03', limit: 1_000 });
    expect(e).toEqual(estimateQuery({ ...base, startTime: '2024-01-02', endTime: '2024-01-03' }));
    expect(e.estimatedRows).toBe(72);
  });

  it('caps irregular data too: 200 rows, limit 50 → 50', () => {
    const irregular: Dataset = { ...hourly, data_frequency: 'IRREGULAR', latest_available_time_utc: '2024-01-11T00:00:00+00:00', number_of_rows_approximate: 1_000 };
    const e = estimateQuery({ ...base, dataset: irregular, startTime: '2024-01-03', endTime: '2024-01-05', limit: 50 });
    expect(e.estimatedRows).toBe(50);
    expect(e.basis).toMatch(/= 200 rows, capped at the query's limit of 50 rows$/);
  });
});

describe('datasets:estimate through the bridge: the limit', () => {
  it('passes the limit to the estimate and refuses one the query would refuse', async () => {
    setLogSink(() => undefined);
    const dir = await mkdtemp(join(tmpdir(), 'gs-estimate-limit-'));
    const services = createServices({ configDir: dir, vault: createFileVault(dir), host: 'web', versions: {}, embedded: { factory: fakeV1Factory() } });
    try {
      // The fixture dataset: 10 rows in all (see requests.test.ts), so a limit of 4 caps it.
      const input = { datasetId: 'pjm_lmp_day_ahead_hourly', startTime: '2024-02-01', endTime: '2024-02-02' };
      expect(await dispatch(services.handlers, 'datasets:estimate', input)).toMatchObject({ ok: true, value: { estimatedRows: 10 } });
      const capped = await dispatch(services.handlers, 'datasets:estimate', { ...input, limit: 4 });
      expect(capped).toMatchObject({ ok: true, value: { estimatedRows: 4, basis: expect.stringMatching(/capped at the query's limit of 4 rows$/) } });
      for (const limit of [0, 1.5, MAX_QUERY_LIMIT + 1]) {
        expect(await dispatch(services.handlers, 'datasets:estimate', { ...input, limit })).toMatchObject({ ok: false, error: { code: 'validation' } });
      }
    } finally {
      await services.dispose();
      await rm(dir, { recursive: true, force: true });
      setLogSink();
    }
  });
});

describe('helpers', () => {
  it('parseUtc reads dates, naive times as UTC, Z and offsets', () => {
    expect(parseUtc('2024-03-01')).toBe(Date.UTC(2024, 2, 1));
    expect(parseUtc('2024-03-01 06:30')).toBe(Date.UTC(2024, 2, 1, 6, 30));
    expect(parseUtc('2024-03-01T06:30:00Z')).toBe(Date.UTC(2024, 2, 1, 6, 30));
    expect(parseUtc('2024-03-01T06:30:00-0500')).toBe(Date.UTC(2024, 2, 1, 11, 30));
  });

  it('matches compares numbers as numbers and the rest as text', () => {
    expect(matches(10, { column: 'x', operator: '>', value: '9' })).toBe(true); // not "10" < "9"
    expect(matches('2024-03-02', { column: 'x', operator: '>=', value: '2024-03-01' })).toBe(true);
    expect(matches('HUB', { column: 'x', operator: 'in', value: 'ZONE,HUB' })).toBe(true);
    expect(matches(true, { column: 'x', operator: '=', value: 'true' })).toBe(true);
  });
});
