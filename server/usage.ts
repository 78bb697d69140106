import { usagePeriod } from '../shared/index.js';
import type { ApiUsage } from '../shared/index.js';
import { resolvePlan, type Plan } from './plans/config.js';
import { RateLimiter, type RateRefusal } from './plans/limiter.js';
import { UsageStore, type UsageCounter } from './plans/usageFile.js';

/** The UTC month counted (moved to shared/time/period.ts; re-exported for this module's users). */
export { usagePeriod };

/**
 * Usage accounting and quotas (spec endpoint 15 and "Limits"; addendum "Other endpoints"): per API
 * key, requests and data rows for the current calendar month in UTC, checked against the plan.
 * docs/plans.md is the user-facing description.
 *
 * What counts (ours, no public evidence): every authenticated /v1 request the plan hook admits,
 * except `/v1/api_usage` itself, whatever its status; rows are the data rows a route reports in
 * `request.rowsReturned` on a response below 400 (query and audit rows; catalogue, dataset updates
 * and column values report 0). Refused requests (401, 429) count for nothing.
 *
 * {@link UsageTracker.admit} checks and reserves synchronously, so concurrent requests can never
 * pass a limit. Monthly rows are checked on admission: a request is refused once the key's rows
 * this month reached the limit. The plan hook (plans/hook.ts, plans/reservations.ts) also holds the
 * most rows each request in flight can return and lets at most one request that may cross the limit
 * be in flight per key (a lone request whose bound does not fit, or one unbounded request: audit,
 * shift factors, constraint costs, export listing), so the response that crosses the limit —
 * delivered whole, trimming it would break pagination — is the only one: the month ends at most one
 * response above the limit.
 */

/** `2024-03-01T00:00:00+00:00` for a Date on a whole second. */
const iso = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, '+00:00');

/** `500000` → `500,000`. */
const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Options of {@link UsageTracker}: the plan every key is on (default `unlimited`), a clock (tests) and where counters live. */
export interface UsageTrackerOptions {
  plan?: Plan;
  now?: () => Date;
  /** Default: in memory only ({@link UsageStore.memory}). */
  store?: UsageStore;
}

/** Outcome of {@link UsageTracker.admit}: admitted, or a 429 detail (and a wait in seconds for rate limits). */
export type Admission = { ok: true } | { ok: false; detail: string; retryAfterSeconds?: number };

/** A refusal of {@link UsageTracker.admit}'s last check (the plan hook's held rows), or `undefined` to admit. */
export type LastCheck = () => { detail: string; retryAfterSeconds?: number } | undefined;

/** Per-key counters and the plan's limits; a new UTC month starts from zero. */
export class UsageTracker {
  readonly plan: Plan;
  private readonly now: () => Date;
  private readonly store: UsageStore;
  private readonly limiter: RateLimiter;

  constructor(options: UsageTrackerOptions = {}) {
    this.plan = options.plan ?? resolvePlan('unlimited');
    this.now = options.now ?? (() => new Date());
    this.store = options.store ?? UsageStore.memory();
    this.limiter = new RateLimiter(this.plan.limits);
  }

  /** The key's counter for `period` (a fresh zero counter when the stored one is of another month). */
  private counter(keyId: string, period: string): UsageCounter {
    const stored = this.store.get(keyId);
    return stored && stored.period === period ? stored : { period, requests: 0, rows: 0 };
  }

  /**
   * Admits one request of `keyId` now, or says why not. Checks, in order: monthly requests, monthly
   * rows (detail names the reset date, the next month's first day), then the second, minute and
   * hour windows (`Too Many Requests. Limit: 1 per 1 second. Try again in 1 second.`), then `last` (the plan hook's rows
   * held by requests in flight: a transient refusal, so a client over a window hears about the
   * window first). On admission it counts the request at once, before returning: no other request
   * can slip between the checks and the count (`last` must be synchronous).
   */
  admit(keyId: string, last?: LastCheck): Admission {
    const now = this.now();
    const { end, key } = usagePeriod(now);
    const counter = this.counter(keyId, key);
    const { api_requests_limit: requests, api_rows_returned_limit: rows } = this.plan.limits;
    const resets = `Your usage resets on ${end.toISOString().slice(0, 10)}.`;
    if (requests >= 0 && counter.requests >= requests) {
      return { ok: false, detail: `Monthly request limit of ${grouped(requests)} requests reached. ${resets}` };
    }
    if (rows >= 0 && counter.rows >= rows) {
      return { ok: false, detail: `Monthly row limit of ${grouped(rows)} rows reached. ${resets}` };
    }
    const refusal: RateRefusal | undefined = this.limiter.check(keyId, now.getTime());
    if (refusal) return { ok: false, ...refusal };
    const lastRefusal = last?.();
    if (lastRefusal) return { ok: false, ...lastRefusal };
    this.limiter.record(keyId, now.getTime());
    this.store.set(keyId, { ...counter, requests: counter.requests + 1 });
    return { ok: true };
  }

  /** Adds `rows` data rows (a non-negative number, truncated) to `keyId`'s month. */
  addRows(keyId: string, rows: number): void {
    const added = Math.max(0, Math.trunc(rows));
    if (added === 0 || !Number.isFinite(added)) return;
    const counter = this.counter(keyId, usagePeriod(this.now()).key);
    this.store.set(keyId, { ...counter, rows: counter.rows + added });
  }

  /** The `GET /v1/api_usage` body for `keyId`, keys in the addendum's order. */
  report(keyId: string): ApiUsage {
    const { start, end, key } = usagePeriod(this.now());
    const counter = this.counter(keyId, key);
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

  /** Writes the counters one last time (when file-backed). @throws when the file cannot be written. */
  close(): Promise<void> {
    return this.store.close();
  }
}
