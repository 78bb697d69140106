import type { Page } from '@playwright/test';
import { expect, test, unwrap } from './fixtures.js';
import { RT_DATASET, WINDOW } from './gridData.js';

// Each test's last page is also read by axe-core (WCAG 2.1 A/AA, e2e/axe.ts): the states these tests reach.
test.use({ axeAtEnd: true });

// What a user reads, on the embedded service's real PJM data: labels in words with their units (docs/vocabulary.md),
// times that say their clock, the vocabulary's number formats, copies at the shown precision.

const RT = RT_DATASET;

/** The results table's header labels, as their accessible names say them (label and unit). */
async function headerLabels(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid="results-table"] thead .th-name')
    .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
}

async function pullInMarketTime(page: Page): Promise<void> {
  await page.goto(`/#/datasets/${RT}/query`);
  const form = page.getByTestId('query-form');
  await page.getByTestId('query-timezone').selectOption('market');
  await page.getByTestId('query-start').fill('2024-09-02');
  await page.getByTestId('query-end').fill('2024-09-04');
  await form.getByRole('button', { name: 'Run query' }).click();
  await expect(page.getByTestId('pull-status')).toHaveAttribute('data-state', 'complete');
  await expect(page.getByTestId('result-row').first()).toBeVisible();
}

test('the results table says labels with units, hides the _utc twins in market time and shows them in UTC with Z', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1400, height: 900 });
  await pullInMarketTime(page);
  const labels = await headerLabels(page);
  expect(labels).toEqual([
    'Interval start (EPT)',
    'Interval end (EPT)',
    'Monitored facility',
    'Contingency',
    'Shadow price ($/MWh)',
    'Penalty factor ($/MWh)',
    'Limit control (%)',
  ]);
  // No code name or SQL type shows as a label; the raw name stays on hover.
  const head = page.getByTestId('results-table').locator('thead');
  await expect(head).not.toContainText('shadow_price');
  await expect(head).not.toContainText('DOUBLE');
  await expect(page.getByTestId('sort-shadow_price')).toHaveAttribute('title', /^shadow_price:/);
  // The price column is in view at 1400 px without scrolling sideways.
  const scroll = (await page.locator('.results-scroll').boundingBox())!;
  const price = (await page.getByRole('columnheader', { name: /^Shadow price/ }).boundingBox())!;
  expect(price.x + price.width).toBeLessThanOrEqual(scroll.x + scroll.width);

  const first = page.getByTestId('result-row').first().locator('td');
  await expect(first.nth(0)).toHaveText(/^2024-09-02 \d\d:\d\d EDT$/);
  await expect(first.nth(4)).toHaveText(/^-?[\d,]+\.\d\d$/);

  // The column menu shows the hidden twin: UTC, ending in Z, the same instant.
  await page.getByTestId('results-column-menu').locator('summary').click();
  await page.getByTestId('results-column-menu').getByLabel('Interval start (UTC)').check();
  await page.keyboard.press('Escape');
  await expect.poll(() => headerLabels(page)).toContain('Interval start (UTC)');
  const utcAt = (await headerLabels(page)).indexOf('Interval start (UTC)');
  const local = await first.nth(0).textContent();
  const utc = await first.nth(utcAt).textContent();
  expect(utc).toMatch(/^2024-09-02 \d\d:\d\dZ$/);
  const hours = (t: string) => Number(t.slice(11, 13));
  expect((hours(utc!) - hours(local!) + 24) % 24, 'EDT is UTC−4').toBe(4);
  for (const cell of await page
    .getByTestId('result-row')
    .locator(`td:nth-of-type(${utcAt + 1})`)
    .allTextContents())
    expect(cell).toMatch(/Z$/);
});

test('a copy gives the shown precision; the menu copies the stored value', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await pullInMarketTime(page);
  const price = (await page.getByTestId('result-row').first().locator('td').nth(4).textContent())!;
  await page.getByTestId('result-row').first().locator('td').nth(4).click();
  await page.getByTestId('copy-cells').click();
  await expect(page.getByTestId('copy-notice')).toHaveText('Copied 1 row × 1 column.');
  const shown = await page.evaluate<string>('navigator.clipboard.readText()');
  expect(shown).toBe(price.replace(/,/g, ''));
  await page.getByTestId('copy-menu').locator('summary').click();
  await page.getByTestId('copy-cells-full').click();
  await expect(page.getByTestId('copy-notice')).toHaveText('Copied 1 row × 1 column with full precision.');
  const full = Number(await page.evaluate<string>('navigator.clipboard.readText()'));
  expect(full.toFixed(2)).toBe(shown);
});

test('the dataset page lists each column by label, raw name and type in words', async ({ page }) => {
  await page.goto(`/#/datasets/${RT}`);
  const columns = page.getByTestId('columns-table');
  await expect(columns.locator('tr[data-column="shadow_price"] td')).toHaveText([
    'Shadow price ($/MWh)',
    'shadow_price',
    'number',
  ]);
  await expect(columns.locator('tr[data-column="interval_start_utc"] td')).toHaveText([
    'Interval start (UTC)',
    'interval_start_utc',
    'date and time',
  ]);
  await expect(page.locator('main')).not.toContainText('DOUBLE PRECISION');
});

test('one cost reads alike on the list and the detail page, and a ? by it says what it is, from the keyboard', async ({
  page,
  host,
}) => {
  const { constraints } = await unwrap(
    await host.call('constraints:list', { costWindow: WINDOW, limit: 10_000, markets: ['pjm'] }),
  );
  const top = [...constraints].sort((a, b) => (b.rt_absolute_cost ?? 0) - (a.rt_absolute_cost ?? 0))[0]!;
  const search = new URLSearchParams({ dataset: RT, market: 'pjm', start: WINDOW.start, end: WINDOW.end }).toString();
  await page.goto(`/#/constraints?${search}`);
  const row = page.locator(`tr[data-constraint-id="${top.gs_entity_id}"]`);
  await expect(row).toBeVisible();
  const listed = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    top.rt_absolute_cost!,
  );
  await expect(row).toContainText(listed);

  await page.goto(`/#/constraints/${top.gs_entity_id}?${search}`);
  // The real-time dataset's cost is named for it, on the list's column and in the page's facts alike.
  const cost = page.locator('[data-fact="Real-time absolute cost"]');
  await expect(cost.locator('dd')).toHaveText(`${listed} $/MW`);
  const help = cost.getByRole('button', { name: 'What is Real-time absolute cost?' });
  await help.focus();
  await expect(page.getByRole('tooltip')).toHaveText(/^Absolute cost: the sum of \|shadow price\| × interval length/);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toBeHidden();
});
