import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatasetWithTimezone } from '../../../shared/index.js';
import type { PullRecord } from '../../../shared/index.js';
import { TEST_KEY, startTestServer } from '../../../server/test-support/testing.js';
import { setLogSink } from '../common/logger.js';
import { createV1Proxy } from '../v1/proxy.js';
import type { V1Proxy } from '../v1/proxy.js';
import { startBindingPull } from './binding.js';
import type { BindingPullOptions, BindingRequest } from './binding.js';
import { exportPull } from './export.js';
import { deletePull, getPull, listPulls } from './history.js';
import { readRows } from './page.js';
import { quoteIdent, rowObjects } from './sql.js';
import { tempWorkspace } from './test-support/helpers.js';
import type { Workspace } from './workspace.js';

/**
 * Binding pulls against our real /v1 server (server/app.ts on the embedded data): the rows stored are the
 * endpoint's answer, typed for the explorer, readable and exportable; its errors end the pull `failed`.
 */

const RT = 'pjm_marginal_value_real_time_5_min';
const DA_TX = 'pjm_transmission_constraints_day_ahead_hourly';
const WINDOW = { startTime: '2024-09-02T00:00:00Z', endTime: '2024-09-04T00:00:00Z' };
let server: Awaited<ReturnType<typeof startTestServer>>;
let origin: string;
let proxy: V1Proxy;
let ws: Workspace;
let dir: string;
let cleanup: () => Promise<void>;

type Row = Record<string, string | number | null>;

beforeAll(async () => {
  setLogSink(() => undefined);
  server = await startTestServer();
  origin = await server.app.listen({ port: 0, host: '127.0.0.1' });
  proxy = createV1Proxy({
    resolveTarget: async () => ({ baseUrl: `${origin}/v1`, key: TEST_KEY, profile: 'embedded' }),
    retry: { maxAttempts: 1 },
  });
  ({ ws, dir, cleanup } = await tempWorkspace());
});
afterAll(async () => {
  await cleanup();
  await proxy.close();
  await server.close();
});

