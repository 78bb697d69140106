import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiUsage } from '../../shared/index.js';
import { createServer } from '../app.js';
import { tempDir } from '../test-support/testing.js';
import { resolvePlan, type Plan } from './index.js';

/** 429s exactly at the plan's limits under concurrent load: real sockets, all requests at once, the clock held still. */

const KEY = 'concurrency-key-0123456789';
const MINUTE_PLAN: Plan = {
  name: 'minute',
  limits: { ...resolvePlan('unlimited').limits, per_minute_api_rate_limit: 30, api_requests_limit: 45 },
  entitlements: { resampling: false, audit: false },
};

let now = Date.parse('2026-11-15T12:00:00Z');
let cacheDir: string;
const servers: { app: FastifyInstance; base: string }[] = [];

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

async function burst(url: string, n: number): Promise<{ status: number; detail?: string; retryAfter: string | null }[]> {
  return Promise.all(
    Array.from({ length: n }, async () => {
      const res = await fetch(url, { headers: { 'x-api-key': KEY } });
      const body = (await res.json()) as { detail?: string };
      return { status: res.status, detail: body.detail, retryAfter: res.headers.get('retry-after') };
    }),
  );
}

const ROWS_PLAN: Plan = {
  name: 'rows',
  limits: { ...resolvePlan('unlimited').limits, api_rows_returned_limit: 1000 },
  entitlements: { resampling: false, audit: false },
};

const AUDIT_ROWS_PLAN: Plan = { ...ROWS_PLAN, name: 'rows-audit', entitlements: { resampling: false, audit: true } };

/** Sends every request at once (`stream(i)`: with `X-Stream: true`); each status, 429 detail, Retry-After and data rows. */
async function queries(
  urls: string[],
  stream: (i: number) => boolean = () => false,
): Promise<{ status: number; detail?: string; retryAfter: string | null; rows: number }[]> {
  return Promise.all(
    urls.map(async (url, i) => {
      const res = await fetch(url, { headers: { 'x-api-key': KEY, ...(stream(i) ? { 'x-stream': 'true' } : {}) } });
      const body = (await res.json()) as { detail?: string; data?: unknown[] };
      return {
        status: res.status,
        detail: body.detail,
        retryAfter: res.headers.get('retry-after'),
        rows: body.data?.length ?? 0,
      };
    }),
  );
}

