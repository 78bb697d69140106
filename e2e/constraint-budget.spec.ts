import type { Page } from '@playwright/test';
import { expect, test, unwrap } from './fixtures.js';
import type { WebHost } from './fixtures.js';
import { RT_DATASET, WINDOW } from './gridData.js';

// The constraint screens on the free plan (1 request/s, 250 a month; docs/plans.md), over the embedded service's real
// PJM binding rows: what a first open costs (docs/desktop.md#the-request-budget), and the figures the screens sum
// from the binding window (docs/desktop.md#the-binding-window-store).

test.use({ plan: 'free' });

const search = new URLSearchParams({ dataset: RT_DATASET, market: 'pjm', start: WINDOW.start, end: WINDOW.end }).toString();

async function requestsUsed(host: WebHost): Promise<number> {
  return (await unwrap(await host.call('usage:get', {}))).current_period_usage.total_requests;
}

// Notes every rate-limit or retry text the page shows from its first paint on, however briefly (a string: no DOM lib).
const RECORD_RETRY_TEXTS = `(() => {
  const seen = (window.__retryTexts = []);
  const note = () => {
    const m = document.body && document.body.innerText.match(/[^\\n]*(rate limit|retrying|\\b429\\b)[^\\n]*/i);
    if (m && seen.at(-1) !== m[0]) seen.push(m[0]);
  };
  new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true });
})()`;

/**
 * Resolves once the page's bridge calls (its polls aside) have stayed the same for two looks 1.5 s apart: the screen
 * has settled (a call shows in the resource timings once answered; the rate gate spaces two calls by ~1.15 s).
 */
async function settled(page: Page): Promise<void> {
  const calls = () =>
    page.evaluate(
      `performance.getEntriesByType('resource').filter((e) => e.name.includes('/bridge/') && !/requests:status|usage:get|usage:activity|profiles:get|locations:index|downloads:list|app:info/.test(e.name)).length`,
    ) as Promise<number>;
  const seen: number[] = [];
  await expect
    .poll(
      async () => {
        seen.push(await calls());
        return seen.length >= 3 && seen.at(-1) === seen.at(-2) && seen.at(-2) === seen.at(-3);
      },
      { intervals: [1500], timeout: 30_000 },
    )
    .toBe(true);
}

test('a constraint page opened cold costs at most 2 requests and meets no rate limit; reopened, none', async ({ page, host }) => {
  const { constraints } = await unwrap(
    await host.call('constraints:bindingLocations', { datasetId: RT_DATASET, window: WINDOW, limit: 1 }),
  );
  const top = constraints[0]!;
  await page.addInitScript(RECORD_RETRY_TEXTS);
  await page.goto('/#/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  // A second for the plan's window to pass after the setup call above.
  await expect.poll(async () => requestsUsed(host), { intervals: [1100] }).toBeGreaterThan(0);
  const before = await requestsUsed(host);

  await page.goto(`/#/constraints/${encodeURIComponent(top.constraint_gs_entity_id)}?${search}`);
  const detail = page.getByTestId('constraint-detail');
  await expect(detail.getByRole('heading', { level: 1 })).toHaveText(top.constraint_name);
  await expect(page.getByTestId('constraint-facts')).toBeVisible();
  await expect(page.getByTestId('shadow-price-chart')).toBeVisible();
  await expect(page.getByTestId('constraint-contingencies')).toBeVisible();
  await settled(page);
  const opened = await requestsUsed(host);
  expect(opened - before, 'counted /v1 requests of a first open').toBeLessThanOrEqual(2);
  expect(opened - before).toBeGreaterThan(0);
  expect(await page.evaluate<string[]>('window.__retryTexts')).toEqual([]);
  await expect(page.getByTestId('error-state')).toHaveCount(0);

  // Away and back within the cache's life: nothing more is asked.
  await page.getByRole('link', { name: '← Constraints' }).click();
  await expect(page.getByTestId('constraints-table')).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId('constraint-facts')).toBeVisible();
  await settled(page);
  expect(await requestsUsed(host)).toBe(opened);
  expect(await page.evaluate<string[]>('window.__retryTexts')).toEqual([]);
});

