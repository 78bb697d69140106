import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import type { ColumnFilter, PullRecord, RowsPage } from '../shared/index.js';
import { count, expect, test, unwrap } from './fixtures.js';
import type { WebHost } from './fixtures.js';

// The explorer on the embedded service's real data: a pull into the local workspace, the table's own filters and sort,
// export, reload and a saved query across a restart of the web host. Its own host (a distinct worker option): it restarts.
test.use({ usedThisMonth: { rows: 0, requests: 1 } });

const RT = 'pjm_marginal_value_real_time_5_min'; // binding constraints per monitored facility, two sample windows

async function usage(host: WebHost): Promise<{ rows: number; requests: number }> {
  const u = await unwrap(await host.call('usage:get', {}));
  return { rows: u.current_period_usage.total_api_rows_returned, requests: u.current_period_usage.total_requests };
}

/** The pull the page shows (its id from the address), as main records it. */
async function shownPull(page: Page, host: WebHost): Promise<PullRecord> {
  const id = Number(/[?&]pull=(\d+)/.exec(new URL(page.url()).hash)?.[1]);
  expect(id, 'the address names the pull').toBeGreaterThan(0);
  const [record] = await unwrap(await host.call('workspace:pulls', { pullIds: [id] }));
  return record!;
}

/** Every row of a pull in a view, read straight from main (the table's numbers are checked against these). */
async function allRows(host: WebHost, pullId: number, filters: ColumnFilter[] = []): Promise<RowsPage> {
  return unwrap(await host.call('workspace:rows', { pullId, limit: 10_000, filters }));
}

async function runWholeWindow(page: Page): Promise<void> {
  await page.goto(`/#/datasets/${RT}/query`);
  await page.getByTestId('preset-all').click();
  await page.getByTestId('query-form').getByRole('button', { name: 'Run query' }).click();
  await expect(page.getByTestId('pull-status')).toHaveAttribute('data-state', 'complete');
}

test('the whole window pulls into the workspace; an "in" filter of the query pulls just those facilities', async ({
  page,
  host,
}) => {
  await runWholeWindow(page);
  const pull = await shownPull(page, host);
  expect(pull).toMatchObject({ datasetId: RT, state: 'complete', complete: true });
  expect(pull.rows).toBeGreaterThan(1000);
  await expect(page.getByTestId('pull-status')).toHaveText(
    `Complete: ${count(pull.rows)} rows in the workspace (${count(pull.rowsCharged)} charged to the plan).`,
  );
  await expect(page.getByTestId('result-count')).toHaveText(
    new RegExp(`^${count(pull.rows)} rows · times in market time \\(EPT, US/Eastern\\)$`),
  );
  await expect(page.getByTestId('result-row').first().locator('td').first()).toHaveText(/^2023-11-0[45] \d\d:\d\d E[DS]T$/);

  const facilities = (
    await unwrap(await host.call('workspace:values', { pullId: pull.id, column: 'monitored_facility' }))
  ).values.slice(0, 2);
  await page.getByText('Edit query').click();
  await page.getByTestId('filter-column').selectOption('monitored_facility');
  await page.getByTestId('filter-operator').selectOption('in');
  await page.getByTestId('filter-value').fill(facilities.map((f) => f.value).join(','));
  await page.getByTestId('query-form').getByRole('button', { name: 'Run query' }).click();
  // The address names the new pull once it starts; wait for that pull itself to complete (the status line of the
  // previous one says complete until then).
  await expect
    .poll(async () => ((await shownPull(page, host)).id !== pull.id ? (await shownPull(page, host)).state : 'old'))
    .toBe('complete');
  await expect(page.getByTestId('pull-status')).toHaveAttribute('data-state', 'complete');
  const filtered = await shownPull(page, host);
  expect(filtered.id).not.toBe(pull.id);
  expect(filtered.rows).toBe(facilities[0]!.count + facilities[1]!.count);
  await expect(page.getByTestId('result-count')).toHaveText(new RegExp(`^${count(filtered.rows)} rows`));
});

