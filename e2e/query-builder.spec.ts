import { expect, test, unwrap } from './fixtures.js';
import type { WebHost } from './fixtures.js';
import type { Page } from '@playwright/test';
import type { PullRecord } from '../shared/index.js';

// Each test's last page is also read by axe-core (WCAG 2.1 A/AA, e2e/axe.ts): the states these tests reach.
test.use({ axeAtEnd: true });

// The query builder on the embedded service's real data: what Run pulls into the workspace (docs/query.md).
const LOAD = 'nyiso_zonal_load_5_min'; // 5-minute load per NYISO zone, market date 2017-11-22 (US/Eastern)
const WIND = 'pjm_wind_forecast_hourly'; // hourly forecasts with every vintage kept (publish_time_column)

const HOUR_MS = 3_600_000;

async function lastPullId(host: WebHost, datasetId: string): Promise<number> {
  const pulls = await unwrap(await host.call('workspace:pulls', { datasetId }));
  return Math.max(0, ...pulls.map((p) => p.id));
}

/** Clicks Run and waits for the pull it starts (newer than `after`) to complete; its record and every row by column name. */
async function runAndRead(page: Page, host: WebHost, datasetId: string) {
  const after = await lastPullId(host, datasetId);
  await page.getByTestId('query-form').getByRole('button', { name: 'Run query' }).click();
  let record: PullRecord | undefined;
  await expect
    .poll(
      async () => {
        const pulls = await unwrap(await host.call('workspace:pulls', { datasetId }));
        record = pulls.filter((p) => p.id > after).sort((a, b) => b.id - a.id)[0];
        return record?.state ?? 'not started';
      },
      { timeout: 30_000 },
    )
    .toBe('complete');
  const page1 = await unwrap(await host.call('workspace:rows', { pullId: record!.id, limit: 10_000 }));
  expect(page1.totalRows).toBe(page1.rows.length);
  const names = page1.columns.map((c) => c.name);
  const rows = page1.rows.map((r) => Object.fromEntries(names.map((n, i) => [n, r[i]])) as Record<string, unknown>);
  return { record: record!, rows };
}

const epoch = (v: unknown) => Date.parse(String(v));

/** Opens the form again when the page folded it away after a run. */
async function openForm(page: Page): Promise<void> {
  const box = page.getByTestId('query-form-box');
  if ((await box.count()) > 0 && !(await box.evaluate((e) => (e as unknown as { open: boolean }).open)))
    await box.locator('summary').first().click();
  await expect(page.getByTestId('query-form')).toBeVisible();
}

/** The rows of `zone` on the market date 2017-11-22 (US/Eastern), straight from the /v1 query. */
async function zoneRows(host: WebHost, zone: string): Promise<number> {
  const raw = await unwrap(
    await host.call('datasets:query', {
      datasetId: LOAD,
      startTime: '2017-11-22',
      endTime: '2017-11-23',
      timezone: 'market',
      filter: { column: 'zone', operator: '=', value: zone },
      columns: ['interval_start_utc'],
      pageSize: 1000,
    }),
  );
  expect(raw.hasNextPage).toBe(false);
  return raw.rows.length;
}

test('a 1-hour resample with max: hourly rows per zone, each the largest 5-minute load of its hour', async ({ page, host }) => {
  await page.goto(`/#/datasets/${LOAD}/query`);
  await expect(page.getByTestId('query-start')).toHaveValue('2017-11-22');
  await expect(page.getByTestId('query-end')).toHaveValue('2017-11-23');
  await expect(page.getByTestId('query-timezone')).toHaveValue('market');
  await page.getByTestId('resample-frequency').selectOption({ label: '1 hour' });
  await page.getByTestId('resample-function').selectOption({ label: 'Maximum' });
  await expect(page.getByTestId('resample-by-zone')).toBeChecked();
  await page.getByTestId('filter-column').selectOption('zone');
  await page.getByTestId('filter-value').fill('WEST');

  const { record, rows } = await runAndRead(page, host, LOAD);
  expect(record.params).toMatchObject({
    startTime: '2017-11-22',
    endTime: '2017-11-23',
    timezone: 'market',
    filter: { column: 'zone', operator: '=', value: 'WEST' },
    resampleFrequency: '1h',
    resampleBy: ['zone'],
    resampleFunction: 'max',
  });
  expect(rows).toHaveLength(24);
  const starts = rows.map((r) => epoch(r.interval_start_utc));
  expect(starts[0]).toBe(Date.parse('2017-11-22T05:00:00Z'));
  for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBe(HOUR_MS);
  expect(new Set(rows.map((r) => r.zone))).toEqual(new Set(['WEST']));

  const raw = await unwrap(
    await host.call('datasets:query', {
      datasetId: LOAD,
      startTime: '2017-11-22T05:00:00Z',
      endTime: '2017-11-22T06:00:00Z',
      filter: { column: 'zone', operator: '=', value: 'WEST' },
      columns: ['interval_start_utc', 'load'],
    }),
  );
  expect(raw.rows.length).toBeGreaterThanOrEqual(12); // 5-minute rows plus the feed's irregular ones
  const load = raw.columns.indexOf('load');
  expect(rows[0]!.load).toBe(Math.max(...raw.rows.map((r) => Number(r[load]))));
});

