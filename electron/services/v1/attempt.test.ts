import type { Readable } from 'node:stream';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendJson, startUpstream } from '../../test-support/upstream.js';
import type { Upstream } from '../../test-support/upstream.js';
import { setLogSink } from '../common/logger.js';
import { readText } from './body.js';
import { sendAttempt, type AttemptContext } from './attempt.js';
import type { ProxyTarget } from './proxyTypes.js';

/** attempt.ts alone, against a real local server: one request and what its outcome says about retrying. */

const KEY = 'attempt-test-key-0123456789';
let up: Upstream;
let ctx: AttemptContext;
let target: ProxyTarget;
const NOW = Date.parse('2026-11-20T10:00:00Z');

beforeAll(async () => {
  setLogSink(() => undefined);
  up = await startUpstream({
    '/v1/ok': (_req, res) => sendJson(res, 200, { n: 1 }, 'gzip'),
    '/v1/busy': (_req, res) => sendJson(res, 503, { detail: 'warming up' }, undefined, { 'retry-after': '7' }),
    '/v1/monthly': (_req, res) => sendJson(res, 429, { detail: 'Monthly quota exceeded' }),
    '/v1/gone': (_req, res) => sendJson(res, 404, { detail: `no such thing for ${KEY}` }),
    '/v1/slow': () => undefined, // never answers
    '/v1/stream': (_req, res) => {
      res.writeHead(200, { 'content-type': 'text/csv' });
      res.write('a,b\n');
    },
  });
  ctx = {
    dispatcher: new Agent(),
    clock: { now: () => NOW, sleep: async () => undefined },
    timeoutMs: 2_000,
    idleTimeoutMs: 5_000,
  };
  target = { baseUrl: `${up.origin}/v1`, key: KEY, profile: 'remote' };
});
afterAll(async () => {
  await ctx.dispatcher.close();
  await up.close();
  setLogSink();
});

const url = (path: string) => new URL(`${up.origin}/v1${path}`);
const readJson = async (_res: unknown, body: Readable) => ({ ok: true as const, value: JSON.parse(await readText(body, 1e6)) });

describe('sendAttempt', () => {
  it('hands a 2xx body to onOk decoded, the key sent and nothing else of it', async () => {
    expect(await sendAttempt(ctx, url('/ok'), target, {}, 'json', readJson)).toEqual({ ok: true, value: { n: 1 } });
    const sent = up.requests.at(-1)!.headers;
    expect(sent['x-api-key']).toBe(KEY);
    expect(sent['accept-encoding']).toBe('br, gzip');
  });

  it('retries a transient status no sooner than its Retry-After; a monthly quota and a 404 are final', async () => {
    expect(await sendAttempt(ctx, url('/busy'), target, {}, 'json', readJson)).toMatchObject({
      ok: false,
      retry: true,
      floorMs: 7_000,
      result: { ok: false, error: { code: 'network', status: 503 } },
    });
    expect(await sendAttempt(ctx, url('/monthly'), target, {}, 'json', readJson)).toMatchObject({
      ok: false,
      retry: false,
      result: { error: { code: 'rate_limited' } },
    });
    const gone = await sendAttempt(ctx, url('/gone'), target, {}, 'json', readJson);
    expect(gone).toMatchObject({ ok: false, retry: false, result: { error: { code: 'not_found' } } });
    expect(JSON.stringify(gone)).not.toContain(KEY);
  });

  it('fails a request past its deadline as a retryable network failure, and a cancelled one as final', async () => {
    expect(await sendAttempt(ctx, url('/slow'), target, { timeoutMs: 100 }, 'json', readJson)).toMatchObject({
      ok: false,
      retry: true,
      result: { error: { code: 'network', message: 'The /v1 server did not answer within 0.1 s.' } },
    });
    const ctrl = new AbortController();
    setTimeout(() => ctrl.abort(), 50);
    expect(await sendAttempt(ctx, url('/slow'), target, { signal: ctrl.signal }, 'json', readJson)).toMatchObject({
      ok: false,
      retry: false,
      result: { error: { code: 'cancelled' } },
    });
  });

  it('hands a stream over at its headers: past the deadline it lives on, and a later cancel ends it', async () => {
    const ctrl = new AbortController();
    const out = await sendAttempt(
      ctx,
      url('/stream'),
      target,
      { signal: ctrl.signal, timeoutMs: 100 },
      'stream',
      async (_res, body) => ({
        ok: true,
        value: body,
      }),
    );
    expect(out.ok).toBe(true);
    const body = (out as { value: Readable }).value;
    await new Promise((r) => setTimeout(r, 200));
    expect(body.destroyed).toBe(false);
    const closed = new Promise((resolve) => body.once('close', resolve));
    body.on('error', () => undefined);
    ctrl.abort();
    await closed;
    expect(body.destroyed).toBe(true);
  });

  it('names a connection failure and the server it tried', async () => {
    const nowhere = { ...target, baseUrl: 'http://127.0.0.1:1/v1' };
    expect(await sendAttempt(ctx, new URL('http://127.0.0.1:1/v1/ok'), nowhere, {}, 'json', readJson)).toMatchObject({
      ok: false,
      retry: true,
      result: {
        error: {
          code: 'network',
          message: 'Could not reach 127.0.0.1:1: connection refused. Check the Remote URL in Settings or your network.',
        },
      },
    });
  });
});
