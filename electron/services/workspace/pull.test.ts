import { readdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Upstream } from '../../test-support/upstream.js';
import { sendJson } from '../../test-support/upstream.js';
import { setLogSink } from '../common/logger.js';
import type { V1Proxy } from '../v1/proxy.js';
import { readRows } from './page.js';
import { startPull } from './pull.js';
import type { PullOptions, PullReport } from './pull.js';
import type { PullQuery } from '../../../shared/index.js';
import { rowObjects } from './sql.js';
import { csvUpstream, proxyTo, tempWorkspace } from './test-support/helpers.js';
import type { CsvRouteOptions } from './test-support/helpers.js';
import { openWorkspace } from './workspace.js';
import type { Workspace } from './workspace.js';

/** Pulls against a fake /v1 upstream serving CSV pages: paging, typing, progress, cancel and failures. */

const ID = 'nyiso_zonal_load_5_min';
const HEADER = ['interval_start_utc_local', 'interval_start_utc', 'zone', 'ptid', 'load'];
/** Row i: a 5-minute stamp, one of three zones, a ptid, a load with a fraction (NULL every 10th row). */
const line = (i: number): string => {
  const t = new Date(Date.UTC(2024, 2, 10, 5, 0) + i * 300_000);
  const utc = t.toISOString().replace('.000Z', '+00:00');
  const local = new Date(t.getTime() - 5 * 3600_000).toISOString().replace('.000Z', '-05:00');
  return `${local},${utc},${['WEST', 'N.Y.C.', '"ZONE, ""X"""'][i % 3]},${61750 + (i % 3)},${i % 10 === 9 ? '' : (1000 + i * 0.5).toFixed(1)}`;
};
const LINES = Array.from({ length: 25 }, (_, i) => line(i));
const HINTS = { interval_start_utc: 'TIMESTAMP', zone: 'VARCHAR', ptid: 'INTEGER', load: 'DOUBLE PRECISION' };

let up: Upstream | undefined;
let proxy: V1Proxy | undefined;
let ws: Workspace;
let cleanup: (() => Promise<void>) | undefined;
beforeAll(() => setLogSink(() => undefined));
afterEach(async () => {
  await cleanup?.();
  await proxy?.close();
  await up?.close();
  up = undefined;
  proxy = undefined;
  cleanup = undefined;
});

async function setup(route: Partial<CsvRouteOptions> = {}): Promise<void> {
  up = await csvUpstream(ID, { header: HEADER, lines: LINES, ...route });
  proxy = proxyTo(up.origin);
  ({ ws, cleanup } = await tempWorkspace());
}

async function pull(request: Partial<PullQuery> = {}, options: PullOptions = {}) {
  const started = await startPull(ws, proxy!, { datasetId: ID, ...request }, options);
  if (!started.ok) throw new Error(started.error.message);
  return { handle: started.value, outcome: await started.value.done };
}

const params = (i: number) => Object.fromEntries(new URL(up!.requests[i]!.url, 'http://x').searchParams);
const catalogue = (id: number) =>
  ws
    .read((c) =>
      rowObjects(
        c,
        'SELECT state, CAST(rows AS INTEGER) AS rows, pages, CAST(rows_charged AS INTEGER) AS rows_charged, error, table_name FROM pulls WHERE id = $1',
        [id],
      ),
    )
    .then((r) => r[0]);
const allRows = async (id: number) => {
  const page = await readRows(ws, id, { limit: 1000 });
  if (!page.ok) throw new Error(page.error.message);
  return page.value;
};