const MONTHLY_ROWS = 'Monthly row limit of 1,000 rows reached. Your usage resets on 2026-12-01.';

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
    const first = await burst(`${base}/datasets/nyiso_zonal_load_5_min`, 40);
    expect(count(first, (r) => r.status === 200)).toBe(30);
    const refused = first.filter((r) => r.status === 429);
    expect(refused).toHaveLength(10);
    expect(new Set(refused.map((r) => `${r.detail} / ${r.retryAfter}`))).toEqual(
      new Set(['Too Many Requests. Limit: 30 per 1 minute. Try again in 60 seconds. / 60']),
    );

    now += 61_000; // the minute has passed; 15 requests of the month remain
    const second = await burst(`${base}/datasets/nyiso_zonal_load_5_min`, 40);
    expect(count(second, (r) => r.status === 200)).toBe(15);
    const monthly = 'Monthly request limit of 45 requests reached. Your usage resets on 2026-12-01.';
    expect(count(second, (r) => r.status === 429 && r.detail === monthly && r.retryAfter === null)).toBe(25);

    const usage = ApiUsage.parse(await (await fetch(`${base}/api_usage`, { headers: { 'x-api-key': KEY } })).json());
    expect(usage.current_period_usage.total_requests).toBe(45);
  });

  it('keeps concurrent queries within one response of the monthly rows (holds reserved at admission)', async () => {
    const base = await start(ROWS_PLAN);
    const query = `${base}/datasets/nyiso_zonal_load_5_min/query`;
    const rowsUsed = async () =>
      ApiUsage.parse(await (await fetch(`${base}/api_usage`, { headers: { 'x-api-key': KEY } })).json()).current_period_usage
        .total_api_rows_returned;
    expect((await queries([`${query}?limit=950`]))[0]).toMatchObject({ status: 200, rows: 950 });

    // 50 rows left: two 20-row queries always fit; a third goes out only if it arrives alone (the month's last response).
    // Without holds, all ten would pass the "rows used < limit" check and the month would end at 1,150.
    const second = await queries(
      Array.from({ length: 10 }, () => `${query}?page_size=20`),
      (i) => i % 2 === 0,
    );
    const served = second.filter((r) => r.status === 200);
    expect([2, 3]).toContain(served.length);
    for (const r of served) expect(r.rows).toBe(20);
    const transient =
      /^(Only 10 rows left this month with [12] other requests? of this key in progress \((20|40) rows held\), and this request may return up to 20\. Ask for fewer rows \(page_size or limit\), or retry when they end\.|No rows left this month after \d+ rows held by requests in progress; retry when they end\.)$/;
    for (const r of second.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(429);
      if (r.detail === MONTHLY_ROWS) expect(r.retryAfter).toBeNull();
      else expect([r.detail, r.retryAfter]).toEqual([expect.stringMatching(transient), '1']);
    }
    const used = await rowsUsed();
    expect(used).toBe(950 + 20 * served.length);
    expect(used).toBeLessThanOrEqual(1000 + 20);

    if (used < 1000) {
      const sizes = [7, 3, 5, 1, 10, 2, 4, 6, 8, 9, 1, 1];
      const third = await queries(
        sizes.map((size) => `${query}?page_size=${size}`),
        (i) => i % 3 === 0,
      );
      const rows = third.reduce((sum, r) => sum + r.rows, 0);
      expect(rows).toBeGreaterThan(0);
      expect(await rowsUsed()).toBe(used + rows);
      expect(used + rows).toBeLessThanOrEqual(1000 + Math.max(...sizes));
    }
    const [last] = await queries([`${query}?page_size=1`]);
    if ((await rowsUsed()) >= 1000) {
      expect(last).toMatchObject({ status: 429, detail: MONTHLY_ROWS });
    }
  });

  it('serves one of several concurrent audits when 1 row is left (unbounded requests cross the limit one at a time)', async () => {
    const base = await start(AUDIT_ROWS_PLAN);
    const rowsUsed = async () =>
      ApiUsage.parse(await (await fetch(`${base}/api_usage`, { headers: { 'x-api-key': KEY } })).json()).current_period_usage
        .total_api_rows_returned;
    expect((await queries([`${base}/datasets/nyiso_zonal_load_5_min/query?limit=999`]))[0]).toMatchObject({
      status: 200,
      rows: 999,
    });

    // Audits (2 rows here) hold nothing: without the one-at-a-time rule each audit in flight would cross the limit.
    const audits = await queries(Array.from({ length: 6 }, () => `${base}/datasets/isone_load_hourly/audit`));
    expect(audits.filter((r) => r.status === 200)).toEqual([expect.objectContaining({ rows: 2 })]);
    const busy =
      /^Another request of this key whose rows are known only when it ends \(audit, shift factors, constraint costs, export listing\) is in progress \(1 row left this month\); retry when it ends\.$/;
    for (const r of audits.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(429);
      if (r.detail === MONTHLY_ROWS)
        expect(r.retryAfter).toBeNull(); // arrived after the served audit ended
      else expect([r.detail, r.retryAfter]).toEqual([expect.stringMatching(busy), '1']);
    }
    expect(await rowsUsed()).toBe(1001);
  });

  it('admits exactly 1 of 40 concurrent requests on the free plan (1 per second)', async () => {
    const base = await start('free');
    const results = await burst(`${base}/datasets`, 40);
    expect(count(results, (r) => r.status === 200)).toBe(1);
    expect(
      count(
        results,
        (r) => r.detail === 'Too Many Requests. Limit: 1 per 1 second. Try again in 1 second.' && r.retryAfter === '1',
      ),
    ).toBe(39);
  });
});
