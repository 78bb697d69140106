import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProfilesState, Result } from '../../shared/index.js';
import { usage } from '../../shared/test-support/fixtures.js';
import { fakeV1Factory, sendJson, startUpstream } from '../test-support/upstream.js';
import type { Upstream } from '../test-support/upstream.js';
import type { Route } from '../test-support/upstream.js';
import { dispatch } from './verbs/dispatch.js';
import { createServices } from './index.js';
import type { Services } from './index.js';
import { createFileVault, createSafeStorageVault } from './vault/keyVault.js';
import type { SafeStorageLike } from './vault/keyVault.js';
import { setLogSink } from './common/logger.js';
import { SETTINGS_FILE } from './profiles/profiles.js';
import { NO_REMOTE_KEY_MESSAGE } from './v1/proxyErrors.js';

const EMBEDDED_KEY = 'embedded-test-key-0001';
const REMOTE_KEY = 'remote-test-key-abcdefgh';
/** Requests for data: `keys:set` also tries the key with one `/api_usage` call, not counted here. */
const dataRequests = (up: Upstream) => up.requests.filter((r) => !r.url.includes('/api_usage'));

/** Electron safeStorage stand-in (the app mocks nothing else of electron here): reversible XOR with a marker. */
function fakeSafeStorage(): SafeStorageLike {
  const MARK = Buffer.from('FAKEENC1');
  const xor = (b: Buffer): Buffer => Buffer.from(b.map((x) => x ^ 0x5a));
  return {
    isAsyncEncryptionAvailable: async () => true,
    encryptStringAsync: async (text) => Buffer.concat([MARK, xor(Buffer.from(text, 'utf8'))]),
    decryptStringAsync: async (b) => {
      if (!b.subarray(0, MARK.length).equals(MARK)) throw new Error('not ours');
      return { result: xor(b.subarray(MARK.length)).toString('utf8'), shouldReEncrypt: false };
    },
  };
}

let dir: string;
let services: Services;
let factory: ReturnType<typeof fakeV1Factory>;

function make(f = factory): Services {
  return createServices({
    configDir: dir,
    vault: createFileVault(dir),
    host: 'web',
    versions: { node: process.versions.node },
    appVersion: '1.2.3',
    embedded: { factory: f, apiKey: EMBEDDED_KEY },
    retry: { maxAttempts: 1 },
  });
}
const call = (verb: string, input: unknown = {}): Promise<Result<unknown>> => dispatch(services.handlers, verb, input);
/** Disposes the services and builds them again over the same folder (an app restart). */
const restart = async (): Promise<Services> => {
  await services.dispose();
  return make();
};
const value = <T>(r: Result<unknown>): T => {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value as T;
};

beforeEach(async () => {
  setLogSink(() => undefined);
  dir = await mkdtemp(join(tmpdir(), 'gs-services-'));
  factory = fakeV1Factory();
  services = make();
});
afterEach(async () => {
  await services.dispose();
  await rm(dir, { recursive: true, force: true });
  setLogSink();
});

describe('embedded profile', () => {
  it('starts lazily and answers the dataset verbs', async () => {
    expect(factory.upstreams).toHaveLength(0);
    const first = value<ProfilesState>(await call('profiles:get'));
    expect(first.active).toBe('embedded');
    const list = value<{ id: string }[]>(await call('datasets:list'));
    expect(list.map((d) => d.id)).toEqual(['pjm_lmp_day_ahead_hourly']);
    expect(factory.upstreams).toHaveLength(1);
    expect(factory.upstreams[0]?.requests[0]?.headers['x-api-key']).toBe(EMBEDDED_KEY);

    const one = value<Record<string, unknown>>(await call('datasets:get', { datasetId: 'pjm_lmp_day_ahead_hourly' }));
    expect(one.data_timezone).toBe('America/New_York');
    expect(one).not.toHaveProperty('status_code');
    expect(one).not.toHaveProperty('meta');
    expect(one).not.toHaveProperty('dataset_metadata');

    expect(value<unknown[]>(await call('datasets:audit', { datasetId: 'pjm_lmp_day_ahead_hourly' }))).toHaveLength(1);
    expect(value<{ plan_name: string }>(await call('usage:get')).plan_name).toBe('Embedded');
    expect(await call('datasets:get', { datasetId: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'not_found', status: 404 },
    });
    expect(value<ProfilesState>(await call('profiles:get')).embedded).toEqual({ status: 'running', cacheTtlSeconds: 0 });
  });

  it('reports a failed start, then retries on the next use', async () => {
    await services.dispose();
    let attempts = 0;
    const flaky = Object.assign(
      async (o: { apiKeys: string[] }) => {
        attempts += 1;
        if (attempts === 1) throw new Error('port in use');
        return factory(o);
      },
      { upstreams: factory.upstreams },
    );
    services = make(flaky);
    const r = await call('datasets:list');
    expect(r).toEqual({ ok: false, error: { code: 'network', message: 'The embedded /v1 server failed to start: port in use' } });
    expect(services.embedded.status()).toEqual({
      status: 'failed',
      message: 'The embedded /v1 server failed to start: port in use',
    });
    expect(value<unknown[]>(await call('datasets:list'))).toHaveLength(1);
    expect(services.embedded.status().status).toBe('running');
  });
});

