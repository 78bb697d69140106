import { describe, expect, it } from 'vitest';
import type { DatasetUpdate, PullQuery } from '../../../shared/index.js';
import { describedRange, mergeRanges, planRefresh, queryWindow } from './refreshPlan.js';
import type { PlanDataset, PlanInput, PlannedRange } from './refreshPlan.js';

const ms = (iso: string) => Date.parse(iso);
const LMP: PlanDataset = {
  timeIndexColumn: 'interval_start_utc',
  publishTimeColumn: null,
  primaryKeyColumns: ['interval_start_utc', 'location'],
  dataTimezone: 'US/Eastern',
};
const FORECAST: PlanDataset = {
  timeIndexColumn: 'interval_start_utc',
  publishTimeColumn: 'publish_time_utc',
  primaryKeyColumns: ['interval_start_utc', 'publish_time_utc'],
  dataTimezone: 'US/Eastern',
};
const COLUMNS = ['interval_start_utc', 'interval_end_utc', 'location', 'lmp'];
const FORECAST_COLUMNS = ['interval_start_utc', 'interval_end_utc', 'publish_time_utc', 'load_forecast'];

let nextId = 1;
function update(patch: Partial<DatasetUpdate>): DatasetUpdate {
  return {
    id: nextId++,
    dataset: 'd',
    time_utc: '2024-03-05T06:00:00Z',
    num_rows_inserted: 288,
    num_rows_updated: 0,
    is_backfill: false,
    ...patch,
  };
}

function input(patch: Partial<Omit<PlanInput, 'query'>> & { query?: Partial<PullQuery> } = {}): PlanInput {
  return {
    dataset: LMP,
    stored: { columns: COLUMNS, lastIntervalMs: ms('2024-03-03T23:55:00Z'), lastPublishMs: null },
    updates: [],
    truncated: false,
    ...patch,
    query: { datasetId: 'd', startTime: '2024-03-01T00:00:00Z', ...patch.query },
  };
}

const range = (start: string | null, end: string | null, reason: PlannedRange['reason'], publish: string | null = null) => ({
  startMs: start === null ? null : ms(start),
  endMs: end === null ? null : ms(end),
  publishFromMs: publish === null ? null : ms(publish),
  reason,
});

describe('planRefresh: new intervals', () => {
  it('asks strictly after the last stored interval when the window has no end', () => {
    expect(planRefresh(input())).toEqual({
      kind: 'ranges',
      key: ['interval_start_utc', 'location'],
      ranges: [range('2024-03-03T23:55:00.001Z', null, 'new')],
    });
  });

  it('stops at the query end, and plans nothing for a window that closed before the last interval', () => {
    const open = planRefresh(input({ query: { endTime: '2024-03-10T00:00:00Z' } }));
    expect(open).toMatchObject({ ranges: [range('2024-03-03T23:55:00.001Z', '2024-03-10T00:00:00Z', 'new')] });
    expect(planRefresh(input({ query: { endTime: '2024-03-03T00:00:00Z' } }))).toEqual({ kind: 'none' });
  });

  it('asks the whole window for an empty pull, reading naive times in the market zone', () => {
    const plan = planRefresh(
      input({
        query: { startTime: '2024-03-01', endTime: '2024-03-02', timezone: 'market' },
        stored: { columns: COLUMNS, lastIntervalMs: null, lastPublishMs: null },
      }),
    );
    // US/Eastern is UTC−5 in early March.
    expect(plan).toMatchObject({ ranges: [range('2024-03-01T05:00:00Z', '2024-03-02T05:00:00Z', 'new')] });
  });
});

describe('planRefresh: backfills', () => {
  it('asks a backfill record’s range again, clipped to the window, besides the new intervals', () => {
    const plan = planRefresh(
      input({
        updates: [
          update({ is_backfill: true, start_time_utc: '2024-02-28T00:00:00Z', end_time_utc: '2024-03-02T00:00:00Z' }),
          update({ is_backfill: false }),
        ],
      }),
    );
    expect(plan).toMatchObject({
      kind: 'ranges',
      ranges: [range('2024-03-01T00:00:00Z', '2024-03-02T00:00:00Z', 'backfill'), range('2024-03-03T23:55:00.001Z', null, 'new')],
    });
  });

  it('takes a backfill without a range (the hosted API’s records) and a cut-short list as the whole window', () => {
    const whole = { kind: 'ranges', ranges: [range('2024-03-01T00:00:00Z', null, 'backfill')] };
    expect(planRefresh(input({ updates: [update({ is_backfill: true })] }))).toMatchObject(whole);
    expect(planRefresh(input({ updates: [update({})], truncated: true }))).toMatchObject(whole);
  });

  it('treats a non-backfill record whose range starts at or before the last interval as a backfill', () => {
    const late = update({ start_time_utc: '2024-03-02T00:00:00Z', end_time_utc: '2024-03-02T01:00:00Z' });
    expect(planRefresh(input({ updates: [late] }))).toMatchObject({
      ranges: [range('2024-03-02T00:00:00Z', '2024-03-02T01:00:00Z', 'backfill'), range('2024-03-03T23:55:00.001Z', null, 'new')],
    });
  });

  it('asks the last interval again when a record says rows arrived for it late', () => {
    const late = update({ start_time_utc: '2024-03-03T23:55:00Z', end_time_utc: '2024-03-04T00:00:00Z' });
    expect(planRefresh(input({ updates: [late] }))).toMatchObject({
      ranges: [range('2024-03-03T23:55:00Z', null, 'backfill')],
    });
  });

  it('merges overlapping and touching ranges, a backfill reaching the new intervals included', () => {
    const plan = planRefresh(
      input({
        updates: [
          update({ is_backfill: true, start_time_utc: '2024-03-01T12:00:00Z', end_time_utc: '2024-03-02T12:00:00Z' }),
          update({ is_backfill: true, start_time_utc: '2024-03-02T00:00:00Z', end_time_utc: '2024-03-03T00:00:00Z' }),
          update({ is_backfill: true, start_time_utc: '2024-03-03T00:00:00Z', end_time_utc: '2024-03-04T00:00:00Z' }),
        ],
      }),
    );
    expect(plan).toMatchObject({ ranges: [range('2024-03-01T12:00:00Z', null, 'backfill')] });
  });

  it('drops a backfill outside the window', () => {
    const old = update({ is_backfill: true, start_time_utc: '2023-01-01T00:00:00Z', end_time_utc: '2023-02-01T00:00:00Z' });
    expect(planRefresh(input({ updates: [old], query: { endTime: '2024-03-03T00:00:00Z' } }))).toEqual({ kind: 'none' });
  });
});

