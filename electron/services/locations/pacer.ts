import type { ProxyActivity } from '../v1/activity.js';
import { WINDOW_MARGIN, WINDOW_SLACK_MS, gateWindows, windowWait } from '../v1/rateGate.js';
import type { RateLimits } from '../v1/rateGate.js';
import type { Clock } from '../v1/retry.js';

export { UNKNOWN_PLAN_LIMITS, rateLimitsOf } from '../v1/rateGate.js';
export type { RateLimits } from '../v1/rateGate.js';

/** Resolves when the next background request may be sent, and counts it as sent. @throws the signal's reason on abort. */
export type Pacer = (signal?: AbortSignal) => Promise<void>;

/** How often the pacer looks again while another request of the app is in flight, in ms. */
const BUSY_POLL_MS = 100;

/**
 * A pacer for background requests under `limits`: in every window of the plan it sends at most half the requests
 * allowed (at least one), so the user's own requests keep the other half; and, when the plan limits anything, it
 * sends only when no other request of the app (`activity`) is in flight or started within the last second, so a
 * screen that opens meanwhile goes first. No limits: no waiting.
 */
export function createPacer(limits: RateLimits, clock: Clock, activity?: ProxyActivity): Pacer {
  const windows = gateWindows(limits, 0.5);
  const quietMs = 1000 * (1 + WINDOW_MARGIN) + WINDOW_SLACK_MS;
  const sent: number[] = [];

  const waitMs = (t: number): number => {
    let wait = 0;
    if (activity && windows.length > 0) {
      if (activity.inFlight() > 0) wait = BUSY_POLL_MS;
      wait = Math.max(wait, activity.lastStartedAt() + quietMs - t);
    }
    return Math.max(wait, windowWait(windows, sent, t));
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
