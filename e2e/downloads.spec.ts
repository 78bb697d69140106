import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import { count, expect, test, unwrap } from './fixtures.js';
import type { WebHost } from './fixtures.js';

// Export files of the embedded service downloaded through the queue in main, then reviewed from disk with the
// Remote profile pointed at a dead address (docs/downloads.md).
const DATASET = 'spp_west_tie_flows_1_min'; // seven daily files, 2026-03-25 … 2026-03-31
const WEEK = ['2026-03-25', '2026-03-26', '2026-03-27', '2026-03-28', '2026-03-29', '2026-03-30', '2026-03-31'];
const DEAD_REMOTE = 'http://127.0.0.1:9/v1';

/** Queues the week (verified days are skipped) and waits until nothing is queued, running or verifying. */
async function downloadWeek(host: WebHost): Promise<void> {
  await unwrap(await host.call('downloads:start', { datasetId: DATASET, dates: WEEK }));
  await expect.poll(async () => (await unwrap(await host.call('downloads:list', {}))).totals.active, { timeout: 30_000 }).toBe(0);
}

/** Data rows of the downloaded files, counted from their bytes (gunzip, lines minus each header): not through DuckDB. */
async function rowsOnDisk(host: WebHost): Promise<number> {
  const library = await unwrap(await host.call('library:list', {}));
  const files = library.datasets.find((d) => d.datasetId === DATASET)?.files ?? [];
  expect(files.map((f) => f.date)).toEqual(WEEK);
  let rows = 0;
  for (const f of files) {
    const lines = gunzipSync(await readFile(f.path))
      .toString('utf8')
      .split('\n')
      .filter((l) => l.length > 0);
    rows += lines.length - 1;
  }
  return rows;
}

test.afterEach(async ({ host }) => {
  // Unthrottled, and the files removed, so each test downloads its own week.
  await host.call('downloads:configure', { speedLimitKiBps: null });
  await host.call('downloads:clearFinished', {});
  await host.call('library:delete', { datasetId: DATASET });
});

test('a week of export files: picked on the calendar, downloaded with progress, listed in the library', async ({
  page,
  host,
}) => {
  // One file at a time at 16 KiB/s over ~40 KB: the queue runs for a few seconds, and is paused while it does.
  await unwrap(await host.call('downloads:configure', { speedLimitKiBps: 16, concurrency: 1 }));
  const listing = await unwrap(await host.call('exports:list', { datasetId: DATASET }));
  const weekBytes = listing.files.filter((f) => WEEK.includes(f.date)).reduce((a, f) => a + f.sizeBytes, 0);

  await page.goto(`/#/exports?dataset=${DATASET}`);
  const exportsPage = page.getByTestId('exports-page');
  await expect(exportsPage.getByTestId(`export-day-${WEEK[0]}`)).toBeEnabled();
  await exportsPage.getByTestId(`export-day-${WEEK[0]}`).click();
  await exportsPage.getByTestId(`export-day-${WEEK[6]}`).click({ modifiers: ['Shift'] });
  for (const day of WEEK) await expect(exportsPage.getByTestId(`export-day-${day}`)).toHaveAttribute('aria-pressed', 'true');
  await expect(exportsPage.getByTestId('export-summary')).toContainText('7 files');
  await exportsPage.getByTestId('export-download').click();
  await expect(page).toHaveURL(/#\/downloads/);
  const paused = await unwrap(await host.call('downloads:pause', {}));
  expect(paused.items.filter((i) => i.state === 'paused').length, 'files left to pause').toBeGreaterThan(0);

  // The queue as it stands: paused files with their progress, the totals short of the week's bytes.
  const downloads = page.getByTestId('downloads-page');
  await expect(downloads.locator('[data-testid^="download-item-"][data-state="paused"]').first()).toBeVisible();
  await expect(downloads.getByTestId('downloads-totals')).toContainText('7 files');
  await downloads.getByRole('button', { name: 'Resume all' }).click();
  for (const day of WEEK)
    await expect(downloads.getByTestId(`download-item-${DATASET}-${day}`)).toHaveAttribute('data-state', 'completed', {
      timeout: 30_000,
    });
  await expect(downloads.getByRole('status').filter({ hasText: '7 files of' })).toContainText('downloaded');

  const library = await unwrap(await host.call('library:list', {}));
  const mine = library.datasets.find((d) => d.datasetId === DATASET)!;
  expect(mine.files.every((f) => f.state === 'verified')).toBe(true);
  expect(mine.bytes).toBe(weekBytes);

  await page.goto('/#/library');
  const entry = page.getByTestId(`library-dataset-${DATASET}`);
  await expect(entry).toContainText('7 files');
  await expect(entry).toContainText('2026-03-25');
  await expect(entry).toContainText('2026-03-31');
});

test('with the Remote profile at a dead address, the downloaded week opens as one table with a chart', async ({ page, host }) => {
  await downloadWeek(host);
  const expectedRows = await rowsOnDisk(host);
  expect(expectedRows).toBeGreaterThan(0);

  await unwrap(await host.call('profiles:setRemoteUrl', { baseUrl: DEAD_REMOTE }));
  await unwrap(await host.call('profiles:setActive', { profile: 'remote' }));

  // The export list needs /v1: it says so and points to the library.
  await page.goto(`/#/exports?dataset=${DATASET}`);
  await expect(
    page
      .getByTestId('exports-page')
      .getByRole('link', { name: /library/i })
      .first(),
  ).toBeVisible({
    timeout: 30_000,
  });

  await page.goto('/#/library');
  const entry = page.getByTestId(`library-dataset-${DATASET}`);
  await expect(entry).toBeVisible();
  await entry.getByRole('button', { name: /Select all/i }).click();
  await entry.getByTestId('library-review').click();

  await expect(page).toHaveURL(/#\/review\?/);
  const review = page.getByTestId('review-page');
  await expect(review.getByTestId('review-banner')).toContainText('7');
  await expect(review.getByTestId('review-banner')).toContainText(/no network/i);
  await expect(review.getByTestId('result-count')).toContainText(`${count(expectedRows)} rows`, { timeout: 30_000 });
  await expect(review.getByTestId('result-count')).not.toContainText('so far');

  await review.getByTestId('tab-chart').click();
  await expect(review.getByTestId('result-chart-plot').locator('canvas')).toBeVisible();
});
