import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import type { CDPSession, Page } from '@playwright/test';
import type { PullRecord, Result, SeriesData } from '../shared/index.js';
import { dispatch, setLogSink } from '../electron/services/index.js';
import { startWebHost } from '../electron/webhost/server.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium.js';
import { benchServices, startV1Process } from './lib/v1Process.js';

// `npm run bench -- table [--rows 1000000] [--small 1000] [--no-build]`: a large result in the web host, in Chromium,
// against a small one in the same run (bench/README.md): time to first rows after the pull ends and on reopening it,
// a scroll from the top to the bottom of the table (frame intervals, long animation frames), End and Go to row (ms until
// the row is painted), the renderer's JS heap, and the time to draw the chart of the whole result. Env BENCH_TRACE=1 also lists the bridge calls.

const { values } = parseArgs({
  args: process.argv.slice(3),
  options: { rows: { type: 'string' }, small: { type: 'string' }, 'no-build': { type: 'boolean' } },
  allowPositionals: false,
});
const ROWS = Number(values.rows ?? 1_000_000);
const SMALL = Number(values.small ?? 1_000);
if (!Number.isSafeInteger(ROWS) || !Number.isSafeInteger(SMALL) || SMALL < 10 || ROWS <= SMALL) {
  process.stderr.write('usage: npm run bench -- table [--rows N] [--small M] [--no-build]   (10 ≤ M < N)\n');
  process.exit(2);
}
const DATASET = 'bench_table';
const KEY = 'bench-table-key-0123456789abcdef';
const SCROLL_STEPS = 600;
const root = fileURLToPath(new URL('..', import.meta.url));
const count = (n: number) => new Intl.NumberFormat('en-US').format(n);

/** The moments `bench/lib/tablePage.js` records in the page, in `performance.now()` ms of its document. */
interface Marks {
  complete?: number;
  /** The pull's state and sentence when it ended without completing. */
  stopped?: string;
  firstRows?: number;
  chartDrawn?: number;
}
const PAGE_SCRIPT = fileURLToPath(new URL('./lib/tablePage.js', import.meta.url));

async function waitMark(page: Page, mark: keyof Marks, timeoutMs = 300_000): Promise<number> {
  const handle = await page.waitForFunction(`window.__bench && window.__bench.${mark}`, undefined, {
    timeout: timeoutMs,
    polling: 100,
  });
  return (await handle.jsonValue()) as number;
}

/** Tells the page script the row count the result should show. */
const expectRows = (page: Page, rows: number): Promise<unknown> =>
  page.evaluate(`window.__benchExpect = ${JSON.stringify(count(rows))}`);

/** Runs the query of the page with `limit` rows (none: all); @returns the pull's wall seconds and when its rows showed. */
async function runPull(page: Page, url: string, limit: number | null): Promise<{ pullSeconds: number; firstRowsMs: number }> {
  await page.goto(`${url}#/datasets/${DATASET}/query`);
  await expectRows(page, limit ?? ROWS);
  await page.getByTestId('preset-all').click();
  if (limit !== null) await page.getByLabel('Row limit').fill(String(limit));
  const started = performance.now();
  await page.getByTestId('query-form').getByRole('button', { name: 'Run query' }).click();
  const anyway = page.getByRole('button', { name: 'Run anyway' });
  await Promise.race([
    anyway.click({ timeout: 15_000 }).catch(() => undefined),
    page.getByTestId('pull-status').waitFor({ timeout: 15_000 }),
  ]);
  // The pull itself: five minutes per million rows at most (10 M rows took 100 s on a lightly loaded machine).
  const pullTimeoutMs = 300_000 * Math.max(1, (limit ?? ROWS) / 1_000_000);
  await page.waitForFunction('window.__bench && (window.__bench.complete || window.__bench.stopped)', undefined, {
    timeout: pullTimeoutMs,
    polling: 250,
  });
  const stopped = (await page.evaluate('window.__bench.stopped')) as string | undefined;
  if (stopped) throw new Error(`the pull of ${limit === null ? 'every row' : `${count(limit)} rows`} ended ${stopped}`);
  const complete = await waitMark(page, 'complete');
  const pullSeconds = (performance.now() - started) / 1000;
  const firstRows = await waitMark(page, 'firstRows');
  return { pullSeconds, firstRowsMs: firstRows - complete };
}

