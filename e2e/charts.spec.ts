import { count, expect, test, unwrap } from './fixtures.js';
import type { WebHost } from './fixtures.js';
import type { Page } from '@playwright/test';

// Each test's last page is also read by axe-core (WCAG 2.1 A/AA, e2e/axe.ts): the states these tests reach.
test.use({ axeAtEnd: true });

// Charts on the embedded service's real data: the dataset page's audit and update history, and a pull's Chart tab.
const RT = 'pjm_marginal_value_real_time_5_min'; // binding constraints per monitored facility, two sample windows
const DAY = 86_400_000;

/**
 * Pixels of the canvas in `plot` within 40 of `rgb` on each channel (uPlot draws every line in its own colour), in the
 * canvas columns `[from, to)` (CSS px from the canvas's left edge; the whole width by default).
 */
async function pixelsOfColour(page: Page, rgb: [number, number, number], columns?: [number, number]): Promise<number> {
  return page
    .getByTestId('result-chart-plot')
    .locator('canvas')
    .evaluate(
      (el, [[r, g, b], range]) => {
        // e2e is type-checked without the DOM lib: the canvas's shape, as far as this reads it.
        const canvas = el as unknown as {
          width: number;
          height: number;
          clientWidth: number;
          getContext(
            kind: '2d',
          ): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } } | null;
        };
        const scale = canvas.width / canvas.clientWidth;
        const x0 = Math.max(0, Math.floor((range?.[0] ?? 0) * scale));
        const x1 = Math.min(canvas.width, Math.ceil((range?.[1] ?? canvas.clientWidth) * scale));
        if (x1 <= x0) return 0;
        const data = canvas.getContext('2d')!.getImageData(x0, 0, x1 - x0, canvas.height).data;
        let n = 0;
        for (let i = 0; i < data.length; i += 4)
          if (
            Math.abs(data[i]! - r!) < 40 &&
            Math.abs(data[i + 1]! - g!) < 40 &&
            Math.abs(data[i + 2]! - b!) < 40 &&
            data[i + 3]! > 128
          )
            n++;
        return n;
      },
      [rgb, columns ?? null] as const,
    );
}

/** The first line's colour (seriesColor(0) in light mode). */
const FIRST_LINE: [number, number, number] = [78, 121, 167];

test('the dataset page charts the audit per market date and lists the update history', async ({ page, host }) => {
  const audit = await unwrap(await host.call('datasets:audit', { datasetId: RT }));
  const updates = await unwrap(await host.call('datasets:updates', { datasetId: RT }));
  const first = Date.parse(`${audit[0]!.market_date}T00:00:00Z`);
  const last = Date.parse(`${audit.at(-1)!.market_date}T00:00:00Z`);
  const withRows = audit.filter((r) => r.number_of_datapoints > 0).length;
  const empty = (last - first) / DAY + 1 - withRows;
  expect(empty, 'the sample has two windows months apart').toBeGreaterThan(30);

  await page.goto(`/#/datasets/${RT}`);
  const chart = page.getByTestId('audit-chart');
  await expect(chart.getByTestId('audit-panel-datapoints').locator('canvas')).toBeVisible();
  await expect(chart.getByTestId('audit-panel-timeIndexValues').locator('canvas')).toBeVisible();
  await expect(chart.getByTestId('audit-panel-datapoints').locator('.u-legend')).toContainText('Data points');
  await expect(page.getByTestId('audit-gaps')).toContainText(`${count(empty)} market dates have no data points (shaded)`);
  await expect(page.getByTestId('audit-row')).toHaveCount(audit.length);

  // Hovering the first bar shows its market date and count in the legend.
  const over = chart.getByTestId('audit-panel-datapoints').locator('.u-over');
  await over.scrollIntoViewIfNeeded();
  const box = (await over.boundingBox())!;
  await over.hover({ position: { x: 3, y: box.height - 3 } });
  await expect(chart.getByTestId('audit-panel-datapoints').locator('.u-legend')).toContainText(audit[0]!.market_date);
  await expect(chart.getByTestId('audit-panel-datapoints').locator('.u-legend')).toContainText(
    count(audit[0]!.number_of_datapoints),
  );

  expect(updates.length).toBeGreaterThan(0);
  const rows = page.getByTestId('update-row');
  await expect(rows).toHaveCount(updates.length);
  await expect(rows.first()).toContainText(count(updates[0]!.num_rows_inserted));
  await expect(rows.first()).toContainText(updates[0]!.is_backfill ? 'Backfill' : '—');
});

