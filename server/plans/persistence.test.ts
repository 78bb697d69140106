import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiUsage } from '../../shared/index.js';
import { createServer, type ServerOptions } from '../app.js';
import { TEST_KEY, tempDir } from '../test-support/testing.js';
import { resolvePlan, type Plan } from './index.js';

/** Usage survives a restart on the same usage file, and the file never holds a key. */

let cacheDir: string;
beforeAll(async () => {
  cacheDir = await tempDir('plans-persistence');
});
afterAll(async () => rm(cacheDir, { recursive: true, force: true }));

const OTHER_KEY = 'persistence-other-key-987654';
const headers = (key = TEST_KEY) => ({ 'x-api-key': key });

async function withServer(
  options: Partial<ServerOptions>,
  work: (get: (url: string, key?: string) => Promise<{ statusCode: number; body: string }>) => Promise<void>,
) {
  const app = await createServer({ apiKeys: [TEST_KEY, OTHER_KEY], cacheDir, ...options });
  try {
    await work((url, key) => app.inject({ method: 'GET', url, headers: headers(key) }));
  } finally {
    await app.close();
  }
}

const usageOf = async (get: (url: string, key?: string) => Promise<{ body: string }>, key?: string) =>
  ApiUsage.parse(JSON.parse((await get('/v1/api_usage', key)).body)).current_period_usage;

describe('usage persistence', () => {
  it('keeps requests and rows per key across a restart, in <cacheDir>/usage.json by default', async () => {
    await withServer({}, async (get) => {
      expect((await get('/v1/datasets/isone_load_hourly/audit')).statusCode).toBe(200); // 2 rows
      await get('/v1/datasets');
      await get('/v1/datasets/nyiso_zonal_load_5_min', OTHER_KEY);
    });
    const file = path.join(cacheDir, 'usage.json');
    expect(existsSync(file)).toBe(true);
    await withServer({}, async (get) => {
      expect(await usageOf(get)).toEqual({ total_requests: 2, total_api_rows_returned: 2 });
      expect(await usageOf(get, OTHER_KEY)).toEqual({ total_requests: 1, total_api_rows_returned: 0 });
      await get('/v1/datasets');
    });
    await withServer({}, async (get) => {
      expect(await usageOf(get)).toEqual({ total_requests: 3, total_api_rows_returned: 2 });
    });
  });

  it('never writes a key, only its SHA-256', async () => {
    const text = await readFile(path.join(cacheDir, 'usage.json'), 'utf8');
    for (const key of [TEST_KEY, OTHER_KEY]) {
      expect(text).not.toContain(key);
      expect(text).not.toContain(Buffer.from(key).toString('base64'));
    }
    expect(Object.keys(JSON.parse(text).keys).every((id) => /^[0-9a-f]{64}$/.test(id))).toBe(true);
  });

  it('still refuses after a restart once the monthly requests are used', async () => {
    const usageFile = path.join(cacheDir, 'quota', 'usage.json');
    const plan: Plan = {
      ...resolvePlan('free'),
      name: 'two',
      limits: { ...resolvePlan('unlimited').limits, api_requests_limit: 2 },
    };
    await withServer({ plan, usageFile }, async (get) => {
      expect((await get('/v1/datasets')).statusCode).toBe(200);
      expect((await get('/v1/datasets')).statusCode).toBe(200);
    });
    await withServer({ plan, usageFile }, async (get) => {
      const res = await get('/v1/datasets');
      expect(res.statusCode).toBe(429);
      expect(JSON.parse(res.body).detail).toMatch(
        /^Monthly request limit of 2 requests reached\. Your usage resets on \d{4}-\d\d-01\.$/,
      );
    });
  });

  it('writes the counts of the last moments when the server closes, not 0.5 s later (onClose hook)', async () => {
    const usageFile = path.join(cacheDir, 'on-close', 'usage.json');
    const app = await createServer({ apiKeys: [TEST_KEY], cacheDir, usageFile });
    // Debounced writes never fire here: only close() can write the file.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      expect(
        (await app.inject({ method: 'GET', url: '/v1/datasets/isone_load_hourly/audit', headers: headers() })).statusCode,
      ).toBe(200); // 2 rows
      expect((await app.inject({ method: 'GET', url: '/v1/datasets', headers: headers() })).statusCode).toBe(200);
      expect(existsSync(usageFile)).toBe(false);
      await app.close();
    } finally {
      vi.useRealTimers();
    }
    const { keys } = JSON.parse(await readFile(usageFile, 'utf8')) as {
      keys: Record<string, { requests: number; rows: number }>;
    };
    expect(Object.values(keys)).toEqual([expect.objectContaining({ requests: 2, rows: 2 })]);
  });
});
