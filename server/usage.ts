import { usagePeriod } from '../shared/index.js';
import type { ApiUsage } from '../shared/index.js';
import { resolvePlan, type Plan } from './plans/config.js';
import { RateLimiter, type RateRefusal } from './plans/limiter.js';
import { UsageStore, type UsageCounter } from './plans/usageFile.js';

/** The UTC month counted (re-exported from shared/time/period.ts). */
export { usagePeriod };

const iso = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, '+00:00');

const grouped = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Options of {@link UsageTracker}: the plan every key is on (default `unlimited`), a clock (tests) and where counters live. */
export interface UsageTrackerOptions {
  plan?: Plan;
  now?: () => Date;
  /** Default in memory only. */
  store?: UsageStore;
}

/** Outcome of {@link UsageTracker.admit}: admitted, or a 429 detail (and a wait in seconds for rate limits). */
export type Admission = { ok: true } | { ok: false; detail: string; retryAfterSeconds?: number };

/** A refusal of {@link UsageTracker.admit}'s last check (the plan hook's held rows), or `undefined`; must be synchronous. */
export type LastCheck = () => { detail: string; retryAfterSeconds?: number } | undefined;

/** Per-key monthly request and row counters checked against the plan; a new UTC month starts at zero (docs/plans.md). */
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

  private counter(keyId: string, period: string): UsageCounter {
    const stored = this.store.get(keyId);
    return stored && stored.period === period ? stored : { period, requests: 0, rows: 0 };
  }

  /** Admits a request (checks: docs/api.md#rate-limits-and-quotas), counting it at once so none slips in between. */
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

  /** The `GET /v1/api_usage` body for `keyId`, keys in the documented order (docs/api.md#api-usage). */
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
