import type { ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Result } from '../../../shared/index.js';
import { sendJson, startUpstream } from '../../test-support/upstream.js';
import type { Route, Upstream } from '../../test-support/upstream.js';
import { setLogSink } from '../common/logger.js';
import { MAX_JSON_BODY_BYTES, createV1Proxy } from './proxy.js';
import type { ProxyOptions, ProxyProgress, V1Proxy } from './proxy.js';
import type { Clock } from './retry.js';

// Against a real node:http upstream on 127.0.0.1; time is a fake clock whose sleeps are recorded, not waited.

const KEY = 'fault-test-key-lowercase-only';
const T0 = Date.parse('2026-11-20T10:00:00Z');
const Body = z.object({ ok: z.literal(true) });

let up: Upstream;
const proxies: V1Proxy[] = [];
const results: Result<unknown>[] = [];

/** A clock whose sleeps advance time at once and are recorded. */
function fakeClock(): Clock & { sleeps: number[] } {
  let t = T0;
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => t,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw signal.reason;
      sleeps.push(ms);
      t += ms;
    },
  };
}

function make(clock: Clock, extra: Partial<ProxyOptions> = {}): V1Proxy {
  const p = createV1Proxy({
    resolveTarget: async () => ({ baseUrl: `${up.origin}/v1`, key: KEY, profile: 'remote' }),
    clock,
    random: () => 0.5,
    ...extra,
  });
  proxies.push(p);
  return p;
}

/** A route answering from `steps` in turn (the last one repeats); counts its calls. */
function sequence(path: string, steps: Route[]): { calls: () => number } {
  let n = 0;
  up.route(path, (req, res) => {
    const step = steps[Math.min(n, steps.length - 1)];
    n += 1;
    step?.(req, res);
  });
  return { calls: () => n };
}
const okRoute: Route = (_q, res) => sendJson(res, 200, { ok: true });
const status =
  (code: number, detail: string, headers: Record<string, string> = {}): Route =>
  (_q, res) =>
    sendJson(res, code, { detail }, undefined, headers);

async function run<T>(p: Promise<Result<T>>): Promise<Result<T>> {
  const r = await p;
  results.push(r);
  return r;
}
const errorOf = (r: Result<unknown>) => {
  if (r.ok) throw new Error('expected a failure');
  return r.error;
};

beforeAll(async () => {
  setLogSink(() => undefined);
  up = await startUpstream();
});
afterEach(async () => {
  await Promise.all(proxies.splice(0).map((p) => p.close()));
});
afterAll(async () => {
  await up.close();
  setLogSink();
  for (const r of results) expect(JSON.stringify(r)).not.toContain(KEY);
});

