import { describe, expect, it } from 'vitest';
import type { DatasetWithTimezone } from '../../../shared/index.js';
import { dataset, usage } from '../../../shared/test-support/fixtures.js';
import type { ValuesAnswer } from '../v1/metaCache.js';
import { estimateQuery, readEstimateTime } from './estimate.js';
import type { EstimateInputs, QueryShape } from './estimate.js';
import { bucketsIn } from './estimateShape.js';

// Numbers checked by hand. `hourly`: 1_HOUR, UTC, 2024-01-01T00:00Z … 2024-01-10T23:00Z, locations A, B, C at every hour:
// 720 rows, no gaps (as in estimate.test.ts).
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
const list = (values: [string, number][]): ValuesAnswer => ({
  search: '',
  truncated: false,
  values: values.map(([value, count]) => ({ value, count })),
});
const locations = list([
  ['A', 240],
  ['B', 240],
  ['C', 240],
]);
const t = (text: string): number => readEstimateTime(text);
const day2 = { startMs: t('2024-01-02'), endMs: t('2024-01-03') };
const base: EstimateInputs = { dataset: hourly, usage: usage(), audit: null, subseries: [locations], filterValues: [] };
const est = (over: Partial<EstimateInputs>, shape: Omit<QueryShape, 'zone'> & { zone?: string | null } = {}) =>
  estimateQuery({ ...base, ...over, shape: { zone: null, ...shape } });

describe('bucketsIn: buckets a window touches (max) and holds whole (min)', () => {
  it('hours are whole UTC hours: 00:30 → 03:00 touches 3, holds 2', () => {
    expect(bucketsIn(t('2024-01-02T00:30Z'), t('2024-01-02T03:00Z'), 1, 'hour', null)).toEqual({ min: 2, max: 3 });
    expect(bucketsIn(t('2024-01-02T00:00Z'), t('2024-01-02T00:00Z'), 1, 'hour', null)).toEqual({ min: 0, max: 0 });
  });

  it('local days follow the zone: the fall-back week of 2024 in US/Eastern, whole and cut', () => {
    // Nov 2–4 EDT/EST: 04:00Z on the 2nd to 05:00Z on the 5th (the 3rd has 25 hours).
    expect(bucketsIn(t('2024-11-02T04:00Z'), t('2024-11-05T05:00Z'), 1, 'day', 'US/Eastern')).toEqual({ min: 3, max: 3 });
    // 07:00 EST on the 3rd to 07:00 EST on the 4th: two local days, neither whole.
    expect(bucketsIn(t('2024-11-03T12:00Z'), t('2024-11-04T12:00Z'), 1, 'day', 'US/Eastern')).toEqual({ min: 0, max: 2 });
    // The same window in UTC days: the 3rd from 12:00 and the 4th to 12:00.
    expect(bucketsIn(t('2024-11-03T12:00Z'), t('2024-11-04T12:00Z'), 1, 'day', null)).toEqual({ min: 0, max: 2 });
  });

  it('weeks start on Mondays, months on the 1st: Jan 15 → Mar 1 touches January and February, holds February', () => {
    expect(bucketsIn(t('2024-01-15'), t('2024-03-01'), 1, 'month', null)).toEqual({ min: 1, max: 2 });
    // Monday 2024-01-01 … Sunday 2024-01-14: two whole weeks; from Wednesday the 3rd, one whole and one cut.
    expect(bucketsIn(t('2024-01-01'), t('2024-01-15'), 1, 'week', null)).toEqual({ min: 2, max: 2 });
    expect(bucketsIn(t('2024-01-03'), t('2024-01-15'), 1, 'week', null)).toEqual({ min: 1, max: 2 });
  });
});

