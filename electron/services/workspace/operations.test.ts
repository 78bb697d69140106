import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type {
  ColumnValueCounts,
  ExportOutcome,
  PullRecord,
  QueryPage,
  Result,
  RowsPage,
  SavedQuery,
  SeriesData,
} from '../../../shared/index.js';
import { openSession } from '../../test-support/http.js';
import type { Session } from '../../test-support/http.js';
import { startWebHost } from '../../webhost/server.js';
import type { WebHost } from '../../webhost/server.js';
import { createServices } from '../index.js';
import type { Services } from '../index.js';
import { createFileVault } from '../vault/keyVault.js';
import { setLogSink } from '../common/logger.js';
import { dispatch } from '../verbs/dispatch.js';

// The workspace verbs through `dispatch` on the real services and the real embedded /v1 service (web-host flavour), with
// exports fetched through the web host's download route as a browser would.

const ID = 'nyiso_zonal_load_5_min';
const ZONE = 'N.Y.C.';

let dir: string;
let configDir: string;
let cacheDir: string;
let services: Services;
let host: WebHost;
let session: Session;

const start = (): Services =>
  createServices({ configDir, vault: createFileVault(configDir), host: 'web', versions: {}, embedded: { cacheDir } });

async function call<T>(verb: string, input: unknown, on: Services = services): Promise<T> {
  const r = (await dispatch(on.handlers, verb, input)) as Result<T>;
  if (!r.ok) throw new Error(`${verb} ${JSON.stringify(input)}: ${r.error.code}: ${r.error.message}`);
  return r.value;
}
const attempt = (verb: string, input: unknown, on: Services = services) =>
  dispatch(on.handlers, verb, input) as Promise<Result<unknown>>;

/** Polls `workspace:pulls` until pull `id` has ended. */
async function ended(id: number, on: Services = services): Promise<PullRecord> {
  for (let i = 0; i < 600; i++) {
    const [record] = await call<PullRecord[]>('workspace:pulls', { pullIds: [id] }, on);
    if (record && record.state !== 'running') return record;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`pull ${id} still running`);
}

/** Every row of the dataset through `datasets:query` (JSON pages), as the reference. */
async function queryAll(): Promise<{ columns: string[]; rows: unknown[][] }> {
  const rows: unknown[][] = [];
  let columns: string[] = [];
  let cursor: string | null = null;
  do {
    const page: QueryPage = await call<QueryPage>('datasets:query', {
      datasetId: ID,
      pageSize: 10_000,
      ...(cursor ? { cursor } : {}),
    });
    columns = page.columns;
    rows.push(...page.rows);
    cursor = page.hasNextPage ? page.cursor : null;
  } while (cursor);
  return { columns, rows };
}

/** GET of a download link as the browser that opened the web host (its cookie unless `cookie` says otherwise). */
async function download(url: string, cookie: string | null = session.cookie) {
  const r = await request(`http://127.0.0.1:${host.port}${url}`, { headers: cookie ? { cookie } : {} });
  return { status: r.statusCode, headers: r.headers, body: Buffer.from(await r.body.arrayBuffer()) };
}

let pull: PullRecord;
let reference: { columns: string[]; rows: unknown[][] };

beforeAll(async () => {
  setLogSink(() => undefined);
  dir = await mkdtemp(join(tmpdir(), 'gs-workspace-verbs-'));
  configDir = join(dir, 'config');
  cacheDir = join(dir, 'cache');
  const rendererDir = join(dir, 'dist');
  await mkdir(rendererDir, { recursive: true });
  await writeFile(join(rendererDir, 'index.html'), '<!doctype html><title>Gridscope</title>');
  services = start();
  host = await startWebHost({ port: 0, host: '127.0.0.1', configDir, rendererDir, services });
  session = await openSession(host.port, host.token);
  reference = await queryAll();
  // At once: the record is answered before the pull has run.
  pull = await call<PullRecord>('workspace:pull', { query: { datasetId: ID }, expectedRows: reference.rows.length });
}, 120_000);

afterAll(async () => {
  await host?.close();
  await services?.dispose();
  await rm(dir, { recursive: true, force: true });
  setLogSink();
});