describe('429', () => {
  it('waits the Retry-After seconds, reports the retry, then answers', async () => {
    const route = sequence('/v1/r429', [
      status(429, 'Too Many Requests. Limit: 1 per 1 second.', { 'retry-after': '8' }),
      okRoute,
    ]);
    const clock = fakeClock();
    const progress: ProxyProgress[] = [];
    const r = await run(make(clock).get('/r429', {}, Body, { onProgress: (p) => void progress.push(p) }));
    expect(r).toEqual({ ok: true, value: { ok: true } });
    expect(route.calls()).toBe(2);
    expect(clock.sleeps).toEqual([8000]);
    expect(progress).toEqual([
      { state: 'running', attempt: 1, maxAttempts: 4 },
      {
        state: 'retrying',
        attempt: 2,
        maxAttempts: 4,
        delayMs: 8000,
        reason: 'Rate limit reached (429): Too Many Requests. Limit: 1 per 1 second. Retry after 8 s.',
        cause: 'Rate limit reached (429)',
      },
      { state: 'running', attempt: 2, maxAttempts: 4 },
    ]);
  });

  it('without Retry-After, honours the wait in the detail ("Limit: 1 per 1 second." → ≥ 1 s)', async () => {
    sequence('/v1/rdetail', [status(429, 'Too Many Requests. Limit: 1 per 1 second.'), okRoute]);
    const clock = fakeClock();
    expect(await run(make(clock, { random: () => 0 }).get('/rdetail', {}, Body))).toMatchObject({ ok: true });
    expect(clock.sleeps).toEqual([1000]);
  });

  it('reads Retry-After as an HTTP date', async () => {
    sequence('/v1/rdate', [status(429, 'slow down', { 'retry-after': new Date(T0 + 5000).toUTCString() }), okRoute]);
    const clock = fakeClock();
    expect(await run(make(clock).get('/rdate', {}, Body))).toMatchObject({ ok: true });
    expect(clock.sleeps).toEqual([5000]);
  });

  it('does not retry a monthly quota 429', async () => {
    const route = sequence('/v1/monthly', [
      status(429, 'Monthly row limit of 500,000 rows reached. Your usage resets on 2026-12-01.'),
    ]);
    const clock = fakeClock();
    const e = errorOf(await run(make(clock).get('/monthly', {}, Body)));
    expect(e).toEqual({
      code: 'rate_limited',
      status: 429,
      message: 'Monthly quota used up (429): Monthly row limit of 500,000 rows reached. Your usage resets on 2026-12-01.',
    });
    expect(route.calls()).toBe(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('gives up at once when the server asks to wait longer than the budget', async () => {
    const route = sequence('/v1/rlong', [status(429, 'Too Many Requests. Limit: 600 per 1 hour.', { 'retry-after': '120' })]);
    const e = errorOf(await run(make(fakeClock()).get('/rlong', {}, Body)));
    expect(e.message).toBe(
      'Gave up after 1 attempt: Rate limit reached (429): Too Many Requests. Limit: 600 per 1 hour. Retry after 120 s. The server asks to wait 120 s, longer than the retry budget allows.',
    );
    expect(e.code).toBe('rate_limited');
    expect(route.calls()).toBe(1);
  });
});

describe('5xx and the budget', () => {
  it('rides out a 503 burst with full-jitter backoff (1 s, 2 s, 4 s ceilings)', async () => {
    const route = sequence('/v1/burst', [status(503, 'busy'), status(502, 'upstream down'), status(504, 'slow'), okRoute]);
    const clock = fakeClock();
    expect(await run(make(clock).get('/burst', {}, Body))).toMatchObject({ ok: true });
    expect(route.calls()).toBe(4);
    expect(clock.sleeps).toEqual([500, 1000, 2000]); // random 0.5 × ceilings
  });

  it('gives up after the attempt budget with a clear final error', async () => {
    const route = sequence('/v1/down', [status(503, 'maintenance')]);
    const e = errorOf(await run(make(fakeClock(), { random: () => 0.99 }).get('/down', {}, Body)));
    // Sleeps 990 + 1980 + 3960 ms = 6.9 s.
    expect(e).toEqual({
      code: 'network',
      status: 503,
      message: 'Gave up after 4 attempts over 7 s: The /v1 server answered 503 Service Unavailable: maintenance.',
    });
    expect(route.calls()).toBe(4);
  });

  it('gives up when the next wait would pass the total time budget', async () => {
    const route = sequence('/v1/slowdown', [status(500, 'oops', { 'retry-after': '20' })]);
    const clock = fakeClock();
    const e = errorOf(await run(make(clock, { retry: { maxAttempts: 10, maxTotalWaitMs: 45_000 } }).get('/slowdown', {}, Body)));
    expect(clock.sleeps).toEqual([20_000, 20_000]);
    expect(e.message).toMatch(
      /^Gave up after 3 attempts over 40 s: The \/v1 server answered 500 Internal Server Error: oops\. The server asks to wait 20 s/,
    );
    expect(route.calls()).toBe(3);
  });

  it('does not retry 4xx other than 429', async () => {
    const route = sequence('/v1/bad', [status(400, 'Column x not found in dataset')]);
    expect(errorOf(await run(make(fakeClock()).get('/bad', {}, Body))).code).toBe('validation');
    expect(route.calls()).toBe(1);
  });
});

describe('connections', () => {
  it('retries a dropped connection', async () => {
    const route = sequence('/v1/drop', [(req) => req.socket.destroy(), okRoute]);
    expect(await run(make(fakeClock()).get('/drop', {}, Body))).toMatchObject({ ok: true });
    expect(route.calls()).toBe(2);
  });

  it('retries a body cut off halfway', async () => {
    const route = sequence('/v1/half', [
      (_q, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('{"ok":');
        setTimeout(() => res.socket?.destroy(), 10);
      },
      okRoute,
    ]);
    expect(await run(make(fakeClock()).get('/half', {}, Body))).toMatchObject({ ok: true });
    expect(route.calls()).toBe(2);
  });

  it('refused connections: retried, then a clear error', async () => {
    const closed = await startUpstream();
    await closed.close();
    const p = createV1Proxy({
      resolveTarget: async () => ({ baseUrl: `${closed.origin}/v1`, key: KEY }),
      clock: fakeClock(),
      random: () => 0.5,
    });
    proxies.push(p);
    const e = errorOf(await run(p.get('/x', {}, Body)));
    expect(e.message).toBe(
      `Gave up after 4 attempts over 4 s: Could not reach 127.0.0.1:${closed.port}: connection refused. Check the Remote URL in Settings or your network.`,
    );
  });

  it('a stalled server times out per attempt, the attempts are retried, and each timed-out socket is closed', async () => {
    let closedSockets = 0;
    const route = sequence('/v1/stall', [(req) => void req.socket.on('close', () => void (closedSockets += 1))]);
    const e = errorOf(await run(make(fakeClock(), { timeoutMs: 150, retry: { maxAttempts: 2 } }).get('/stall', {}, Body)));
    expect(e).toEqual({
      code: 'network',
      message: 'Gave up after 2 attempts over 1 s: The /v1 server did not answer within 0.2 s.',
    });
    expect(route.calls()).toBe(2);
    // A timed-out attempt does not leave its connection open on the stalled server.
    await vi.waitFor(() => expect(closedSockets).toBe(2));
  });
});

describe('cancellation', () => {
  it('aborting mid-body answers cancelled and closes the upstream connection', async () => {
    let socketClosed = false;
    let responding: ServerResponse | undefined;
    sequence('/v1/trickle', [
      (req, res) => {
        req.socket.on('close', () => void (socketClosed = true));
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"ok":');
        responding = res;
      },
    ]);
    const ctrl = new AbortController();
    const pending = run(make(fakeClock()).get('/trickle', {}, Body, { signal: ctrl.signal }));
    await vi.waitFor(() => expect(responding).toBeDefined());
    ctrl.abort();
    expect(errorOf(await pending)).toEqual({ code: 'cancelled', message: 'The request was cancelled.' });
    await vi.waitFor(() => expect(socketClosed).toBe(true));
  });

  it('aborting during a backoff wait answers cancelled without another request', async () => {
    const route = sequence('/v1/waiting', [status(503, 'busy')]);
    const blocking: Clock = {
      now: () => T0,
      sleep: (_ms, signal) => new Promise((_ok, reject) => signal?.addEventListener('abort', () => reject(new Error('aborted')))),
    };
    const ctrl = new AbortController();
    const progress: ProxyProgress[] = [];
    const pending = run(
      make(blocking).get('/waiting', {}, Body, { signal: ctrl.signal, onProgress: (p) => void progress.push(p) }),
    );
    await vi.waitFor(() => expect(progress.at(-1)?.state).toBe('retrying'));
    ctrl.abort();
    expect(errorOf(await pending).code).toBe('cancelled');
    expect(route.calls()).toBe(1);
  });
});

describe('large bodies', () => {
  const big = (_q: unknown, res: ServerResponse): void => {
    res.writeHead(200, { 'content-type': 'application/json' });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let i = 0;
    const pump = (): void => {
      while (i < 48) {
        i += 1;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  };

  it('get() stops reading past the cap and ends the response early', async () => {
    let closedEarly = false;
    // 1.5 MiB, then the server keeps the response open: only the client can end it.
    up.route('/v1/bigger', (_req, res) => {
      res.on('close', () => void (closedEarly = !res.writableFinished));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write(Buffer.alloc(1536 * 1024, 'a'));
    });
    const e = errorOf(await run(make(fakeClock(), { maxBodyBytes: 1024 * 1024 }).get('/bigger', {}, z.unknown())));
    expect(e).toEqual({
      code: 'internal',
      message:
        'The /v1 response (GET /v1/bigger) is larger than 1 MiB, the most Gridscope reads for one answer. Ask for fewer rows per page or fewer columns.',
    });
    await vi.waitFor(() => expect(closedEarly).toBe(true));
  });

  it('the default cap is 32 MiB of decoded JSON: 33 MiB is refused without a retry, 31 MiB is read', async () => {
    expect(MAX_JSON_BODY_BYTES).toBe(32 * 1024 * 1024);
    // A JSON string of n MiB, gzipped (a few KB on the wire; the cap counts decoded bytes).
    const jsonOf = (mib: number): Buffer => gzipSync(Buffer.from(`"${'a'.repeat(mib * 1024 * 1024 - 2)}"`));
    const over = jsonOf(33);
    const under = jsonOf(31);
    const gz =
      (body: Buffer): Route =>
      (_q, res) =>
        void res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(body);
    const overRoute = sequence('/v1/page-33', [gz(over)]);
    up.route('/v1/page-31', gz(under));
    const clock = fakeClock();
    const e = errorOf(await run(make(clock).get('/page-33', {}, z.string())));
    expect(e).toEqual({
      code: 'internal',
      message:
        'The /v1 response (GET /v1/page-33) is larger than 32 MiB, the most Gridscope reads for one answer. Ask for fewer rows per page or fewer columns.',
    });
    expect(overRoute.calls()).toBe(1);
    expect(clock.sleeps).toEqual([]);
    const ok = await run(make(clock).get('/page-31', {}, z.string()));
    expect(ok.ok && ok.value.length).toBe(31 * 1024 * 1024 - 2);
  });

  it('open() hands over a stream that arrives in chunks', async () => {
    up.route('/v1/big', big);
    const r = await make(fakeClock()).open('/big', {});
    if (!r.ok) throw new Error(r.error.message);
    let chunks = 0;
    let bytes = 0;
    for await (const c of r.value.body as AsyncIterable<Buffer>) {
      chunks += 1;
      bytes += c.length;
    }
    expect(r.value.status).toBe(200);
    expect(bytes).toBe(48 * 64 * 1024);
    expect(chunks).toBeGreaterThan(1);
  });
});
