import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiUsage } from '../../shared/index.js';
import { createServer } from '../app.js';
import { tempDir } from '../testing.js';
import { resolvePlan, type Plan } from './index.js';

/**
 * 429s appear exactly at the plan's limits under concurrent load: real sockets, all requests in
 * flight at once, the clock held still (then moved) so the windows are deterministic.
 */

const KEY = 'concurrency-key-0123456789';
/** 30 per minute and 45 a month, nothing else. */
const MINUTE_PLAN: Plan = {
  name: 'minute',
  limits: { ...resolvePlan('unlimited').limits, per_minute_api_rate_limit: 30, api_requests_limit: 45 },
  entitlements: { resampling: false, audit: false },
};

let now = Date.parse('2026-11-15T12:00:00Z');
let cacheDir: string;
const servers: { app: FastifyInstance; base: string }[] = [];

/** Starts a server on a free port with `plan`; returns its /v1 base URL. */
async function start(plan: string | Plan): Promise<string> {
  const app = await createServer({
    apiKeys: [KEY],
    cacheDir,
    usageFile: path.join(cacheDir, `usage-${servers.length}.json`),
    plan,
    now: () => new Date(now),
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  servers.push({ app, base: `${address}/v1` });
  return `${address}/v1`;
}

/** Fires `n` requests at once; resolves with each status, 429 detail and Retry-After. */
async function burst(url: string, n: number): Promise<{ status: number; detail?: string; retryAfter: string | null }[]> {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const res = await fetch(url, { headers: { 'x-api-key': KEY } });
      const body = (await res.json()) as { detail?: string };
      return { status: res.status, detail: body.detail, retryAfter: res.headers.get('retry-after') };
    }),
  );
}

const count = <T>(items: T[], keep: (item: T) => boolean) => items.filter(keep).length;

beforeAll(async () => {
  cacheDir = await tempDir('plans-concurrency');
});
afterAll(async () => {
  for (const { app } of servers) await app.close();
  await rm(cacheDir, { recursive: true, force: true });
});

describe('limits under concurrent requests', () => {
  it('admits exactly 30 of 40 concurrent requests on 30/min, then stops at 45 a month', async () => {
    const base = await start(MINUTE_PLAN);
    const first = await burst(`${base}/datasets/nyiso_load`, 40);
    expect(count(first, (r) => r.status === 200)).toBe(30);
    const refused = first.filter((r) => r.status === 429);
    expect(refused).toHaveLength(10);
    expect(new Set(refused.map((r) => `${r.detail} / ${r.retryAfter}`))).toEqual(new Set(['Too Many Requests. Limit: 30 per 1 minute. / 60']));

    now += 61_000; // the minute has passed; 15 requests of the month remain
    const second = await burst(`${base}/datasets/nyiso_load`, 40);
    expect(count(second, (r) => r.status === 200)).toBe(15);
    const monthly = 'Monthly request limit of 45 requests reached. Your usage resets on 2026-12-01.';
    expect(count(second, (r) => r.status === 429 && r.detail === monthly && r.retryAfter === null)).toBe(25);

    const usage = ApiUsage.parse(await (await fetch(`${base}/api_usage`, { headers: { 'x-api-key': KEY } })).json());
    expect(usage.current_period_usage.total_requests).toBe(45);
  });

  it('admits exactly 1 of 40 concurrent requests on the free plan (1 per second)', async () => {
    const base = await start('free');
    const results = await burst(`${base}/datasets`, 40);
    expect(count(results, (r) => r.status === 200)).toBe(1);
    expect(count(results, (r) => r.detail === 'Too Many Requests. Limit: 1 per 1 second.' && r.retryAfter === '1')).toBe(39);
  });
});
