import { describe, expect, it } from 'vitest';
import { ApiUsage } from '../shared/index.js';
import { resolvePlan, type Plan } from './plans/index.js';
import { UsageTracker, usagePeriod } from './usage.js';

const FREE = resolvePlan('free');
const NO_LIMITS = resolvePlan('unlimited').limits;
const planWith = (limits: Partial<Plan['limits']>): Plan => ({
  name: 'test',
  limits: { ...NO_LIMITS, ...limits },
  entitlements: { resampling: false, audit: false },
});

function trackerAt(start: string, plan?: Plan) {
  let now = new Date(start).getTime();
  const tracker = new UsageTracker({ now: () => new Date(now), ...(plan ? { plan } : {}) });
  return {
    tracker,
    at: (iso: string) => (now = new Date(iso).getTime()),
    advance: (ms: number) => (now += ms),
  };
}

describe('UsageTracker report', () => {
  it('reports the unlimited plan in the documented key order', () => {
    const report = trackerAt('2024-03-15T12:00:00Z').tracker.report('key-a');
    expect(ApiUsage.parse(report)).toEqual(report);
    expect(Object.keys(report)).toEqual(Object.keys(ApiUsage.shape));
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

  it('reports the free plan with the real free-tier numbers in order', () => {
    const report = new UsageTracker({ plan: FREE }).report('a');
    expect(report.plan_name).toBe('free');
    expect(Object.entries(report.limits)).toEqual([
      ['api_rows_returned_limit', 500_000],
      ['api_requests_limit', 250],
      ['api_rows_per_response_limit', 50_000],
      ['per_second_api_rate_limit', 1],
      ['per_minute_api_rate_limit', 30],
      ['per_hour_api_rate_limit', 600],
    ]);
  });

  it('counts admitted requests and rows per key', () => {
    const { tracker } = trackerAt('2024-03-15T12:00:00Z');
    expect(tracker.admit('a')).toEqual({ ok: true });
    tracker.addRows('a', 10);
    tracker.admit('a');
    tracker.addRows('a', 5.7);
    tracker.admit('b');
    tracker.addRows('b', -3);
    expect(tracker.report('a').current_period_usage).toEqual({ total_requests: 2, total_api_rows_returned: 15 });
    expect(tracker.report('b').current_period_usage).toEqual({ total_requests: 1, total_api_rows_returned: 0 });
    expect(tracker.report('c').current_period_usage).toEqual({ total_requests: 0, total_api_rows_returned: 0 });
  });

  it('starts from zero in a new UTC month, read in UTC', () => {
    const { tracker, at } = trackerAt('2024-12-31T23:59:59Z');
    tracker.admit('a');
    tracker.addRows('a', 7);
    at('2025-01-01T00:00:00Z');
    const report = tracker.report('a');
    expect(report.current_period_usage).toEqual({ total_requests: 0, total_api_rows_returned: 0 });
    expect(report.current_usage_period_start).toBe('2025-01-01T00:00:00+00:00');
    expect(report.current_usage_period_end).toBe('2025-02-01T00:00:00+00:00');
    // 2024-03-01T02:00Z is still February in the Americas, March in UTC.
    expect(usagePeriod(new Date('2024-03-01T02:00:00Z')).key).toBe('2024-03');
  });
});

describe('UsageTracker monthly quotas', () => {
  it('refuses the request after the monthly request limit, naming the reset date', () => {
    const { tracker, at } = trackerAt('2026-11-30T23:00:00Z', planWith({ api_requests_limit: 3 }));
    for (let i = 0; i < 3; i += 1) expect(tracker.admit('a').ok).toBe(true);
    expect(tracker.admit('a')).toEqual({
      ok: false,
      detail: 'Monthly request limit of 3 requests reached. Your usage resets on 2026-12-01.',
    });
    expect(tracker.report('a').current_period_usage.total_requests).toBe(3); // refusals do not count
    at('2026-12-01T00:00:00Z');
    expect(tracker.admit('a').ok).toBe(true);
  });

  it('refuses once the rows used reach the free 500,000, naming next year for December', () => {
    const { tracker, advance } = trackerAt('2026-12-15T08:00:00Z', FREE);
    tracker.admit('a');
    tracker.addRows('a', 499_999);
    advance(2_000);
    expect(tracker.admit('a').ok).toBe(true); // below the limit: admitted, and its rows delivered whole
    tracker.addRows('a', 5);
    advance(2_000);
    expect(tracker.admit('a')).toEqual({
      ok: false,
      detail: 'Monthly row limit of 500,000 rows reached. Your usage resets on 2027-01-01.',
    });
    expect(tracker.report('a').current_period_usage).toEqual({ total_requests: 2, total_api_rows_returned: 500_004 });
  });
});

describe('UsageTracker rate windows (free plan: 1/s, 30/min, 600/h)', () => {
  it('admits 1 per second, then 30 per minute, then 600 per hour, with the wait in seconds', () => {
    const { tracker, advance } = trackerAt('2026-11-15T12:00:00Z', FREE);
    expect(tracker.admit('a').ok).toBe(true);
    expect(tracker.admit('a')).toEqual({
      ok: false,
      detail: 'Too Many Requests. Limit: 1 per 1 second. Try again in 1 second.',
      retryAfterSeconds: 1,
    });
    expect(tracker.admit('b').ok).toBe(true); // per key
    advance(999);
    expect(tracker.admit('a').ok).toBe(false);
    advance(1);
    expect(tracker.admit('a').ok).toBe(true); // the first left the moving window

    for (let i = 2; i < 30; i += 1) {
      advance(1_000);
      expect(tracker.admit('a').ok).toBe(true);
    }
    advance(1_000); // 30 admitted in the last 29 s
    expect(tracker.admit('a')).toEqual({
      ok: false,
      detail: 'Too Many Requests. Limit: 30 per 1 minute. Try again in 30 seconds.',
      retryAfterSeconds: 30,
    });
  });

  it('refuses the 601st request of an hour until the first is an hour old', () => {
    // Free's windows without its 250 requests a month, which would stop the loop first.
    const windows = { per_second_api_rate_limit: 1, per_minute_api_rate_limit: 30, per_hour_api_rate_limit: 600 };
    const { tracker, advance } = trackerAt('2026-11-15T12:00:00Z', planWith(windows));
    for (let i = 0; i < 600; i += 1) {
      expect(tracker.admit('a').ok).toBe(true);
      advance(2_000); // 30 per minute exactly
    }
    expect(tracker.admit('a')).toEqual({
      ok: false,
      detail: 'Too Many Requests. Limit: 600 per 1 hour. Try again in 2400 seconds.',
      retryAfterSeconds: 2_400,
    });
    expect(tracker.report('a').current_period_usage.total_requests).toBe(600);
  });

  it('says the wait of Retry-After in words: "second" for 1, "seconds" otherwise', () => {
    const { tracker, advance } = trackerAt(
      '2026-11-15T12:00:00Z',
      planWith({ per_second_api_rate_limit: -1, per_minute_api_rate_limit: 1 }),
    );
    expect(tracker.admit('a').ok).toBe(true);
    const waits: number[] = [];
    for (let elapsed = 0; elapsed < 60_000; elapsed += 7_000) {
      const refusal = tracker.admit('a');
      if (refusal.ok) throw new Error('admitted within the minute');
      const [, said, unit] = /Try again in (\d+) (seconds?)\.$/.exec(refusal.detail) ?? [];
      expect(Number(said)).toBe(refusal.retryAfterSeconds);
      expect(unit).toBe(refusal.retryAfterSeconds === 1 ? 'second' : 'seconds');
      waits.push(refusal.retryAfterSeconds!);
      advance(7_000);
    }
    expect(waits).toEqual([60, 53, 46, 39, 32, 25, 18, 11, 4]);
    advance(-4_000); // 59 s after the admitted request: one second to go
    expect(tracker.admit('a')).toMatchObject({
      detail: 'Too Many Requests. Limit: 1 per 1 minute. Try again in 1 second.',
      retryAfterSeconds: 1,
    });
  });

  it('reports the window with the longest wait when several are full', () => {
    const { tracker } = trackerAt(
      '2026-11-15T12:00:00Z',
      planWith({ per_second_api_rate_limit: 2, per_minute_api_rate_limit: 2 }),
    );
    tracker.admit('a');
    tracker.admit('a');
    expect(tracker.admit('a')).toEqual({
      ok: false,
      detail: 'Too Many Requests. Limit: 2 per 1 minute. Try again in 60 seconds.',
      retryAfterSeconds: 60,
    });
  });
});