describe('planRefresh: a dataset with a publish time column', () => {
  const stored = {
    columns: FORECAST_COLUMNS,
    lastIntervalMs: ms('2024-06-08T00:00:00Z'),
    lastPublishMs: ms('2024-06-01T06:00:00Z'),
  };

  it('asks the whole window for vintages from the last publish time stored, keyed by interval and publish time', () => {
    const plan = planRefresh(input({ dataset: FORECAST, stored, query: { endTime: '2024-06-10T00:00:00Z' } }));
    expect(plan).toEqual({
      kind: 'ranges',
      key: ['interval_start_utc', 'publish_time_utc'],
      ranges: [range('2024-03-01T00:00:00Z', '2024-06-10T00:00:00Z', 'new', '2024-06-01T06:00:00Z')],
    });
  });

  it('keys publish_time=latest rows by interval alone, so a newer vintage replaces the older one', () => {
    const plan = planRefresh(input({ dataset: FORECAST, stored, query: { publishTime: 'latest' } }));
    expect(plan).toMatchObject({ key: ['interval_start_utc'] });
  });

  it('lets a backfill range without a publish floor cover the new vintages inside it', () => {
    const backfill = update({ is_backfill: true });
    const plan = planRefresh(input({ dataset: FORECAST, stored, updates: [backfill] }));
    expect(plan).toMatchObject({ ranges: [range('2024-03-01T00:00:00Z', null, 'backfill')] });
  });

  it('re-pulls everything for latest_report and latest_before, whose rows depend on every vintage', () => {
    for (const publishTime of ['latest_report', 'latest_before:-1 day'])
      expect(planRefresh(input({ dataset: FORECAST, stored, query: { publishTime } }))).toMatchObject({ kind: 'all' });
  });

  it('asks a fixed vintage like any dataset: from the last interval', () => {
    const plan = planRefresh(input({ dataset: FORECAST, stored, query: { publishTime: '2024-06-01T06:00:00Z' } }));
    expect(plan).toMatchObject({ ranges: [range('2024-06-08T00:00:00.001Z', null, 'new')] });
  });
});

describe('planRefresh: queries that cannot be narrowed', () => {
  it.each<[Partial<PullQuery>, RegExp]>([
    [{ limit: 1000 }, /row limit/],
    [{ resampleFrequency: '1 hour' }, /resampled/],
    [{ columns: ['interval_start_utc', 'lmp'] }, /location/],
  ])('%o → all', (query, why) => {
    const columns = query.columns ?? COLUMNS;
    const plan = planRefresh(input({ query, stored: { columns, lastIntervalMs: 0, lastPublishMs: null } }));
    expect(plan.kind).toBe('all');
    expect(plan.kind === 'all' && plan.why).toMatch(why);
  });
});

describe('helpers', () => {
  it('mergeRanges keeps disjoint ranges apart, sorted, open starts first', () => {
    const merged = mergeRanges([range('2024-01-05T00:00:00Z', null, 'new'), range(null, '2024-01-02T00:00:00Z', 'backfill')]);
    expect(merged).toEqual([range(null, '2024-01-02T00:00:00Z', 'backfill'), range('2024-01-05T00:00:00Z', null, 'new')]);
  });

  it('queryWindow reads a query zone, and describedRange writes ISO UTC', () => {
    expect(queryWindow({ datasetId: 'd', startTime: '2024-07-01', timezone: 'America/Chicago' }, 'UTC')).toEqual({
      startMs: ms('2024-07-01T05:00:00Z'),
      endMs: null,
    });
    expect(describedRange(range('2024-07-01T05:00:00Z', null, 'new'))).toEqual({
      startTimeUtc: '2024-07-01T05:00:00.000Z',
      endTimeUtc: null,
      reason: 'new',
    });
  });
});
