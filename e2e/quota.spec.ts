import { expect, test } from './fixtures.js';

/**
 * Quota forecast on the free plan (issue 5): the embedded key starts the month with 499,990 of
 * its 500,000 rows used (seeded usage file), so any real query would pass the monthly limit and
 * the estimate must warn before anything runs.
 */

test.use({ plan: 'free', usedThisMonth: { rows: 499_990, requests: 20 } });

const DATASET = 'nyiso_zonal_load_5_min';

test('a query over the remaining monthly rows shows the warning before running, and runs nothing until confirmed', async ({ page }) => {
  await page.goto(`/#/datasets/${DATASET}/query`);
  await expect(page.getByTestId('usage-rows')).toHaveText('Rows 499,990 / 500,000');
  await page.getByTestId('query-form').getByRole('button', { name: 'Run query' }).click();
  const estimate = page.getByTestId('estimate');
  await expect(estimate).toHaveAttribute('role', 'alert');
  await expect(estimate).toContainText('10 rows left this month');
  await expect(page.getByTestId('estimate-warnings')).toContainText('more than the 10 rows left this month on the free plan');
  await expect(estimate.getByRole('button', { name: 'Run anyway' })).toBeVisible();
  await expect(page.getByTestId('request-status')).toHaveCount(0);
  await expect(page.getByTestId('results-table')).toHaveCount(0);
  // Nothing was queried: the month's rows are unchanged.
  await page.reload();
  await expect(page.getByTestId('usage-rows')).toHaveText('Rows 499,990 / 500,000');
  await page.getByTestId('query-form').getByRole('button', { name: 'Run query' }).click();
  await page.getByTestId('estimate').getByRole('button', { name: 'Change query' }).click();
  await expect(page.getByTestId('estimate').getByRole('button', { name: 'Run anyway' })).toHaveCount(0);
});