/** Reloads the page (the address holds the pull): ms from navigation to the first rows of the result. */
async function reopen(page: Page, rows: number): Promise<number> {
  await page.reload();
  await expectRows(page, rows);
  return waitMark(page, 'firstRows');
}

/** JS heap in use, MB, without and after a garbage collection. */
async function heap(cdp: CDPSession): Promise<{ used: number; afterGc: number }> {
  const metrics = (await cdp.send('Performance.getMetrics')).metrics;
  const used = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
  await cdp.send('HeapProfiler.collectGarbage');
  const after = await cdp.send('Runtime.getHeapUsage');
  return { used: used / 1e6, afterGc: after.usedSize / 1e6 };
}

/** Scrolls the results table from top to bottom (`window.__benchTools.scroll`, bench/lib/tablePage.js). */
function scroll(page: Page): Promise<{ frames: number[]; longFrames: number[]; lastRowMs: number; height: number }> {
  return page.evaluate(`window.__benchTools.scroll(${SCROLL_STEPS})`);
}

/** End from the first row, then Go to row at 14/15 of the rows (`window.__benchTools`): ms until each row is painted. */
async function jumps(page: Page, rows: number): Promise<{ endMs: number; goToMs: number; goToRow: number }> {
  const endMs = (await page.evaluate('window.__benchTools.end()')) as number;
  const goToRow = Math.max(1, Math.floor((rows * 14) / 15));
  const goToMs = (await page.evaluate(`window.__benchTools.goTo(${goToRow})`)) as number;
  return { endMs, goToMs, goToRow };
}

/** Opens the Chart tab: ms from the click to the painted chart of the whole result. */
async function chart(page: Page): Promise<number> {
  const clicked = (await page.evaluate('window.__benchTools.openChart()')) as number;
  const drawn = await waitMark(page, 'chartDrawn');
  if (process.env.BENCH_TRACE) {
    const entries = (await page.evaluate(
      `performance.getEntriesByType('resource').filter((e) => e.startTime >= ${clicked}).map((e) => [e.name.split('/').pop(), Math.round(e.startTime - ${clicked}), Math.round(e.responseEnd - ${clicked})])`,
    )) as [string, number, number][];
    process.stdout.write(`  chart: ${JSON.stringify(entries)}, drawn at ${Math.round(drawn - clicked)}\n`);
  }
  return drawn - clicked;
}

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
};
const round = (x: number, digits = 1): number => Number(x.toFixed(digits));

const verbLines: string[] = [];
setLogSink(
  process.env.BENCH_TRACE ? (_level, line) => void (line.includes('workspace:rows') && verbLines.push(line)) : () => undefined,
  process.env.BENCH_TRACE ? 'debug' : undefined,
);
if (!values['no-build']) {
  process.stdout.write('building the renderer (vite)…\n');
  execFileSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'renderer/vite.config.ts'],
    {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
}
const v1 = await startV1Process({ dataset: DATASET, rows: ROWS, key: KEY });
process.stdout.write(`built ${count(ROWS)} rows in ${v1.buildSeconds.toFixed(2)} s\n`);
const dir = await mkdtemp(path.join(tmpdir(), 'gridscope-bench-table-'));
const services = benchServices(dir, v1.origin, KEY);
const host = await startWebHost({ port: 0, configDir: dir, services });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: [...CHROMIUM_ARGS],
});
const errors: string[] = [];