test('the table filters and sorts in the workspace; the CSV export has its rows; a reload reads them again without a query', async ({
  page,
  host,
}) => {
  await runWholeWindow(page);
  const pull = await shownPull(page, host);
  const rows = await allRows(host, pull.id);
  const price = rows.columns.findIndex((c) => c.name === 'shadow_price');
  const expected = rows.rows.map((r) => r[price] as number | null).filter((p): p is number => p !== null && p < -100);
  expect(expected.length).toBeGreaterThan(0);
  expect(expected.length).toBeLessThan(pull.rows);

  await page.getByTestId('filter-shadow_price').click();
  await page.getByTestId('filter-op').selectOption('<');
  await page.getByTestId('filter-value-input').fill('-100');
  await page.getByTestId('filter-apply').click();
  await expect(page.getByTestId('filter-chip')).toHaveText(/^Shadow price \(\$\/MWh\) < -100\.00/);
  await expect(page.getByTestId('result-count')).toHaveText(
    new RegExp(`^${count(expected.length)} rows \\(filtered from ${count(pull.rows)}\\)`),
  );
  await page.getByTestId('sort-shadow_price').click();
  await expect(page.getByRole('columnheader', { name: /^Shadow price \(\$\/MWh\)/ })).toHaveAttribute('aria-sort', 'ascending');
  const lowest = Math.min(...expected);
  await expect(page.locator('[data-testid="result-row"]').first()).toContainText(
    new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(lowest),
  );

  const download = page.waitForEvent('download');
  await page.getByTestId('export-csv').click();
  const file = await (await download).path();
  const lines = (await readFile(file, 'utf8')).trimEnd().split('\n');
  // Exports keep the raw column names: machine-readable, whatever the table's labels say.
  expect(lines[0]!.split(',')).toContain('shadow_price');
  expect(lines).toHaveLength(expected.length + 1);
  const csvPrice = lines[0]!.split(',').indexOf('shadow_price');
  expect(Number(lines[1]!.split(',')[csvPrice])).toBe(lowest);
  await expect(page.getByTestId('export-outcome')).toHaveText(`Downloading ${count(expected.length)} rows as CSV.`);

  const address = page.url();
  const before = await usage(host);
  const bridge: string[] = [];
  page.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    if (path.startsWith('/bridge/')) bridge.push(path.slice('/bridge/'.length));
  });
  await page.reload();
  // The address keeps the table's filter and sort too.
  await expect(page.getByTestId('result-count')).toHaveText(
    new RegExp(`^${count(expected.length)} rows \\(filtered from ${count(pull.rows)}\\)`),
  );
  await expect(page.getByRole('columnheader', { name: /^Shadow price \(\$\/MWh\)/ })).toHaveAttribute('aria-sort', 'ascending');
  expect(page.url()).toBe(address);
  await expect(page.getByTestId('pull-status')).toHaveText(/^Complete: /);
  const after = await usage(host);
  expect(bridge).not.toContain('workspace:pull');
  expect(bridge).not.toContain('datasets:estimate');
  expect(bridge).not.toContain('datasets:query');
  expect(after.rows, 'no rows charged by the reload').toBe(before.rows);
  // The page reads the dataset's description again (datasets:get) and checks the reopened pull's dataset for updates
  // (workspace:changes, one metadata request); nothing else reaches /v1.
  const metadata = bridge.filter(
    (v) => v === 'datasets:get' || v === 'datasets:list' || v === 'datasets:audit' || v === 'workspace:changes',
  ).length;
  expect(after.requests - before.requests).toBeLessThanOrEqual(metadata);
});

test('a saved query opens again after the web host restarts, and its Run pulls again', async ({ page, host }) => {
  await runWholeWindow(page);
  await page.getByTestId('save-query').click();
  await page.getByTestId('save-query-name').fill('All of PJM RT constraints');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByTestId('save-query-done')).toContainText('Saved as “All of PJM RT constraints”');
  const pulls = (await unwrap(await host.call('workspace:pulls', {}))).length;

  // Nothing on the page may call the host while it is down (a refused call is a console error).
  await page.goto('about:blank');
  await host.restart();
  await page.goto(host.startUrl);
  await page.goto(new URL('/#/history', host.url).href);
  const saved = page.getByTestId('saved-query').filter({ hasText: 'All of PJM RT constraints' });
  await expect(saved).toHaveCount(1);
  await expect(page.getByTestId('history-pull')).toHaveCount(pulls);

  await saved.getByTestId('open-saved').click();
  await expect(page.getByTestId('query-form')).toBeVisible();
  await expect(page.getByTestId('query-start')).toHaveValue('2023-11-05');
  await expect(page.getByTestId('results')).toHaveCount(0);

  await page.goto(new URL('/#/history', host.url).href);
  await page.getByTestId('saved-query').filter({ hasText: 'All of PJM RT constraints' }).getByTestId('run-saved').click();
  await expect(page.getByTestId('pull-status')).toHaveAttribute('data-state', 'complete');
  expect((await unwrap(await host.call('workspace:pulls', {}))).length).toBe(pulls + 1);
  await expect(page.getByTestId('result-count')).toHaveText(/^[\d,]+ rows/);
});
