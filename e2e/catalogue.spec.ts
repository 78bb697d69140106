import { expect, test } from './fixtures.js';

/** Catalogue and dataset screens against the embedded /v1 service's real datasets. */

const DA = 'PJM Marginal Value Day Ahead Hourly';
const RT = 'PJM Marginal Value Real Time 5 Min';

test('the catalogue lists the embedded real datasets', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('profile-badge')).toHaveText('Embedded — sample data');
  const table = page.getByTestId('catalogue-table');
  await expect(table).toBeVisible();
  await expect.poll(() => page.getByTestId('catalogue-row').count()).toBeGreaterThanOrEqual(10);
  await expect(table.getByRole('link', { name: DA })).toBeVisible();
  await expect(table.getByRole('link', { name: RT })).toBeVisible();
  const n = await page.getByTestId('catalogue-row').count();
  await expect(page.getByTestId('catalogue-count')).toHaveText(`${n} of ${n} datasets`);
  const markets = await page.getByTestId('source-filter').locator('option').allTextContents();
  expect(markets[0]).toBe('All markets');
  expect(markets).toEqual(expect.arrayContaining(['PJM', 'NYISO']));
});

test('typing "marginal" lists the PJM marginal value datasets first', async ({ page, host }) => {
  // Id and name matches list before description-only ones (not link URLs, not the sample note), each by name: datasets
  // that say "marginal" only in their descriptions follow the two PJM datasets.
  const list = await host.call('datasets:list', {});
  if (!list.ok) throw new Error(list.error.message);
  const byName = list.value.filter((d) => `${d.id} ${d.name}`.toLowerCase().includes('marginal')).map((d) => d.name);
  expect([...byName].sort((a, b) => a.localeCompare(b))).toEqual([DA, RT]);
  const linkText = (md: string) => md.replace(/\]\([^)]*\)/g, ']'); // [text](url) → [text]
  const byDescription = list.value
    .filter(
      (d) =>
        !byName.includes(d.name) &&
        linkText(d.description ?? '')
          .toLowerCase()
          .includes('marginal'),
    )
    .map((d) => d.name);
  expect(byDescription.length).toBeGreaterThan(0);

  await page.goto('/');
  const search = page.getByRole('searchbox', { name: 'Search datasets' });
  await expect(search).toBeFocused();
  await expect(page.getByTestId('catalogue-table')).toBeVisible();
  const total = await page.getByTestId('catalogue-row').count();
  await search.fill('marginal');
  await expect(page.getByTestId('catalogue-count')).toHaveText(`${2 + byDescription.length} of ${total} datasets`);
  await expect(page.getByTestId('dataset-link')).toHaveText([DA, RT, ...[...byDescription].sort((a, b) => a.localeCompare(b))]);
  await expect(page.getByTestId('dataset-link').nth(0)).toHaveText(DA);
  await expect(page.getByTestId('dataset-link').nth(1)).toHaveText(RT);
  await expect(page.getByTestId('dataset-link').filter({ hasText: /marginal/i })).toHaveText([DA, RT]);
  await page.getByTestId('source-filter').selectOption('PJM');
  await expect(page.getByTestId('dataset-link')).toHaveText([DA, RT]);
  await expect(page.getByTestId('catalogue-count')).toHaveText(`2 of ${total} datasets`);

  // Words of the note every embedded description ends with, or of its links, match little or nothing.
  await page.getByTestId('source-filter').selectOption('');
  await search.fill('sample');
  await expect.poll(() => page.getByTestId('catalogue-row').count()).toBeLessThan(total / 2);
  await search.fill('github.com');
  await expect(page.getByTestId('catalogue-empty')).toBeVisible();
  await page.getByTestId('source-filter').selectOption('PJM');

  await search.fill('no such thing');
  await expect(page.getByTestId('catalogue-empty')).toHaveText('No datasets match “no such thing” in PJM. Clear the search.');
  await page.getByRole('button', { name: 'Clear the search' }).click();
  await expect(page.getByTestId('catalogue-row')).toHaveCount(total);
  await expect(page.getByTestId('source-filter')).toHaveValue('');
});

test('opening a dataset with the keyboard shows its columns and audit rows', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByTestId('catalogue-table')).toBeVisible();
  await page.getByRole('link', { name: RT }).focus(); // leave the search box, then '/' returns to it
  await page.keyboard.press('/');
  await expect(page.getByRole('searchbox', { name: 'Search datasets' })).toBeFocused();
  await page.keyboard.type('pjm_marginal_value_day');
  await expect(page.getByTestId('dataset-link')).toHaveText([DA]);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('link', { name: DA })).toBeFocused();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/#\/datasets\/pjm_marginal_value_day_ahead_hourly$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(DA);
  await expect(page.getByTestId('dataset-id')).toHaveText('pjm_marginal_value_day_ahead_hourly');
  const columns = page.getByTestId('columns-table');
  await expect(columns).toBeVisible();
  await expect.poll(() => columns.locator('tbody tr').count()).toBeGreaterThan(1);
  await expect(page.getByTestId('audit-table')).toBeVisible();
  await expect.poll(() => page.getByTestId('audit-row').count()).toBeGreaterThan(0);
  await expect(page.getByTestId('audit-row').filter({ hasText: '2023-11-05' })).toHaveCount(1);
  await expect(page.getByTestId('audit-total')).toContainText('Total');

  await page.getByTestId('back-to-catalogue').click();
  await expect(page.getByRole('searchbox', { name: 'Search datasets' })).toHaveValue('pjm_marginal_value_day');
});
