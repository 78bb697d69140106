import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiUsage, DatasetWithTimezone } from '../../../shared/index.js';
import type { PullQuery, PullRecord } from '../../../shared/index.js';
import { ROWS_PER_DAY, startChangingV1 } from '../../../server/test-support/changingV1.js';
import type { ChangingV1 } from '../../../server/test-support/changingV1.js';
import { setLogSink } from '../common/logger.js';
import { createV1Proxy } from '../v1/proxy.js';
import type { V1Proxy } from '../v1/proxy.js';
import { columnTypesFor } from './columns.js';
import { getPull } from './history.js';
import { startPull } from './pull.js';
import type { PullReport } from './progress.js';
import { refreshPull } from './refresh.js';
import type { RefreshDeps } from './refresh.js';
import { pullTableName, rowObjects } from './sql.js';
import { tempWorkspace } from './test-support/helpers.js';
import { UpdateChecks, changesOf, keepRecordsUpTo, recordProvenance } from './updateChecks.js';
import type { Workspace } from './workspace.js';

/**
 * Refresh against our real /v1 service whose dataset grows by a day or is backfilled (the test-only DataChanges of
 * docs/api.md#test-only-data-changes): only the changed rows are asked, charged and merged by primary key.
 */

const KEY = 'refresh-key-0123456789';
let v1: ChangingV1;
let proxy: V1Proxy;
let ws: Workspace;
let cleanup: () => Promise<void>;
let dataset: DatasetWithTimezone;
let checks: UpdateChecks;
let clock = Date.now();

beforeAll(async () => {
  setLogSink(() => undefined);
  v1 = await startChangingV1({ key: KEY, days: 3 });
  proxy = createV1Proxy({ resolveTarget: async () => ({ baseUrl: v1.baseUrl, key: KEY, profile: 'embedded' }) });
  ({ ws, cleanup } = await tempWorkspace());
  checks = new UpdateChecks(proxy, () => clock);
});
afterAll(async () => {
  await cleanup();
  await proxy.close();
  await v1.close();
});

