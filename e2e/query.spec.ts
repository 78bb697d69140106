import { expect, test } from './fixtures.js';
import type { Page } from '@playwright/test';

test.use({ plan: 'free' }); // 1 request/s, 500,000 rows/month, 250 requests/month

const DATASET = 'nyiso_zonal_load_5_min';

// A string (this tsconfig has no DOM lib). Notes `<verb>: <text>`: the estimate is rate limited too, so text alone is ambiguous;
// a pull's retry state shows in its progress line.
const RECORD_STATUS_TEXTS = `(() => {
  const seen = (window.__statusTexts = []);
  const note = () => {
    const line = document.querySelector('[data-testid="request-status"]');
    const t = line?.querySelector('[data-testid="request-status-text"]')?.textContent;
    const waiting = document.querySelector('[data-testid="pull-waiting"]')?.textContent;
    const entry = t ? (line.getAttribute('data-verb') || '?') + ': ' + t : waiting && 'workspace:pull: ' + waiting;
    if (entry && seen.at(-1) !== entry) seen.push(entry);
  };
  new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['data-verb'] });
})()`;

async function recordStatusTexts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(RECORD_STATUS_TEXTS);
  return () => page.evaluate<string[]>('window.__statusTexts');
}

test('the usage meter shows the free plan figures on every page', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('usage-plan')).toHaveText('Plan free');
  await expect(page.getByTestId('usage-rows')).toHaveText(/^Rows [\d,]+ \/ 500,000$/);
  await expect(page.getByTestId('usage-requests')).toHaveText(/^Requests [\d,]+ \/ 250$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByTestId('settings-page')).toBeVisible();
  await expect(page.getByTestId('usage-rows')).toContainText('/ 500,000');
});

test('on the free plan a pull keeps to the rate limit while another client uses the key, then shows its rows', async ({
  page,
  host,
}) => {
  await page.goto(`/#/datasets/${DATASET}`);
  await page.getByTestId('open-query').click();
  const form = page.getByTestId('query-form');
  await expect(form).toBeVisible();
  await expect(page.getByTestId('query-start')).toHaveValue('2017-11-22');
  await expect(page.getByTestId('usage-rows')).toBeVisible();
  const statusTexts = await recordStatusTexts(page);
  // Another client of the same key takes the 1 request/s slot while the pull starts; the pull retries or waits its turn.
  await form.getByRole('button', { name: 'Run query' }).click();
  const waiting = page.getByTestId('pull-waiting');
  for (const until = Date.now() + 4_000; Date.now() < until && !(await waiting.isVisible());)
    await host.call('datasets:list', {});
  await expect(page.getByTestId('estimate-rows')).toHaveText(/^(≈|at most) [\d,]+ rows$/);
  await expect(page.getByTestId('pull-status')).toHaveAttribute('data-state', 'complete');
  await expect(page.getByTestId('result-row').first()).toBeVisible();
  await expect(page.getByTestId('result-count')).toContainText('times in market time (EPT, US/Eastern)');
  await expect(page.getByTestId('request-status')).toHaveCount(0);
  expect(await statusTexts()).not.toContainEqual(expect.stringMatching(/failed|gave up/i));
  await expect(page.getByRole('columnheader', { name: /^Zone/ })).toBeVisible();
  await expect(page.getByTestId('result-row').first().locator('td').first()).toHaveText(/^2017-11-2\d \d\d:\d\d EST$/);
});

test('market time, newest first and two columns: _local columns and rows in descending order', async ({ page }) => {
  await page.goto(`/#/datasets/${DATASET}/query`);
  const form = page.getByTestId('query-form');
  await expect(form).toBeVisible();
  await page.getByTestId('query-timezone').selectOption('market');
  await expect(page.getByTestId('query-timezone').locator('option:checked')).toHaveText('Market time (US/Eastern)');
  await page.getByTestId('query-start').fill('2017-11-22');
  await page.getByTestId('query-end').fill('2017-11-23');
  await page.getByTestId('query-order').selectOption('desc');
  await page.getByTestId('column-picker').locator('summary').click();
  await page.getByTestId('columns-none').click();
  await page.getByTestId('column-zone').check();
  await page.getByTestId('column-load').check();
  await expect(page.getByTestId('column-picker-count')).toHaveText('(4 of 5)');
  await form.getByRole('button', { name: 'Run query' }).click();

  await expect(page.getByTestId('pull-status')).toHaveAttribute('data-state', 'complete');
  await expect(page.getByTestId('result-row').first()).toBeVisible();
  // In market time the _utc twins start hidden: the market-time start is pinned first, then the end, then the values.
  const headers = () =>
    page
      .locator('[data-testid="results-table"] thead .th-name')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  expect(await headers()).toEqual(['Interval start (EPT)', 'Interval end (EPT)', 'Zone', 'Load (MW)']);
  await expect(page.getByTestId('result-count')).toHaveText(/^[\d,]+ rows · times in market time \(EPT, US\/Eastern\)$/);
  const first = page.getByTestId('result-row').first().locator('td');
  await expect(first.nth(0)).toHaveText('2017-11-22 23:55 EST');
  await expect(first.nth(1)).toHaveText('2017-11-23 00:00 EST');
  const starts = await page.getByTestId('result-row').locator('td:nth-of-type(1)').allTextContents();
  expect(starts.length).toBeGreaterThan(11);
  expect([...starts].sort().reverse()).toEqual(starts);
  expect(starts.at(-1)! < starts[0]!).toBe(true);
});

test('End before Start: a field error by End in user words, no Settings button, nothing sent', async ({ page }) => {
  await page.goto(`/#/datasets/${DATASET}/query`);
  const form = page.getByTestId('query-form');
  await expect(form).toBeVisible();
  await page.getByTestId('query-start').fill('2017-11-23');
  await page.getByTestId('query-end').fill('2017-11-22');
  const bridgeCalls: string[] = [];
  page.on('request', (req) => {
    if (/\/bridge\/datasets:(estimate|query)$/.test(new URL(req.url()).pathname)) bridgeCalls.push(req.url());
  });
  await form.getByRole('button', { name: 'Run query' }).click();

  const problem = page.getByTestId('query-error-end');
  await expect(problem).toHaveText('End must be after Start.');
  await expect(page.getByTestId('query-end')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: 'Open Settings' })).toHaveCount(0);
  await expect(page.getByTestId('error-state')).toHaveCount(0);
  await expect(page.getByText(/startTime|endTime|start_time/)).toHaveCount(0);
  expect(bridgeCalls).toEqual([]);

  await page.getByTestId('query-end').fill('2017-11-24');
  await expect(problem).toHaveCount(0);
});
