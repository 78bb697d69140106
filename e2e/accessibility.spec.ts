import type { Page } from '@playwright/test';
import { expect, test, unwrap } from './fixtures.js';
import { RT_DATASET, WINDOW } from './gridData.js';

// Every screen read by axe-core (WCAG 2.1 A/AA, e2e/axe.ts) in light and dark, and the keyboard paths of
// docs/accessibility.md: the skip link, the focus on a new screen's heading, the chart legend's toggles.

const grid = new URLSearchParams({ dataset: RT_DATASET, market: 'pjm', start: WINDOW.start, end: WINDOW.end }).toString();
const FILES_DATASET = 'spp_west_tie_flows_1_min'; // small daily export files
const FILE_DAYS = ['2026-03-25', '2026-03-26'];

/** A screen: its address and what shows once it has settled (its data drawn, not a skeleton). */
interface Screen {
  name: string;
  href: string;
  ready: string;
}

/** Opens each screen on the same page and checks it light, then dark. */
async function checkScreens(page: Page, axe: (label: string) => Promise<void>, screens: Screen[]): Promise<void> {
  await page.setViewportSize({ width: 1400, height: 900 });
  for (const s of screens) {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`/${s.href}`);
    await expect(page.locator('main h1')).toBeVisible();
    await expect(page.getByTestId(s.ready).first()).toBeVisible({ timeout: 30_000 });
    await axe(`${s.name}, light`);
    await page.emulateMedia({ colorScheme: 'dark' });
    await axe(`${s.name}, dark`);
  }
}

test('the skip link is the first Tab stop and takes the focus to the screen', async ({ page }) => {
  await page.goto('/#/settings');
  await expect(page.getByTestId('settings-page')).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeFocused();
  await expect(page).toHaveURL(/#\/settings$/); // the hash router did not take "#main" as an address
  // The next Tab goes on inside the screen, not back to the header or the navigation.
  await page.keyboard.press('Tab');
  expect(await page.evaluate('!!document.activeElement.closest("main")')).toBe(true);
});

test("a navigation link, Entered or clicked, moves the focus to the new screen's heading", async ({ page }) => {
  await page.goto('/#/settings');
  await expect(page.getByTestId('settings-page')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('link', { name: 'Constraints' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#\/constraints/);
  await expect(page.getByRole('heading', { level: 1, name: 'Constraints' })).toBeFocused();
  // One Tab from the heading lands in the screen (the navigation is behind it).
  await page.keyboard.press('Tab');
  expect(await page.evaluate('!!document.activeElement.closest("main")')).toBe(true);

  await nav.getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeFocused();
  // A heading that arrives after the data: the dataset page, opened from the catalogue's link.
  await nav.getByRole('link', { name: 'Catalogue' }).click();
  await page.getByTestId('dataset-link').first().focus();
  const name = await page.getByTestId('dataset-link').first().textContent();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: name!.trim() })).toBeFocused();
});

test('the grid screens pass axe-core in light and dark', async ({ page, host, axe }) => {
  test.setTimeout(180_000);
  const { constraints } = await unwrap(
    await host.call('constraints:list', { costWindow: WINDOW, limit: 10_000, markets: ['pjm'] }),
  );
  const constraint = constraints.find((c) => c.rt_absolute_cost != null) ?? constraints[0]!;
  const { contingencies } = await unwrap(
    await host.call('binding:contingencies', { datasetId: RT_DATASET, market: 'pjm', window: WINDOW }),
  );
  const contingency = contingencies.find((k) => k.contingency_gs_entity_id)!;
  const [location] = await unwrap(await host.call('locations:list', { market: 'pjm' }));
  const id = encodeURIComponent;
  await checkScreens(page, axe, [
    { name: 'constraints', href: `#/constraints?${grid}`, ready: 'constraint-row' },
    { name: 'contingencies tab', href: `#/contingencies?${grid}`, ready: 'contingency-link' },
    {
      name: 'constraint detail',
      href: `#/constraints/${id(constraint.gs_entity_id)}?${grid}`,
      ready: 'constraint-contingencies',
    },
    {
      name: 'contingency view',
      href: `#/contingencies/${id(contingency.contingency_gs_entity_id!)}?${grid}`,
      ready: 'contingency-constraint-row',
    },
    { name: 'locations picker', href: `#/locations?${grid}`, ready: 'location-page' },
    { name: 'location', href: `#/locations/${id(location!.gs_entity_id)}?${grid}`, ready: 'cost-grouping' },
    { name: 'binding', href: `#/binding?${grid}`, ready: 'binding-page' },
    { name: 'map', href: `#/map?${grid}`, ready: 'grid-map' },
  ]);
});

test('the file screens, settings and a missing page pass axe-core in light and dark', async ({ page, host, axe }) => {
  test.setTimeout(180_000);
  await unwrap(await host.call('downloads:start', { datasetId: FILES_DATASET, dates: FILE_DAYS }));
  await expect.poll(async () => (await unwrap(await host.call('downloads:list', {}))).totals.active, { timeout: 30_000 }).toBe(0);
  const review = await unwrap(await host.call('workspace:openLocal', { datasetId: FILES_DATASET, dates: FILE_DAYS }));
  try {
    await checkScreens(page, axe, [
      { name: 'exports', href: `#/exports?dataset=${FILES_DATASET}`, ready: `export-day-${FILE_DAYS[0]}` },
      { name: 'downloads', href: '#/downloads', ready: `download-item-${FILES_DATASET}-${FILE_DAYS[0]}` },
      { name: 'library', href: '#/library', ready: `library-dataset-${FILES_DATASET}` },
      { name: 'offline review', href: `#/review?pull=${review.id}`, ready: 'result-row' },
      { name: 'settings', href: '#/settings', ready: 'settings-page' },
      { name: 'a page that does not exist', href: '#/nowhere', ready: 'not-found' },
    ]);
  } finally {
    await host.call('downloads:clearFinished', {});
    await host.call('library:delete', { datasetId: FILES_DATASET });
  }
});

test('the catalogue, a dataset, a query with its table and chart, and history pass axe-core; the legend toggles by keyboard', async ({
  page,
  axe,
}) => {
  test.setTimeout(180_000);
  await checkScreens(page, axe, [
    { name: 'catalogue', href: '#/', ready: 'dataset-link' },
    { name: 'dataset', href: `#/datasets/${RT_DATASET}`, ready: 'open-query' },
  ]);

  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto(`/#/datasets/${RT_DATASET}/query`);
  await page.getByTestId('query-form').getByRole('button', { name: 'Run query' }).click();
  await expect(page.getByTestId('pull-status')).toHaveAttribute('data-state', 'complete', { timeout: 30_000 });
  await expect(page.getByTestId('result-row').first()).toBeVisible();
  await axe('query with a result, light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await axe('query with a result, dark');

  await page.getByTestId('tab-chart').click();
  const legend = page.getByTestId('result-chart-plot').locator('.u-legend');
  const toggle = legend.locator('tr.u-series').nth(1).getByRole('button');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await axe('query chart, dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await axe('query chart, light');

  // A line is hidden and shown again from the keyboard alone: Enter, then Space, on its legend entry.
  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(legend.locator('tr.u-series').nth(1)).toHaveClass(/u-off/);
  await axe('query chart with a line hidden, light');
  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(legend.locator('tr.u-series').nth(1)).not.toHaveClass(/u-off/);

  await page.goto('/#/history');
  await expect(page.getByTestId('history-pull').first()).toBeVisible();
  await axe('history with a pull, light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await axe('history with a pull, dark');
});
