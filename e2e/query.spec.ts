import { expect, test } from './fixtures.js';
import type { Page } from '@playwright/test';

test.use({ plan: 'free' }); // 1 request/s, 500,000 rows/month, 250 requests/month

const DATASET = 'nyiso_zonal_load_5_min';

// A string (this tsconfig has no DOM lib). Notes `<verb>: <text>`: the estimate is rate limited too, so text alone is ambiguous.
const RECORD_STATUS_TEXTS = `(() => {
  const seen = (window.__statusTexts = []);
  const note = () => {
    const line = document.querySelector('[data-testid="request-status"]');
    const t = line?.querySelector('[data-testid="request-status-text"]')?.textContent;
    const entry = t && (line.getAttribute('data-verb') || '?') + ': ' + t;
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

test('a rate-limited query shows the retry state and then its rows', async ({ page, host }) => {
  await page.goto(`/#/datasets/${DATASET}`);
  await page.getByTestId('open-query').click();
  const form = page.getByTestId('query-form');
  await expect(form).toBeVisible();
  await expect(page.getByTestId('query-start')).toHaveValue('2017-11-23');
  await expect(page.getByTestId('usage-rows')).toBeVisible();
  const statusTexts = await recordStatusTexts(page);
  // Use up this second's request (the estimate reads cached metadata), so the query is answered 429.
  await host.call('datasets:list', {});
  await form.getByRole('button', { name: 'Run query' }).click();
  await expect(page.getByTestId('estimate-rows')).toHaveText(/^(≈|at most) [\d,]+ rows$/);
  await expect(page.getByTestId('result-row').first()).toBeVisible();
  await expect(page.getByTestId('result-count')).toContainText('data time zone US/Eastern');
  await expect(page.getByTestId('request-status')).toHaveCount(0);
  expect(await statusTexts()).toContainEqual(
    expect.stringMatching(/^datasets:query: Rate limited — retrying in \d+ s \(attempt [2-4] of 4\)$/),
  );
  await expect(page.getByRole('columnheader', { name: 'zone' })).toBeVisible();
  await expect(page.getByTestId('result-row').first().locator('td').first()).toHaveText(/^2017-11-23 \d\d:\d\d UTC$/);
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

  await expect(page.getByTestId('result-row').first()).toBeVisible();
  const headers = await page.getByRole('columnheader').allTextContents();
  expect(headers).toEqual([
    'interval_start_local',
    'interval_start_utc',
    'interval_end_local',
    'interval_end_utc',
    'zone',
    'load',
  ]);
  await expect(page.getByTestId('result-count')).toContainText('rows loaded, more available');
  const first = page.getByTestId('result-row').first().locator('td');
  await expect(first.nth(0)).toHaveText('2017-11-22 23:55 -05:00');
  await expect(first.nth(1)).toHaveText('2017-11-23 04:55 UTC');
  const utc = await page.getByTestId('result-row').locator('td:nth-child(2)').allTextContents();
  expect(utc.length).toBeGreaterThan(11);
  expect([...utc].sort().reverse()).toEqual(utc);
  expect(utc.at(-1)! < utc[0]!).toBe(true);
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