describe('workspace:pull of an embedded dataset', () => {
  it('answers the running record at once, then stores every row of the query with the catalogue types', async () => {
    expect(pull).toMatchObject({
      datasetId: ID,
      params: { datasetId: ID },
      profile: 'embedded',
      state: 'running',
      complete: false,
    });
    const done = await ended(pull.id);
    expect(done).toMatchObject({ state: 'complete', complete: true, rows: reference.rows.length, error: null });
    expect(done.rowsCharged).toBe(done.rows);
    expect(done.progress).toBeUndefined();
    expect(done.columns.map((c) => c.name)).toEqual(reference.columns);
    // `ptid` is INTEGER in the catalogue: a sniffed type would be DOUBLE.
    expect(Object.fromEntries(done.columns.map((c) => [c.name, c.type]))).toEqual({
      interval_start_utc: 'TIMESTAMPTZ',
      interval_end_utc: 'TIMESTAMPTZ',
      zone: 'VARCHAR',
      ptid: 'BIGINT',
      load: 'DOUBLE',
    });
    expect(existsSync(join(configDir, 'workspace', 'embedded.duckdb'))).toBe(true);
  });

  it('refuses an unknown dataset before recording a pull', async () => {
    const before = (await call<PullRecord[]>('workspace:pulls', {})).length;
    expect(await attempt('workspace:pull', { query: { datasetId: 'no_such_dataset' } })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await call<PullRecord[]>('workspace:pulls', {})).toHaveLength(before);
  });
});

