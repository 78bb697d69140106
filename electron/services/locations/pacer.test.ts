import { describe, expect, it } from 'vitest';
import type { ProxyActivity } from '../v1/activity.js';
import type { Clock } from '../v1/retry.js';
import { UNKNOWN_PLAN_LIMITS, createPacer } from './pacer.js';

/** A clock whose sleeps move time on at once (then let other tasks run, as a real wait would). */
function fakeClock(start = 1_000_000): Clock & { t: number } {
  const clock = {
    t: start,
    now: () => clock.t,
    sleep: async (ms: number) => {
      clock.t += ms;
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
  return clock;
}

/** Send times of `n` paced requests, relative to the start. */
async function sendTimes(pace: (s?: AbortSignal) => Promise<void>, clock: { t: number }, n: number): Promise<number[]> {
  const start = clock.t;
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    await pace();
    times.push(clock.t - start);
  }
  return times;
}

describe('createPacer', () => {
  it('without limits sends at once', async () => {
    const clock = fakeClock();
    const pace = createPacer({ perSecond: -1, perMinute: 0, perHour: -1 }, clock, {
      inFlight: () => 3,
      lastStartedAt: () => clock.t,
    });
    expect(await sendTimes(pace, clock, 5)).toEqual([0, 0, 0, 0, 0]);
  });

  it('on the free plan: one per 1.15 s, and no more than 15 (half of 30) within a stretched minute', async () => {
    const clock = fakeClock();
    const times = await sendTimes(createPacer(UNKNOWN_PLAN_LIMITS, clock), clock, 17);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(1150);
    // The 16th waits until the first left the window of 60 s × 1.1 + 50 ms.
    expect(times[15]).toBe(66_050);
    expect(times[16]! - times[15]!).toBe(1150);
  });

  it('a plan of 10 per second sends 5 a second: the other half is the user’s', async () => {
    const clock = fakeClock();
    const times = await sendTimes(createPacer({ perSecond: 10, perMinute: -1, perHour: -1 }, clock), clock, 6);
    expect(times.slice(0, 5)).toEqual([0, 0, 0, 0, 0]);
    expect(times[5]).toBe(1150);
  });

  it('waits while another request is in flight, and for a quiet second after the last one started', async () => {
    const clock = fakeClock();
    let inFlight = 1;
    const activity: ProxyActivity = { inFlight: () => inFlight, lastStartedAt: () => 1_000_000 };
    const pace = createPacer(UNKNOWN_PLAN_LIMITS, clock, activity);
    const sent = pace();
    await new Promise((r) => setTimeout(r, 5));
    expect(clock.t).toBeGreaterThan(1_000_000); // still polling: the other request has not ended
    inFlight = 0;
    await sent;
    expect(clock.t).toBeGreaterThanOrEqual(1_001_150);
  });

  it('an aborted signal ends the wait with its reason', async () => {
    const clock = fakeClock();
    const pace = createPacer(UNKNOWN_PLAN_LIMITS, clock);
    await pace();
    await expect(pace(AbortSignal.abort(new Error('closing')))).rejects.toThrow('closing');
  });
});