async function pullWholeWindow(page: Page, host: WebHost): Promise<number> {
  const before = await unwrap(await host.call('workspace:pulls', { datasetId: RT }));
  const after = Math.max(0, ...before.map((p) => p.id));
  await page.goto(`/#/datasets/${RT}/query`);
  await page.getByTestId('preset-all').click();
  await page.getByTestId('query-form').getByRole('button', { name: 'Run query' }).click();
  let pullId = 0;
  await expect
    .poll(
      async () => {
        const pulls = await unwrap(await host.call('workspace:pulls', { datasetId: RT }));
        const p = pulls.filter((r) => r.id > after).sort((a, b) => b.id - a.id)[0];
        pullId = p?.id ?? 0;
        return p?.state ?? 'not started';
      },
      { timeout: 30_000 },
    )
    .toBe('complete');
  return pullId;
}

test('a pull charts the top 8 facilities by peak |shadow price| and says so; a drag zooms in at full detail', async ({
  page,
  host,
}) => {
  const pullId = await pullWholeWindow(page, host);
  const values = await unwrap(
    await host.call('workspace:values', { pullId, column: 'monitored_facility', rankBy: 'shadow_price' }),
  );
  const named = values.values.flatMap((v) => (v.value === null ? [] : [v.value]));
  expect(named.length, 'the sample has more facilities than the chart draws by default').toBeGreaterThan(8);
  const top = named.slice(0, 8);
  const whole = await unwrap(
    await host.call('workspace:series', {
      pullId,
      x: 'interval_start_utc',
      y: ['shadow_price'],
      seriesBy: 'monitored_facility',
      seriesValues: top,
      pixels: 100,
      gapSeconds: 450,
    }),
  );
  const pull = (await unwrap(await host.call('workspace:pulls', { datasetId: RT }))).find((p) => p.id === pullId)!;
  expect(whole.totalRows, 'the chart counts the rows the table holds').toBe(pull.rows);
  await expect(page.getByTestId('result-count')).toContainText(`${count(pull.rows)} rows`);

  await page.getByTestId('tab-chart').click();
  const plot = page.getByTestId('result-chart-plot');
  await expect(plot.locator('canvas')).toBeVisible();
  await expect(plot.locator('.u-legend .u-series .u-label')).toHaveText(['Interval start (EPT)', ...top]);
  await expect(page.getByTestId('chart-axes')).toHaveText('Shadow price ($/MWh) over Interval start (EPT)');
  await expect(page.getByTestId('chart-series-note')).toHaveText(
    `Top 8 of ${named.length} monitored facilities by peak |shadow price|`,
  );
  const status = `${count(whole.rows)} of ${count(pull.rows)} rows · 8 lines`;
  await expect(page.getByTestId('chart-status')).toHaveText(status);
  await expect(page.getByTestId('chart-series-count')).toHaveText(`8 of ${named.length}`);
  await expect.poll(() => pixelsOfColour(page, FIRST_LINE), { message: 'the first line is drawn' }).toBeGreaterThan(50);

  await page.getByTestId('chart-zone').selectOption({ label: 'UTC' });
  await expect(plot.locator('.u-legend .u-series .u-label').first()).toHaveText('Interval start (UTC)');
  await expect(page.getByTestId('chart-axes')).toHaveText('Shadow price ($/MWh) over Interval start (UTC)');

  const over = plot.locator('.u-over');
  await over.scrollIntoViewIfNeeded();
  const box = (await over.boundingBox())!;
  // The first two days of the first sample window (the x scale spans the data exactly).
  const twoDays = (2 * DAY) / 1000 / (whole.xMax! - whole.xMin!);
  await page.mouse.move(box.x + 1, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + Math.max(6, box.width * twoDays), box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  await expect(page.getByTestId('chart-status')).toContainText(' from ');
  await expect(page.getByTestId('chart-status')).not.toContainText('Updating');
  const zoomed = Number((await page.getByTestId('chart-status').textContent())!.split(' ')[0]!.replace(/,/g, ''));
  expect(zoomed).toBeGreaterThan(0);
  expect(zoomed).toBeLessThan(whole.rows);
  await expect(plot.locator('.u-legend .u-series .u-label')).toHaveText(['Interval start (UTC)', ...top]);
  await expect(page.getByRole('button', { name: 'Reset zoom' })).toBeEnabled();

  await over.dblclick({ position: { x: box.width / 2, y: box.height / 2 } });
  await expect(page.getByTestId('chart-status')).toHaveText(status);
  await expect(page.getByRole('button', { name: 'Reset zoom' })).toBeDisabled();
});

test('a constraint that stopped binding draws a gap, not a line across the hours it did not bind', async ({ page, host }) => {
  const pullId = await pullWholeWindow(page, host);
  const values = await unwrap(
    await host.call('workspace:values', { pullId, column: 'monitored_facility', rankBy: 'shadow_price' }),
  );
  // A facility whose own series has a break longer than a sixth of its extent: wide enough to see on the plot.
  let found: { key: string; xMin: number; xMax: number; before: number; after: number } | null = null;
  for (const v of values.values) {
    if (v.value === null) continue;
    const one = await unwrap(
      await host.call('workspace:series', {
        pullId,
        x: 'interval_start_utc',
        y: ['shadow_price'],
        seriesBy: 'monitored_facility',
        seriesValues: [v.value],
        pixels: 1000,
        gapSeconds: 450,
      }),
    );
    const { x, y } = one.series[0]!;
    const at = y.findIndex((value, i) => value === null && x[i + 1]! - x[i - 1]! > (one.xMax! - one.xMin!) / 6);
    if (at > 0) {
      found = { key: v.value, xMin: one.xMin!, xMax: one.xMax!, before: x[at - 1]!, after: x[at + 1]! };
      // The downsample carries the break: a null point between the two runs.
      expect(y[at - 1]).not.toBeNull();
      expect(y[at + 1]).not.toBeNull();
      break;
    }
  }
  expect(found, 'the sample has a facility that stops binding for hours').not.toBeNull();
  const { key, xMin, xMax, before, after } = found!;

  await page.getByTestId('tab-chart').click();
  const picker = page.getByTestId('chart-series-picker');
  await picker.locator('summary').click();
  await picker.getByRole('button', { name: 'None' }).click();
  await picker.getByTestId('chart-series-search').fill(key);
  await picker.getByRole('checkbox', { name: key }).check();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('chart-status')).toContainText('· 1 line');
  await expect(page.getByTestId('chart-series-note')).toContainText('1 of');

  const plot = page.getByTestId('result-chart-plot');
  const canvasBox = (await plot.locator('canvas').boundingBox())!;
  const overBox = (await plot.locator('.u-over').boundingBox())!;
  const px = (t: number) => overBox.x - canvasBox.x + ((t - xMin) / (xMax - xMin)) * overBox.width;
  const [gapFrom, gapTo] = [px(before), px(after)];
  expect(gapTo - gapFrom, 'the gap is wide enough to look at').toBeGreaterThan(40);
  await expect.poll(() => pixelsOfColour(page, FIRST_LINE), { message: 'the line is drawn' }).toBeGreaterThan(20);
  // Inside the gap (a few pixels in from the runs' ends) not one pixel of the line; beside it, the runs.
  expect(await pixelsOfColour(page, FIRST_LINE, [gapFrom + 4, gapTo - 4])).toBe(0);
  expect(await pixelsOfColour(page, FIRST_LINE, [gapFrom - 30, gapFrom + 1])).toBeGreaterThan(0);
  expect(await pixelsOfColour(page, FIRST_LINE, [gapTo - 1, gapTo + 30])).toBeGreaterThan(0);
});
