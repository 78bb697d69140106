import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { setLogSink } from '../common/logger.js';
import { CachedJson, parseJson } from './cachedJson.js';
import type { ProxyTarget } from './proxyTypes.js';
import { createResponseCache, type ResponseCache } from './responseCache.js';

/** cachedJson.ts alone over a real on-disk response cache: when a GET is cached, fresh and stale answers, parsing. */

const KEY = 'cached-json-test-key-0123';
const Body = z.object({ n: z.number() });
let dir: string;
let t = 0;
let store: ResponseCache;
const clock = { now: () => t, sleep: async () => undefined };
const target: ProxyTarget = { baseUrl: 'https://api.example/v1', key: KEY, profile: 'remote', cacheTtlSeconds: 60 };

beforeAll(() => setLogSink(() => undefined));
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gs-cached-json-'));
  store = createResponseCache({ dir, now: () => t });
  t = 1_000_000;
});
afterEach(async () => rm(dir, { recursive: true, force: true }));

describe('CachedJson', () => {
  it('caches only a target with a lifetime and a call that does not opt out', async () => {
    const cached = new CachedJson(store, clock);
    expect(await cached.lookup({ ...target, cacheTtlSeconds: 0 }, '/datasets', {}, {})).toEqual({});
    expect(await cached.lookup(target, '/datasets', {}, { cache: false })).toEqual({});
    expect(await new CachedJson(undefined, clock).lookup(target, '/datasets', {}, {})).toEqual({});
    expect((await cached.lookup(target, '/datasets', {}, {})).slot).toMatchObject({ profile: 'remote', ttlMs: 60_000 });
  });

  it('answers a fresh entry until its lifetime, then only as stale while the server is unreachable', async () => {
    const cached = new CachedJson(store, clock, 3_600_000);
    const first = await cached.lookup(target, '/datasets', { limit: 1 }, {});
    expect(cached.fresh(first, Body, 'GET /v1/datasets', KEY)).toBeUndefined();
    await cached.store(first, '/datasets', '{"n":7}', ['n']);
    const again = await cached.lookup(target, '/datasets', { limit: 1 }, {});
    expect(cached.fresh(again, Body, 'GET /v1/datasets', KEY)).toEqual({ body: { n: 7 }, synthetic: ['n'] });
    // Another query, another entry.
    expect((await cached.lookup(target, '/datasets', { limit: 2 }, {})).entry).toBeUndefined();
    t += 61_000;
    const later = await cached.lookup(target, '/datasets', { limit: 1 }, {});
    expect(cached.fresh(later, Body, 'GET /v1/datasets', KEY)).toBeUndefined();
    expect(cached.stale(later, Body, 'GET /v1/datasets', KEY)).toEqual({ body: { n: 7 }, synthetic: ['n'] });
    t += 3_600_000;
    expect(
      cached.stale(await cached.lookup(target, '/datasets', { limit: 1 }, {}), Body, 'GET /v1/datasets', KEY),
    ).toBeUndefined();
  });

  it('keeps entries of one key from another key, unless the target names its server by cacheId', async () => {
    const cached = new CachedJson(store, clock);
    await cached.store(await cached.lookup(target, '/datasets', {}, {}), '/datasets', '{"n":1}', []);
    expect((await cached.lookup({ ...target, key: 'another-key-0123456789' }, '/datasets', {}, {})).entry).toBeUndefined();
    const embedded = { ...target, profile: 'embedded' as const, cacheId: 'embedded' };
    await cached.store(await cached.lookup(embedded, '/datasets', {}, {}), '/datasets', '{"n":2}', []);
    const nextRun = await cached.lookup({ ...embedded, key: 'a-new-run-key-0123456789' }, '/datasets', {}, {});
    expect(cached.fresh(nextRun, Body, 'GET', KEY)?.body).toEqual({ n: 2 });
  });

  it('does not serve an entry that no longer parses with the schema', async () => {
    const cached = new CachedJson(store, clock);
    await cached.store(await cached.lookup(target, '/datasets', {}, {}), '/datasets', '{"n":"seven"}', []);
    const found = await cached.lookup(target, '/datasets', {}, {});
    expect(found.entry).toBeDefined();
    expect(cached.fresh(found, Body, 'GET /v1/datasets', KEY)).toBeUndefined();
    expect(cached.stale(found, Body, 'GET /v1/datasets', KEY)).toBeUndefined();
  });
});

describe('parseJson', () => {
  it('parses with the schema, or says what is wrong without quoting the key', () => {
    expect(parseJson('{"n":1}', Body, 'GET /v1/x', KEY)).toEqual({ ok: true, value: { n: 1 } });
    expect(parseJson('<html>', Body, 'GET /v1/x', KEY)).toEqual({
      ok: false,
      error: { code: 'internal', message: 'The /v1 server sent a response that is not JSON (GET /v1/x).' },
    });
    const wrong = parseJson(JSON.stringify({ n: KEY }), Body, 'GET /v1/x', KEY);
    expect(wrong).toMatchObject({ ok: false, error: { code: 'internal', message: /does not understand \(GET \/v1\/x\): n: / } });
    expect(JSON.stringify(wrong)).not.toContain(KEY);
  });
});
