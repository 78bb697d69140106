import { mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sendJson, startUpstream } from '../../test-support/upstream.js';
import type { Upstream } from '../../test-support/upstream.js';
import { setLogSink } from '../common/logger.js';
import { createV1Proxy } from './proxy.js';
import type { ProxyTarget, V1Proxy } from './proxy.js';
import { cacheKey, createResponseCache } from './responseCache.js';
import type { Clock } from './retry.js';

const KEY = 'cache-test-key-never-on-disk';
const Body = z.object({ n: z.number() });

let dir: string;
let up: Upstream;
let served = 0;
let t = 0;
const clock: Clock = { now: () => t, sleep: async (ms) => void (t += ms) };
const proxies: V1Proxy[] = [];

function proxy(target: Partial<ProxyTarget> = {}): V1Proxy {
  const cache = createResponseCache({ dir: join(dir, 'responses'), now: () => t });
  const p = createV1Proxy({
    resolveTarget: async () => ({ baseUrl: `${up.origin}/v1`, key: KEY, profile: 'remote', cacheTtlSeconds: 60, ...target }),
    cache,
    clock,
    retry: { maxAttempts: 2 },
  });
  proxies.push(p);
  return p;
}

beforeAll(async () => {
  setLogSink(() => undefined);
  up = await startUpstream({
    '/v1/datasets': (_q, res) => sendJson(res, 200, { n: ++served }, 'gzip'),
  });
});
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gs-cache-'));
  t = Date.parse('2026-11-20T10:00:00Z');
  served = 0;
});
afterEach(async () => {
  await Promise.all(proxies.splice(0).map((p) => p.close()));
  await rm(dir, { recursive: true, force: true });
});
afterAll(async () => {
  await up.close();
  setLogSink();
});

describe('cacheKey', () => {
  it('is a sha256 of profile, base, path and the sorted query — never the key', () => {
    const k = cacheKey('remote', 'https://api.example/v1', '/datasets', { b: '2', a: '1' });
    expect(k).toMatch(/^[0-9a-f]{64}$/);
    expect(cacheKey('remote', 'https://api.example/v1', '/datasets', { a: '1', b: '2' })).toBe(k);
    expect(cacheKey('embedded', 'https://api.example/v1', '/datasets', { a: '1', b: '2' })).not.toBe(k);
    expect(cacheKey('remote', 'https://other.example/v1', '/datasets', { a: '1', b: '2' })).not.toBe(k);
    expect(cacheKey('remote', 'https://api.example/v1', '/datasets', { a: '1', b: '3' })).not.toBe(k);
    const withKey = cacheKey('remote', 'https://api.example/v1', '/datasets', { a: '1', b: '2' }, 'key-one');
    expect(withKey).not.toBe(k);
    expect(cacheKey('remote', 'https://api.example/v1', '/datasets', { a: '1', b: '2' }, 'key-two')).not.toBe(withKey);
  });
});