describe('startPull', () => {
  it('pages by cursor as CSV and stores every row in order with the hinted types', async () => {
    await setup();
    const progress: PullReport[] = [];
    const { handle, outcome } = await pull(
      { startTime: '2024-03-10', timezone: 'market', columns: ['zone', 'load'] },
      { pageSize: 10, columnTypes: HINTS, expectedRows: 25, onProgress: (p) => progress.push(p) },
    );
    expect(outcome).toMatchObject({ pullId: handle.pullId, state: 'complete', rows: 25, pages: 3, rowsCharged: 25 });
    expect(outcome.error).toBeUndefined();
    expect(up!.requests).toHaveLength(3);
    expect(params(0)).toEqual({
      start_time: '2024-03-10',
      timezone: 'market',
      columns: 'zone,load',
      page_size: '10',
      return_format: 'csv',
      cursor: '',
    });
    expect([params(1).cursor, params(2).cursor]).toEqual(['10', '20']);

    const page = await allRows(handle.pullId);
    expect(page.columns).toEqual([
      { name: 'interval_start_utc_local', type: 'VARCHAR' },
      { name: 'interval_start_utc', type: 'TIMESTAMPTZ' },
      { name: 'zone', type: 'VARCHAR' },
      { name: 'ptid', type: 'BIGINT' },
      { name: 'load', type: 'DOUBLE' },
    ]);
    expect(page.totalRows).toBe(25);
    expect(page.rows[0]).toEqual(['2024-03-10T00:00:00-05:00', '2024-03-10T05:00:00+00:00', 'WEST', 61750, 1000]);
    expect(page.rows[2]![2]).toBe('ZONE, "X"');
    expect(page.rows[9]![4]).toBeNull();
    expect(page.rows.map((r) => r[1])).toEqual(LINES.map((l) => l.split(',')[1]));

    expect(await catalogue(handle.pullId)).toEqual({
      state: 'complete',
      rows: 25,
      pages: 3,
      rows_charged: 25,
      error: null,
      table_name: handle.tableName,
    });
    // Page 1 is stored alone; later pages are stored one by one or together, as they wait (rows are 10, 10 and 5).
    const stored = progress.filter((p) => p.state === 'running' && p.pages > 0);
    const counts = stored.map((p) => [p.rows, p.pages]);
    expect(counts[0]).toEqual([10, 1]);
    expect(counts.at(-1)).toEqual([25, 3]);
    expect(counts.every(([rows, pages]) => rows === [0, 10, 20, 25][pages!])).toBe(true);
    expect(stored.every((p) => p.etaSeconds !== null && p.rowsCharged === p.rows)).toBe(true);
    expect(progress.at(-1)).toMatchObject({ state: 'complete', rows: 25, etaSeconds: 0 });
    expect(progress.at(-1)!.bytes).toBeGreaterThan(25 * 40);
    expect(await readdir(ws.pageDir)).toEqual([]);
  });

  it('stores the pages that arrived while one was being stored together, in one transaction', async () => {
    await setup();
    // Page 1's table creation waits until all three pages were requested, so pages 2 and 3 wait together.
    const transaction = ws.transaction.bind(ws);
    let commits = 0;
    let first = true;
    ws.transaction = async (work) => {
      if (first) {
        first = false;
        await vi.waitFor(() => expect(up!.requests).toHaveLength(3));
      }
      commits++;
      return transaction(work);
    };
    const progress: PullReport[] = [];
    const { outcome } = await pull({}, { pageSize: 10, onProgress: (p) => progress.push(p) });
    expect(outcome).toMatchObject({ state: 'complete', rows: 25, pages: 3 });
    const stored = progress.filter((p) => p.state === 'running' && p.pages > 0).map((p) => [p.rows, p.pages]);
    expect(stored).toEqual([
      [10, 1],
      [25, 3],
    ]);
    // Table, page 1, pages 2–3.
    expect(commits).toBe(3);
    expect((await allRows(outcome.pullId)).rows.map((r) => r[1])).toEqual(LINES.map((l) => l.split(',')[1]));
    expect(await readdir(ws.pageDir)).toEqual([]);
  });

  it('honours a limit that ends inside a page', async () => {
    await setup();
    const { outcome, handle } = await pull({ limit: 17 }, { pageSize: 5, columnTypes: HINTS });
    expect(outcome).toMatchObject({ state: 'complete', rows: 17, pages: 4 });
    expect(params(0).limit).toBe('17');
    expect((await allRows(handle.pullId)).rows.map((r) => r[1])).toEqual(LINES.slice(0, 17).map((l) => l.split(',')[1]));
  });

  it('types columns without a hint from the first page: whole numbers as DOUBLE, offsets as TIMESTAMPTZ, _local as text', async () => {
    await setup();
    const { handle } = await pull({}, { pageSize: 10 });
    const page = await allRows(handle.pullId);
    expect(page.columns.map((c) => c.type)).toEqual(['VARCHAR', 'TIMESTAMPTZ', 'VARCHAR', 'DOUBLE', 'DOUBLE']);
    expect(page.rows[1]).toEqual(['2024-03-10T00:05:00-05:00', '2024-03-10T05:05:00+00:00', 'N.Y.C.', 61751, 1000.5]);
  });

  it('pages by page number when the server sends no X-Cursor', async () => {
    await setup({ noCursor: true });
    const { outcome, handle } = await pull({}, { pageSize: 10, columnTypes: HINTS });
    expect(outcome).toMatchObject({ state: 'complete', rows: 25, pages: 3 });
    expect(params(0).cursor).toBe('');
    expect([params(1), params(2)].map((p) => [p.page, p.cursor])).toEqual([
      ['2', undefined],
      ['3', undefined],
    ]);
    expect((await allRows(handle.pullId)).rows.map((r) => r[1])).toEqual(LINES.map((l) => l.split(',')[1]));
  });

  it('keeps the rows of a cancelled pull and records it cancelled', async () => {
    const controller = new AbortController();
    let release: () => void = () => undefined;
    await setup({ beforePage: (i) => (i === 2 ? new Promise<void>((r) => (release = r)) : undefined) });
    const { outcome, handle } = await pull(
      {},
      {
        pageSize: 10,
        columnTypes: HINTS,
        signal: controller.signal,
        onProgress: (p) => p.pages === 2 && setTimeout(() => controller.abort(), 50),
      },
    );
    release();
    expect(outcome).toMatchObject({ state: 'cancelled', rows: 20, pages: 2, error: { code: 'cancelled' } });
    expect(await catalogue(handle.pullId)).toMatchObject({ state: 'cancelled', rows: 20 });
    expect((await allRows(handle.pullId)).totalRows).toBe(20);
  });

  it('keeps the whole lines of a page cut by the network and marks the pull partial', async () => {
    await setup({ breakPage: 1 });
    const { outcome, handle } = await pull({}, { pageSize: 10, columnTypes: HINTS });
    expect(outcome.state).toBe('partial');
    expect(outcome.error?.code).toBe('network');
    // Page 2 is cut after half its bytes: its header and a few whole lines arrived.
    expect(outcome.rows).toBeGreaterThan(10);
    expect(outcome.rows).toBeLessThan(20);
    const page = await allRows(handle.pullId);
    expect(page.rows.map((r) => r[1])).toEqual(LINES.slice(0, outcome.rows).map((l) => l.split(',')[1]));
    expect(await catalogue(handle.pullId)).toMatchObject({ state: 'partial', rows: outcome.rows, error: outcome.error!.message });
    expect(await readdir(ws.pageDir)).toEqual([]);
  });

  it('fails without rows when the first page is refused, and keeps the server detail', async () => {
    await setup();
    up!.route(`/v1/datasets/${ID}/query`, (_req, res) => sendJson(res, 400, { detail: 'Column nope not found in dataset.' }));
    const { outcome, handle } = await pull({ columns: ['nope'] });
    expect(outcome).toMatchObject({ state: 'failed', rows: 0, pages: 0, error: { code: 'validation' } });
    expect(outcome.error!.message).toContain('Column nope not found');
    const page = await allRows(handle.pullId);
    expect(page).toMatchObject({ state: 'failed', columns: [], rows: [], totalRows: 0 });
  });

  it('stops partial when a later page has other columns', async () => {
    await setup({
      beforePage: (i, res) =>
        i === 1 && (res.writeHead(200, { 'content-type': 'text/csv', 'x-has-next-page': 'false' }), res.end('a,b\n1,2\n'), true),
    });
    const { outcome } = await pull({}, { pageSize: 10, columnTypes: HINTS });
    expect(outcome).toMatchObject({ state: 'partial', rows: 10, error: { code: 'internal' } });
    expect(outcome.error!.message).toContain('Page 2 has the columns a, b');
  });

  it('fails when a value does not fit the hinted type, naming the page', async () => {
    await setup();
    const { outcome } = await pull({}, { pageSize: 10, columnTypes: { ...HINTS, zone: 'DOUBLE PRECISION' } });
    expect(outcome).toMatchObject({ state: 'failed', rows: 0, error: { code: 'internal' } });
    expect(outcome.error!.message).toMatch(/^Page 1 could not be stored: .*WEST/s);
  });

  it('refuses an answer that is not CSV', async () => {
    await setup();
    up!.route(`/v1/datasets/${ID}/query`, (_req, res) => sendJson(res, 200, { data: [] }));
    const { outcome } = await pull();
    expect(outcome).toMatchObject({ state: 'failed', error: { code: 'internal' } });
    expect(outcome.error!.message).toContain('application/json, not CSV');
  });

  it('leaves at least minRequestIntervalMs between page requests', async () => {
    await setup();
    const times: number[] = [];
    const route = up!;
    const original = route.requests.push.bind(route.requests);
    route.requests.push = (...items) => {
      times.push(performance.now());
      return original(...items);
    };
    await pull({}, { pageSize: 10, columnTypes: HINTS, minRequestIntervalMs: 150 });
    expect(times).toHaveLength(3);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(140);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(140);
  });

  it('is cancelled, and recorded so, when the workspace closes', async () => {
    await setup({ beforePage: (i) => (i === 1 ? new Promise<void>(() => undefined) : undefined) });
    const started = await startPull(ws, proxy!, { datasetId: ID }, { pageSize: 10, columnTypes: HINTS });
    if (!started.ok) throw new Error(started.error.message);
    while (!up!.requests[1]) await new Promise((r) => setTimeout(r, 10));
    expect(ws.isRunning(started.value.pullId)).toBe(true);
    await ws.close();
    expect(await started.value.done).toMatchObject({ state: 'cancelled', rows: 10 });
    ws = await openWorkspace(dirname(ws.path), 'embedded');
    try {
      expect(await catalogue(started.value.pullId)).toMatchObject({ state: 'cancelled', rows: 10 });
    } finally {
      await ws.close();
    }
  });

  it('answers validation for a bad request before recording anything', async () => {
    await setup();
    expect(await startPull(ws, proxy!, { datasetId: ID }, { pageSize: 0 })).toMatchObject({
      ok: false,
      error: { code: 'validation' },
    });
    expect(await startPull(ws, proxy!, { datasetId: '../x' })).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(await startPull(ws, proxy!, { datasetId: ID, limit: 1.5 })).toMatchObject({
      ok: false,
      error: { code: 'validation' },
    });
    expect(await ws.read((c) => rowObjects(c, 'SELECT count(*)::INTEGER AS n FROM pulls'))).toEqual([{ n: 0 }]);
  });
});
