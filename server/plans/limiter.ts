import type { PlanLimits } from './config.js';

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

/** Moving-window request counters per key, in memory; `check` and `record` are synchronous so no `await` can split them. */
export class RateLimiter {
  private readonly windows: RateWindow[];
  private readonly retainMs: number;
  /** Per key: admission times (ms since epoch), ascending, none older than the longest window. */
  private readonly hits = new Map<string, number[]>();

  constructor(limits: PlanLimits) {
    this.windows = windowsOf(limits);
    this.retainMs = Math.max(0, ...this.windows.map((w) => w.ms));
  }

  /** The 429 refusal of one more request of `keyId` at `nowMs` (the full window with the longest wait), or `undefined`. */
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
        refusal = {
          detail: `Too Many Requests. Limit: ${window.limit} per 1 ${window.unit}. Try again in ${wait}.`,
          retryAfterSeconds,
        };
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
