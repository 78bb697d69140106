import type { ApiUsage } from '../../../shared/index.js';
import type { ProxyActivity } from '../v1/activity.js';
import type { Clock } from '../v1/retry.js';

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

/** Resolves when the next background request may be sent, and counts it as sent. @throws the signal's reason on abort. */
export type Pacer = (signal?: AbortSignal) => Promise<void>;

/** How often the pacer looks again while another request of the app is in flight, in ms. */
const BUSY_POLL_MS = 100;
/** Windows are stretched by this share plus {@link WINDOW_SLACK_MS}: arrivals at the server drift from our send times. */
const WINDOW_MARGIN = 0.1;
const WINDOW_SLACK_MS = 50;

/**
 * A pacer for background requests under `limits`: in every window of the plan it sends at most half the requests
 * allowed (at least one), so the user's own requests keep the other half; and, when the plan limits anything, it
 * sends only when no other request of the app (`activity`) is in flight or started within the last second, so a
 * screen that opens meanwhile goes first. No limits: no waiting.
 */
export function createPacer(limits: RateLimits, clock: Clock, activity?: ProxyActivity): Pacer {
  const windows = [
    { ms: 1000, limit: limits.perSecond },
    { ms: 60_000, limit: limits.perMinute },
    { ms: 3_600_000, limit: limits.perHour },
  ]
    .filter((w) => w.limit > 0)
    .map((w) => ({ ms: w.ms * (1 + WINDOW_MARGIN) + WINDOW_SLACK_MS, share: Math.max(1, Math.floor(w.limit / 2)) }));
  const quietMs = 1000 * (1 + WINDOW_MARGIN) + WINDOW_SLACK_MS;
  const sent: number[] = [];

  const waitMs = (t: number): number => {
    let wait = 0;
    if (activity && windows.length > 0) {
      if (activity.inFlight() > 0) wait = BUSY_POLL_MS;
      wait = Math.max(wait, activity.lastStartedAt() + quietMs - t);
    }
    for (const w of windows) {
      const recent = sent.filter((s) => s > t - w.ms);
      // The oldest request that must leave the window before one more fits in it.
      if (recent.length >= w.share) wait = Math.max(wait, recent[recent.length - w.share]! + w.ms - t);
    }
    return wait;
  };

  return async (signal) => {
    for (;;) {
      signal?.throwIfAborted();
      const t = clock.now();
      const wait = waitMs(t);
      if (wait <= 0) {
        sent.push(t);
        // Only the longest window's requests matter from here on.
        const keep = Math.max(0, ...windows.map((w) => w.ms));
        while (sent.length > 0 && sent[0]! <= t - keep) sent.shift();
        return;
      }
      await clock.sleep(Math.ceil(wait), signal);
    }
  };
}
