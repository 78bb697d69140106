import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sendJson, startUpstream } from '../../test-support/upstream.js';
import type { Upstream } from '../../test-support/upstream.js';
import { setLogSink } from '../common/logger.js';
import { createV1Proxy, syntheticFields } from './proxy.js';
import type { V1Proxy } from './proxy.js';
import { cacheKey, createResponseCache } from './responseCache.js';
import type { ResponseCache } from './responseCache.js';

// getWithMeta: the `x-gridscope-synthetic` header as a field list, kept with the body in the response cache.

const KEY = 'meta-test-key-0123456789';
const Body = z.object({ n: z.number() });

let up: Upstream;
let dir: string;
let cache: ResponseCache;
let proxy: V1Proxy;
let served = 0;

beforeAll(async () => {
  setLogSink(() => undefined);
  up = await startUpstream({
    '/v1/marked': (_q, res) => sendJson(res, 200, { n: ++served }, 'gzip', { 'x-gridscope-synthetic': ' start , end ,' }),
    '/v1/plain': (_q, res) => sendJson(res, 200, { n: ++served }),
  });
});
beforeEach(async () => {
  served = 0;
  dir = await mkdtemp(join(tmpdir(), 'gs-meta-'));
  cache = createResponseCache({ dir });
  proxy = createV1Proxy({
    resolveTarget: async () => ({
      baseUrl: `${up.origin}/v1`,
      key: KEY,
      profile: 'embedded',
      cacheId: 'embedded',
      cacheTtlSeconds: 60,
    }),
    cache,
    retry: { maxAttempts: 1 },
  });
});
afterEach(async () => {
  await proxy.close();
  await rm(dir, { recursive: true, force: true });
});
afterAll(async () => {
  await up.close();
  setLogSink();
});

describe('syntheticFields', () => {
  it('splits on commas, trims, drops empties; [] when absent; a repeated header counts as one list', () => {
    expect(syntheticFields('shift_factor,adjusted_cost')).toEqual(['shift_factor', 'adjusted_cost']);
    expect(syntheticFields(' start , end ,')).toEqual(['start', 'end']);
    expect(syntheticFields(undefined)).toEqual([]);
    expect(syntheticFields('')).toEqual([]);
    expect(syntheticFields(['start', 'end'])).toEqual(['start', 'end']);
  });
});

describe('getWithMeta', () => {
  it('returns the body with the header’s fields, [] without the header; get returns the body alone', async () => {
    expect(await proxy.getWithMeta('/marked', { a: 1 }, Body, { cache: false })).toEqual({
      ok: true,
      value: { body: { n: 1 }, synthetic: ['start', 'end'] },
    });
    expect(await proxy.getWithMeta('/plain', {}, Body, { cache: false })).toEqual({
      ok: true,
      value: { body: { n: 2 }, synthetic: [] },
    });
    expect(await proxy.get('/marked', { a: 1 }, Body, { cache: false })).toEqual({ ok: true, value: { n: 3 } });
  });

  it('a cached answer keeps its synthetic fields, also when `get` stored it', async () => {
    await proxy.get('/marked', { a: 2 }, Body);
    expect(await proxy.getWithMeta('/marked', { a: 2 }, Body)).toEqual({
      ok: true,
      value: { body: { n: 1 }, synthetic: ['start', 'end'] },
    });
    expect(served).toBe(1);
    const entry = await cache.read('embedded', cacheKey('embedded', 'embedded', '/marked', { a: '2' }));
    expect(entry?.synthetic).toEqual(['start', 'end']);
  });

  it('an entry stored without its synthetic fields (older Gridscope) is not served: the request is made', async () => {
    const key = cacheKey('embedded', 'embedded', '/marked', { a: '3' });
    await cache.write('embedded', key, '/marked', '{"n":99}');
    expect(await proxy.getWithMeta('/marked', { a: 3 }, Body)).toEqual({
      ok: true,
      value: { body: { n: 1 }, synthetic: ['start', 'end'] },
    });
    expect((await cache.read('embedded', key))?.synthetic).toEqual(['start', 'end']);
  });
});