describe('cached GETs through the proxy', () => {
  it('a repeat within the TTL makes no request; another query, the TTL passing, or cache:false do', async () => {
    const p = proxy();
    expect(await p.get('/datasets', { page: 1 }, Body)).toEqual({ ok: true, value: { n: 1 } });
    expect(await p.get('/datasets', { page: 1 }, Body)).toEqual({ ok: true, value: { n: 1 } });
    expect(served).toBe(1);
    expect(await p.get('/datasets', { page: 2 }, Body)).toEqual({ ok: true, value: { n: 2 } });
    expect(await p.get('/datasets', { page: 1 }, Body, { cache: false })).toEqual({ ok: true, value: { n: 3 } });
    t += 61_000;
    expect(await p.get('/datasets', { page: 1 }, Body)).toEqual({ ok: true, value: { n: 4 } });
    expect(served).toBe(4);
  });

  it('stores files 0600 under <profile>/<sha256>.json without the key', async () => {
    await proxy().get('/datasets', {}, Body);
    const files = await readdir(join(dir, 'responses', 'remote'));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^[0-9a-f]{64}\.json$/);
    const file = join(dir, 'responses', 'remote', files[0] ?? '');
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(KEY);
    expect(text.split('\n')[1]).toBe('{"n":1}');
    if (process.platform !== 'win32') expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it('an answer fetched with one Remote key is never served for another, even if written after the key changed', async () => {
    const first = proxy();
    expect(await first.get('/datasets', {}, Body)).toEqual({ ok: true, value: { n: 1 } });
    // Same server, same query, another key (as after keys:set, or a slow request of the old key
    // landing after the cache was emptied): the old key's entry is not this key's answer.
    const second = proxy({ key: 'cache-test-other-key' });
    expect(await second.get('/datasets', {}, Body)).toEqual({ ok: true, value: { n: 2 } });
    expect(await second.get('/datasets', {}, Body)).toEqual({ ok: true, value: { n: 2 } });
    expect(await first.get('/datasets', {}, Body)).toEqual({ ok: true, value: { n: 1 } });
    expect(served).toBe(2);
    const files = await readdir(join(dir, 'responses', 'remote'));
    for (const f of files)
      expect(await readFile(join(dir, 'responses', 'remote', f), 'utf8')).not.toContain('cache-test-other-key');
  });

  it('ties entries to a salted tag of the key, never a plain hash of it; the salt is per install, 0600, kept across restarts', async () => {
    await proxy().get('/datasets', {}, Body);
    const [file] = await readdir(join(dir, 'responses', 'remote'));
    const base = `${up.origin}/v1`;
    // Not derivable from the key alone: neither without a tag nor with the key itself in its place.
    expect(file).not.toBe(`${cacheKey('remote', base, '/datasets', {})}.json`);
    expect(file).not.toBe(`${cacheKey('remote', base, '/datasets', {}, KEY)}.json`);
    const cache = createResponseCache({ dir: join(dir, 'responses') });
    const tag = await cache.credentialTag(KEY);
    expect(tag).toMatch(/^[0-9a-f]{64}$/);
    expect(file).toBe(`${cacheKey('remote', base, '/datasets', {}, tag)}.json`);
    const saltFile = join(dir, 'responses', 'salt');
    expect(await readFile(saltFile, 'utf8')).not.toContain(KEY);
    if (process.platform !== 'win32') expect((await stat(saltFile)).mode & 0o777).toBe(0o600);
    // Another install (another folder) tags the same key differently.
    const elsewhere = await mkdtemp(join(tmpdir(), 'gs-cache-other-'));
    try {
      expect(await createResponseCache({ dir: elsewhere }).credentialTag(KEY)).not.toBe(tag);
    } finally {
      await rm(elsewhere, { recursive: true, force: true });
    }
    // clear() keeps the salt, so a restart still finds its entries.
    await cache.clear();
    expect(await createResponseCache({ dir: join(dir, 'responses') }).credentialTag(KEY)).toBe(tag);
  });

  it('TTL 0 (the default) caches nothing', async () => {
    const p = proxy({ cacheTtlSeconds: 0 });
    await p.get('/datasets', {}, Body);
    await p.get('/datasets', {}, Body);
    expect(served).toBe(2);
    await expect(readdir(join(dir, 'responses'))).rejects.toThrow();
  });

  it('offline: an expired entry is served when the server cannot be reached', async () => {
    const down = await startUpstream({ '/v1/datasets': (_q, res) => sendJson(res, 200, { n: 42 }) });
    const p = proxy({ baseUrl: `${down.origin}/v1` });
    expect(await p.get('/datasets', {}, Body)).toEqual({ ok: true, value: { n: 42 } });
    await down.close();
    t += 3_600_000; // long expired
    expect(await p.get('/datasets', {}, Body)).toEqual({ ok: true, value: { n: 42 } });
    expect(await p.get('/datasets', { page: 9 }, Body)).toMatchObject({ ok: false, error: { code: 'network' } });
  });

  it('the embedded profile keys entries by a stable name, not its per-run port', async () => {
    await proxy({ profile: 'embedded', cacheId: 'embedded' }).get('/datasets', {}, Body);
    const other = await startUpstream({ '/v1/datasets': (_q, res) => sendJson(res, 500, { detail: 'unused' }) });
    try {
      expect(
        await proxy({ profile: 'embedded', cacheId: 'embedded', baseUrl: `${other.origin}/v1` }).get('/datasets', {}, Body),
      ).toEqual({
        ok: true,
        value: { n: 1 },
      });
      expect(other.requests).toHaveLength(0);
    } finally {
      await other.close();
    }
  });

  it('clear() per profile or all; an unreadable entry is dropped', async () => {
    const cache = createResponseCache({ dir: join(dir, 'c'), now: () => t });
    const k = cacheKey('remote', 'b', '/p', {});
    await cache.write('remote', k, '/p', '{}');
    await cache.write('embedded', k, '/p', '{}');
    expect(await cache.clear('remote')).toBe(1);
    expect(await cache.read('remote', k)).toBeUndefined();
    expect(await cache.read('embedded', k)).toEqual({ storedAt: t, text: '{}' });
    await writeFile(join(dir, 'c', 'embedded', `${k}.json`), 'garbage');
    expect(await cache.read('embedded', k)).toBeUndefined();
    expect(await cache.clear()).toBe(0);
    await expect(cache.read('remote', '../../etc/passwd')).rejects.toThrow(/invalid cache key/);
  });

  it('keeps the total under its cap, oldest first, and skips bodies over the entry cap', async () => {
    const cache = createResponseCache({ dir: join(dir, 'c'), now: () => t, maxTotalBytes: 300, maxEntryBytes: 150 });
    const keys = ['a', 'b', 'c'].map((s) => cacheKey('remote', s, '/p', {}));
    for (const k of keys) {
      await cache.write('remote', k, '/p', 'x'.repeat(100));
      await new Promise((r) => setTimeout(r, 15)); // distinct mtimes
    }
    await cache.write('remote', cacheKey('remote', 'big', '/p', {}), '/p', 'x'.repeat(200));
    const left = await readdir(join(dir, 'c', 'remote'));
    expect(left.sort()).toEqual(
      keys
        .slice(1)
        .map((k) => `${k}.json`)
        .sort(),
    );
  });
});