describe('reading a pull', () => {
  it('workspace:rows sorts by any column and pages through the same rows as the API', async () => {
    const loadAt = reference.columns.indexOf('load');
    const page = await call<RowsPage>('workspace:rows', {
      pullId: pull.id,
      sort: [{ column: 'load', desc: true }],
      limit: 10_000,
    });
    expect(page.totalRows).toBe(reference.rows.length);
    const loads = page.rows.map((r) => r[loadAt] as number);
    expect(loads).toEqual([...loads].sort((a, b) => b - a));
    expect(loads).toEqual(reference.rows.map((r) => Number(r[loadAt])).sort((a, b) => b - a));
    const second = await call<RowsPage>('workspace:rows', {
      pullId: pull.id,
      sort: [{ column: 'load', desc: true }],
      offset: 100,
      limit: 50,
    });
    expect(second.rows).toEqual(page.rows.slice(100, 150));
  });

  it('workspace:rows filters on a value, with the count after filters', async () => {
    const zoneAt = reference.columns.indexOf('zone');
    const expected = reference.rows.filter((r) => r[zoneAt] === ZONE).length;
    expect(expected).toBeGreaterThan(0);
    const page = await call<RowsPage>('workspace:rows', {
      pullId: pull.id,
      filters: [{ column: 'zone', op: '=', value: ZONE }],
      limit: 10_000,
    });
    expect(page.totalRows).toBe(expected);
    expect(page.rows.every((r) => r[zoneAt] === ZONE)).toBe(true);
    expect(
      await attempt('workspace:rows', { pullId: pull.id, filters: [{ column: 'load', op: '>', value: 'lots' }] }),
    ).toMatchObject({
      ok: false,
      error: { code: 'validation', message: expect.stringContaining('not a number') },
    });
    expect(await attempt('workspace:rows', { pullId: 9999 })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('workspace:values counts each zone, most frequent first, as the rows hold them', async () => {
    const zoneAt = reference.columns.indexOf('zone');
    const counts = new Map<string, number>();
    for (const r of reference.rows) counts.set(String(r[zoneAt]), (counts.get(String(r[zoneAt])) ?? 0) + 1);
    const values = await call<ColumnValueCounts>('workspace:values', { pullId: pull.id, column: 'zone' });
    expect(values.truncated).toBe(false);
    expect(new Map(values.values.map((v) => [v.value, v.count]))).toEqual(counts);
    const order = values.values.map((v) => v.count);
    expect(order).toEqual([...order].sort((a, b) => b - a));
    const two = await call<ColumnValueCounts>('workspace:values', { pullId: pull.id, column: 'zone', limit: 2 });
    expect(two).toMatchObject({ truncated: true, values: values.values.slice(0, 2) });
    expect(await attempt('workspace:values', { pullId: pull.id, column: 'price' })).toMatchObject({
      ok: false,
      error: { code: 'validation' },
    });
  });

  it('workspace:series draws one line per zone with at most four points per pixel, over every row', async () => {
    const series = await call<SeriesData>('workspace:series', {
      pullId: pull.id,
      x: 'interval_start_utc',
      y: ['load'],
      seriesBy: 'zone',
      pixels: 20,
    });
    const zones = (await call<ColumnValueCounts>('workspace:values', { pullId: pull.id, column: 'zone' })).values.map(
      (v) => v.value,
    );
    expect(series.rows).toBe(reference.rows.length);
    expect(series.series.map((s) => s.key).sort()).toEqual([...zones].sort());
    const startAt = reference.columns.indexOf('interval_start_utc');
    const times = reference.rows.map((r) => Date.parse(String(r[startAt])) / 1000);
    expect(series.xMin).toBe(Math.min(...times));
    expect(series.xMax).toBe(Math.max(...times));
    for (const line of series.series) {
      expect(line.x.length).toBeLessThanOrEqual(4 * 20);
      expect(line.x).toEqual([...line.x].sort((a, b) => a - b));
    }
    // The zone's highest load is among its points (M4 keeps each bucket's extremes).
    const zoneAt = reference.columns.indexOf('zone');
    const loadAt = reference.columns.indexOf('load');
    const nyc = series.series.find((s) => s.key === ZONE)!;
    const highest = Math.max(...reference.rows.filter((r) => r[zoneAt] === ZONE).map((r) => Number(r[loadAt])));
    expect(Math.max(...nyc.y.filter((v) => v !== null))).toBe(highest);
  });
});

describe('workspace:export through the web host', () => {
  it('CSV: a one-time link behind the cookie, with every row of the pull', async () => {
    const outcome = await call<ExportOutcome>('workspace:export', { pullId: pull.id, format: 'csv' });
    expect(outcome).toMatchObject({ format: 'csv', rows: reference.rows.length, path: null });
    expect(outcome.downloadUrl).toMatch(/^\/downloads\/[A-Za-z0-9_-]{32}$/);
    expect((await download(outcome.downloadUrl!, null)).status).toBe(403);
    expect((await download(outcome.downloadUrl!, 'gridscope-token-1=wrong')).status).toBe(403);
    const head = await request(`http://127.0.0.1:${host.port}${outcome.downloadUrl!}`, {
      method: 'HEAD',
      headers: { cookie: session.cookie },
    });
    await head.body.dump();
    expect(head.statusCode).toBe(200);
    const got = await download(outcome.downloadUrl!);
    expect(got.status).toBe(200);
    expect(got.headers['content-disposition']).toBe(`attachment; filename="${ID}-${pull.id}.csv"`);
    expect(got.headers['content-type']).toMatch(/^text\/csv/);
    expect(got.body.length).toBe(outcome.bytes);
    const lines = got.body.toString('utf8').trimEnd().split('\n');
    expect(lines[0]).toBe(reference.columns.join(','));
    expect(lines.length - 1).toBe(reference.rows.length);
    expect(lines.slice(1).some((l) => l.startsWith('2017-11-22T05:00:00+00:00,'))).toBe(true);
    expect((await download(outcome.downloadUrl!)).status).toBe(404);
    await vi.waitFor(async () => expect(await readdir(join(configDir, 'workspace', 'downloads'))).toEqual([]));
  });

  it('Parquet: filtered and sorted as asked, readable by DuckDB', async () => {
    const outcome = await call<ExportOutcome>('workspace:export', {
      pullId: pull.id,
      format: 'parquet',
      filters: [{ column: 'zone', op: '=', value: ZONE }],
      sort: [{ column: 'load' }],
      columns: ['interval_start_utc', 'load'],
    });
    const got = await download(outcome.downloadUrl!);
    expect(got.status).toBe(200);
    expect(got.headers['content-disposition']).toBe(`attachment; filename="${ID}-${pull.id}.parquet"`);
    expect(got.body.subarray(0, 4).toString('latin1')).toBe('PAR1');
    const file = join(dir, 'got.parquet');
    await writeFile(file, got.body);
    const db = await DuckDBInstance.create(':memory:');
    const conn = await db.connect();
    const rows = (
      await conn.runAndReadAll(`SELECT CAST(count(*) AS INTEGER) AS n, min(load) AS lo FROM read_parquet('${file}')`)
    ).getRowObjectsJson();
    const names = (await conn.runAndReadAll(`DESCRIBE SELECT * FROM read_parquet('${file}')`))
      .getRowObjectsJson()
      .map((r) => r.column_name);
    conn.closeSync();
    db.closeSync();
    const zoneAt = reference.columns.indexOf('zone');
    expect(rows[0]!.n).toBe(reference.rows.filter((r) => r[zoneAt] === ZONE).length);
    expect(outcome.rows).toBe(rows[0]!.n);
    expect(names).toEqual(['interval_start_utc', 'load']);
  });

  it('a made-up or malformed link is a 404', async () => {
    expect((await download('/downloads/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await download('/downloads/..%2F..%2Fsettings.json')).status).toBe(404);
  });
});

describe('history and saved queries', () => {
  let saved: SavedQuery;

  it('lists pulls newest first, narrows by dataset, deletes a pull with its rows', async () => {
    const second = await call<PullRecord>('workspace:pull', { query: { datasetId: ID, limit: 10 } });
    await ended(second.id);
    const all = await call<PullRecord[]>('workspace:pulls', {});
    expect(all.slice(0, 2).map((p) => p.id)).toEqual([second.id, pull.id]);
    expect((await call<PullRecord[]>('workspace:pulls', { datasetId: 'pjm_wind_forecast_hourly' })).length).toBe(0);
    expect((await call<PullRecord[]>('workspace:pulls', { pullIds: [second.id, 9999] })).map((p) => p.rows)).toEqual([10]);
    expect(await call('workspace:deletePull', { pullId: second.id })).toEqual({ deleted: true });
    expect(await call('workspace:deletePull', { pullId: second.id })).toEqual({ deleted: false });
    expect(await attempt('workspace:rows', { pullId: second.id })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('saves, renames and lists a query', async () => {
    saved = await call<SavedQuery>('workspace:saveQuery', {
      name: 'NYC load',
      query: { datasetId: ID, filter: { column: 'zone', operator: '=', value: ZONE } },
    });
    expect(saved).toMatchObject({ name: 'NYC load', datasetId: ID, params: { filter: { value: ZONE } } });
    expect(await call<SavedQuery>('workspace:renameSaved', { id: saved.id, name: 'New York City load' })).toMatchObject({
      id: saved.id,
      name: 'New York City load',
    });
    expect(await attempt('workspace:renameSaved', { id: 9999, name: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('keeps pulls and saved queries across a restart of the services', async () => {
    await host.close();
    services = start();
    const pulls = await call<PullRecord[]>('workspace:pulls', {});
    expect(pulls.find((p) => p.id === pull.id)).toMatchObject({ state: 'complete', rows: reference.rows.length });
    expect(await call<SavedQuery[]>('workspace:savedQueries', {})).toEqual([{ ...saved, name: 'New York City load' }]);
    expect((await call<RowsPage>('workspace:rows', { pullId: pull.id, limit: 1 })).totalRows).toBe(reference.rows.length);
    expect(await call('workspace:deleteSaved', { id: saved.id })).toEqual({ deleted: true });
    expect(await call('workspace:savedQueries', {})).toEqual([]);
    expect(await call('workspace:deleteSaved', { id: saved.id })).toEqual({ deleted: false });
    await call('workspace:saveQuery', { name: 'kept', query: { datasetId: ID } });
  });
});

describe('profiles', () => {
  it('each profile has its own workspace: a switch shows the other one, and back', async () => {
    await call('profiles:setActive', { profile: 'remote' });
    expect(await call('workspace:pulls', {})).toEqual([]);
    expect(await call('workspace:savedQueries', {})).toEqual([]);
    expect(await attempt('workspace:rows', { pullId: pull.id })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    // Remote has no key: nothing is requested or recorded.
    expect(await attempt('workspace:pull', { query: { datasetId: ID } })).toMatchObject({ ok: false, error: { code: 'auth' } });
    await call('workspace:saveQuery', { name: 'remote only', query: { datasetId: ID } });
    expect(existsSync(join(configDir, 'workspace', 'remote.duckdb'))).toBe(true);

    await call('profiles:setActive', { profile: 'embedded' });
    expect((await call<PullRecord[]>('workspace:pulls', {})).map((p) => p.id)).toContain(pull.id);
    expect((await call<SavedQuery[]>('workspace:savedQueries', {})).map((q) => q.name)).toEqual(['kept']);
    await services.dispose();
  });
});
