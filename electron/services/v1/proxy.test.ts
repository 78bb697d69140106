import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiUsage, DatasetListResponse } from '../../../shared/index.js';
import type { Result } from '../../../shared/index.js';
import { dataset, usage } from '../../../shared/test-support/fixtures.js';
import { sendJson, startUpstream } from '../../test-support/upstream.js';
import type { Upstream } from '../../test-support/upstream.js';
import { setLogLevel, setLogSink } from '../common/logger.js';
import { TargetUnavailableError, createV1Proxy, joinUrl } from './proxy.js';
import type { ProxyTarget, V1Proxy } from './proxy.js';
import { AUTH_REJECTED_MESSAGE, NO_REMOTE_KEY_MESSAGE } from './proxyErrors.js';

// Deliberately not "key-looking" (no digits, lower case) so only the proxy's own scrubbing hides it.
const KEY = 'plain-lowercase-test-key-for-the-proxy';
const listBody = {
  status_code: 200,
  data: [dataset('pjm_lmp')],
  meta: { page: null, limit: null, page_size: null, hasNextPage: null, cursor: null },
  dataset_metadata: { resample_conversion: { '1_HOUR': 3600 }, data_timezone: 'UTC' },
};

let up: Upstream;
const logs: string[] = [];
const results: Result<unknown>[] = [];
const proxies: V1Proxy[] = [];

// One attempt: this file checks how each answer maps to a Result; retries are in proxy.faults.test.ts.
function proxyFor(target: ProxyTarget | null | (() => Promise<ProxyTarget | null>), timeoutMs?: number): V1Proxy {
  const p = createV1Proxy({
    resolveTarget: typeof target === 'function' ? target : async () => target,
    retry: { maxAttempts: 1 },
    ...(timeoutMs ? { timeoutMs } : {}),
  });
  proxies.push(p);
  return p;
}
const remote = (): V1Proxy => proxyFor({ baseUrl: `${up.origin}/v1`, key: KEY, profile: 'remote' });
async function track<T>(p: Promise<Result<T>>): Promise<Result<T>> {
  const r = await p;
  results.push(r);
  return r;
}
const errorOf = (r: Result<unknown>): { code: string; message: string; status?: number } => {
  if (r.ok) throw new Error('expected a failure');
  return r.error;
};

beforeAll(async () => {
  setLogSink((_l, line) => void logs.push(line), 'debug');
  up = await startUpstream({
    '/v1/datasets': (req, res) => {
      const enc = new URL(req.url ?? '', 'http://x').searchParams.get('enc');
      sendJson(res, 200, listBody, enc === 'br' ? 'br' : enc === 'gzip' ? 'gzip' : undefined);
    },
    '/v1/api_usage': (_req, res) => sendJson(res, 200, usage()),
    '/v1/bad-shape': (_req, res) => sendJson(res, 200, { data: 'nope' }),
    '/v1/not-json': (_req, res) => res.end('<html>hello</html>'),
    '/v1/bad-gzip': (_req, res) => {
      res.writeHead(200, { 'content-encoding': 'gzip', 'content-type': 'application/json' });
      res.end(gzipSync(Buffer.from('{"a":1}')).subarray(0, 12));
    },
    '/v1/reset': (req) => req.socket.destroy(),
    '/v1/weird-encoding': (_req, res) => res.writeHead(200, { 'content-encoding': 'compress-9000' }).end('{}'),
    '/v1/hang': () => undefined,
  });
  for (const status of [400, 401, 403, 404, 429, 500, 502, 503]) {
    up.route(`/v1/status/${status}`, (req, res) =>
      sendJson(
        res,
        status,
        { detail: `status ${status} for key ${String(req.headers['x-api-key'])}; please wait 8 seconds` },
        'gzip',
        status === 429 ? { 'retry-after': '8' } : {},
      ),
    );
  }
  up.route('/v1/status/422', (req, res) =>
    sendJson(res, 422, {
      detail: [
        { loc: ['query', 'limit'], msg: `bad value ${String(req.headers['x-api-key'])}`, type: 'int_parsing' },
        { loc: ['query', 'page'], msg: 'too small', type: 'x' },
      ],
    }),
  );
});

afterEach(async () => {
  await Promise.all(proxies.splice(0).map((p) => p.close()));
});

afterAll(async () => {
  await up.close();
  setLogSink();
  setLogLevel('warn');
  // Every failure produced in this file, and every log line, is free of the key.
  const failures = results.filter((r) => !r.ok);
  expect(failures.length).toBeGreaterThan(15);
  for (const r of failures) expect(JSON.stringify(r)).not.toContain(KEY);
  for (const line of logs) expect(line).not.toContain(KEY);
});

describe('requests', () => {
  it('adds x-api-key, accept-encoding and the query to a base-relative URL', async () => {
    const r = await track(remote().get('/datasets', { page: 2, skip: undefined, flag: true }, DatasetListResponse));
    expect(r.ok && r.value.data[0]?.id).toBe('pjm_lmp');
    const seen = up.requests.at(-1);
    expect(seen?.url).toBe('/v1/datasets?page=2&flag=true');
    expect(seen?.headers['x-api-key']).toBe(KEY);
    expect(seen?.headers['accept-encoding']).toBe('br, gzip');
  });

  it.each(['gzip', 'br'])('decodes %s bodies', async (enc) => {
    const r = await track(remote().get('/datasets', { enc }, DatasetListResponse));
    expect(r).toMatchObject({ ok: true });
    expect(r.ok && r.value.dataset_metadata.data_timezone).toBe('UTC');
  });

  it('makes no request without a key or with an escaping path', async () => {
    const before = up.requests.length;
    expect(errorOf(await track(proxyFor(null).get('/datasets', {}, DatasetListResponse)))).toEqual({
      code: 'auth',
      message: NO_REMOTE_KEY_MESSAGE,
    });
    for (const bad of ['/../secret', 'datasets', '/a/%2e%2e/b', '//evil.example/x', '/a?x=1', '/a\\b']) {
      expect(errorOf(await track(remote().get(bad, {}, ApiUsage))).code).toBe('internal');
    }
    expect(up.requests.length).toBe(before);
  });

  it('reports a target that cannot be used with its code', async () => {
    const p = proxyFor(async () => {
      throw new TargetUnavailableError('network', 'The embedded /v1 server failed to start: boom');
    });
    expect(errorOf(await track(p.get('/datasets', {}, DatasetListResponse)))).toEqual({
      code: 'network',
      message: 'The embedded /v1 server failed to start: boom',
    });
  });
});

