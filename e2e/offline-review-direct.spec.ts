import { access, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { count, expect, test, unwrap } from './fixtures.js';
import type { WebHost } from './fixtures.js';

// An offline review answers straight from the downloaded .csv.gz files while its conversion to Parquet is held by the
// web host's test-only gate (GRIDSCOPE_TEST_CONVERSION_GATE: part n is written once `<gate>/parts` holds n or more, one
// file per part; docs/workspace.md#local-review-pulls). Every figure is checked against the files, read here with
// gunzip and a split rather than DuckDB.

const DATASET = 'nyiso_interface_limits_and_flows_5_min';
const DAYS = ['2017-11-22', '2017-11-23'];
const GATE = join(tmpdir(), `gridscope-e2e-conversion-gate-${process.pid}`);

test.use({ hostEnv: { GRIDSCOPE_TEST_CONVERSION_GATE: GATE } });

/** Lets the held conversions write `parts` parts each. */
const openGate = (parts: number) => writeFile(join(GATE, 'parts'), String(parts));

interface FileRow {
  start: string;
  iface: string;
  flow: number;
}

interface Downloaded {
  rows: FileRow[];
  /** Each file's bytes, in date order. */
  bytes: number[];
}

/** The downloaded files' rows in file order, parsed from their text (no field of this dataset holds a comma or quote). */
async function downloaded(host: WebHost): Promise<Downloaded> {
  const library = await unwrap(await host.call('library:list', {}));
  const files = library.datasets.find((d) => d.datasetId === DATASET)?.files ?? [];
  expect(files.map((f) => f.date)).toEqual(DAYS);
  const rows: FileRow[] = [];
  for (const f of files) {
    const [header, ...lines] = gunzipSync(await readFile(f.path))
      .toString('utf8')
      .split('\n')
      .filter((l) => l.length > 0);
    expect(header).toBe(
      'interval_start_utc,interval_end_utc,interface_name,point_id,flow_mw,positive_limit_mw,negative_limit_mw',
    );
    for (const line of lines) {
      expect(line).not.toContain('"');
      const [start, , iface, , flow] = line.split(',');
      rows.push({ start: start!, iface: iface!, flow: Number(flow) });
    }
  }
  return { rows, bytes: files.map((f) => f.bytes) };
}

/** A row's start and interface as the table shows them: UTC to the minute, ending in Z. */
const shownStart = (iso: string): string => `${iso.slice(0, 16).replace('T', ' ')}Z`;
const shownFlow = (mw: number): string => new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(mw);

/** The cells of the table's row `i` (from 0), row number first. */
async function rowCells(page: Page, i: number): Promise<string[]> {
  return (await page.getByTestId('result-row').nth(i).innerText()).split('\t').map((c) => c.trim());
}

/** Checks the first row: its start, interface and flow are `row`'s (the columns in the table's order). */
async function expectFirstRow(page: Page, row: FileRow): Promise<void> {
  await expect
    .poll(async () => {
      const cells = await rowCells(page, 0);
      return [cells[1], cells[3], cells[4]];
    })
    .toEqual([shownStart(row.start), row.iface, shownFlow(row.flow)]);
}

/** The lowest flow, ties in file order, of `rows`. */
const lowestFlow = (rows: readonly FileRow[]): FileRow => rows.reduce((a, b) => (b.flow < a.flow ? b : a));

/** Opens the downloaded days from the library and answers the review's pull id. */
async function reviewFromLibrary(page: Page): Promise<number> {
  await page.goto('/#/library');
  const entry = page.getByTestId(`library-dataset-${DATASET}`);
  await entry.getByRole('button', { name: 'Select all' }).click();
  await entry.getByTestId('library-review').click();
  await expect(page).toHaveURL(/#\/review\?pull=\d+/);
  return Number(/pull=(\d+)/.exec(page.url())![1]);
}

async function pullOf(host: WebHost, id: number) {
  const [record] = await unwrap(await host.call('workspace:pulls', { pullIds: [id] }));
  return record!;
}

/** Sorts by flow (lowest first) and checks the first row against the files. */
async function sortByFlow(page: Page, files: Downloaded): Promise<void> {
  await page.getByTestId('sort-flow_mw').click();
  await expect(page.locator('th[data-column="flow_mw"]')).toHaveAttribute('aria-sort', 'ascending');
  await expectFirstRow(page, lowestFlow(files.rows));
}

let files: Downloaded;
const opened: number[] = [];

test.beforeAll(async ({ host }) => {
  await mkdir(GATE, { recursive: true });
  await openGate(0);
  await unwrap(await host.call('downloads:start', { datasetId: DATASET, dates: DAYS }));
  await expect.poll(async () => (await unwrap(await host.call('downloads:list', {}))).totals.active, { timeout: 30_000 }).toBe(0);
  files = await downloaded(host);
});

test.beforeEach(async () => {
  await openGate(0);
});

test.afterEach(async ({ host }) => {
  // Held conversions would wait forever: each review is deleted (which cancels its conversion).
  for (const id of opened.splice(0)) await host.call('workspace:deletePull', { pullId: id });
});

test.afterAll(async ({ host }) => {
  await openGate(1_000_000);
  await host.call('library:delete', { datasetId: DATASET });
  await rm(GATE, { recursive: true, force: true });
});

test('answers from the downloaded files before the conversion: first page, sort, filter and group-by; then the conversion shows its progress and is used', async ({
  page,
  host,
}) => {
  // A long walk through the review: on a busy machine it takes more than one test's default minute.
  test.slow();
  const id = await reviewFromLibrary(page);
  opened.push(id);
  const status = page.getByTestId('pull-status');
  await expect(status).toHaveAttribute('data-state', 'running');
  await expect(status).toContainText('Answering from the downloaded files.');
  await expect(page.getByTestId('cancel-pull')).toHaveText('Cancel conversion');

  // First page: every row counted, the rows in the files' order.
  await expect(page.getByTestId('result-count')).toHaveText(new RegExp(`^${count(files.rows.length)} rows ·`));
  for (const i of [0, 1, 2]) {
    const cells = await rowCells(page, i);
    expect([cells[1], cells[3], cells[4]]).toEqual([
      shownStart(files.rows[i]!.start),
      files.rows[i]!.iface,
      shownFlow(files.rows[i]!.flow),
    ]);
  }

  await sortByFlow(page, files);

  // Filter: one interface, still sorted by flow.
  const iface = 'TOTAL EAST';
  const mine = files.rows.filter((r) => r.iface === iface);
  await page.getByTestId('filter-interface_name').click();
  const popover = page.getByTestId('filter-popover');
  await popover.getByTestId('filter-op').selectOption('=');
  await popover.getByTestId('filter-value-input').fill(iface);
  // Group-by: the filter suggests each interface of the files, read with one GROUP BY over them.
  const names = [...new Set(files.rows.map((r) => r.iface))].sort();
  await expect
    .poll(async () =>
      (await popover.locator('datalist option').evaluateAll((os) => os.map((o) => o.getAttribute('value')))).sort(),
    )
    .toEqual(names);
  await popover.getByTestId('filter-apply').click();
  await expect(page.getByTestId('result-count')).toHaveText(
    new RegExp(`^${count(mine.length)} rows \\(filtered from ${count(files.rows.length)}\\) ·`),
  );
  await expectFirstRow(page, lowestFlow(mine));

  // The same group-by's counts, as the bridge answers them to the page.
  const values = await unwrap(await host.call('workspace:values', { pullId: id, column: 'interface_name', limit: 100 }));
  const counted = new Map<string, number>();
  for (const r of files.rows) counted.set(r.iface, (counted.get(r.iface) ?? 0) + 1);
  expect(new Map(values.values.map((v) => [v.value, v.count]))).toEqual(counted);
  // And ranked by each interface's peak |flow| (the chart's top lines): max(abs(flow_mw)) per interface.
  const ranked = await unwrap(
    await host.call('workspace:values', { pullId: id, column: 'interface_name', limit: 100, rankBy: 'flow_mw' }),
  );
  const peaks = new Map<string, number>();
  for (const r of files.rows) peaks.set(r.iface, Math.max(peaks.get(r.iface) ?? 0, Math.abs(r.flow)));
  expect(new Map(ranked.values.map((v) => [v.value, v.peak]))).toEqual(peaks);

  // All of it answered while the conversion had not written a part.
  expect(await pullOf(host, id)).toMatchObject({ state: 'running', local: { source: 'files' } });

  // One file converted: its share of the bytes shows.
  await openGate(1);
  await expect(page.getByTestId('pull-progress')).toHaveText(/^1 of 2 files · /);
  const share = files.bytes[0]! / (files.bytes[0]! + files.bytes[1]!);
  await expect(page.getByTestId('convert-progress')).toHaveJSProperty('value', share);
  expect(await pullOf(host, id)).toMatchObject({ state: 'running', local: { source: 'files' } });

  // Done: the review reads the Parquet parts, with the same answers.
  await openGate(2);
  await expect(status).toHaveAttribute('data-state', 'complete');
  await expect(status).toHaveText(`Complete: ${count(files.rows.length)} rows from 2 files, converted for fast reads.`);
  expect(await pullOf(host, id)).toMatchObject({ state: 'complete', rows: files.rows.length, local: { source: 'parquet' } });
  await page.reload();
  await expect(page.getByTestId('result-count')).toHaveText(
    new RegExp(`^${count(mine.length)} rows \\(filtered from ${count(files.rows.length)}\\) ·`),
  );
  await expectFirstRow(page, lowestFlow(mine));
});

test('a failed conversion leaves the review answering from the files, and says so', async ({ page, host }) => {
  const id = await reviewFromLibrary(page);
  opened.push(id);
  // The parts' folder becomes a file while the conversion waits: writing the first part fails, as on a full disk.
  const parts = join(host.configDir, 'workspace', 'embedded.local', `pull_${id}`);
  await expect
    .poll(() =>
      access(parts).then(
        () => true,
        () => false,
      ),
    )
    .toBe(true);
  await rm(parts, { recursive: true });
  await writeFile(parts, 'not a folder');
  await openGate(1);

  const status = page.getByTestId('pull-status');
  await expect(status).toHaveAttribute('data-state', 'failed');
  await expect(status).toHaveText(
    /^The conversion stopped: its copy could not be written in .+pull_\d+ \(Not a directory\)\. The review keeps reading the downloaded files directly\. Each sort or filter reads the files again\.$/,
  );
  expect(await pullOf(host, id)).toMatchObject({ state: 'failed', local: { source: 'files' } });
  await expect(page.getByTestId('result-count')).toHaveText(new RegExp(`^${count(files.rows.length)} rows ·`));
  await sortByFlow(page, files);
});

test('a cancelled conversion leaves the review answering from the files, and says so', async ({ page, host }) => {
  const id = await reviewFromLibrary(page);
  opened.push(id);
  await expect(page.getByTestId('pull-status')).toHaveAttribute('data-state', 'running');
  await page.getByTestId('cancel-pull').click();

  const status = page.getByTestId('pull-status');
  await expect(status).toHaveAttribute('data-state', 'cancelled');
  await expect(status).toHaveText(
    'Conversion cancelled: the review reads the downloaded files directly, so each sort or filter reads them again.',
  );
  expect(await pullOf(host, id)).toMatchObject({ state: 'cancelled', local: { source: 'files' } });
  await expect(page.getByTestId('result-count')).toHaveText(new RegExp(`^${count(files.rows.length)} rows ·`));
  await sortByFlow(page, files);
});
