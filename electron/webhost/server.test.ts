import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Dataset, ProfilesState, Result } from '../../shared/index.js';
import type { ServerFactory } from '../services/embedded/embedded.js';
import { createFileVault, createServices, setLogSink } from '../services/index.js';
import { bridgeCall, openSession, rawRequest } from '../test-support/http.js';
import type { Session } from '../test-support/http.js';
import { fakeV1Factory, startUpstream } from '../test-support/upstream.js';
import type { Upstream } from '../test-support/upstream.js';
import { SECURITY_HEADERS, startWebHost } from './server.js';
import type { WebHost } from './server.js';
import { tokenCookieName, tokenMatches } from './access.js';
import { resolveStaticPath } from './static.js';

const REMOTE_KEY = 'remote-secret-key-for-webhost-tests';
let dir: string;
let rendererDir: string;
let host: WebHost;
let session: Session;

beforeAll(async () => {
  setLogSink(() => undefined);
  dir = await mkdtemp(join(tmpdir(), 'gs-webhost-'));
  rendererDir = join(dir, 'dist');
  await mkdir(join(rendererDir, 'assets'), { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Gridscope</title>');
  await writeFile(join(rendererDir, 'assets', 'app.mjs'), 'export {};');
  await writeFile(join(rendererDir, 'assets', 'chunk.js'), 'export {};');
  await writeFile(join(dir, 'secret.txt'), 'outside');
  const configDir = join(dir, 'config');
  const services = createServices({
    configDir,
    vault: createFileVault(configDir),
    host: 'web',
    versions: { node: process.versions.node },
    embedded: { factory: fakeV1Factory(), apiKey: 'embedded-key-for-webhost' },
  });
  host = await startWebHost({ port: 0, host: '127.0.0.1', configDir, rendererDir, services });
  session = await openSession(host.port, host.token);
});
afterAll(async () => {
  await host.close();
  await rm(dir, { recursive: true, force: true });
  setLogSink();
});

describe('static files', () => {
  it('serves index.html for / with the CSP and nosniff', async () => {
    const r = await rawRequest(host.port, { path: '/', headers: { cookie: session.cookie } });
    expect(r.status).toBe(200);
    expect(r.body).toContain('<title>Gridscope</title>');
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.headers['content-security-policy']).toBe(SECURITY_HEADERS['content-security-policy']);
    expect(r.headers['content-security-policy']).toContain("connect-src 'self'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(host.url).toBe(`http://127.0.0.1:${host.port}/`);
  });

  it('serves .mjs and .js as text/javascript', async () => {
    for (const p of ['/assets/app.mjs', '/assets/chunk.js']) {
      const r = await rawRequest(host.port, { path: p, headers: { cookie: session.cookie } });
      expect(r.status).toBe(200);
      expect(r.headers['content-type']).toMatch(/^text\/javascript/);
    }
  });

  it.each([
    '/../package.json',
    '/../secret.txt',
    '/%2e%2e/secret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/nope.html',
    '/assets',
    '/%E0%A4%A',
  ])('%s → 404', async (path) => {
    expect((await rawRequest(host.port, { path, headers: { cookie: session.cookie } })).status).toBe(404);
  });

  it('resolveStaticPath keeps paths inside the root', () => {
    const root = resolve('/srv/dist');
    expect(resolveStaticPath(root, '/')).toBe(join(root, 'index.html'));
    expect(resolveStaticPath(root, '/../x')).toBeNull();
    expect(resolveStaticPath(root, '/a%00b')).toBeNull();
    expect(resolveStaticPath(root, '/a\\..\\..\\x')).toBeNull();
  });
});

describe('access token', () => {
  const appInfo = (headers: Record<string, string>) =>
    rawRequest(host.port, {
      method: 'POST',
      path: '/bridge/app:info',
      headers: { 'content-type': 'application/json', 'x-gridscope-bridge': '1', ...headers },
      body: '{}',
    });

  it('is 32 random bytes in base64url, new for every launch, and is in the start URL', async () => {
    expect(host.token).toMatch(/^[\w-]{43}$/);
    expect(host.startUrl).toBe(`http://127.0.0.1:${host.port}/?token=${host.token}`);
    const other = await startWebHost({ port: 0, rendererDir, configDir: join(dir, 'config-second-launch') });
    try {
      expect(other.token).toMatch(/^[\w-]{43}$/);
      expect(other.token).not.toBe(host.token);
      // A cookie carrying the first launch's token does not open the second.
      const stale = `${tokenCookieName(other.port)}=${host.token}`;
      expect((await rawRequest(other.port, { path: '/', headers: { cookie: stale } })).status).toBe(403);
    } finally {
      await other.close();
    }
  });

  it('without cookie or token: / answers a 403 page pointing at the printed URL, without the token', async () => {
    for (const method of ['GET', 'HEAD']) {
      const r = await rawRequest(host.port, { method, path: '/' });
      expect(r.status).toBe(403);
      expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(r.headers['content-security-policy']).toBe(SECURITY_HEADERS['content-security-policy']);
      expect(r.headers['set-cookie']).toBeUndefined();
      if (method === 'GET') expect(r.body).toContain('npm run web');
      expect(r.body).not.toContain(host.token);
    }
    expect((await rawRequest(host.port, { path: '/assets/app.mjs' })).status).toBe(403);
    expect((await rawRequest(host.port, { path: '/index.html' })).status).toBe(403);
  });

  it('the start URL sets an HttpOnly, SameSite=Strict, Path=/ cookie and redirects to /, out of the address bar', async () => {
    const r = await rawRequest(host.port, { path: `/?token=${host.token}` });
    expect(r.status).toBe(302);
    expect(r.headers.location).toBe('/');
    expect(r.headers['cache-control']).toBe('no-store');
    const cookies = [r.headers['set-cookie'] ?? []].flat();
    expect(cookies).toHaveLength(1);
    const [pair, ...attributes] = (cookies[0] ?? '').split(/;\s*/);
    expect(pair).toBe(`${tokenCookieName(host.port)}=${host.token}`);
    expect(attributes.map((a) => a.toLowerCase()).sort()).toEqual(['httponly', 'path=/', 'samesite=strict']);
    const page = await rawRequest(host.port, { path: '/', headers: { cookie: pair ?? '' } });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Gridscope</title>');
  });

  it.each([
    ['a wrong token', 'not-the-token'],
    ['the token minus its last character', 'TRUNCATE'],
    ['the token plus one character', 'EXTEND'],
    ['an empty token', ''],
  ])('the start URL with %s answers the 403 page and sets no cookie', async (_name, given) => {
    const token = given === 'TRUNCATE' ? host.token.slice(0, -1) : given === 'EXTEND' ? `${host.token}A` : given;
    const r = await rawRequest(host.port, { path: `/?token=${encodeURIComponent(token)}` });
    expect(r.status).toBe(403);
    expect(r.headers['set-cookie']).toBeUndefined();
    expect(r.body).toContain('npm run web');
    expect((await rawRequest(host.port, { path: `/?token=${host.token}&token=${host.token}` })).status).toBe(403);
  });

  it('the start URL on a foreign Host (DNS rebinding) gets no cookie', async () => {
    const r = await rawRequest(host.port, { path: `/?token=${host.token}`, headers: { host: `evil.example:${host.port}` } });
    expect(r.status).toBe(403);
    expect(r.headers['set-cookie']).toBeUndefined();
  });

  it("bridge calls: the cookie → 200; none, a wrong one, another port's, or a query token → 403 forbidden", async () => {
    expect((await appInfo({ cookie: session.cookie })).status).toBe(200);
    const refused = [
      await appInfo({}),
      await appInfo({ cookie: `${tokenCookieName(host.port)}=${host.token.slice(0, -1)}x` }),
      await appInfo({ cookie: `${tokenCookieName(host.port)}=` }),
      await appInfo({ cookie: `${tokenCookieName(host.port + 1)}=${host.token}` }),
      await rawRequest(host.port, {
        method: 'POST',
        path: `/bridge/app:info?token=${host.token}`,
        headers: { 'content-type': 'application/json', 'x-gridscope-bridge': '1' },
        body: '{}',
      }),
    ];
    for (const r of refused) {
      expect(r.status).toBe(403);
      expect(r.headers['content-type']).toMatch(/^application\/json/);
      const forbidden = { code: 'forbidden', message: expect.stringContaining('access token') as unknown };
      expect(JSON.parse(r.body)).toMatchObject({ ok: false, error: forbidden });
    }
  });

  it('bridge calls with the cookie but a foreign Origin or Host → 403 forbidden Result', async () => {
    const foreign: Record<string, string>[] = [
      { origin: 'http://evil.example' },
      { host: `evil.example:${host.port}` },
      { host: `127.0.0.1.nip.io:${host.port}` },
    ];
    for (const headers of foreign) {
      const r = await bridgeCall(session, 'app:info', {}, headers);
      expect(r.status).toBe(403);
      expect(JSON.parse(r.body)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    }
  });

  it('tokenMatches accepts only the exact token', () => {
    const token = 'abc-DEF_123';
    expect(tokenMatches(token, token)).toBe(true);
    for (const wrong of ['abc-DEF_12', 'abc-DEF_1234', 'ABC-DEF_123', '', undefined, null, 42, [token]]) {
      expect(tokenMatches(wrong, token)).toBe(false);
    }
  });
});

describe('bridge guards', () => {
  it('answers a well-formed call with the Result as JSON', async () => {
    const r = await bridgeCall(session, 'app:info');
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toMatchObject({ ok: true, value: { name: 'Gridscope', host: 'web' } });
    expect(
      (await bridgeCall(session, 'app:info', {}, { host: `localhost:${host.port}`, origin: `http://localhost:${host.port}` }))
        .status,
    ).toBe(200);
  });

  it('accepts a call without Origin (same-origin GET-less fetch from tools) but not without the header', async () => {
    const { port } = host;
    const json = { 'content-type': 'application/json', cookie: session.cookie };
    const withHeader = { ...json, 'x-gridscope-bridge': '1' };
    const noOrigin = await rawRequest(port, { method: 'POST', path: '/bridge/app:info', headers: withHeader, body: '{}' });
    expect(noOrigin.status).toBe(200);
    const noHeader = await rawRequest(port, { method: 'POST', path: '/bridge/app:info', headers: json, body: '{}' });
    expect(noHeader.status).toBe(403);
    expect(JSON.parse(noHeader.body)).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });

  it.each([
    ['foreign Origin', { origin: 'http://evil.example' }],
    ['null Origin', { origin: 'null' }],
    ['Origin on another port', { origin: 'http://127.0.0.1:1' }],
    ['foreign Host (DNS rebinding)', { host: 'evil.example:5178' }],
    ['Host on another port', { host: '127.0.0.1:1' }],
    ['text/plain body (form CSRF)', { 'content-type': 'text/plain' }],
    ['cross-site fetch', { 'sec-fetch-site': 'cross-site' }],
  ])('refuses a %s with 403', async (_name, headers) => {
    const r = await bridgeCall(session, 'profiles:get', {}, headers as Record<string, string>);
    expect(r.status).toBe(403);
  });

  it('refuses static files for a foreign Host too', async () => {
    const r = await rawRequest(host.port, { path: '/', headers: { host: 'evil.example', cookie: session.cookie } });
    expect(r.status).toBe(403);
  });

  it('rejects GET, bad JSON, oversize bodies, unknown verbs and bad input', async () => {
    const { port } = host;
    const headers = { 'x-gridscope-bridge': '1', 'content-type': 'application/json', cookie: session.cookie };
    const get = await rawRequest(port, { path: '/bridge/app:info', headers });
    expect(get.status).toBe(405);
    expect(get.headers.allow).toBe('POST');
    expect(JSON.parse(get.body)).toMatchObject({ ok: false, error: { code: 'validation' } });
    const bad = await rawRequest(port, { method: 'POST', path: '/bridge/app:info', headers, body: '{' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ ok: false, error: { message: 'The bridge request body is not valid JSON.' } });
    const empty = await rawRequest(port, { method: 'POST', path: '/bridge/app:info', headers });
    expect(JSON.parse(empty.body)).toMatchObject({ ok: true, value: { name: 'Gridscope' } });
    const big = await bridgeCall(session, 'keys:set', { profile: 'remote', key: 'x'.repeat(1_100_000) });
    expect(big.status).toBe(413);
    expect(JSON.parse(big.body)).toMatchObject({ ok: false, error: { code: 'validation' } });
    const chunked = await rawRequest(port, {
      method: 'POST',
      path: '/bridge/app:info',
      headers: { ...headers, 'transfer-encoding': 'chunked' },
      body: `"${'y'.repeat(1_100_000)}"`,
    });
    expect(chunked.status).toBe(413);
    const unknown = await bridgeCall(session, 'shell:exec', {});
    expect(unknown.status).toBe(200);
    expect(JSON.parse(unknown.body)).toMatchObject({ ok: false, error: { code: 'validation' } });
    const extra = await bridgeCall(session, 'datasets:list', { url: 'http://x' });
    expect(JSON.parse(extra.body)).toMatchObject({ ok: false, error: { code: 'validation' } });
  });
});

describe('bridge end to end (fake embedded /v1)', () => {
  it('datasets:list returns datasets; profiles:get never contains the key', async () => {
    const list = JSON.parse((await bridgeCall(session, 'datasets:list')).body) as Result<Dataset[]>;
    expect(list.ok && list.value.map((d) => d.id)).toEqual(['pjm_lmp_day_ahead_hourly']);
    await bridgeCall(session, 'keys:set', { profile: 'remote', key: REMOTE_KEY });
    const state = await bridgeCall(session, 'profiles:get');
    expect(state.body).not.toContain(REMOTE_KEY);
    expect((JSON.parse(state.body) as Result<ProfilesState>).ok).toBe(true);
  });

  it('requests:status and requests:cancel work over HTTP like any verb', async () => {
    expect(JSON.parse((await bridgeCall(session, 'requests:status', {})).body)).toEqual({ ok: true, value: [] });
    expect(JSON.parse((await bridgeCall(session, 'requests:cancel', { requestId: 'nothing-running' })).body)).toEqual({
      ok: true,
      value: { cancelled: false },
    });
  });
});

describe('browser disconnect', () => {
  it('aborts the upstream /v1 request when the browser drops the bridge connection', async () => {
    // An embedded "/v1 server" whose /v1/datasets never answers: only an abort ends the request.
    let arrived!: () => void;
    const requestArrived = new Promise<void>((resolve) => (arrived = resolve));
    let upstreamSocketClosed = false;
    let up: Upstream | undefined;
    const stalling: ServerFactory = async () => ({
      async listen() {
        up = await startUpstream({
          '/v1/datasets': (req) => {
            req.socket.once('close', () => (upstreamSocketClosed = true));
            arrived();
          },
        });
        return up.origin;
      },
      close: async () => up?.close(),
    });
    const configDir = join(dir, 'config-disconnect');
    const services = createServices({
      configDir,
      vault: createFileVault(configDir),
      host: 'web',
      versions: {},
      embedded: { factory: stalling, apiKey: 'embedded-key-for-disconnect' },
      // Far longer than the wait below: without the abort the request would still be open.
      timeoutMs: 60_000,
      retry: { maxAttempts: 1 },
    });
    const web = await startWebHost({ port: 0, configDir, rendererDir, services });
    try {
      const { cookie } = await openSession(web.port, web.token);
      const client = request({
        host: '127.0.0.1',
        port: web.port,
        method: 'POST',
        path: '/bridge/datasets:list',
        headers: { host: `127.0.0.1:${web.port}`, 'content-type': 'application/json', 'x-gridscope-bridge': '1', cookie },
      });
      let answered = false;
      client.on('response', () => (answered = true));
      client.on('error', () => undefined); // the destroy below
      client.end(JSON.stringify({ requestId: 'gone-1' }));
      await requestArrived;
      expect(services.requests.status()).toMatchObject([{ requestId: 'gone-1', verb: 'datasets:list', state: 'running' }]);
      expect(upstreamSocketClosed).toBe(false);

      client.destroy();
      await vi.waitFor(() => expect(upstreamSocketClosed).toBe(true), { timeout: 5_000, interval: 20 });
      await vi.waitFor(() => expect(services.requests.status()).toEqual([]), { timeout: 5_000, interval: 20 });
      expect(answered).toBe(false);
      // Aborted, not retried (the other request is the plan's one read of /api_usage, for the rate gate).
      expect(up?.requests.map((r) => r.url)).toEqual(['/v1/api_usage', '/v1/datasets']);
    } finally {
      await web.close();
    }
  });
});

// The real server/ in-process (DuckDB built into a temp cache dir), through the web host.
describe('bridge end to end (real embedded server/)', () => {
  let real: WebHost;
  let realSession: Session;
  let realDir: string;
  beforeAll(async () => {
    realDir = await mkdtemp(join(tmpdir(), 'gs-webhost-real-'));
    process.env.GRIDSCOPE_CACHE_DIR = join(realDir, 'cache');
    process.env.GRIDSCOPE_EMBEDDED_API_KEY = 'embedded-real-test-key-0001';
    real = await startWebHost({ port: 0, configDir: join(realDir, 'config'), rendererDir });
    realSession = await openSession(real.port, real.token);
  });
  afterAll(async () => {
    await real?.close();
    delete process.env.GRIDSCOPE_CACHE_DIR;
    delete process.env.GRIDSCOPE_EMBEDDED_API_KEY;
    await rm(realDir, { recursive: true, force: true });
  });

  it('datasets:list, datasets:get, usage:get and profiles:get', async () => {
    const list = JSON.parse((await bridgeCall(realSession, 'datasets:list')).body) as Result<Dataset[]>;
    if (!list.ok) throw new Error(list.error.message);
    expect(list.value.length).toBeGreaterThan(0);
    const first = list.value[0] as Dataset;
    const one = JSON.parse((await bridgeCall(realSession, 'datasets:get', { datasetId: first.id })).body) as Result<{
      id: string;
      data_timezone: string;
    }>;
    expect(one.ok && one.value.id).toBe(first.id);
    expect(JSON.parse((await bridgeCall(realSession, 'usage:get')).body)).toMatchObject({ ok: true });
    const missing = JSON.parse(
      (await bridgeCall(realSession, 'datasets:get', { datasetId: 'no_such_dataset' })).body,
    ) as Result<unknown>;
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found' } });
    const state = await bridgeCall(realSession, 'profiles:get');
    expect(state.body).not.toContain('embedded-real-test-key-0001');
    expect(JSON.parse(state.body)).toMatchObject({ ok: true, value: { active: 'embedded', embedded: { status: 'running' } } });
  });

  it('on the free plan (1 request/s) the app spaces its own burst; another client’s request makes it wait "retrying"', async () => {
    const configDir = join(realDir, 'config-free');
    const services = createServices({
      configDir,
      vault: createFileVault(configDir),
      host: 'web',
      versions: {},
      embedded: { plan: 'free', cacheDir: join(realDir, 'cache'), apiKey: 'embedded-free-test-key-0001' },
    });
    const free = await startWebHost({ port: 0, configDir, rendererDir, services });
    const freeSession = await openSession(free.port, free.token);
    const retrying = async (seen: Set<string>) => {
      const s = JSON.parse((await bridgeCall(freeSession, 'requests:status', {})).body) as Result<
        { state: string; reason: string | null }[]
      >;
      for (const r of s.ok ? s.value : []) if (r.state === 'retrying') seen.add(r.reason ?? '');
    };
    try {
      // Two calls at once: the rate gate sends them a second apart, so neither meets a 429.
      const quiet = new Set<string>();
      const pair = ['a', 'b'].map((id) => bridgeCall(freeSession, 'datasets:list', { requestId: `burst-${id}` }));
      const watching = (async () => {
        for (let i = 0; i < 30; i++) {
          await retrying(quiet);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      for (const r of await Promise.all(pair)) expect(JSON.parse(r.body)).toMatchObject({ ok: true });
      await watching;
      expect([...quiet]).toEqual([]);

      // A request of the same key from outside the app fills the second: the app's next call is refused, waits, answers.
      const target = await services.embedded.ensureStarted();
      const seen = new Set<string>();
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await fetch(`${target.baseUrl}/datasets`, { headers: { 'x-api-key': target.key } });
      const call = bridgeCall(freeSession, 'datasets:list', { requestId: 'after-outsider' });
      await vi.waitFor(
        async () => {
          await retrying(seen);
          expect(seen.size).toBeGreaterThan(0);
        },
        { timeout: 10_000, interval: 50 },
      );
      expect([...seen][0]).toMatch(/^Rate limit reached \(429\): Too Many Requests\. Limit: 1 per 1 second\./);
      expect(JSON.parse((await call).body)).toMatchObject({ ok: true });
      const usage = JSON.parse((await bridgeCall(freeSession, 'usage:get')).body) as Result<{ plan_name: string }>;
      expect(usage.ok && usage.value.plan_name).toBe('free');
    } finally {
      await free.close();
    }
  });

  it('datasets:estimate sizes a real dataset from its metadata: no window is the whole dataset', async () => {
    const list = JSON.parse((await bridgeCall(realSession, 'datasets:list')).body) as Result<Dataset[]>;
    if (!list.ok) throw new Error(list.error.message);
    const ds = list.value.find((d) => d.subseries_index_column && d.data_frequency === '1_HOUR') ?? list.value[0]!;
    const r = JSON.parse(
      (await bridgeCall(realSession, 'datasets:estimate', { datasetId: ds.id, requestId: 'est' })).body,
    ) as Result<{ estimatedRows: number; basis: string }>;
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.estimatedRows).toBeGreaterThan(0);
    if (ds.number_of_rows_approximate) expect(r.value.estimatedRows).toBe(ds.number_of_rows_approximate);
    expect(r.value.basis).toMatch(/whole dataset/);
  });
});
