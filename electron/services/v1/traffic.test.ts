import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiUsage } from '../../../shared/index.js';
import { usage } from '../../../shared/test-support/fixtures.js';
import { sendJson, startUpstream } from '../../test-support/upstream.js';
import type { Upstream } from '../../test-support/upstream.js';
import { setLogSink } from '../common/logger.js';
import { createV1Proxy } from './proxy.js';
import type { ProxyTarget } from './proxy.js';
import { createTrafficMonitor } from './traffic.js';
import type { TrafficEnd } from './traffic.js';

// The proxy tells the traffic monitor of every attempt; the monitor counts what the plan counts (not /api_usage) for the
// usage meter, and keeps the last outcome per profile for the header badge.

let up: Upstream;
let held: (() => void) | undefined;

beforeAll(async () => {
  setLogSink(() => undefined);
  up = await startUpstream({
    '/v1/api_usage': (_req, res) => sendJson(res, 200, usage()),
    '/v1/busy': (_req, res) => sendJson(res, 503, { detail: 'busy' }),
    '/v1/denied': (_req, res) => sendJson(res, 401, { detail: 'Invalid API key' }),
    '/v1/stream': (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[');
      held = () => res.end(']');
    },
  });
});

afterAll(async () => {
  await up.close();
  setLogSink();
});

const target = (): ProxyTarget => ({ baseUrl: `${up.origin}/v1`, key: 'k-traffic', profile: 'remote' });
const instant = { now: () => 0, sleep: async () => undefined };

describe('the traffic monitor', () => {
  it('counts every attempt but /api_usage, retries included, and a stream only once its body is closed', async () => {
    const traffic = createTrafficMonitor(() => 1_000);
    const proxy = createV1Proxy({ resolveTarget: async () => target(), observer: traffic, clock: instant, random: () => 0 });
    await proxy.get('/api_usage', {}, ApiUsage, { cache: false });
    expect(traffic.activity()).toEqual({ ended: 0, inFlight: 0, lastEndedAt: null, now: 1_000 });
    await proxy.get('/busy', {}, ApiUsage, { retry: { maxAttempts: 3 } });
    expect(traffic.activity()).toMatchObject({ ended: 3, inFlight: 0, lastEndedAt: 1_000 });

    const opened = await proxy.open('/stream', {});
    expect(opened.ok).toBe(true);
    expect(traffic.activity()).toMatchObject({ ended: 3, inFlight: 1 });
    const body = opened.ok ? opened.value.body : undefined;
    const closed = new Promise((done) => body!.once('close', done));
    body!.resume();
    held!();
    await closed;
    expect(traffic.activity()).toMatchObject({ ended: 4, inFlight: 0 });
    await proxy.close();
  });

  it('keeps the last outcome per profile: answered, 401, no answer; 5xx and cancels say nothing new', async () => {
    const traffic = createTrafficMonitor(() => 5);
    const proxy = createV1Proxy({ resolveTarget: async () => target(), observer: traffic, retry: { maxAttempts: 1 } });
    expect(traffic.health('remote')).toBeUndefined();
    await proxy.get('/api_usage', {}, ApiUsage, { cache: false });
    expect(traffic.health('remote')).toEqual({ state: 'ok', at: 5 });
    await proxy.get('/denied', {}, ApiUsage);
    expect(traffic.health('remote')).toMatchObject({ state: 'rejected', message: expect.stringContaining('401') });
    await proxy.get('/busy', {}, ApiUsage);
    expect(traffic.health('remote')?.state).toBe('rejected');
    await proxy.get('/api_usage', {}, ApiUsage, { cache: false, signal: AbortSignal.abort() });
    expect(traffic.health('remote')?.state).toBe('rejected');
    const dead = createV1Proxy({
      resolveTarget: async () => ({ ...target(), baseUrl: 'http://127.0.0.1:9/v1' }),
      observer: traffic,
      retry: { maxAttempts: 1 },
    });
    await dead.get('/api_usage', {}, ApiUsage, { cache: false });
    expect(traffic.health('remote')).toMatchObject({ state: 'unreachable', message: expect.stringContaining('127.0.0.1:9') });
    expect(traffic.health('embedded')).toBeUndefined();
    traffic.forget('remote');
    expect(traffic.health('remote')).toBeUndefined();
    await Promise.all([proxy.close(), dead.close()]);
  });

  it('reads an answer as the badge does', () => {
    const traffic = createTrafficMonitor(() => 0);
    const end = (e: TrafficEnd) => (traffic.ended({ profile: 'remote', path: '/x' }, e), traffic.health('remote')?.state);
    expect(end({ ok: false, code: 'forbidden', status: 403, message: 'plan' })).toBe('ok');
    expect(end({ ok: false, code: 'rate_limited', status: 429, message: 'slow down' })).toBe('ok');
    // No request was made (no key): unchanged.
    expect(end({ ok: false, code: 'auth', message: 'No API key set' })).toBe('ok');
    expect(end({ ok: false, code: 'network', message: 'timed out' })).toBe('unreachable');
    // An unreadable body: unchanged.
    expect(end({ ok: false, code: 'internal', message: 'unreadable' })).toBe('unreachable');
  });
});
