import { describe, expect, it } from 'vitest';
import { MAX_QUERY_LIMIT } from '../../../shared/index.js';
import type { ApiUsage, AuditRow, DatasetWithTimezone } from '../../../shared/index.js';
import { dataset, usage } from '../../../shared/test-support/fixtures.js';
import { startServicesOverFakeV1 } from '../../test-support/servicesOverUpstream.js';
import { dispatch } from '../verbs/dispatch.js';
import { estimateQuery, matches, readEstimateTime } from './estimate.js';
import type { EstimateInputs } from './estimate.js';
import type { ValuesAnswer } from '../v1/metaCache.js';

// Numbers checked by hand. Base dataset: `1_HOUR`, UTC, 2024-01-01T00:00Z … 2024-01-10T23:00Z = 240 time index values,
// `location` A, B, C of 240 rows each: 720 rows, no gaps.
const hourly: DatasetWithTimezone = {
  ...dataset('pjm_lmp_day_ahead_hourly'),
  data_timezone: 'UTC',
  earliest_available_time_utc: '2024-01-01T00:00:00+00:00',
  latest_available_time_utc: '2024-01-10T23:00:00+00:00',
  data_frequency: '1_HOUR',
  subseries_index_column: 'location',
  primary_key_columns: ['interval_start_utc', 'location'],
  number_of_rows_approximate: 720,
};
const list = (values: [string, number | null][], truncated = false, search = ''): ValuesAnswer => ({
  search,
  truncated,
  values: values.map(([value, count]) => ({ value, count })),
});
const locations = list([
  ['A', 240],
  ['B', 240],
  ['C', 240],
]);
const unlimited = usage();
const free = (rowsUsed: number, requestsUsed: number): ApiUsage => ({
  ...usage(),
  plan_name: 'free',
  limits: { ...usage().limits, api_rows_returned_limit: 500_000, api_requests_limit: 250, api_rows_per_response_limit: 500 },
  current_usage_period_end: '2026-12-01T00:00:00+00:00',
  current_period_usage: { total_api_rows_returned: rowsUsed, total_requests: requestsUsed },
});
const t = (text: string): number => readEstimateTime(text);
const day2 = { startMs: t('2024-01-02'), endMs: t('2024-01-03') };
const base: EstimateInputs = { dataset: hourly, usage: unlimited, audit: null, subseries: [locations], filterValues: [] };
const est = (over: Partial<EstimateInputs>) => estimateQuery({ ...base, ...over });
const rowsOf = (over: Partial<EstimateInputs>): number => est(over).estimatedRows;

/** Audit rows of `days` consecutive UTC dates from 2024-01-01, each `rows` rows at `times` times × `subs` subseries. */
const auditDays = (days: number, rows = 72, times = 24, subs = 3): AuditRow[] =>
  Array.from({ length: days }, (_, i) => ({
    market_date: `2024-01-${String(i + 1).padStart(2, '0')}`,
    number_of_datapoints: rows,
    number_of_unique_time_index_values: times,
    number_of_unique_subseries_index_values: subs,
    number_of_unique_publish_times_on_publish_date: 0,
  }));