/** The newest pull as main records it: its rows, pages and seconds from start to end in the workspace. */
async function newestPull(): Promise<{ rows: number; pages: number; seconds: number }> {
  const r = (await dispatch(services.handlers, 'workspace:pulls', {})) as Result<PullRecord[]>;
  if (!r.ok) throw new Error(r.error.message);
  const p = [...r.value].sort((a, b) => b.id - a.id)[0]!;
  return { rows: p.rows, pages: p.pages, seconds: (Date.parse(p.endedAt ?? '') - Date.parse(p.startedAt)) / 1000 };
}

/**
 * The chart's own downsample, timed in main without the page: the `workspace:series` input the chart sent, `runs` times,
 * then the same zoomed to the middle twentieth of its range (what a drag asks for). @returns the medians in ms.
 */
async function downsample(input: Record<string, unknown>, runs = 5): Promise<{ fullMs: number; zoomMs: number; points: number }> {
  const timed = async (request: Record<string, unknown>) => {
    const ms: number[] = [];
    let answer: SeriesData | undefined;
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      const r = (await dispatch(services.handlers, 'workspace:series', request)) as Result<SeriesData>;
      ms.push(performance.now() - started);
      if (!r.ok) throw new Error(`workspace:series: ${r.error.message}`);
      answer = r.value;
    }
    return { ms: quantile(ms, 0.5), answer: answer! };
  };
  const full = await timed(input);
  const { xMin, xMax } = full.answer;
  if (xMin === null || xMax === null) throw new Error('workspace:series: the chart has no rows');
  const twentieth = (xMax - xMin) / 20;
  const zoom = await timed({ ...input, from: (xMin + xMax) / 2, to: (xMin + xMax) / 2 + twentieth });
  return { fullMs: full.ms, zoomMs: zoom.ms, points: full.answer.series.reduce((sum, s) => sum + s.x.length, 0) };
}

/** The measures of one result size in a fresh page. */
async function measure(limit: number | null) {
  // The bench's checks are strings evaluated in the page, which the renderer's CSP (no eval) would refuse.
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 }, bypassCSP: true });
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.addInitScript({ path: PAGE_SCRIPT });
  let seriesInput: Record<string, unknown> | null = null;
  page.on('request', (r) => {
    if (r.url().endsWith('/bridge/workspace:series')) seriesInput = JSON.parse(r.postData() ?? '{}') as Record<string, unknown>;
  });
  if (process.env.BENCH_TRACE) {
    page.on('requestfinished', (r) => {
      const t = r.timing();
      if (r.url().includes('/bridge/'))
        process.stdout.write(`  ${r.url().split('/bridge/')[1]} ${Math.round(t.responseEnd)} ms\n`);
    });
  }
  await page.goto(host.startUrl);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const pulled = await runPull(page, host.url, limit);
  const record = await newestPull();
  const reopenMs = await reopen(page, limit ?? ROWS);
  verbLines.length = 0;
  const scrolled = await scroll(page);
  if (process.env.BENCH_TRACE) {
    const ms = verbLines.map((l) => Number(/took (\d+) ms/.exec(l)?.[1] ?? 0));
    const outcome = (re: RegExp) => verbLines.filter((l) => re.test(l)).length;
    process.stdout.write(
      `  scroll: ${verbLines.length} workspace:rows calls in main (${outcome(/\(ok\)/)} ok, ${outcome(/\(cancelled\)/)} cancelled), total ${ms.reduce((a, b) => a + b, 0)} ms\n`,
    );
  }
  const jumped = await jumps(page, limit ?? ROWS);
  const heapAfterScroll = await heap(cdp);
  const chartMs = await chart(page);
  const heapAfterChart = await heap(cdp);
  await page.close();
  if (seriesInput === null) throw new Error('the chart sent no workspace:series');
  const downsampled = await downsample(seriesInput);
  return {
    ...pulled,
    record,
    reopenMs,
    ...scrolled,
    ...jumped,
    chartMs,
    downsampled,
    heapMb: Math.max(heapAfterScroll.used, heapAfterChart.used),
    heapAfterScroll,
    heapAfterChart,
  };
}