describe('remote profile and keys', () => {
  it('needs a key, uses it, never reveals it, and persists settings', async () => {
    const up = await startUpstream({
      '/api/v1/api_usage': (req, res) => res.writeHead(req.headers['x-api-key'] === REMOTE_KEY ? 500 : 401).end('{}'),
    });
    try {
      expect(value<ProfilesState>(await call('profiles:setActive', { profile: 'remote' })).remote).toEqual({
        baseUrl: 'https://api.gridstatus.io/v1',
        keySet: false,
        cacheTtlSeconds: 0,
      });
      expect(await call('usage:get')).toMatchObject({ ok: false, error: { code: 'auth', message: NO_REMOTE_KEY_MESSAGE } });
      expect(up.requests).toHaveLength(0);

      await call('profiles:setRemoteUrl', { baseUrl: `${up.origin}/api/v1/` });
      const state = value<ProfilesState>(await call('keys:set', { profile: 'remote', key: REMOTE_KEY }));
      expect(state).toEqual({
        active: 'remote',
        embedded: { status: 'starting', message: 'Not started yet: starts on first use.', cacheTtlSeconds: 0 },
        // keys:set tried the key at once: this upstream answers 500, so the test says so.
        remote: {
          baseUrl: `${up.origin}/api/v1`,
          keySet: true,
          cacheTtlSeconds: 0,
          connection: expect.objectContaining({ state: 'error', status: 500 }),
        },
        keyStorage: 'file readable only by your user (web host; no OS keychain)',
      });
      expect(JSON.stringify(await call('profiles:get'))).not.toContain(REMOTE_KEY);
      expect(await call('usage:get')).toMatchObject({ ok: false, error: { code: 'network', status: 500 } });
      expect(up.requests.at(-1)?.headers['x-api-key']).toBe(REMOTE_KEY);
      expect(factory.upstreams).toHaveLength(0); // the embedded server never started

      // Settings survive a restart; the key is not in settings.json.
      await services.dispose();
      services = make();
      expect(value<ProfilesState>(await call('profiles:get')).remote.keySet).toBe(true);
      expect(await readFile(join(dir, SETTINGS_FILE), 'utf8')).not.toContain(REMOTE_KEY);

      expect(value<ProfilesState>(await call('keys:clear', { profile: 'remote' })).remote.keySet).toBe(false);
      expect(await call('profiles:setRemoteUrl', { baseUrl: 'https://user:pw@example.com/v1' })).toMatchObject({
        ok: false,
        error: { code: 'validation' },
      });
    } finally {
      await up.close();
    }
  });

  it('profiles:get says how the last Remote request went (key rejected, unreachable); usage:activity counts data requests', async () => {
    const up = await startUpstream({
      '/v1/api_usage': (_q, res) => sendJson(res, 401, { detail: 'Invalid API key' }),
      '/v1/datasets': (_q, res) => sendJson(res, 401, { detail: 'Invalid API key' }),
    });
    try {
      await call('profiles:setActive', { profile: 'remote' });
      await call('profiles:setRemoteUrl', { baseUrl: `${up.origin}/v1` });
      expect(value<ProfilesState>(await call('profiles:get')).remote.health).toBeUndefined();
      // The key test (an uncounted /api_usage) is the first request: rejected.
      const before = value<{ ended: number }>(await call('usage:activity')).ended;
      await call('keys:set', { profile: 'remote', key: REMOTE_KEY });
      expect(value<ProfilesState>(await call('profiles:get')).remote.health).toMatchObject({ state: 'rejected' });
      expect(await call('datasets:list')).toMatchObject({ ok: false, error: { code: 'auth' } });
      expect(value<{ ended: number; inFlight: number }>(await call('usage:activity'))).toMatchObject({
        ended: before + 1,
        inFlight: 0,
      });

      // Another origin: the key goes, and so does what was known of the old server.
      await call('profiles:setRemoteUrl', { baseUrl: 'http://127.0.0.1:9/v1' });
      expect(value<ProfilesState>(await call('profiles:get')).remote.health).toBeUndefined();
      await call('keys:set', { profile: 'remote', key: REMOTE_KEY });
      expect(value<ProfilesState>(await call('profiles:get')).remote.health).toMatchObject({
        state: 'unreachable',
        message: expect.stringContaining('Could not reach 127.0.0.1:9'),
      });
      expect(JSON.stringify(await call('profiles:get'))).not.toContain(REMOTE_KEY);
    } finally {
      await up.close();
    }
  });

  /** Makes `up` the active Remote with {@link REMOTE_KEY} and checks one call there carries the key. */
  async function useRemoteWithKey(up: Upstream): Promise<void> {
    await call('profiles:setActive', { profile: 'remote' });
    await call('profiles:setRemoteUrl', { baseUrl: `${up.origin}/v1` });
    await call('keys:set', { profile: 'remote', key: REMOTE_KEY });
    expect(await call('usage:get')).toMatchObject({ ok: true });
    expect(up.requests.at(-1)?.headers['x-api-key']).toBe(REMOTE_KEY);
  }

  it('moving the Remote URL to another origin deletes the key: the new host never receives it', async () => {
    const ok200: Route = (_q, res) => sendJson(res, 200, usage());
    const first = await startUpstream({ '/v1/api_usage': ok200 });
    const second = await startUpstream({ '/v1/api_usage': ok200 });
    try {
      await useRemoteWithKey(first);
      // Same origin, another path: the key stays.
      expect(value<ProfilesState>(await call('profiles:setRemoteUrl', { baseUrl: `${first.origin}/v1/` })).remote.keySet).toBe(
        true,
      );

      // Another port on the same host is another origin.
      const moved = value<ProfilesState>(await call('profiles:setRemoteUrl', { baseUrl: `${second.origin}/v1` }));
      expect(moved.remote).toMatchObject({ baseUrl: `${second.origin}/v1`, keySet: false });
      expect(await call('usage:get')).toMatchObject({ ok: false, error: { code: 'auth' } });
      expect(second.requests).toHaveLength(0);
      services = await restart();
      expect(value<ProfilesState>(await call('profiles:get')).remote.keySet).toBe(false);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it.each([
    ['file vault (web host)', () => createFileVault(dir)],
    ['safeStorage vault (desktop)', () => createSafeStorageVault(fakeSafeStorage(), dir)],
  ])('%s: a settings.json edited by hand to point at another host never gets the key sent there', async (_kind, vault) => {
    await services.dispose();
    const build = (): Services =>
      createServices({
        configDir: dir,
        vault: vault(),
        host: 'web',
        versions: {},
        embedded: { factory },
        retry: { maxAttempts: 1 },
      });
    services = build();
    const ok200: Route = (_q, res) => sendJson(res, 200, usage());
    const first = await startUpstream({ '/v1/api_usage': ok200 });
    const second = await startUpstream({ '/v1/api_usage': ok200 });
    try {
      await useRemoteWithKey(first);

      // Another program (or the user) edits settings.json while the app is closed.
      await services.dispose();
      const file = join(dir, SETTINGS_FILE);
      const edited = JSON.parse(await readFile(file, 'utf8')) as { remote: { baseUrl: string } };
      edited.remote.baseUrl = `${second.origin}/v1`;
      await writeFile(file, JSON.stringify(edited));
      services = build();

      const state = value<ProfilesState>(await call('profiles:get'));
      expect(state.remote).toEqual({
        baseUrl: `${second.origin}/v1`,
        keySet: false,
        keyOrigin: first.origin,
        cacheTtlSeconds: 0,
      });
      expect(await call('usage:get')).toEqual({
        ok: false,
        error: {
          code: 'auth',
          message: `The stored API key belongs to ${first.origin}, not to ${second.origin}, so it was not sent. Enter the key for this server in Settings.`,
        },
      });
      expect(await call('datasets:list')).toMatchObject({ ok: false, error: { code: 'auth' } });
      expect(second.requests.map((r) => r.headers['x-api-key'])).toEqual([]);
      expect(JSON.stringify(second.requests)).not.toContain(REMOTE_KEY);

      // A key entered for the new host is bound to it and used there; the old host's key is gone.
      const other = `${REMOTE_KEY}-second`;
      expect(value<ProfilesState>(await call('keys:set', { profile: 'remote', key: other })).remote).toMatchObject({
        baseUrl: `${second.origin}/v1`,
        keySet: true,
        cacheTtlSeconds: 0,
        connection: { state: 'accepted' },
      });
      expect(await call('usage:get')).toMatchObject({ ok: true });
      expect(second.requests.map((r) => r.headers['x-api-key'])).toEqual([other, other]); // the key test, then usage:get
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('profiles:setCache turns the response cache on per profile; cache:clear and a new key empty it', async () => {
    const list = {
      status_code: 200,
      data: [],
      meta: { page: null, limit: null, page_size: null, hasNextPage: null, cursor: null },
      dataset_metadata: { resample_conversion: {}, data_timezone: 'UTC' },
    };
    const up = await startUpstream({
      '/v1/datasets': (_q, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list)),
    });
    try {
      await call('profiles:setActive', { profile: 'remote' });
      await call('profiles:setRemoteUrl', { baseUrl: `${up.origin}/v1` });
      await call('keys:set', { profile: 'remote', key: REMOTE_KEY });
      expect(
        value<ProfilesState>(await call('profiles:setCache', { profile: 'remote', ttlSeconds: 3600 })).remote.cacheTtlSeconds,
      ).toBe(3600);
      await call('datasets:list');
      await call('datasets:list');
      expect(dataRequests(up)).toHaveLength(1);
      expect(await call('cache:clear', {})).toEqual({ ok: true, value: { removed: 1 } });
      await call('datasets:list');
      await call('keys:set', { profile: 'remote', key: `${REMOTE_KEY}-2` }); // another key may see another plan
      await call('datasets:list');
      expect(dataRequests(up)).toHaveLength(3);
      expect(await call('profiles:setCache', { profile: 'remote', ttlSeconds: 0 })).toMatchObject({ ok: true });
      expect(await call('cache:clear', { profile: 'remote' })).toEqual({ ok: true, value: { removed: 0 } });
    } finally {
      await up.close();
    }
  });

  it('profiles:setRemoteUrl empties the Remote cache when it deletes the key, not when the origin stays', async () => {
    const list = { status_code: 200, data: [], meta: { page: 1 } };
    const up = await startUpstream({
      '/v1/datasets': (_q, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(list)),
    });
    try {
      await call('profiles:setActive', { profile: 'remote' });
      await call('profiles:setRemoteUrl', { baseUrl: `${up.origin}/v1` });
      await call('keys:set', { profile: 'remote', key: REMOTE_KEY });
      await call('profiles:setCache', { profile: 'remote', ttlSeconds: 3600 });
      await call('datasets:list');
      expect(value<ProfilesState>(await call('profiles:setRemoteUrl', { baseUrl: `${up.origin}/v1/` })).remote.keySet).toBe(true);
      await call('datasets:list');
      expect(dataRequests(up)).toHaveLength(1); // same origin: key and cached answer kept
      expect(
        value<ProfilesState>(await call('profiles:setRemoteUrl', { baseUrl: 'https://other.example/v1' })).remote.keySet,
      ).toBe(false);
      expect(await call('cache:clear', { profile: 'remote' })).toEqual({ ok: true, value: { removed: 0 } });
    } finally {
      await up.close();
    }
  });

  it('app:info describes the host', async () => {
    expect(value(await call('app:info'))).toEqual({
      name: 'Gridscope',
      version: '1.2.3',
      host: 'web',
      platform: process.platform,
      versions: { node: process.versions.node },
    });
  });
});