async function readDataset(): Promise<DatasetWithTimezone> {
  const r = await proxy.get(`/datasets/${v1.dataset}`, {}, DatasetWithTimezone, { cache: false });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

async function usageRows(): Promise<number> {
  const usage = await proxy.get('/api_usage', {}, ApiUsage, { cache: false });
  if (!usage.ok) throw new Error(usage.error.message);
  return usage.value.current_period_usage.total_api_rows_returned;
}

async function pull(query: PullQuery): Promise<PullRecord> {
  dataset = await readDataset();
  const started = await startPull(ws, proxy, query, { columnTypes: columnTypesFor(dataset.all_columns, query) });
  if (!started.ok) throw new Error(started.error.message);
  await recordProvenance(ws, started.value.pullId, dataset);
  const outcome = await started.value.done;
  expect(outcome.state).toBe('complete');
  return record(outcome.pullId);
}

async function record(id: number): Promise<PullRecord> {
  const r = await getPull(ws, id);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

async function refresh(id: number, more: Partial<RefreshDeps> = {}) {
  dataset = await readDataset();
  clock += 120_000; // past the reuse of a recent check: the refresh reads the records again
  const r = await refreshPull(ws, id, { proxy, checks, dataset, ...more });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** The pull's rows against the server's current rows of the same window, compared in SQL text form. */
async function sameAsServer(id: number, start: string): Promise<void> {
  const res = await v1.app.inject({
    method: 'GET',
    url: `/v1/datasets/${v1.dataset}/query?start_time=${start}&columns=interval_start_utc,location,lmp&json_schema=array-of-arrays`,
    headers: { 'x-api-key': KEY },
  });
  const server = (res.json() as { data: unknown[][] }).data.slice(1);
  const mine = await ws.read((c) =>
    rowObjects(
      c,
      `SELECT strftime(interval_start_utc, '%Y-%m-%dT%H:%M:%S+00:00') AS t, strftime(interval_end_utc, '%Y-%m-%dT%H:%M:%S+00:00') AS e,
         location, lmp FROM ${pullTableName(id)} ORDER BY rowid`,
    ),
  );
  // The service always sends the time columns (interval_end_utc too).
  expect(mine.map((r) => [r.t, r.e, r.location, r.lmp])).toEqual(server);
}

describe('refresh of a pull', () => {
  it('after one appended day adds exactly that day and charges only it, in order', async () => {
    const first = await pull({ datasetId: v1.dataset, startTime: '2020-01-01T00:00:00Z' });
    expect(first.rows).toBe(3 * ROWS_PER_DAY);
    expect(first.provenance).toMatchObject({ latestAvailableTimeUtc: '2020-01-03T23:55:00+00:00', updates: null });

    await v1.appendDay();
    const before = await usageRows();
    const reports: PullReport[] = [];
    const done = await refresh(first.id, { pageSize: 1000, onProgress: (p) => reports.push(p) });
    expect(done).toMatchObject({ state: 'complete', rowsAdded: ROWS_PER_DAY, rowsReplaced: 0, rowsCharged: ROWS_PER_DAY });
    // Progress like a pull's: before the first page, after each of the three pages (the ETA from the record's 2,880
    // rows), then the end.
    const pages = reports.filter((p) => p.state === 'running' && p.pages > 0);
    expect(reports[0]).toMatchObject({ pullId: first.id, state: 'running', rows: 0, pages: 0 });
    expect(pages.map((p) => [p.rows, p.pages, p.rowsCharged])).toEqual([
      [1000, 1, 1000],
      [2000, 2, 2000],
      [ROWS_PER_DAY, 3, ROWS_PER_DAY],
    ]);
    expect(pages[0]!.etaSeconds).toEqual(expect.any(Number));
    expect(reports.at(-1)).toMatchObject({ state: 'complete', rows: ROWS_PER_DAY, etaSeconds: 0 });
    expect(done.ranges).toEqual([{ startTimeUtc: '2020-01-03T23:55:00.001Z', endTimeUtc: null, reason: 'new' }]);
    expect(done.updates.map((u) => u.is_backfill)).toEqual([false]);
    expect((await usageRows()) - before).toBe(ROWS_PER_DAY);
    const after = await record(first.id);
    expect(after).toMatchObject({ rows: 4 * ROWS_PER_DAY, rowsCharged: 4 * ROWS_PER_DAY, state: 'complete' });
    expect(after.refreshes).toEqual([done]);
    await sameAsServer(first.id, '2020-01-01T00:00:00Z');
  });

  it('after a backfill record over an earlier range replaces those rows by key and keeps the table in time order', async () => {
    const first = await pull({ datasetId: v1.dataset, startTime: '2020-01-02T00:00:00Z' });
    await v1.backfill('2020-01-02T06:00:00Z', '2020-01-02T07:00:00Z', 1000);
    const done = await refresh(first.id);
    // 12 intervals × 10 locations backfilled; nothing after the last interval.
    expect(done).toMatchObject({ state: 'complete', rowsAdded: 0, rowsReplaced: 120, rowsCharged: 120 });
    expect(done.ranges.map((r) => r.reason)).toEqual(['backfill', 'new']);
    const changed = await ws.read((c) =>
      rowObjects(
        c,
        `SELECT count(*)::INTEGER AS n FROM ${pullTableName(first.id)}
          WHERE interval_start_utc >= '2020-01-02T06:00:00Z' AND interval_start_utc < '2020-01-02T07:00:00Z' AND lmp >= 1000`,
      ),
    );
    expect(changed).toEqual([{ n: 120 }]);
    await sameAsServer(first.id, '2020-01-02T00:00:00Z');
  });

  it('says what changed since a pull, keeps the records up to it once, and nothing after a refresh', async () => {
    const first = await pull({ datasetId: v1.dataset, startTime: '2020-01-04T00:00:00Z' });
    clock += 20 * 60_000;
    const fresh = await checks.records(ws, v1.dataset);
    if (!fresh.ok) throw new Error(fresh.error.message);
    expect(changesOf(first, fresh.value)).toMatchObject({ updates: [], newRows: 0, backfills: 0, truncated: false });
    await keepRecordsUpTo(ws, first, fresh.value.records);
    expect((await record(first.id)).provenance?.updates?.length).toBeGreaterThan(0);

    await v1.appendDay();
    await v1.backfill('2020-01-04T00:00:00Z', '2020-01-04T01:00:00Z', 5);
    const cached = await checks.records(ws, v1.dataset);
    expect(cached.ok && changesOf(first, cached.value).updates).toEqual([]);
    clock += 20 * 60_000;
    const later = await checks.records(ws, v1.dataset);
    if (!later.ok) throw new Error(later.error.message);
    expect(changesOf(first, later.value)).toMatchObject({ newRows: ROWS_PER_DAY, backfills: 1 });

    await refresh(first.id);
    const refreshed = await record(first.id);
    expect(changesOf(refreshed, later.value).updates).toEqual([]);
    await sameAsServer(first.id, '2020-01-04T00:00:00Z');
  });

  it('refuses a pull that is not a dataset query', async () => {
    const id = await ws.write(async (c) => {
      const rows = await rowObjects(
        c,
        `INSERT INTO pulls (dataset_id, params, profile, state, table_name, kind) VALUES ($1, $2, 'embedded', 'complete', 'pull_x', 'local') RETURNING id`,
        [v1.dataset, JSON.stringify({ datasetId: v1.dataset })],
      );
      return Number(rows[0]!.id);
    });
    const r = await refreshPull(ws, id, { proxy, checks, dataset });
    expect(r).toMatchObject({ ok: false, error: { code: 'validation', message: expect.stringMatching(/downloaded files/) } });
  });
});
