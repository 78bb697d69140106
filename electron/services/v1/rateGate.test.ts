import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { usage } from '../../../shared/test-support/fixtures.js';
import { sendJson, startUpstream } from '../../test-support/upstream.js';
import type { Upstream } from '../../test-support/upstream.js';
import { setLogSink } from '../common/logger.js';
import { createV1Proxy } from './proxy.js';
import { createRateGate, gateWindows, windowWait } from './rateGate.js';
import type { Clock } from './retry.js';

/** A clock whose sleeps let other tasks run first, then move time on to their end, as a real wait would. */
function fakeClock(start = 1_000_000): Clock & { t: number } {
  const clock = {
    t: start,
    now: () => clock.t,
    sleep: async (ms: number, signal?: AbortSignal) => {
      signal?.throwIfAborted();
      const end = clock.t + ms;
      await new Promise((resolve) => setImmediate(resolve));
      clock.t = Math.max(clock.t, end);
    },
  };
  return clock;
}

const FREE = { perSecond: 1, perMinute: 30, perHour: 600 };

describe('the rate gate', () => {
  it('lets one request a stretched second through on the free plan, at most 30 a stretched minute, in arrival order', async () => {
    const clock = fakeClock();
    const gate = createRateGate(clock);
    const start = clock.t;
    const times: number[] = [];
    await Promise.all(
      Array.from({ length: 32 }, (_, i) => gate.pass('k', async () => FREE).then(() => void times.push(i, clock.t - start))),
    );
    const order = times.filter((_, i) => i % 2 === 0);
    const at = times.filter((_, i) => i % 2 === 1);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(at.slice(0, 3)).toEqual([0, 1150, 2300]);
    // The 31st waits for the first to leave the stretched minute (66,050 ms).
    expect(at[30]).toBe(66_050);
  });

  it('reads each key’s plan once; no plan (or none readable) holds nothing back; learn() sets it', async () => {
    const clock = fakeClock();
    const gate = createRateGate(clock);
    let reads = 0;
    const unlimited = async () => (reads++, { perSecond: -1, perMinute: -1, perHour: -1 });
    for (let i = 0; i < 5; i++) await gate.pass('a', unlimited);
    expect(reads).toBe(1);
    await gate.pass('b', async () => null);
    await gate.pass('b', async () => null);
    await gate.pass('c', () => Promise.reject(new Error('no usage')));
    await gate.pass('c', async () => FREE);
    expect(clock.t).toBe(1_000_000);
    gate.learn('b', FREE);
    await gate.pass('b', async () => null);
    await gate.pass('b', async () => null);
    expect(clock.t).toBe(1_001_150);
  });

  it('answers false when the caller gives up while it waits', async () => {
    const clock = fakeClock();
    const gate = createRateGate(clock);
    await gate.pass('k', async () => FREE);
    const ctrl = new AbortController();
    ctrl.abort();
    expect(await gate.pass('k', async () => FREE, ctrl.signal)).toBe(false);
  });

  it('windowWait counts only the sends still inside each window', () => {
    const windows = gateWindows(FREE);
    expect(windows.map((w) => [Math.round(w.ms), w.limit])).toEqual([
      [1150, 1],
      [66_050, 30],
      [3_960_050, 600],
    ]);
    expect(windowWait(windows, [0], 1150)).toBe(0);
    expect(windowWait(windows, [0], 1000)).toBe(150);
    expect(gateWindows(FREE, 0.5).map((w) => w.limit)).toEqual([1, 15, 300]);
  });
});

describe('the proxy behind the gate', () => {
  let up: Upstream;
  let last = 0;
  let refused = 0;
  beforeAll(async () => {
    setLogSink(() => undefined);
    // A free-plan server that refuses a second request within one second, as server/plans does.
    const plan = usage({ plan_name: 'free' });
    plan.limits = { ...plan.limits, per_second_api_rate_limit: 1, per_minute_api_rate_limit: 30, per_hour_api_rate_limit: 600 };
    up = await startUpstream({
      '/v1/api_usage': (_req, res) => sendJson(res, 200, plan),
      '/v1/thing': (_req, res) => {
        const now = Date.now();
        if (now - last < 1000) {
          refused++;
          return sendJson(res, 429, { detail: 'Too Many Requests. Limit: 1 per 1 second. Try again in 1 second.' }, undefined, {
            'retry-after': '1',
          });
        }
        last = now;
        sendJson(res, 200, { ok: true });
      },
    });
  });
  afterAll(async () => {
    await up.close();
    setLogSink();
  });

  it('sends three requests asked at once a second apart: no 429, one plan read, /api_usage never held back', async () => {
    const proxy = createV1Proxy({
      resolveTarget: async () => ({ baseUrl: `${up.origin}/v1`, key: 'gate-test-key', profile: 'remote' }),
      retry: { maxAttempts: 1 },
      rateGate: createRateGate({ now: Date.now, sleep: (ms) => new Promise((r) => setTimeout(r, ms)) }),
    });
    const t0 = Date.now();
    const answers = await Promise.all([1, 2, 3].map(() => proxy.get('/thing', {}, z.object({ ok: z.boolean() }))));
    expect(answers.every((a) => a.ok)).toBe(true);
    expect(refused).toBe(0);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(2000);
    expect(up.requests.filter((r) => r.url === '/v1/api_usage')).toHaveLength(1);
    await proxy.close();
  });
});
