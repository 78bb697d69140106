import type { ApiUsage } from '../shared/index.js';

/**
 * Usage accounting for `GET /v1/api_usage` (spec endpoint 15; addendum "Other endpoints"): requests
 * and data rows per API key for the current calendar month in UTC, kept in memory. Plans and
 * persistence come later (issue #3): a plan is plain data handed to the tracker, and the counters
 * sit behind `record`/`report`, so a persistent store can replace the Map without touching routes.
 *
 * What counts (ours, no public evidence): every authenticated /v1 request except `/v1/api_usage`
 * itself; rows are the data rows a route reports (`request.rowsReturned`), e.g. audit rows; the
 * catalogue endpoints report 0.
 */

/** Plan limits; `-1` means no limit. Key order is the addendum's. */
export interface PlanLimits {
  api_rows_returned_limit: number;
  api_requests_limit: number;
  api_rows_per_response_limit: number;
  per_second_api_rate_limit: number;
  per_minute_api_rate_limit: number;
  per_hour_api_rate_limit: number;
}

/** A subscription plan: its name and limits. */
export interface Plan {
  name: string;
  limits: PlanLimits;
}

/** The default plan of the embedded service: no limits. */
export const UNLIMITED_PLAN: Plan = Object.freeze({
  name: 'unlimited',
  limits: Object.freeze({
    api_rows_returned_limit: -1,
    api_requests_limit: -1,
    api_rows_per_response_limit: -1,
    per_second_api_rate_limit: -1,
    per_minute_api_rate_limit: -1,
    per_hour_api_rate_limit: -1,
  }),
});

/** Options of {@link UsageTracker}: the plan every key is on, and a clock (tests). */
export interface UsageTrackerOptions {
  plan?: Plan;
  now?: () => Date;
}

interface Counter {
  period: string;
  requests: number;
  rows: number;
}

/** `2024-03-01T00:00:00+00:00` for a Date already at a UTC month start. */
const iso = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, '+00:00');

/** Start (inclusive) and end (exclusive: the next month's start) of the UTC month containing `now`. */
export function usagePeriod(now: Date): { start: Date; end: Date; key: string } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end, key: iso(start).slice(0, 7) };
}

/** In-memory per-key counters for the current UTC month; a new month starts from zero. */
export class UsageTracker {
  private readonly counters = new Map<string, Counter>();
  private readonly plan: Plan;
  private readonly now: () => Date;

  constructor(options: UsageTrackerOptions = {}) {
    this.plan = options.plan ?? UNLIMITED_PLAN;
    this.now = options.now ?? (() => new Date());
  }

  /** The key's counter for the current month (reset when the month changed). */
  private counter(keyId: string): Counter {
    const period = usagePeriod(this.now()).key;
    const existing = this.counters.get(keyId);
    if (existing && existing.period === period) return existing;
    const fresh = { period, requests: 0, rows: 0 };
    this.counters.set(keyId, fresh);
    return fresh;
  }

  /** Counts one request that returned `rows` data rows (a non-negative integer) for `keyId`. */
  record(keyId: string, rows: number): void {
    const counter = this.counter(keyId);
    counter.requests += 1;
    counter.rows += Math.max(0, Math.trunc(rows));
  }

  /** The `GET /v1/api_usage` body for `keyId`, keys in the addendum's order. */
  report(keyId: string): ApiUsage {
    const { start, end } = usagePeriod(this.now());
    const counter = this.counter(keyId);
    const limits = this.plan.limits;
    return {
      plan_name: this.plan.name,
      limits: {
        api_rows_returned_limit: limits.api_rows_returned_limit,
        api_requests_limit: limits.api_requests_limit,
        api_rows_per_response_limit: limits.api_rows_per_response_limit,
        per_second_api_rate_limit: limits.per_second_api_rate_limit,
        per_minute_api_rate_limit: limits.per_minute_api_rate_limit,
        per_hour_api_rate_limit: limits.per_hour_api_rate_limit,
      },
      current_usage_period_start: iso(start),
      current_usage_period_end: iso(end),
      current_period_usage: { total_requests: counter.requests, total_api_rows_returned: counter.rows },
    };
  }
}
