import type { Page } from '@playwright/test';
import { expect, test, unwrap } from './fixtures.js';
import type { WebHost } from './fixtures.js';
import { RT_DATASET, WINDOW, expectedOverlaps } from './gridData.js';

// Each test's last page is also read by axe-core (WCAG 2.1 A/AA, e2e/axe.ts): the states these tests reach.
test.use({ axeAtEnd: true });

// The constraint pages on the embedded service's real PJM constraints (and its SYNTHETIC shift factors, substations
// and outage tickets), with every request outside 127.0.0.1 failing the test (fixtures.ts).

const search = new URLSearchParams({ dataset: RT_DATASET, market: 'pjm', start: WINDOW.start, end: WINDOW.end }).toString();

/** The constraint ids of the table's rendered rows, top to bottom. */
async function rowIds(page: Page): Promise<string[]> {
  return page.getByTestId('constraint-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-constraint-id') ?? ''));
}

async function costsByRt(host: WebHost): Promise<{ id: string; rt: number | null }[]> {
  const { constraints } = await unwrap(
    await host.call('constraints:list', { costWindow: WINDOW, limit: 10_000, markets: ['pjm'] }),
  );
  return constraints.map((c) => ({ id: c.gs_entity_id, rt: c.rt_absolute_cost ?? null }));
}

test('the constraints table sorts by real-time absolute cost, highest first, then lowest first (no cost last)', async ({
  page,
  host,
}) => {
  await page.goto(`/#/constraints?${search}`);
  const table = page.getByTestId('constraints-table');
  await expect(table.getByTestId('constraint-row').first()).toBeVisible();
  const header = table.getByRole('button', { name: 'Real-time absolute cost ($/MW)', exact: true });
  const costs = await costsByRt(host);
  const withCost = costs.filter((c) => c.rt !== null);
  expect(withCost.length, 'some constraints bound in the window').toBeGreaterThan(3);

  // Click until the column sorts descending, whatever the first click does.
  for (let i = 0; i < 3; i++) {
    if ((await table.getByRole('columnheader', { name: /Real-time absolute cost/ }).getAttribute('aria-sort')) === 'descending')
      break;
    await header.click();
  }
  await expect(table.getByRole('columnheader', { name: /Real-time absolute cost/ })).toHaveAttribute('aria-sort', 'descending');
  const desc = [...withCost].sort((a, b) => b.rt! - a.rt!).map((c) => c.id);
  const shown = await rowIds(page);
  expect(shown.slice(0, 5)).toEqual(desc.slice(0, 5));

  await header.click();
  await expect(table.getByRole('columnheader', { name: /Real-time absolute cost/ })).toHaveAttribute('aria-sort', 'ascending');
  const asc = [...withCost].sort((a, b) => a.rt! - b.rt!).map((c) => c.id);
  expect((await rowIds(page)).slice(0, 5)).toEqual(asc.slice(0, 5));
});

test("a location's constraint costs switch between the two groupings, and their totals agree", async ({ page, host }) => {
  const locations = await unwrap(await host.call('locations:list', { market: 'pjm' }));
  // The location with the largest Σ |adjusted cost| in the window: a page with numbers to compare.
  let best: { id: string; total: number } | null = null;
  for (const loc of locations.slice(0, 40)) {
    const r = await host.call('locations:constraintCosts', {
      locationId: loc.gs_entity_id,
      datasetId: RT_DATASET,
      window: WINDOW,
      groupBy: 'constraint',
    });
    if (!r.ok) continue;
    const total = r.value.rows.reduce((s, row) => s + Math.abs(row.adjusted_cost ?? 0), 0);
    if (!best || total > best.total) best = { id: loc.gs_entity_id, total };
  }
  expect(best?.total ?? 0, 'some location has adjusted costs').toBeGreaterThan(0);

  await page.goto(`/#/locations/${encodeURIComponent(best!.id)}?${search}`);
  const grouping = page.getByTestId('cost-grouping');
  await grouping.getByRole('radio', { name: 'By constraint', exact: true }).check();
  const total = page.getByTestId('cost-total');
  await expect(total).toHaveAttribute('data-total-adjusted', /\d/);
  const byConstraint = Number(await total.getAttribute('data-total-adjusted'));
  const rowsByConstraint = await page.getByTestId('constraint-costs-table').locator('tbody tr').count();

  await grouping.getByRole('radio', { name: 'By constraint and contingency' }).check();
  await expect(page).toHaveURL(/group=constraint_contingency/);
  await expect(page.getByTestId('constraint-costs-table').getByRole('columnheader', { name: /Contingency/ })).toBeVisible();
  await expect(total).toHaveAttribute('data-total-adjusted', /\d/);
  const byPair = Number(await total.getAttribute('data-total-adjusted'));
  // The page shows both totals rounded to cents, so the two groupings agree exactly.
  expect(byPair).toBe(byConstraint);
  expect(await page.getByTestId('constraint-costs-table').locator('tbody tr').count()).toBeGreaterThanOrEqual(rowsByConstraint);
  // The same figure as the service's own rows, summed here.
  const pairs = await unwrap(
    await host.call('locations:constraintCosts', {
      locationId: best!.id,
      datasetId: RT_DATASET,
      window: WINDOW,
      groupBy: 'constraint_contingency',
    }),
  );
  expect(Math.abs(byPair - pairs.rows.reduce((s, r) => s + (r.adjusted_cost ?? 0), 0))).toBeLessThanOrEqual(0.005);
});

test("a constraint's outage overlap list equals an independent computation from the raw /v1 answers", async ({ page, host }) => {
  const binding = await unwrap(
    await host.call('constraints:bindingLocations', { datasetId: RT_DATASET, window: WINDOW, limit: 100_000 }),
  );
  const outages = await unwrap(await host.call('outages:active', { market: 'pjm', window: WINDOW, limit: 100_000 }));
  // The binding constraint with the most overlapping outages within 50 km: a list worth comparing.
  const ranked = binding.constraints
    .filter((c) => c.start || c.end)
    .map((c) => ({ c, expected: expectedOverlaps(c, outages.tickets, 50) }))
    .sort((a, b) => b.expected.length - a.expected.length);
  const chosen = ranked[0]!;
  expect(chosen.expected.length, 'some outage overlaps some binding constraint').toBeGreaterThan(0);

  await page.goto(`/#/constraints/${encodeURIComponent(chosen.c.constraint_gs_entity_id)}?${search}`);
  await expect(page.getByTestId('constraint-detail').getByRole('heading', { level: 1 })).toHaveText(chosen.c.constraint_name);
  // Its own two requests: asked for, not on the page's first open.
  await page.getByTestId('open-overlap').click();
  const distance = page.getByLabel(/Distance \(km\)/);
  await distance.fill('50');
  await distance.press('Enter');
  const list = page.getByTestId('overlap-list');
  await expect(list.getByTestId('overlap-row').first()).toBeVisible();
  await expect(list.getByTestId('overlap-row')).toHaveCount(chosen.expected.length);
  const tickets = await list
    .getByTestId('overlap-row')
    .evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-ticket'))));
  expect(tickets).toEqual(chosen.expected.map((o) => o.ticket));
});