describe('without audit counts: from the row count', () => {
  it('data without gaps: one day = 24 intervals × 3 locations = 72 rows, with the basis in words', () => {
    expect(est(day2)).toEqual({
      datasetId: 'pjm_lmp_day_ahead_hourly',
      estimatedRows: 72,
      basis:
        'No gaps (≈ 720 rows = intervals × 3 location values): 24 intervals of 1_HOUR of the 240 from 2024-01-01T00:00:00Z to ' +
        '2024-01-10T23:00:00Z × 3 location values = 72 rows',
      remainingMonthlyRows: null,
      perResponseLimit: null,
      warnings: [],
    });
  });

  it('no window = the whole dataset: 720; a window past the data counts covered intervals: 12:00…23:00 on the 10th = 12 × 3 = 36', () => {
    expect(rowsOf({})).toBe(720);
    expect(rowsOf({ startMs: t('2024-01-10T12:00:00Z'), endMs: t('2024-02-01') })).toBe(36);
  });

  it('a window outside the data: 0 rows and a warning', () => {
    const e = est({ startMs: t('2025-01-01'), endMs: t('2025-01-02') });
    expect(e.estimatedRows).toBe(0);
    expect(e.upperBound).toBeUndefined();
    expect(e.warnings).toEqual(['No rows expected: the dataset covers 2024-01-01T00:00:00Z to 2024-01-10T23:00:00Z.']);
  });

  it('data with gaps is an upper bound, saying why: 100 of 720 possible rows → at most 100 in any window', () => {
    const e = est({ ...day2, dataset: { ...hourly, number_of_rows_approximate: 100 } });
    expect(e).toMatchObject({ estimatedRows: 100, upperBound: true, warnings: [] });
    expect(e.basis).toContain('An upper bound, because the data has gaps (13.9 % of intervals × 3 location values hold a row)');
    expect(e.basis).toContain('per-date counts (audit) are not available (not loaded)');
  });

  it('without the list of locations their number is unknown: an upper bound of all 720 rows', () => {
    const e = est({ ...day2, subseries: [] });
    expect(e).toMatchObject({ estimatedRows: 720, upperBound: true });
    expect(e.basis).toContain('the number of location values is not known (not loaded)');
  });

  it('a primary key with more columns than time index and subseries allows several rows per interval: an upper bound', () => {
    const withContingency = { ...hourly, primary_key_columns: ['interval_start_utc', 'location', 'contingency'] };
    expect(est({ ...day2, dataset: withContingency })).toMatchObject({ estimatedRows: 720, upperBound: true });
  });

  it('forecasts and irregular data: the whole dataset is exact, a part of it an upper bound', () => {
    const forecast = { ...hourly, publish_time_column: 'publish_time_utc', number_of_rows_approximate: 7200 };
    expect(est({ dataset: forecast })).toMatchObject({ estimatedRows: 7200 });
    expect(est({ ...day2, dataset: forecast })).toMatchObject({ estimatedRows: 7200, upperBound: true });
    expect(est({ ...day2, dataset: forecast }).basis).toContain('forecasts carry several publish times per interval');
    const irregular = {
      ...hourly,
      data_frequency: 'IRREGULAR',
      latest_available_time_utc: '2024-01-11T00:00:00+00:00',
      number_of_rows_approximate: 1000,
    };
    const e = est({ dataset: irregular, startMs: t('2024-01-03'), endMs: t('2024-01-05') });
    expect(e).toMatchObject({ estimatedRows: 1000, upperBound: true });
    expect(e.basis).toMatch(
      /^≈ 1,000 rows over 10 days available, 2 days in the window: at most 1,000 rows\. An upper bound, because IRREGULAR frequency/,
    );
  });

  it('rejects a window whose start is not before its end', () => {
    expect(() => est({ startMs: t('2024-01-03'), endMs: t('2024-01-03') })).toThrow(/before/);
  });
});

describe('with audit counts: per market date', () => {
  it('sums the dates inside the window: 2 days × 72 = 144', () => {
    const e = est({ audit: auditDays(10), startMs: t('2024-01-02'), endMs: t('2024-01-04') });
    expect(e).toMatchObject({ estimatedRows: 144, warnings: [] });
    expect(e.basis).toBe('Per-date counts (audit): 144 rows on 2 market dates (UTC) inside the window = 144 rows');
  });

  it('a date cut by the window counts its share of intervals when it has a row at every interval: 12 of 24 → 36 + 72 = 108', () => {
    const e = est({ audit: auditDays(10), startMs: t('2024-01-02T12:00Z'), endMs: t('2024-01-04') });
    expect(e.estimatedRows).toBe(108);
    expect(e.basis).toBe(
      'Per-date counts (audit): 72 rows on 1 market date (UTC) inside the window + ≈ 36 rows on 1 date cut by it ' +
        '(the share of their intervals inside the window) = 108 rows',
    );
  });

  it('a date with no rows in the data has none in the window: gaps count 0', () => {
    const audit = auditDays(10).filter((r) => r.market_date !== '2024-01-05');
    expect(est({ audit, startMs: t('2024-01-05'), endMs: t('2024-01-06') })).toMatchObject({
      estimatedRows: 0,
      warnings: [expect.stringMatching(/^No rows expected/)],
    });
    expect(rowsOf({ audit, startMs: t('2024-01-04'), endMs: t('2024-01-07') })).toBe(144);
    expect(est({ audit, startMs: t('2024-01-05'), endMs: t('2024-01-06') }).warnings[0]).toBe(
      'No rows expected: the dataset has no rows in this window (it covers 2024-01-01T00:00:00Z to 2024-01-10T23:00:00Z, with gaps).',
    );
  });

  it('rows few in time may lie anywhere in the date: 6 rows at 1 time, half the date → an upper bound of 6', () => {
    const audit = [...auditDays(4), { ...auditDays(5, 6, 1, 6)[4]! }];
    const e = est({ audit, startMs: t('2024-01-05T12:00Z'), endMs: t('2024-01-06') });
    expect(e).toMatchObject({ estimatedRows: 6, upperBound: true });
    expect(e.basis).toContain(
      'the window cuts market dates whose rows are few in time and may lie anywhere in the date: 2024-01-05 (6 rows at 1 time)',
    );
  });

  it('bounds that differ by at most 4× give an estimate kept within them: 72 sure + 0…6 → 72 + 6 × ½ = 75', () => {
    const audit = [...auditDays(4), { ...auditDays(5, 6, 1, 6)[4]! }];
    const e = est({ audit, startMs: t('2024-01-04'), endMs: t('2024-01-05T12:00Z') });
    expect(e.estimatedRows).toBe(75);
    expect(e.upperBound).toBeUndefined();
  });

  it('market dates are days in the dataset zone: a UTC day cuts two US/Eastern dates, 5 h + 19 h of 24 → 72', () => {
    const eastern = {
      ...hourly,
      data_timezone: 'US/Eastern',
      earliest_available_time_utc: '2024-01-01T05:00:00+00:00',
      latest_available_time_utc: '2024-01-11T04:00:00+00:00',
    };
    const e = est({ dataset: eastern, audit: auditDays(10), ...day2 });
    expect(e.estimatedRows).toBe(72);
    expect(e.basis).toContain('0 rows on 0 market dates (US/Eastern) inside the window + ≈ 72 rows on 2 dates cut by it');
  });

  it('forecasts: a cut date counts between one row per interval inside and all but one per interval outside', () => {
    const forecast = { ...hourly, publish_time_column: 'publish_time_utc' };
    // 2024-01-02 has 240 rows at all 24 intervals: 6 intervals inside → 6 … 240 − 18 = 222.
    const audit = auditDays(10, 240, 24, 0);
    const e = est({ dataset: forecast, audit, startMs: t('2024-01-02T18:00Z'), endMs: t('2024-01-03') });
    expect(e).toMatchObject({ estimatedRows: 222, upperBound: true });
    expect(e.basis).toContain('intervals carry different numbers of publish times: 2024-01-02');
  });
});