test('a forecast at the "latest" vintage has one row per interval; all vintages have several', async ({ page, host }) => {
  await page.goto(`/#/datasets/${WIND}/query`);
  await expect(page.getByRole('group', { name: 'Forecast vintage' })).toBeVisible();
  await expect(page.getByTestId('vintage')).toHaveValue('latest');
  await page.getByTestId('preset-all').click();
  await expect(page.getByTestId('preset-all')).toHaveAttribute('aria-pressed', 'true');

  const latest = await runAndRead(page, host, WIND);
  expect(latest.record.params).toMatchObject({ publishTime: 'latest', timezone: 'market' });
  const intervals = latest.rows.map((r) => epoch(r.interval_start_utc));
  expect(intervals.length).toBeGreaterThan(24);
  expect(new Set(intervals).size).toBe(intervals.length);

  await openForm(page);
  await page.getByTestId('vintage').selectOption('all');
  const all = await runAndRead(page, host, WIND);
  expect(all.record.params).not.toHaveProperty('publishTime');
  expect(new Set(all.rows.map((r) => epoch(r.interval_start_utc)))).toEqual(new Set(intervals));
  expect(all.rows.length).toBeGreaterThan(intervals.length);
  // "latest" kept, for each interval, its newest vintage.
  const newest = new Map<number, number>();
  for (const r of all.rows) {
    const t = epoch(r.interval_start_utc);
    newest.set(t, Math.max(newest.get(t) ?? -Infinity, epoch(r.publish_time_utc)));
  }
  for (const r of latest.rows) expect(epoch(r.publish_time_utc)).toBe(newest.get(epoch(r.interval_start_utc)));
});

test('an "in" filter keeps the listed zones only, every row of the day for each', async ({ page, host }) => {
  await page.goto(`/#/datasets/${LOAD}/query`);
  await page.getByTestId('filter-column').selectOption('zone');
  await page.getByTestId('filter-operator').selectOption('in');
  await page.getByTestId('filter-value').fill('WEST, N.Y.C.');

  const { record, rows } = await runAndRead(page, host, LOAD);
  expect(record.params).toMatchObject({ filter: { column: 'zone', operator: 'in', value: 'WEST, N.Y.C.' } });
  expect(record.params).not.toHaveProperty('resampleFrequency');
  const perZone = new Map<unknown, number>();
  for (const r of rows) perZone.set(r.zone, (perZone.get(r.zone) ?? 0) + 1);
  expect(Object.fromEntries(perZone)).toEqual({ WEST: await zoneRows(host, 'WEST'), 'N.Y.C.': await zoneRows(host, 'N.Y.C.') });
  expect(perZone.get('WEST')).toBeGreaterThanOrEqual(288); // every 5 minutes of the day, at least
});

test('a refused interval is told by its field in user words and nothing is pulled', async ({ page, host }) => {
  await page.goto(`/#/datasets/${LOAD}/query`);
  await page.getByTestId('resample-frequency').selectOption('other');
  await page.getByTestId('resample-frequency-other').fill('2 fortnights');
  const before = await lastPullId(host, LOAD);
  await page.getByTestId('query-form').getByRole('button', { name: 'Run query' }).click();
  await expect(page.getByTestId('query-error-resampleFrequency')).toHaveText(/^"2 fortnights" is not an interval\./);
  await expect(page.getByTestId('resample-frequency-other')).toHaveAttribute('aria-invalid', 'true');
  expect(await lastPullId(host, LOAD)).toBe(before);
});