describe('status mapping', () => {
  const cases: [number, string, RegExp][] = [
    [400, 'validation', /rejected the request \(400\): status 400/],
    [401, 'auth', /^The API key was rejected \(401\)\. Check the key in Settings\.$/],
    [403, 'forbidden', /Not allowed \(403\): status 403/],
    [404, 'not_found', /Not found \(404\): status 404/],
    [422, 'validation', /query\.limit: bad value .*; query\.page: too small/],
    [429, 'rate_limited', /Rate limit reached \(429\): .*wait 8 seconds.*Retry after 8 s\./],
    [500, 'network', /answered 500 Internal Server Error/],
    [502, 'network', /answered 502 Bad Gateway/],
    [503, 'network', /answered 503 Service Unavailable/],
  ];
  it.each(cases)('%i → %s, key-free', async (status, code, message) => {
    const e = errorOf(await track(remote().get(`/status/${status}`, {}, ApiUsage)));
    expect(e.code).toBe(code);
    expect(e.status).toBe(status);
    expect(e.message).toMatch(message);
    expect(e.message).not.toContain(KEY);
    if (status === 401) expect(e.message).toBe(AUTH_REJECTED_MESSAGE);
    else if (status !== 422) expect(e.message).toContain('[redacted]');
  });

  it('a body that fails the schema, is not JSON, or is corrupt gzip → internal', async () => {
    expect(errorOf(await track(remote().get('/bad-shape', {}, DatasetListResponse))).message).toMatch(
      /does not understand.*data/,
    );
    expect(errorOf(await track(remote().get('/not-json', {}, z.unknown()))).message).toMatch(/not JSON/);
    expect(errorOf(await track(remote().get('/bad-gzip', {}, z.unknown()))).code).toBe('internal');
    expect(errorOf(await track(remote().get('/weird-encoding', {}, z.unknown()))).message).toMatch(
      /unsupported content-encoding/,
    );
  });

  it('a body over the size limit → internal', async () => {
    const p = createV1Proxy({
      resolveTarget: async () => ({ baseUrl: `${up.origin}/v1`, key: KEY }),
      maxBodyBytes: 100,
      retry: { maxAttempts: 1 },
    });
    proxies.push(p);
    expect(errorOf(await track(p.get('/datasets', { enc: 'gzip' }, DatasetListResponse))).message).toMatch(/larger than/);
  });
});

describe('transport failures', () => {
  it('connection refused on a closed port → network', async () => {
    const closed = await startUpstream();
    await closed.close();
    const p = proxyFor({ baseUrl: `${closed.origin}/v1`, key: KEY });
    const e = errorOf(await track(p.get('/datasets', {}, DatasetListResponse)));
    expect(e).toEqual({
      code: 'network',
      message: `Could not reach 127.0.0.1:${closed.port}: connection refused. Check the Remote URL in Settings or your network.`,
    });
  });

  it('unknown host (.invalid) → network', async () => {
    // Short deadline: a machine without DNS may hang in getaddrinfo instead of failing fast.
    const p = proxyFor({ baseUrl: 'http://gridscope-test.invalid/v1', key: KEY }, 15_000);
    const e = errorOf(await track(p.get('/datasets', {}, DatasetListResponse)));
    expect(e.code).toBe('network');
    expect(e.message).toMatch(
      /^Could not reach gridscope-test\.invalid: (host not found|DNS lookup failed)|did not answer within 15 s/,
    );
  });

  it('connection reset → network', async () => {
    const e = errorOf(await track(remote().get('/reset', {}, z.unknown())));
    expect(e.code).toBe('network');
    expect(e.message).toMatch(/Could not reach 127\.0\.0\.1:\d+: connection (closed|reset)/);
  });

  it('no answer within the timeout → network with the limit in seconds', async () => {
    const p = proxyFor({ baseUrl: `${up.origin}/v1`, key: KEY }, 300);
    const e = errorOf(await track(p.get('/hang', {}, z.unknown())));
    expect(e).toEqual({ code: 'network', message: 'The /v1 server did not answer within 0.3 s.' });
  });

  it('abort → cancelled, before or during the request', async () => {
    const ctrl = new AbortController();
    const pending = track(remote().get('/hang', {}, z.unknown(), { signal: ctrl.signal }));
    setTimeout(() => ctrl.abort(), 50);
    expect(errorOf(await pending).code).toBe('cancelled');
    expect(errorOf(await track(remote().get('/datasets', {}, z.unknown(), { signal: ctrl.signal }))).code).toBe('cancelled');
  });
});

describe('joinUrl', () => {
  it('keeps the base path and drops a trailing slash', () => {
    expect(joinUrl('https://api.example.com/v1/', '/datasets/x').href).toBe('https://api.example.com/v1/datasets/x');
    expect(joinUrl('http://127.0.0.1:1/v1', '/api_usage', { a: 'b c' }).href).toBe('http://127.0.0.1:1/v1/api_usage?a=b+c');
  });
});