describe('filters', () => {
  const f = (column: string, operator: '=' | '!=' | 'in' | '>', value: string) => ({ filter: { column, operator, value } });

  it('on the subseries column of a complete panel: the share of locations kept: = A → 24, in A, B → 48, != A → 48', () => {
    expect(rowsOf({ ...day2, ...f('location', '=', 'A') })).toBe(24);
    expect(rowsOf({ ...day2, ...f('location', 'in', 'A, B') })).toBe(48);
    expect(rowsOf({ ...day2, ...f('location', '!=', 'A') })).toBe(48);
    expect(rowsOf({ ...day2, audit: auditDays(10), ...f('location', '=', 'A') })).toBe(24);
  });

  it('a value missing from the complete list keeps no row, and says so', () => {
    const e = est({ ...day2, ...f('location', '=', 'Z') });
    expect(e).toMatchObject({ estimatedRows: 0, warnings: ['No rows expected: no row in the window has location = Z.'] });
    expect(e.upperBound).toBeUndefined();
  });

  it('a value missing from a truncated list has at most the last count; from a complete search for it, none', () => {
    const truncated = list([['A', 240]], true);
    const e = est({ ...day2, audit: auditDays(10), subseries: [truncated], ...f('location', '=', 'Z') });
    // A complete panel of 3 locations (audit): if Z is one, it has a third of the 72 rows.
    expect(e).toMatchObject({ estimatedRows: 24, upperBound: true });
    expect(e.basis).toContain('whether Z is a value of location is not known from the values loaded');
    const searched = list([], false, 'z');
    expect(est({ ...day2, audit: auditDays(10), subseries: [searched, truncated], ...f('location', '=', 'Z') })).toMatchObject({
      estimatedRows: 0,
    });
  });

  it('without the values of a panel: = X is at most one location (24), as whether X exists is unknown', () => {
    const e = est({ ...day2, audit: auditDays(10), subseries: [], ...f('location', '=', 'X') });
    expect(e).toMatchObject({ estimatedRows: 24, upperBound: true });
    expect(e.basis).toContain('whether X is a value of location is not known from the values loaded');
  });

  it('on another column: between the window less every dropped row and the rows kept; exact over the whole dataset', () => {
    const market = list([
      ['DA', 300],
      ['RT', 420],
    ]);
    // Whole dataset: 720 − 420 dropped = 300 ≤ rows ≤ 300.
    expect(est({ filterValues: [market], ...f('market', '=', 'DA') })).toMatchObject({ estimatedRows: 300 });
    // One day: 72 rows, of which DA may be any number up to 72.
    const e = est({ ...day2, filterValues: [market], ...f('market', '=', 'DA') });
    expect(e).toMatchObject({ estimatedRows: 72, upperBound: true });
    expect(e.basis).toContain('× 41.7 % of rows with market = DA (300 of 720)');
    expect(e.basis).toContain('the rows with market = DA are not known per date, only in all');
  });

  it('values without row counts still count locations; a comparison without values is not sized', () => {
    const uncounted = list([
      ['A', null],
      ['B', null],
      ['C', null],
    ]);
    expect(rowsOf({ ...day2, subseries: [uncounted], ...f('location', '=', 'A') })).toBe(24);
    const e = est({ ...day2, ...f('lmp', '>', '100') });
    expect(e).toMatchObject({ estimatedRows: 72, upperBound: true, warnings: [] });
    expect(e.basis).toContain('the filter lmp > 100 cannot be sized');
  });
});

