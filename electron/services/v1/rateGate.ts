import type { ApiUsage } from '../../../shared/index.js';
import type { Clock } from './retry.js';

/** A plan's request windows (docs/api.md#rate-limits-and-quotas): requests per second, minute and hour; ≤ 0 = no limit. */
export interface RateLimits {
  perSecond: number;
  perMinute: number;
  perHour: number;
}

/**
 * Limits assumed when /v1 does not say (no `/api_usage`): the free plan's, the strictest docs/plans.md names, so an
 * unknown plan is never overrun.
 */
export const UNKNOWN_PLAN_LIMITS: RateLimits = { perSecond: 1, perMinute: 30, perHour: 600 };

/** The windows of `usage`'s plan. */
export function rateLimitsOf(usage: ApiUsage): RateLimits {
  const l = usage.limits;
  return { perSecond: l.per_second_api_rate_limit, perMinute: l.per_minute_api_rate_limit, perHour: l.per_hour_api_rate_limit };
}

/** Windows are stretched by this share plus {@link WINDOW_SLACK_MS}: arrivals at the server drift from our send times. */
export const WINDOW_MARGIN = 0.1;
export const WINDOW_SLACK_MS = 50;

/** One plan window as the app keeps it: its stretched length (ms) and how many sends it lets through. */
export interface GateWindow {
  ms: number;
  limit: number;
}

/** The stretched windows of `limits` allowing `share` of each (1: all of it; the location index takes 0.5), at least one. */
export function gateWindows(limits: RateLimits, share = 1): GateWindow[] {
  return [
    { ms: 1000, limit: limits.perSecond },
    { ms: 60_000, limit: limits.perMinute },
    { ms: 3_600_000, limit: limits.perHour },
  ]
    .filter((w) => w.limit > 0)
    .map((w) => ({ ms: w.ms * (1 + WINDOW_MARGIN) + WINDOW_SLACK_MS, limit: Math.max(1, Math.floor(w.limit * share)) }));
}

/** How long (ms) until one more send at `t` fits every window, given the send times `sent` (ascending); 0: now. */
export function windowWait(windows: readonly GateWindow[], sent: readonly number[], t: number): number {
  let wait = 0;
  for (const w of windows) {
    const recent = sent.filter((s) => s > t - w.ms);
    // The oldest send that must leave the window before one more fits in it.
    if (recent.length >= w.limit) wait = Math.max(wait, recent[recent.length - w.limit]! + w.ms - t);
  }
  return wait;
}

/**
 * Spaces the app's own /v1 requests under its plan's moving windows (docs/desktop.md#the-request-budget), so no screen
 * provokes a 429 by asking for two answers at once on the free plan (1 request per second): a request waits here, in
 * the order it came, until it fits every window of its key. Each key's plan is read once, by the caller's
 * `readLimits` (`GET /api_usage`, exempt from every limit), and again whenever an `/api_usage` answer passes
 * ({@link learn}). A plan that cannot be read is not gated: the proxy's retries handle its 429s as before.
 */
export interface RateGate {
  /** Resolves when one more request of `key` fits, counting it; false when `signal` aborted meanwhile. */
  pass(key: string, readLimits: () => Promise<RateLimits | null>, signal?: AbortSignal): Promise<boolean>;
  /** The plan of `key` as an `/api_usage` answer says it. */
  learn(key: string, limits: RateLimits): void;
}

interface KeyState {
  windows: GateWindow[] | undefined;
  reading: Promise<void> | undefined;
  sent: number[];
  queue: Promise<void>;
}

/** A {@link RateGate} on `clock`. */
export function createRateGate(clock: Clock): RateGate {
  const keys = new Map<string, KeyState>();
  const stateOf = (key: string): KeyState => {
    let s = keys.get(key);
    if (!s) keys.set(key, (s = { windows: undefined, reading: undefined, sent: [], queue: Promise.resolve() }));
    return s;
  };

  async function admit(s: KeyState, signal: AbortSignal | undefined): Promise<boolean> {
    for (;;) {
      if (signal?.aborted) return false;
      const windows = s.windows ?? [];
      const t = clock.now();
      const wait = windowWait(windows, s.sent, t);
      if (wait <= 0) {
        s.sent.push(t);
        const keep = Math.max(0, ...windows.map((w) => w.ms));
        while (s.sent.length > 0 && s.sent[0]! <= t - keep) s.sent.shift();
        return true;
      }
      try {
        await clock.sleep(Math.ceil(wait), signal);
      } catch {
        return false;
      }
    }
  }

  return {
    async pass(key, readLimits, signal) {
      const s = stateOf(key);
      // A plan already learned from an /api_usage answer is not read again.
      if (!s.windows)
        s.reading ??= readLimits().then(
          (limits) => {
            s.windows ??= limits ? gateWindows(limits) : [];
          },
          () => {
            s.windows ??= [];
          },
        );
      if (s.reading) await s.reading;
      // One at a time per key, in arrival order: a later request never overtakes a waiting one.
      const turn = s.queue.then(() => admit(s, signal));
      s.queue = turn.then(
        () => undefined,
        () => undefined,
      );
      return turn;
    },
    learn(key, limits) {
      stateOf(key).windows = gateWindows(limits);
    },
  };
}
