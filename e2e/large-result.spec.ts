import type { Locator, Page } from '@playwright/test';
import type { PullRecord } from '../shared/index.js';
import { startSyntheticV1 } from './fakeV1.js';
import { count, expect, test, unwrap } from './fixtures.js';
import type { WebHost } from './fixtures.js';

// A result past the browser's element height cap (1.5M rows × 28 px = 42M px > 33,554,432 px): every row is reachable
// (docs/workspace.md#every-row-reachable). The rows come from a synthetic /v1 dataset built by DuckDB in seconds.
const KEY = 'e2e-large-result-key-0123456789';
const DATASET = 'e2e_large_result';
const ROWS = 1_500_000;

/** The workspace's row `index` (0-based) of `pullId`, by column name. */
async function workspaceRow(host: WebHost, pullId: number, index: number): Promise<Record<string, unknown>> {
  const page = await unwrap(await host.call('workspace:rows', { pullId, offset: index, limit: 1 }));
  return Object.fromEntries(page.columns.map((c, i) => [c.name, page.rows[0]![i]]));
}

/** The table row of view row `index` (0-based) and its cell of `column` (the header's `data-column`). */
async function shownRow(page: Page, index: number) {
  const row = page.locator(`[data-testid="result-row"][aria-rowindex="${index + 2}"]`);
  const names = await page
    .locator('.results-data thead th[data-column]')
    .evaluateAll((ths) => ths.map((th) => th.getAttribute('data-column')));
  const cell = (column: string): Locator => row.locator(`td[data-col="${names.indexOf(column)}"]`);
  return { row, cell };
}

/** Expects `row` wholly inside the scroll area's viewport, below its header. */
async function expectInView(page: Page, row: Locator): Promise<void> {
  const area = (await page.locator('.results-scroll').boundingBox())!;
  const header = (await page.locator('.results-data thead').boundingBox())!;
  const box = (await row.boundingBox())!;
  expect(box.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
  expect(box.y + box.height).toBeLessThanOrEqual(area.y + area.height + 1);
}

/** Expects view row `index` shown with the workspace's values (location as text, LMP to the cent). */
async function expectRow(page: Page, host: WebHost, pullId: number, index: number): Promise<void> {
  const { row, cell } = await shownRow(page, index);
  await expect(row).not.toHaveClass(/loading/);
  await expect(row.getByTestId('row-number')).toHaveText(count(index + 1));
  const stored = await workspaceRow(host, pullId, index);
  await expect(cell('location')).toHaveText(String(stored.location));
  expect(Number((await cell('lmp').textContent())!.replace(/,/g, ''))).toBeCloseTo(Number(stored.lmp), 2);
  await expectInView(page, row);
}

test('a 1.5-million-row result: End shows the real last row, "go to row 1,400,000" shows that row', async ({ page, host }) => {
  test.setTimeout(240_000);
  const v1 = await startSyntheticV1(KEY, DATASET, ROWS);
  try {
    await unwrap(await host.call('profiles:setRemoteUrl', { baseUrl: v1.baseUrl }));
    await unwrap(await host.call('keys:set', { profile: 'remote', key: KEY }));
    await unwrap(await host.call('profiles:setActive', { profile: 'remote' }));
    const started = await unwrap(
      await host.call('workspace:pull', { query: { datasetId: DATASET, startTime: '2020-01-01', endTime: '2022-01-01' } }),
    );
    let pull: PullRecord | undefined;
    await expect
      .poll(
        async () => {
          [pull] = await unwrap(await host.call('workspace:pulls', { pullIds: [started.id] }));
          return pull?.state;
        },
        { timeout: 180_000, intervals: [1_000] },
      )
      .toBe('complete');
    expect(pull!.rows).toBe(ROWS);

    await page.goto('/#/history');
    await page.locator(`[data-pull-id="${started.id}"]`).getByTestId('open-pull').click();
    await expect(page.getByTestId('result-count')).toContainText(`${count(ROWS)} rows`);
    await expectRow(page, host, started.id, 0);

    // The scroll area stays under Chromium's height cap, yet End reaches the last row.
    const scroll = page.locator('.results-scroll');
    expect(await scroll.evaluate((el) => el.scrollHeight)).toBeLessThan(33_554_432);
    await scroll.focus();
    await page.keyboard.press('End');
    await expectRow(page, host, started.id, ROWS - 1);
    await expect(page.locator(`[aria-rowindex="${ROWS + 2}"]`)).toHaveCount(0);

    // Page Up moves a page back, row by row (no row skipped by the scaling); Ctrl+Home back to the first row.
    await page.keyboard.press('PageUp');
    const { row: above } = await shownRow(page, ROWS - 20);
    await expect(above).not.toHaveClass(/loading/);
    await expectInView(page, above);
    await page.keyboard.press('Control+Home');
    await expectRow(page, host, started.id, 0);

    // Go to row 1,400,000: typed with separators, that row at the top, selected.
    await page.getByTestId('go-to-row-input').fill('1,400,000');
    await page.getByTestId('go-to-row-input').press('Enter');
    await expectRow(page, host, started.id, 1_399_999);
    const { row: target } = await shownRow(page, 1_399_999);
    await expect(target.locator('td.selected').first()).toBeVisible();

    // A row past the end says which rows exist.
    await page.getByTestId('go-to-row-input').fill('1,500,001');
    await page.getByTestId('go-to-row-input').press('Enter');
    await expect(page.getByTestId('go-to-row-error')).toHaveText(
      'There is no row 1,500,001: type a row number from 1 to 1,500,000.',
    );
  } finally {
    await v1.close();
  }
});