test('the list shows the constraints that bound in the window, first and last binding inside it', async ({ page, host }) => {
  const located = await unwrap(
    await host.call('constraints:bindingLocations', { datasetId: RT_DATASET, window: WINDOW, limit: 100_000 }),
  );
  const { constraints: all } = await unwrap(await host.call('constraints:list', {}));
  await page.goto(`/#/constraints?${search}`);
  const table = page.getByTestId('constraints-table');
  await expect(table.getByTestId('constraint-row').first()).toBeVisible();
  // Only those that bound, by default: as many as /v1 says bound (all of them PJM).
  await expect(table.getByTestId('constraint-row')).toHaveCount(located.constraints.length);
  await expect(page.getByTestId('bound-summary')).toContainText(
    `${located.constraints.length} of ${all.length} constraints bound in Real-time`,
  );
  const ids = await table
    .getByTestId('constraint-row')
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-constraint-id') ?? ''));
  expect(ids.sort()).toEqual(located.constraints.map((c) => c.constraint_gs_entity_id).sort());
  // First and last binding interval are those in the window (EDT: UTC−4), not first and last seen ever.
  const wall = (iso: string) => {
    const d = new Date(Date.parse(iso) - 4 * 3_600_000).toISOString();
    return `${d.slice(0, 10)} ${d.slice(11, 16)} EDT`;
  };
  for (const c of located.constraints.slice(0, 5)) {
    const row = table.locator(`tr[data-constraint-id="${c.constraint_gs_entity_id}"]`);
    await expect(row).toContainText(wall(c.observations[0]!.interval_start_utc));
    await expect(row).toContainText(wall(c.observations.at(-1)!.interval_start_utc));
  }
  // The switch lists every constraint.
  await page.getByTestId('only-bound').uncheck();
  await expect(table.getByTestId('constraint-row')).toHaveCount(all.length);
});

test('the peak filter changes the totals consistently: on-peak + off-peak = all hours', async ({ page }) => {
  await page.goto(`/#/constraints?${search}&split=on_off`);
  const totals = page.getByTestId('market-totals').locator('tr[data-market="pjm"]');
  await expect(totals).toBeVisible();
  const cents = (text: string) => Math.round(Number(text.replace(/,/g, '')) * 100);
  const cells = async () => (await totals.locator('> *').allTextContents()).slice(-3).map(cents);
  const [all, onSplit, offSplit] = await cells();
  expect(all).toBeGreaterThan(0);
  expect(Math.abs(onSplit! + offSplit! - all!)).toBeLessThanOrEqual(1); // one cent of rounding at most

  const filter = page.getByTestId('peak-filter');
  await filter.selectOption('on_peak');
  await expect(page).toHaveURL(/peak=on_peak/);
  await expect.poll(async () => (await cells())[0]).toBe(onSplit);
  await filter.selectOption('off_peak');
  await expect.poll(async () => (await cells())[0]).toBe(offSplit);
  expect((await cells())[1]).toBe(0); // nothing on-peak is left in off-peak hours
});

test('a contingency row opens its view, with the constraints it bound and their costs', async ({ page, host }) => {
  const { contingencies } = await unwrap(
    await host.call('binding:contingencies', { datasetId: RT_DATASET, market: 'pjm', window: WINDOW }),
  );
  const top = contingencies.find((k) => k.contingency_gs_entity_id)!;
  await page.goto(`/#/constraints?${search}&tab=contingencies`);
  const table = page.getByTestId('contingencies-table');
  await table.locator(`tr[data-contingency-id="${top.contingency_gs_entity_id}"]`).getByTestId('contingency-link').click();
  await expect(page).toHaveURL(new RegExp(`#/contingencies/${top.contingency_gs_entity_id}\\?`));
  const view = page.getByTestId('contingency-view');
  await expect(view.getByRole('heading', { level: 1 })).toHaveText(top.contingency_name!);
  await expect(page.getByTestId('contingency-constraint-row')).toHaveCount(top.constraints);
  const total = page.getByTestId('contingency-totals');
  await expect(total).toContainText(
    new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(top.absolute_cost),
  );
});