describe('resampling', () => {
  it('downsampling a panel gives one row per bucket and location: a day to 1d → 3, to 6 hours → 4 × 3 = 12', () => {
    expect(est(day2, { resampleFrequency: '1d' })).toMatchObject({ estimatedRows: 3 });
    expect(est(day2, { resampleFrequency: '6 hours' })).toMatchObject({ estimatedRows: 12 });
    expect(est(day2, { resampleFrequency: '1d' }).basis).toContain('resampled to 1d by location: at most 1 bucket × 3 groups');
  });

  it('with a filter on the subseries, its kept values are the groups: location = A by day over 3 days → 3', () => {
    const e = est(
      { startMs: t('2024-01-02'), endMs: t('2024-01-05'), filter: { column: 'location', operator: '=', value: 'A' } },
      { resampleFrequency: '1d' },
    );
    expect(e).toMatchObject({ estimatedRows: 3 });
  });

  it('upsampling repeats every hour in each of its buckets: a day to 15 minutes → 72 × 4 = 288', () => {
    expect(est(day2, { resampleFrequency: '15min' })).toMatchObject({ estimatedRows: 288 });
  });

  it('a window cutting its buckets: between the whole buckets and those touched, kept within both', () => {
    // 12:00 on the 2nd → 12:00 on the 4th: 1 whole day and 3 touched, × 3 → 3 … 9 → kept in [4.5, 6] → 6.
    const e = est({ startMs: t('2024-01-02T12:00Z'), endMs: t('2024-01-04T12:00Z') }, { resampleFrequency: '1d' });
    expect(e).toMatchObject({ estimatedRows: 6 });
    expect(e.upperBound).toBeUndefined();
  });

  it('groups of unknown number: an upper bound of the rows resampled, never above them', () => {
    const e = est(day2, { resampleFrequency: '1d', resampleBy: ['node'] });
    expect(e).toMatchObject({ estimatedRows: 72, upperBound: true });
    expect(e.basis).toContain('an unknown number of groups');
    expect(e.basis).toContain('keeps at most one row per bucket and group');
    // Its values loaded: 2 nodes and maybe NULL → 1 bucket × 3 groups.
    const nodes = {
      node: [
        list([
          ['N1', 400],
          ['N2', 320],
        ]),
      ],
    };
    expect(est({ ...day2, groupValues: nodes }, { resampleFrequency: '1d', resampleBy: ['node'] })).toMatchObject({
      estimatedRows: 3,
      upperBound: true,
    });
  });

  it('data with gaps: at most the rows it sums, and at most the buckets × groups', () => {
    const gappy = { ...hourly, number_of_rows_approximate: 100 };
    expect(est({ ...day2, dataset: gappy }, { resampleFrequency: '1d' })).toMatchObject({ estimatedRows: 3, upperBound: true });
    // Upsampled: 15-minute buckets to the end of the last hour that may start in the window (100) × 3 locations.
    expect(est({ ...day2, dataset: gappy }, { resampleFrequency: '15min' })).toMatchObject({
      estimatedRows: 300,
      upperBound: true,
    });
  });

  it('local days with the query zone: a US/Eastern day of 2024-01-02 touches 1 local day (3 groups), 2 UTC days (6)', () => {
    const eastern = { startMs: t('2024-01-02T05:00Z'), endMs: t('2024-01-03T05:00Z') };
    expect(est(eastern, { resampleFrequency: '1d', zone: 'US/Eastern' })).toMatchObject({ estimatedRows: 3 });
    expect(est(eastern, { resampleFrequency: '1d' }).estimatedRows).toBeGreaterThanOrEqual(3);
    expect(est(eastern, { resampleFrequency: '1d' }).estimatedRows).toBeLessThanOrEqual(6);
  });

  it('an interval the data service refuses throws, as the query would refuse it', () => {
    expect(() => est(day2, { resampleFrequency: 'fortnight' })).toThrow(/not an interval/);
  });
});

describe('the ceiling of an "at most" figure holds under filters it cannot size', () => {
  // 1-minute data of one day missing 5 minutes: 1,435 rows at 1,440 intervals, keyed by the time index alone.
  const minutes: DatasetWithTimezone = {
    ...hourly,
    data_frequency: '1_MINUTE',
    subseries_index_column: null,
    primary_key_columns: ['interval_start_utc'],
    earliest_available_time_utc: '2024-01-01T00:00:00+00:00',
    latest_available_time_utc: '2024-01-01T23:59:00+00:00',
    number_of_rows_approximate: 1_435,
  };
  const unsized = { filter: { column: 'flow', operator: '<=' as const, value: '0' } };

  it('is the intervals in the window (not their share of the rows): 12:00:30 → 18:01 holds 360 minutes', () => {
    // The rows' share would be 1,435 × 360 / 1,440 = 358.75; all 360 minutes may hold a row.
    const e = est({ dataset: minutes, startMs: t('2024-01-01T12:00:30Z'), endMs: t('2024-01-01T18:01Z'), ...unsized });
    expect(e).toMatchObject({ estimatedRows: 360, upperBound: true });
  });

  it('from audit counts too: a cut date counts its intervals inside, at most its rows', () => {
    const audit = [
      {
        market_date: '2024-01-01',
        number_of_datapoints: 1_435,
        number_of_unique_time_index_values: 1_435,
        number_of_unique_subseries_index_values: 0,
        number_of_unique_publish_times_on_publish_date: 0,
      },
    ];
    const e = est({ dataset: minutes, audit, startMs: t('2024-01-01T06:00Z'), endMs: t('2024-01-01T07:00Z'), ...unsized });
    expect(e).toMatchObject({ estimatedRows: 60, upperBound: true });
  });

  it('forecast vintages keep at most one row per interval: latest over a day of a forecast → at most 24', () => {
    const forecast = {
      ...hourly,
      subseries_index_column: null,
      publish_time_column: 'publish_time_utc',
      primary_key_columns: ['interval_start_utc', 'publish_time_utc'],
      number_of_rows_approximate: 7_200,
    };
    const e = est({ ...day2, dataset: forecast }, { publishTime: 'latest' });
    expect(e).toMatchObject({ estimatedRows: 24, upperBound: true });
    expect(e.basis).toContain('one vintage (latest) of 24 intervals');
    expect(est({ ...day2, dataset: forecast }, { publishTimeStart: '2024-01-01' })).toMatchObject({
      estimatedRows: 7_200,
      upperBound: true,
    });
  });
});
