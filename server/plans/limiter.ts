import type { PlanLimits } from './config.js';

/**
 * Request-rate limits per key (spec "Errors": 429 "rate limit exceeded (message gives wait in
 * seconds)"; addendum "Rate limiting" for the detail text). Windows are moving: a request is
 * admitted when fewer than N admitted requests of the same key fall in the last 1 s / 60 s / 3600 s.
 * Kept in memory only (a restart forgets the last hour; monthly counters persist, see usageFile.ts).
 * {@link RateLimiter.check} and {@link RateLimiter.record} are synchronous so a caller can check and
 * reserve with no `await` in between: exact under concurrent requests.
 */

/** A refused request: the 429 detail and how long to wait, in whole seconds (≥ 1). */
export interface RateRefusal {
  detail: string;
  retryAfterSeconds: number;
}

interface RateWindow {
  ms: number;
  unit: string;
  limit: number;
}

/** The active windows of a plan (limit ≥ 0; `-1` = no limit), shortest first. */
function windowsOf(limits: PlanLimits): RateWindow[] {
  const all: RateWindow[] = [
    { ms: 1_000, unit: 'second', limit: limits.per_second_api_rate_limit },
    { ms: 60_000, unit: 'minute', limit: limits.per_minute_api_rate_limit },
    { ms: 3_600_000, unit: 'hour', limit: limits.per_hour_api_rate_limit },
  ];
  return all.filter((w) => w.limit >= 0);
}

/** Index of the first element of ascending `times` greater than `bound`. */
function firstAfter(times: readonly number[], bound: number): number {
  let low = 0;
  let high = times.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (times[mid]! > bound) high = mid;
    else low = mid + 1;
  }
  return low;
}

/** Moving-window request counters for every key of one plan. */
export class RateLimiter {
  private readonly windows: RateWindow[];
  private readonly retainMs: number;
  /** Per key: admission times (ms since epoch), ascending, none older than the longest window. */
  private readonly hits = new Map<string, number[]>();

  constructor(limits: PlanLimits) {
    this.windows = windowsOf(limits);
    this.retainMs = Math.max(0, ...this.windows.map((w) => w.ms));
  }

  /**
   * Whether one more request of `keyId` at `nowMs` would exceed a window. When several do, the one
   * with the longest wait is reported (retrying earlier could not succeed).
   * @returns the refusal, or `undefined`. Its detail names the limit and the wait, the same number of
   * seconds as `Retry-After`: `Too Many Requests. Limit: 30 per 1 minute. Try again in 12 seconds.`
   */
  check(keyId: string, nowMs: number): RateRefusal | undefined {
    const times = this.hits.get(keyId) ?? [];
    let refusal: RateRefusal | undefined;
    for (const window of this.windows) {
      const inWindow = times.length - firstAfter(times, nowMs - window.ms);
      if (inWindow < window.limit) continue;
      // Admissible again once the oldest of the last `limit` hits leaves the window.
      const freedAt = window.limit === 0 ? nowMs + window.ms : times[times.length - window.limit]! + window.ms;
      const retryAfterSeconds = Math.max(1, Math.ceil((freedAt - nowMs) / 1000));
      if (!refusal || retryAfterSeconds > refusal.retryAfterSeconds) {
        const wait = `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`;
        refusal = { detail: `Too Many Requests. Limit: ${window.limit} per 1 ${window.unit}. Try again in ${wait}.`, retryAfterSeconds };
      }
    }
    return refusal;
  }

  /** Counts an admitted request of `keyId` at `nowMs` and forgets hits older than the longest window. */
  record(keyId: string, nowMs: number): void {
    if (this.windows.length === 0) return;
    let times = this.hits.get(keyId);
    if (!times) this.hits.set(keyId, (times = []));
    const stale = firstAfter(times, nowMs - this.retainMs);
    if (stale > 0) times.splice(0, stale);
    // A clock that stepped back (tests, NTP) still keeps the list sorted.
    times.splice(firstAfter(times, nowMs), 0, nowMs);
  }
}
