import { count, expect, test } from './fixtures.js';
import type { Page } from '@playwright/test';
import type { WebHost } from './fixtures.js';

// Free plan (1 request/s, 250 requests and 500,000 rows a month), 499,990 rows used: a Run is one counted request and meets
// no rate limit; past the rows left, the estimate warns first. Usage is read through the uncounted `usage:get`.

test.use({ plan: 'free', usedThisMonth: { rows: 499_990, requests: 20 } });

/** Its latest UTC day (the query form's default window) holds 5 hourly rows: within the rows left. */
const SMALL = 'isone_load_hourly';
/** Its latest UTC day holds 660 rows: more than the rows left. */
const LARGE = 'nyiso_zonal_load_5_min';

async function used(host: WebHost): Promise<{ requests: number; rows: number }> {
  const r = await host.call('usage:get', {});
  if (!r.ok) throw new Error(`usage:get: ${r.error.message}`);
  return { requests: r.value.current_period_usage.total_requests, rows: r.value.current_period_usage.total_api_rows_returned };
}

// Notes every rate-limit or retry text the page shows, however briefly (a string: this tsconfig has no DOM lib).
const RECORD_RETRY_TEXTS = `(() => {
  const seen = (window.__retryTexts = []);
  const note = () => {
    const m = document.body.innerText.match(/[^\\n]*(rate limit|retrying)[^\\n]*/i);
    if (m && seen.at(-1) !== m[0]) seen.push(m[0]);
  };
  new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
})()`;

async function recordRetryTexts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(RECORD_RETRY_TEXTS);
  return () => page.evaluate<string[]>('window.__retryTexts');
}

test('one Run of a one-day query shows its rows, no retry, and costs exactly one request', async ({ page, host }) => {
  await page.goto(`/#/datasets/${SMALL}/query`);
  const form = page.getByTestId('query-form');
  await expect(form).toBeVisible();
  // The UTC day 2024-11-04 holds the dataset's last 5 rows: within the 10 rows left this month.
  await page.getByTestId('query-timezone').selectOption('UTC');
  await page.getByTestId('query-start').fill('2024-11-04');
  await page.getByTestId('query-end').fill('2024-11-05');
  await expect(page.getByTestId('usage-requests')).toHaveText(/^Requests [\d,]+ \/ 250$/);
  const before = await used(host);
  // Past the plan's 1-second window, a retry below could only come from the Run itself.
  await page.waitForTimeout(1_100);
  const retryTexts = await recordRetryTexts(page);
  const logFrom = host.output().length;

  await form.getByRole('button', { name: 'Run query' }).click();
  await expect(page.getByTestId('estimate-rows')).toHaveText('≈ 5 rows');
  await expect(page.getByTestId('result-row')).toHaveCount(5);
  await expect(page.getByTestId('request-status')).toHaveCount(0);
  await expect(page.getByTestId('estimate')).not.toHaveAttribute('role', 'alert');

  expect(await retryTexts()).toEqual([]);
  expect(host.output().slice(logFrom)).not.toMatch(/\b429\b|rate.limit|retrying/i);
  expect(await used(host)).toEqual({ requests: before.requests + 1, rows: before.rows + 5 });
  await expect(page.getByTestId('usage-requests')).toHaveText(`Requests ${count(before.requests + 1)} / 250`);
});

test('a query over the remaining monthly rows shows the warning before running, and runs nothing until confirmed', async ({
  page,
  host,
}) => {
  await page.goto(`/#/datasets/${LARGE}/query`);
  await expect(page.getByTestId('query-form')).toBeVisible();
  const before = await used(host);
  const left = 500_000 - before.rows;
  await expect(page.getByTestId('usage-rows')).toHaveText(`Rows ${count(before.rows)} / 500,000`);
  await page.getByTestId('query-form').getByRole('button', { name: 'Run query' }).click();
  const estimate = page.getByTestId('estimate');
  await expect(estimate).toHaveAttribute('role', 'alert');
  await expect(estimate).toContainText(`${count(left)} rows left this month`);
  await expect(page.getByTestId('estimate-warnings')).toContainText(
    `more than the ${count(left)} rows left this month on the free plan`,
  );
  await expect(estimate.getByRole('button', { name: 'Run anyway' })).toBeVisible();
  await expect(page.getByTestId('request-status')).toHaveCount(0);
  await expect(page.getByTestId('results-table')).toHaveCount(0);
  expect(await used(host)).toEqual(before);
  await page.reload();
  await expect(page.getByTestId('usage-rows')).toHaveText(`Rows ${count(before.rows)} / 500,000`);
  await page.getByTestId('query-form').getByRole('button', { name: 'Run query' }).click();
  await page.getByTestId('estimate').getByRole('button', { name: 'Change query' }).click();
  await expect(page.getByTestId('estimate').getByRole('button', { name: 'Run anyway' })).toHaveCount(0);
  expect((await used(host)).rows).toBe(before.rows);
});
