import type { Page } from '@playwright/test';
import type { PullRecord } from '../shared/index.js';
import { resolvePlan } from '../server/plans/index.js';
import { ROWS_PER_DAY, startChangingV1 } from '../server/test-support/changingV1.js';
import type { ChangingV1 } from '../server/test-support/changingV1.js';
import { count, expect, test, unwrap } from './fixtures.js';
import type { WebHost } from './fixtures.js';

// Incremental refresh through the web host (docs/workspace.md#refresh-and-provenance): the Remote profile points at
// our /v1 service whose synthetic dataset the test grows by a day or backfills (the test-only DataChanges handle,
// docs/api.md#test-only-data-changes). Rows charged are read from that service's /v1/api_usage before and after.

const KEY = 'e2e-refresh-key-0123456789abcdef';
const DAYS = 3;

async function useRemote(host: WebHost, v1: ChangingV1): Promise<void> {
  await unwrap(await host.call('profiles:setRemoteUrl', { baseUrl: v1.baseUrl }));
  await unwrap(await host.call('keys:set', { profile: 'remote', key: KEY }));
  await unwrap(await host.call('profiles:setActive', { profile: 'remote' }));
}

async function rowsUsed(host: WebHost): Promise<number> {
  return (await unwrap(await host.call('usage:get', {}))).current_period_usage.total_api_rows_returned;
}

/**
 * Runs the dataset from its first day with no end (a window that follows the dataset: a window with an end is refreshed
 * up to that end only) from its query page's address, in `pages` responses; answers the pull's id once it is complete.
 */
async function pullAll(page: Page, v1: ChangingV1, pages = 1): Promise<number> {
  await page.goto(`/#/datasets/${v1.dataset}/query?start=2020-01-01&run=1`);
  // A query of more than one response waits for "Run anyway" under its estimate.
  if (pages > 1) await page.getByRole('button', { name: 'Run anyway' }).click();
  await expect(page.getByTestId('pull-status')).toHaveAttribute('data-state', 'complete');
  await expect(page.getByTestId('result-count')).toHaveText(new RegExp(`^${count(DAYS * ROWS_PER_DAY)} rows`));
  return Number(/[?&]pull=(\d+)/.exec(new URL(page.url()).hash)?.[1]);
}

async function pullRecord(host: WebHost, id: number): Promise<PullRecord> {
  const [record] = await unwrap(await host.call('workspace:pulls', { pullIds: [id] }));
  return record!;
}

test.describe('refresh', () => {
  let v1: ChangingV1;
  test.beforeEach(async ({ host }) => {
    v1 = await startChangingV1({ key: KEY, days: DAYS });
    await useRemote(host, v1);
  });
  test.afterEach(async () => {
    await v1.close();
  });

  test('a pull just run is not checked; reopened after a new day it says so, and Refresh adds and charges only that day', async ({
    page,
    host,
  }) => {
    const id = await pullAll(page, v1);
    // The page that ran the pull knows it is current: no check, the notice only offers Refresh.
    await expect(page.getByTestId('refresh-notice')).toHaveAttribute('data-changed', 'false');
    await expect(page.getByTestId('refresh-changes')).toHaveText(/^Refresh pulls only the intervals after/);

    await v1.appendDay();
    await page.reload();
    const notice = page.getByTestId('refresh-notice');
    await expect(notice).toHaveAttribute('data-changed', 'true');
    await expect(page.getByTestId('refresh-changes')).toHaveText(
      new RegExp(
        `^The dataset changed since this pull of \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} E[SD]T: 1 update added ${count(ROWS_PER_DAY)} new rows\\. Refresh pulls only what changed\\.$`,
      ),
    );
    await expect(page.getByTestId('refresh-changes')).toContainText(`1 update added ${count(ROWS_PER_DAY)} new rows.`);

    const before = await rowsUsed(host);
    await page.getByTestId('refresh-pull').click();
    await expect(page.getByTestId('refresh-outcome')).toHaveText(
      new RegExp(
        `^Refreshed \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} E[SD]T: ${count(ROWS_PER_DAY)} rows added, 0 replaced, ${count(ROWS_PER_DAY)} charged to the plan\\.$`,
      ),
    );
    expect((await rowsUsed(host)) - before, 'rows charged by the refresh').toBe(ROWS_PER_DAY);
    await expect(page.getByTestId('result-count')).toHaveText(new RegExp(`^${count((DAYS + 1) * ROWS_PER_DAY)} rows`));
    const record = await pullRecord(host, id);
    expect(record).toMatchObject({ rows: (DAYS + 1) * ROWS_PER_DAY, state: 'complete' });
    // The new day's rows are the server's: its last interval is the appended day's last.
    const last = await unwrap(
      await host.call('workspace:rows', { pullId: id, limit: 1, sort: [{ column: 'interval_start_utc', desc: true }] }),
    );
    const start = last.columns.findIndex((c) => c.name === 'interval_start_utc');
    expect(String(last.rows[0]![start])).toMatch(/^2020-01-04T23:55:00/);

    await page.goto('/#/history');
    const entry = page.locator(`[data-testid="history-pull"][data-pull-id="${id}"]`);
    await expect(entry.getByTestId('history-refresh')).toHaveText(
      new RegExp(`${count(ROWS_PER_DAY)} rows added, 0 replaced, ${count(ROWS_PER_DAY)} charged to the plan\\.$`),
    );
    await expect(entry.getByTestId('pull-provenance')).toHaveText(/^Dataset then: data to 2020-01-03 18:55 EST$/);
  });

  test('a backfill record over an earlier range: the reopened pull names it, and Refresh replaces those rows', async ({
    page,
    host,
  }) => {
    const id = await pullAll(page, v1);
    const hour = { start: '2020-01-02T06:00:00Z', end: '2020-01-02T07:00:00Z' };
    const read = async () =>
      unwrap(
        await host.call('workspace:rows', {
          pullId: id,
          limit: 200,
          filters: [
            { column: 'interval_start_utc', op: '>=', value: hour.start },
            { column: 'interval_start_utc', op: '<', value: hour.end },
          ],
        }),
      );
    const lmp = (await read()).columns.findIndex((c) => c.name === 'lmp');
    const old = (await read()).rows.map((r) => Number(r[lmp]));
    expect(old).toHaveLength(120);

    await v1.backfill(hour.start, hour.end, 1000);
    await page.goto('/#/history');
    await page.locator(`[data-testid="history-pull"][data-pull-id="${id}"]`).getByTestId('open-pull').click();
    await expect(page.getByTestId('refresh-changes')).toContainText(
      '1 backfill rewrote 2020-01-02 01:00 → 2020-01-02 02:00 EST.',
    );
    const before = await rowsUsed(host);
    await page.getByTestId('refresh-pull').click();
    await expect(page.getByTestId('refresh-outcome')).toHaveText(/: 0 rows added, 120 replaced, 120 charged to the plan\.$/);
    expect((await rowsUsed(host)) - before).toBe(120);
    const now = (await read()).rows.map((r) => Number(r[lmp]));
    expect(now).toEqual(old.map((v) => v + 1000));
    expect((await pullRecord(host, id)).rows).toBe(DAYS * ROWS_PER_DAY);
  });
});

