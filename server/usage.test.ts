import { describe, expect, it } from 'vitest';
import { ApiUsage } from '../shared/index.js';
import { UNLIMITED_PLAN, UsageTracker, usagePeriod } from './usage.js';

describe('UsageTracker', () => {
  it('reports the unlimited plan in the addendum key order', () => {
    const report = new UsageTracker({ now: () => new Date('2024-03-15T12:00:00Z') }).report('key-a');
    expect(ApiUsage.parse(report)).toEqual(report);
    expect(Object.keys(report)).toEqual([
      'plan_name',
      'limits',
      'current_usage_period_start',
      'current_usage_period_end',
      'current_period_usage',
    ]);
    expect(Object.keys(report.limits)).toEqual([
      'api_rows_returned_limit',
      'api_requests_limit',
      'api_rows_per_response_limit',
      'per_second_api_rate_limit',
      'per_minute_api_rate_limit',
      'per_hour_api_rate_limit',
    ]);
    expect(report.plan_name).toBe('unlimited');
    expect(Object.values(report.limits)).toEqual([-1, -1, -1, -1, -1, -1]);
    expect(report.current_usage_period_start).toBe('2024-03-01T00:00:00+00:00');
    expect(report.current_usage_period_end).toBe('2024-04-01T00:00:00+00:00');
    expect(Object.keys(report.current_period_usage)).toEqual(['total_requests', 'total_api_rows_returned']);
  });

  it('counts requests and rows per key', () => {
    const tracker = new UsageTracker();
    tracker.record('a', 10);
    tracker.record('a', 5);
    tracker.record('b', 0);
    expect(tracker.report('a').current_period_usage).toEqual({ total_requests: 2, total_api_rows_returned: 15 });
    expect(tracker.report('b').current_period_usage).toEqual({ total_requests: 1, total_api_rows_returned: 0 });
    expect(tracker.report('c').current_period_usage).toEqual({ total_requests: 0, total_api_rows_returned: 0 });
  });

  it('starts from zero in a new UTC month', () => {
    let now = new Date('2024-12-31T23:59:59Z');
    const tracker = new UsageTracker({ now: () => now });
    tracker.record('a', 7);
    expect(tracker.report('a').current_period_usage.total_requests).toBe(1);
    now = new Date('2025-01-01T00:00:00Z');
    const report = tracker.report('a');
    expect(report.current_period_usage).toEqual({ total_requests: 0, total_api_rows_returned: 0 });
    expect(report.current_usage_period_start).toBe('2025-01-01T00:00:00+00:00');
    expect(report.current_usage_period_end).toBe('2025-02-01T00:00:00+00:00');
  });

  it('uses UTC, not local time, for the period', () => {
    // 2024-03-01T02:00Z is still February in the Americas, March in UTC.
    expect(usagePeriod(new Date('2024-03-01T02:00:00Z')).key).toBe('2024-03');
  });

  it('reports a configured plan with its limits in order', () => {
    const plan = {
      name: 'free',
      limits: {
        per_hour_api_rate_limit: 600,
        per_minute_api_rate_limit: 30,
        per_second_api_rate_limit: 1,
        api_rows_per_response_limit: 50_000,
        api_requests_limit: 250,
        api_rows_returned_limit: 500_000,
      },
    };
    const report = new UsageTracker({ plan }).report('a');
    expect(report.plan_name).toBe('free');
    expect(Object.entries(report.limits)).toEqual([
      ['api_rows_returned_limit', 500_000],
      ['api_requests_limit', 250],
      ['api_rows_per_response_limit', 50_000],
      ['per_second_api_rate_limit', 1],
      ['per_minute_api_rate_limit', 30],
      ['per_hour_api_rate_limit', 600],
    ]);
    expect(UNLIMITED_PLAN.name).toBe('unlimited');
  });
});