/** The endpoint's own answer, fetched directly. */
async function answer(query: Record<string, string>): Promise<Row[]> {
  const url = new URL(`${origin}/v1/constraints/binding`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const res = await fetch(url, { headers: { 'x-api-key': TEST_KEY } });
  expect(res.status).toBe(200);
  return (await res.json()) as Row[];
}

/** Runs a binding pull to its end; its final record. */
async function pulled(request: BindingRequest, options: BindingPullOptions = {}): Promise<PullRecord> {
  const started = await startBindingPull(ws, proxy, request, options);
  if (!started.ok) throw new Error(started.error.message);
  await started.value.done;
  const record = await getPull(ws, started.value.pullId);
  if (!record.ok) throw new Error(record.error.message);
  return record.value;
}

async function catalogue(id: string) {
  const detail = await proxy.get(`/datasets/${id}`, {}, DatasetWithTimezone);
  if (!detail.ok) throw new Error(detail.error.message);
  return detail.value.all_columns;
}

const epoch = (iso: string) => new Date(iso).getTime();

describe('a binding pull from the /v1 server', () => {
  let record: PullRecord;
  let source: Row[];
  beforeAll(async () => {
    record = await pulled({ datasetId: RT, ...WINDOW, priceThreshold: 50, limit: 1000 });
    source = await answer({ dataset_id: RT, start_time: WINDOW.startTime, end_time: WINDOW.endTime, price_threshold: '50' });
  });

  it('is recorded as a binding pull with a PullQuery of its dataset, window and limit', () => {
    expect(source.length).toBeGreaterThan(20);
    expect(source.length).toBeLessThan(1000);
    expect(record).toMatchObject({
      kind: 'binding',
      datasetId: RT,
      params: { datasetId: RT, ...WINDOW, limit: 1000 },
      binding: { priceThreshold: 50, limitReached: false },
      state: 'complete',
      complete: true,
      rows: source.length,
      pages: 1,
      rowsCharged: source.length,
      error: null,
    });
  });

  it('stores the answer with timestamps as TIMESTAMPTZ, numbers as DOUBLE and names as VARCHAR, value for value', async () => {
    expect(record.columns).toEqual([
      { name: 'interval_start_utc', type: 'TIMESTAMPTZ' },
      { name: 'interval_end_utc', type: 'TIMESTAMPTZ' },
      { name: 'monitored_facility', type: 'VARCHAR' },
      { name: 'contingency_facility', type: 'VARCHAR' },
      { name: 'transmission_constraint_penalty_factor', type: 'DOUBLE' },
      { name: 'limit_control_percentage', type: 'DOUBLE' },
      { name: 'shadow_price', type: 'DOUBLE' },
      { name: 'constraint_gs_entity_id', type: 'VARCHAR' },
      { name: 'constraint_name', type: 'VARCHAR' },
      { name: 'contingency_gs_entity_id', type: 'VARCHAR' },
      { name: 'contingency_name', type: 'VARCHAR' },
    ]);
    const page = await readRows(ws, record.id, { limit: 10_000 });
    if (!page.ok) throw new Error(page.error.message);
    // Arrival order is the server's; every value comes back as the API wrote it.
    expect(page.value.rows.map((r) => Object.fromEntries(record.columns.map((c, i) => [c.name, r[i]])))).toEqual(source);
  });

  it('keeps only rows whose |shadow price| is above the threshold', async () => {
    const [row] = await ws.read((c) =>
      rowObjects(
        c,
        `SELECT CAST(count(*) AS INTEGER) AS n, min(abs(shadow_price)) AS least FROM ${quoteIdent(`pull_${record.id}`)}`,
      ),
    );
    expect(row).toMatchObject({ n: source.length });
    expect(Number(row!.least)).toBeGreaterThan(50);
  });

  it('is read like a dataset pull: sorted and filtered in SQL, on time, number and text columns', async () => {
    const from = '2024-09-03T00:00:00+00:00';
    const name = String(source[0]!.constraint_name);
    const page = await readRows(ws, record.id, {
      sort: [{ column: 'shadow_price' }, { column: 'interval_start_utc', desc: true }],
      filters: [
        { column: 'interval_start_utc', op: '>=', value: from },
        { column: 'constraint_name', op: 'contains', value: name.slice(0, 6).toLowerCase() },
      ],
      limit: 10_000,
    });
    if (!page.ok) throw new Error(page.error.message);
    const expected = source
      .filter((r) => epoch(String(r.interval_start_utc)) >= epoch(from))
      .filter((r) => String(r.constraint_name).toLowerCase().includes(name.slice(0, 6).toLowerCase()))
      .sort(
        (a, b) =>
          Number(a.shadow_price) - Number(b.shadow_price) ||
          epoch(String(b.interval_start_utc)) - epoch(String(a.interval_start_utc)),
      );
    expect(page.value.totalRows).toBe(expected.length);
    const at = (n: string) => record.columns.findIndex((c) => c.name === n);
    expect(page.value.rows.map((r) => [r[at('shadow_price')], r[at('interval_start_utc')]])).toEqual(
      expected.map((r) => [r.shadow_price, r.interval_start_utc]),
    );
  });

  it('exports as CSV with the timestamps as the API writes them', async () => {
    const path = join(dir, `binding-${record.id}.csv`);
    const written = await exportPull(ws, record.id, { format: 'csv', path, columns: ['interval_start_utc', 'shadow_price'] });
    expect(written).toMatchObject({ ok: true, value: { rows: source.length } });
    const lines = (await readFile(path, 'utf8')).trim().split('\n');
    expect(lines[1]).toBe(`${source[0]!.interval_start_utc},${source[0]!.shadow_price}`);
  });

  it('is listed in the history as a binding pull; deleting it drops its table', async () => {
    const listed = await listPulls(ws, { datasetId: RT });
    expect(listed.ok && listed.value.find((p) => p.id === record.id)?.kind).toBe('binding');
    const other = await pulled({ datasetId: RT, ...WINDOW, limit: 5 });
    expect(await deletePull(ws, other.id)).toEqual({ ok: true, value: { id: other.id } });
    const tables = await ws.read((c) =>
      rowObjects(c, `SELECT table_name FROM duckdb_tables() WHERE table_name = 'pull_${other.id}'`),
    );
    expect(tables).toEqual([]);
  });
});

describe('binding pulls at the edges', () => {
  it('notes that the answer may be cut when it has `limit` rows; without a limit, asks for the default 50,000', async () => {
    expect(await pulled({ datasetId: RT, limit: 7 })).toMatchObject({
      state: 'complete',
      rows: 7,
      binding: { limitReached: true },
    });
    const whole = await pulled({ datasetId: RT, ...WINDOW });
    expect(whole).toMatchObject({ params: { limit: 50_000 }, binding: { priceThreshold: null, limitReached: false } });
  });

  it('stores a dataset without a shadow price; a threshold on it ends failed with the server detail', async () => {
    const rows = await pulled({ datasetId: DA_TX, limit: 50 });
    expect(rows).toMatchObject({ state: 'complete', rows: 50 });
    expect(rows.columns.find((c) => c.name === 'duration')).toEqual({ name: 'duration', type: 'DOUBLE' });
    const refused = await pulled({ datasetId: DA_TX, priceThreshold: 10 });
    expect(refused).toMatchObject({ state: 'failed', rows: 0, columns: [] });
    expect(refused.error).toBe(
      `The /v1 server rejected the request (400): Dataset ${DA_TX} has no shadow price column. Datasets with shadow prices: pjm_marginal_value_day_ahead_hourly, pjm_marginal_value_real_time_5_min`,
    );
  });

  it('an unknown dataset ends failed with the 404 detail; reading it gives no columns and no rows', async () => {
    const missing = await pulled({ datasetId: 'no_such_dataset', limit: 10 });
    expect(missing).toMatchObject({
      kind: 'binding',
      state: 'failed',
      rows: 0,
      error: 'Not found (404): Dataset no_such_dataset not found',
    });
    expect(await readRows(ws, missing.id)).toMatchObject({ ok: true, value: { columns: [], rows: [], totalRows: 0 } });
  });

  it('an empty answer is a complete pull of 0 rows with the catalogue columns (or the entity columns without it)', async () => {
    const empty = { datasetId: RT, startTime: '2030-01-01T00:00:00Z', endTime: '2030-01-02T00:00:00Z' };
    const typed = await pulled(empty, { catalogueColumns: await catalogue(RT) });
    expect(typed).toMatchObject({ state: 'complete', complete: true, rows: 0, binding: { limitReached: false } });
    expect(typed.columns.map((c) => `${c.name}:${c.type}`)).toEqual([
      'interval_start_utc:TIMESTAMPTZ',
      'interval_end_utc:TIMESTAMPTZ',
      'monitored_facility:VARCHAR',
      'contingency_facility:VARCHAR',
      'transmission_constraint_penalty_factor:DOUBLE',
      'limit_control_percentage:DOUBLE',
      'shadow_price:DOUBLE',
      'constraint_gs_entity_id:VARCHAR',
      'constraint_name:VARCHAR',
      'contingency_gs_entity_id:VARCHAR',
      'contingency_name:VARCHAR',
    ]);
    const page = await readRows(ws, typed.id, { sort: [{ column: 'shadow_price' }] });
    expect(page).toMatchObject({ ok: true, value: { rows: [], totalRows: 0 } });
    const bare = await pulled(empty);
    expect(bare.columns.map((c) => c.name)).toEqual([
      'constraint_gs_entity_id',
      'constraint_name',
      'contingency_gs_entity_id',
      'contingency_name',
    ]);
  });

  it('the catalogue types the rows of a non-empty answer too (the day-ahead duration stays a number)', async () => {
    const rows = await pulled({ datasetId: DA_TX, limit: 3 }, { catalogueColumns: await catalogue(DA_TX) });
    expect(rows.columns.slice(0, 3)).toEqual([
      { name: 'interval_start_utc', type: 'TIMESTAMPTZ' },
      { name: 'interval_end_utc', type: 'TIMESTAMPTZ' },
      { name: 'duration', type: 'DOUBLE' },
    ]);
  });

  it('refuses a bad request before recording anything', async () => {
    const count = async () => {
      const listed = await listPulls(ws, { limit: 1000 });
      return listed.ok ? listed.value.length : -1;
    };
    const before = await count();
    expect(await startBindingPull(ws, proxy, { datasetId: RT, limit: 100_001 })).toMatchObject({
      ok: false,
      error: { code: 'validation' },
    });
    expect(await startBindingPull(ws, proxy, { datasetId: RT, priceThreshold: Number.NaN })).toMatchObject({
      ok: false,
      error: { code: 'validation' },
    });
    expect(await startBindingPull(ws, proxy, { datasetId: '../x' })).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(await count()).toBe(before);
  });
});