test.describe('refresh progress', () => {
  // Pages of 1,000 rows, so a refresh of one day (2,880 rows) takes three requests; the service holds the second.
  const PAGE_ROWS = 1000;
  const unlimited = resolvePlan('unlimited');
  const paged = { ...unlimited, name: 'paged', limits: { ...unlimited.limits, api_rows_per_response_limit: PAGE_ROWS } };
  let v1: ChangingV1;
  test.beforeEach(async ({ host }) => {
    v1 = await startChangingV1({ key: KEY, days: DAYS, plan: paged });
    await useRemote(host, v1);
  });
  test.afterEach(async () => {
    await v1.close();
  });

  /** A pull of the whole dataset, reopened after a new day, whose Refresh is started with its second page held. */
  async function refreshHeld(page: Page): Promise<{ id: number; release: () => void }> {
    const id = await pullAll(page, v1, Math.ceil((DAYS * ROWS_PER_DAY) / PAGE_ROWS));
    await v1.appendDay();
    await page.reload();
    await expect(page.getByTestId('refresh-notice')).toHaveAttribute('data-changed', 'true');
    const release = v1.holdQueries(1);
    await page.getByTestId('refresh-pull').click();
    const status = page.getByTestId('refresh-status');
    await expect(status).toHaveAttribute('data-state', 'running');
    await expect(status).toContainText('Refreshing: pulling only what changed…');
    // The first page is in: its rows and the plan's charge show, with the time left from the update's row count.
    await expect(page.getByTestId('refresh-progress')).toHaveText(
      new RegExp(
        `^${count(PAGE_ROWS)} rows · 1 page · [\\d,]+ rows/s · about \\d+ (s|min) left · ${count(PAGE_ROWS)} charged to the plan$`,
      ),
    );
    return { id, release };
  }

  test('a refresh shows its pages as they come, like a pull, then what it added', async ({ page, host }) => {
    const { id, release } = await refreshHeld(page);
    await expect(page.getByTestId('cancel-refresh')).toHaveText('Cancel refresh');
    const before = await rowsUsed(host);
    release();
    await expect(page.getByTestId('refresh-outcome')).toHaveText(
      new RegExp(`: ${count(ROWS_PER_DAY)} rows added, 0 replaced, ${count(ROWS_PER_DAY)} charged to the plan\\.$`),
    );
    await expect(page.getByTestId('refresh-status')).toHaveCount(0);
    expect((await rowsUsed(host)) - before, 'rows charged after the first page').toBe(ROWS_PER_DAY - PAGE_ROWS);
    await expect(page.getByTestId('result-count')).toHaveText(new RegExp(`^${count((DAYS + 1) * ROWS_PER_DAY)} rows`));
    expect((await pullRecord(host, id)).refreshing).toBeUndefined();
  });

  test('Cancel refresh stops it between pages: no row changes, the page fetched is charged', async ({ page, host }) => {
    const { id, release } = await refreshHeld(page);
    await page.getByTestId('cancel-refresh').click();
    await expect(page.getByTestId('refresh-outcome')).toHaveText(
      new RegExp(`^Refresh of .+ cancelled: no row changed \\(${count(PAGE_ROWS)} charged to the plan\\)\\.$`),
    );
    release();
    const record = await pullRecord(host, id);
    expect(record).toMatchObject({ rows: DAYS * ROWS_PER_DAY, state: 'complete' });
    expect(record.refreshes.at(-1)).toMatchObject({ state: 'cancelled', rowsAdded: 0, rowsCharged: PAGE_ROWS });
    await expect(page.getByTestId('result-count')).toHaveText(new RegExp(`^${count(DAYS * ROWS_PER_DAY)} rows`));
  });
});