describe('the plan', () => {
  it('warns past the remaining monthly rows, the rows per response and the requests left', () => {
    const e = est({ usage: free(499_900, 249) });
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
    expect(est({ ...day2, usage: free(0, 0) })).toMatchObject({
      estimatedRows: 72,
      remainingMonthlyRows: 500_000,
      perResponseLimit: 500,
      warnings: [],
    });
    expect(est({ usage: null }).warnings).toEqual(['Usage could not be read: the estimate is not compared with your plan.']);
  });
});

describe('the row limit', () => {
  it("caps the estimate at the query's limit and says so: 720 rows, limit 500 → 500", () => {
    const e = est({ limit: 500 });
    expect(e.estimatedRows).toBe(500);
    expect(e.basis).toBe(
      "The window holds the whole dataset (2024-01-01T00:00:00Z to 2024-01-10T23:00:00Z): ≈ 720 rows, capped at the query's limit of 500 rows = 500 rows",
    );
  });

  it('compares the capped rows with the plan; a limit above the estimate changes nothing', () => {
    expect(est({ usage: free(0, 0), limit: 500 }).warnings).toEqual([]);
    expect(est({ usage: free(499_900, 0), limit: 150 }).warnings).toEqual([
      'About 150 rows is more than the 100 rows left this month on the free plan (it resets on 2026-12-01).',
    ]);
    expect(est({ ...day2, limit: 1_000 })).toEqual(est(day2));
  });

  it('caps an upper bound too: at most 1 000 rows, limit 50 → at most 50', () => {
    const irregular = { ...hourly, data_frequency: 'IRREGULAR', number_of_rows_approximate: 1_000 };
    expect(est({ dataset: irregular, startMs: t('2024-01-03'), endMs: t('2024-01-05'), limit: 50 })).toMatchObject({
      estimatedRows: 50,
      upperBound: true,
    });
  });
});

describe('datasets:estimate through the bridge: the limit', () => {
  it('passes the limit to the estimate and refuses one the query would refuse', async () => {
    const { services, close } = await startServicesOverFakeV1('estimate-limit');
    try {
      // The fixture dataset: 10 rows over 1 441 hours, locations not loaded: at most 10; a limit of 4 caps it.
      const input = { datasetId: 'pjm_lmp_day_ahead_hourly', startTime: '2024-02-01', endTime: '2024-02-02' };
      expect(await dispatch(services.handlers, 'datasets:estimate', input)).toMatchObject({
        ok: true,
        value: { estimatedRows: 10, upperBound: true },
      });
      const capped = await dispatch(services.handlers, 'datasets:estimate', { ...input, limit: 4 });
      expect(capped).toMatchObject({
        ok: true,
        value: { estimatedRows: 4, basis: expect.stringContaining("capped at the query's limit of 4 rows: at most 4 rows") },
      });
      for (const limit of [0, 1.5, MAX_QUERY_LIMIT + 1]) {
        expect(await dispatch(services.handlers, 'datasets:estimate', { ...input, limit })).toMatchObject({
          ok: false,
          error: { code: 'validation' },
        });
      }
    } finally {
      await close();
    }
  });
});

describe('helpers', () => {
  it('readEstimateTime reads the time grammar, naive times in the zone given (UTC by default)', () => {
    expect(readEstimateTime('2024-03-01')).toBe(Date.UTC(2024, 2, 1));
    expect(readEstimateTime('2024-03-01 06:30')).toBe(Date.UTC(2024, 2, 1, 6, 30));
    expect(readEstimateTime('2024-03-01T06:30:00-0500')).toBe(Date.UTC(2024, 2, 1, 11, 30));
    expect(readEstimateTime('2024-03-10 02:30', 'US/Eastern')).toBe(Date.UTC(2024, 2, 10, 7, 30));
    expect(() => readEstimateTime('2024-02-30')).toThrow(/has no day 30/);
  });

  it('matches compares numbers as numbers and the rest as text', () => {
    expect(matches(10, { column: 'x', operator: '>', value: '9' })).toBe(true); // not "10" < "9"
    expect(matches('2024-03-02', { column: 'x', operator: '>=', value: '2024-03-01' })).toBe(true);
    expect(matches('HUB', { column: 'x', operator: 'in', value: 'ZONE,HUB' })).toBe(true);
    expect(matches(true, { column: 'x', operator: '=', value: 'true' })).toBe(true);
  });
});