try {
  const small = await measure(SMALL);
  const large = await measure(null);
  if (errors.length > 0) throw new Error(`the page logged errors:\n${errors.join('\n')}`);
  for (const [name, r] of [
    [count(SMALL), small],
    [count(ROWS), large],
  ] as const) {
    process.stdout.write(
      `${name} rows: pull ${r.pullSeconds.toFixed(2)} s from Run (${r.record.pages} pages, ${r.record.seconds.toFixed(2)} s in main); first rows ${Math.round(r.firstRowsMs)} ms after it ended, ` +
        `${Math.round(r.reopenMs)} ms on reopening; scroll ${r.frames.length} frames over ${count(r.height)} px: ` +
        `p50 ${quantile(r.frames, 0.5).toFixed(1)} ms, p95 ${quantile(r.frames, 0.95).toFixed(1)} ms, max ${Math.max(...r.frames).toFixed(1)} ms, ` +
        `${r.longFrames.length} long animation frames; last row ${Math.round(r.lastRowMs)} ms after the scroll; ` +
        `End to the last row ${Math.round(r.endMs)} ms, go to row ${count(r.goToRow)} ${Math.round(r.goToMs)} ms; ` +
        `chart ${Math.round(r.chartMs)} ms (downsample in main ${Math.round(r.downsampled.fullMs)} ms, ${count(r.downsampled.points)} points; zoomed to a twentieth ${Math.round(r.downsampled.zoomMs)} ms); JS heap ${r.heapMb.toFixed(1)} MB (${r.heapAfterChart.afterGc.toFixed(1)} MB after GC)\n`,
    );
  }
  const p95 = quantile(large.frames, 0.95);
  // bench/README.md#table: the chart of 10 million rows may take twice the time of a million.
  const goals = {
    p95_frame_ms: 16.7,
    heap_mb: 64,
    first_rows_ms: 300,
    last_row_ms: 300,
    chart_ms: ROWS >= 10_000_000 ? 400 : 200,
  };
  const result = {
    bench: 'table',
    rows: ROWS,
    small_rows: SMALL,
    pull_s: round(large.pullSeconds, 2),
    first_rows_ms: Math.round(large.firstRowsMs),
    reopen_first_rows_ms: Math.round(large.reopenMs),
    scroll_frames: large.frames.length,
    p50_frame_ms: round(quantile(large.frames, 0.5)),
    p95_frame_ms: round(p95),
    long_frames: large.longFrames.length,
    scroll_last_row_ms: Math.round(large.lastRowMs),
    last_row_ms: Math.round(large.endMs),
    goto_ms: Math.round(large.goToMs),
    heap_mb: round(large.heapMb),
    chart_ms: Math.round(large.chartMs),
    downsample_ms: Math.round(large.downsampled.fullMs),
    zoom_downsample_ms: Math.round(large.downsampled.zoomMs),
    small_first_rows_ms: Math.round(small.firstRowsMs),
    small_p95_frame_ms: round(quantile(small.frames, 0.95)),
    small_heap_mb: round(small.heapMb),
    small_chart_ms: Math.round(small.chartMs),
    small_last_row_ms: Math.round(small.endMs),
    goals,
    met:
      p95 <= goals.p95_frame_ms &&
      large.heapMb <= goals.heap_mb &&
      large.firstRowsMs <= goals.first_rows_ms &&
      large.endMs <= goals.last_row_ms &&
      large.chartMs <= goals.chart_ms,
    // How much slower the large result is to show and chart than the small one, measured in the same run.
    ratio: round((large.firstRowsMs + large.chartMs) / Math.max(1, small.firstRowsMs + small.chartMs), 2),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  await browser.close();
  await host.close();
  await services.dispose().catch(() => undefined);
  await v1.close();
  await rm(dir, { recursive: true, force: true });
}
