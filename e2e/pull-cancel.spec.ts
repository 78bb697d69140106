import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { PullRecord } from '../shared/index.js';
import { createServer } from '../server/app.js';
import { count, expect, test, unwrap } from './fixtures.js';

// A pull from a slow Remote /v1: our own server on the real data, with small pages, each held back, and one page
// refused with 429 first. The page shows the wait, Cancel stops the pull mid-way, and the rows received stay,
// marked partial, in the table and in History.

const RT = 'pjm_marginal_value_real_time_5_min';
const KEY = 'e2e-remote-key-0123456789abcdef';
const PAGE_ROWS = 100;
const PAGE_DELAY_MS = 1000;
/** Rows of the dataset's whole window (two sample windows of the real data). */
const ALL_ROWS = 1_453;

interface SlowV1 {
  baseUrl: string;
  queries: string[];
  close(): Promise<void>;
}

/** Our /v1 service with a 100-row page, every query page held `PAGE_DELAY_MS`, and the third one answered 429 once. */
async function startSlowV1(): Promise<SlowV1> {
  const cacheDir = await mkdtemp(join(tmpdir(), 'gridscope-e2e-slow-v1-'));
  const app: FastifyInstance = await createServer({
    apiKeys: [KEY],
    cacheDir,
    plan: {
      name: 'slow',
      limits: {
        api_rows_returned_limit: -1,
        api_requests_limit: -1,
        api_rows_per_response_limit: PAGE_ROWS,
        per_second_api_rate_limit: -1,
        per_minute_api_rate_limit: -1,
        per_hour_api_rate_limit: -1,
      },
      entitlements: { resampling: true, audit: true },
    },
  });
  const queries: string[] = [];
  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.includes('/query?')) return;
    queries.push(req.url);
    if (queries.length === 3) {
      return reply.code(429).header('retry-after', '4').send({ detail: 'Too many requests. Try again in 4 seconds.' });
    }
    await new Promise((resolve) => setTimeout(resolve, PAGE_DELAY_MS));
  });
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    baseUrl: `${origin}/v1`,
    queries,
    close: async () => {
      await app.close();
      await rm(cacheDir, { recursive: true, force: true });
    },
  };
}

test('a slow pull shows the rate-limit wait; Cancel keeps the rows received, marked partial in the table and History', async ({
  page,
  host,
}) => {
  test.setTimeout(90_000);
  const v1 = await startSlowV1();
  try {
    await unwrap(await host.call('profiles:setRemoteUrl', { baseUrl: v1.baseUrl }));
    await unwrap(await host.call('keys:set', { profile: 'remote', key: KEY }));
    await unwrap(await host.call('profiles:setActive', { profile: 'remote' }));

    await page.goto(`/#/datasets/${RT}/query`);
    await page.getByTestId('preset-all').click();
    await page.getByTestId('query-form').getByRole('button', { name: 'Run query' }).click();
    // The estimate says the query takes many requests at 100 rows each.
    await expect(page.getByRole('alert', { name: 'Estimate' })).toContainText('100 rows per response');
    await page.getByRole('button', { name: 'Run anyway' }).click();
    const status = page.getByTestId('pull-status');
    await expect(status).toHaveAttribute('data-state', 'running');
    await expect(page.getByTestId('pull-waiting')).toHaveText(
      /^Rate limit reached \(429\); retrying in \d s \(attempt 2 of \d\)$/,
    );

    // Cancel once some pages are stored and more are to come.
    await expect(page.getByTestId('pull-progress')).toHaveText(/^[\d,]+ rows · ([3-9]|\d\d) pages · /, { timeout: 30_000 });
    await page.getByTestId('cancel-pull').click();
    await expect(status).toHaveAttribute('data-state', 'cancelled');

    const id = Number(/[?&]pull=(\d+)/.exec(new URL(page.url()).hash)?.[1]);
    const [pull] = (await unwrap(await host.call('workspace:pulls', { pullIds: [id] }))) as PullRecord[];
    expect(pull).toMatchObject({ state: 'cancelled', complete: false, datasetId: RT });
    // Whole pages only, fewer than the query has.
    expect(pull!.rows % PAGE_ROWS).toBe(0);
    expect(pull!.rows).toBeGreaterThanOrEqual(3 * PAGE_ROWS);
    expect(pull!.rows).toBeLessThan(ALL_ROWS);
    expect(v1.queries.length).toBeLessThan(Math.ceil(ALL_ROWS / PAGE_ROWS) + 1);
    await expect(status).toHaveText(
      `Cancelled after ${count(pull!.rows)} rows: the result is partial. The rows pulled so far are kept (${count(pull!.rowsCharged)} charged to the plan).`,
    );
    await expect(page.getByTestId('result-count')).toHaveText(new RegExp(`^${count(pull!.rows)} rows`));
    await expect(page.getByTestId('result-row').first()).toBeVisible();

    // Main reads back exactly the rows it recorded.
    const rows = await unwrap(await host.call('workspace:rows', { pullId: id, limit: 10_000 }));
    expect(rows.totalRows).toBe(pull!.rows);

    await page.goto('/#/history');
    const entry = page.locator(`[data-testid="history-pull"][data-pull-id="${id}"]`);
    await expect(entry).toContainText('Cancelled (partial)');
    await expect(entry).toContainText(count(pull!.rows));
  } finally {
    await v1.close();
  }
});
