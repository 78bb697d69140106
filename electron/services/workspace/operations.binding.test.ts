import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullRecord, Result, RowsPage, SeriesData } from '../../../shared/index.js';
import { startTestServer } from '../../../server/test-support/testing.js';
import { createServices } from '../index.js';
import type { Services } from '../index.js';
import { createFileVault } from '../vault/keyVault.js';
import { setLogSink } from '../common/logger.js';
import { dispatch } from '../verbs/dispatch.js';

// `workspace:pullBinding` through `dispatch` on the real services and the real embedded /v1 server: the record it
// answers, its end, and the explorer's readers (rows, chart, history, delete) on it.

const RT = 'pjm_marginal_value_real_time_5_min';
const KEY = 'embedded-binding-key-01';
const WINDOW = { startTime: '2024-09-02T00:00:00Z', endTime: '2024-09-04T00:00:00Z' };

let server: Awaited<ReturnType<typeof startTestServer>>;
let dir: string;
let services: Services;

async function call<T>(verb: string, input: unknown): Promise<T> {
  const r = (await dispatch(services.handlers, verb, input)) as Result<T>;
  if (!r.ok) throw new Error(`${verb} ${JSON.stringify(input)}: ${r.error.code}: ${r.error.message}`);
  return r.value;
}
const record = async (id: number): Promise<PullRecord> => (await call<PullRecord[]>('workspace:pulls', { pullIds: [id] }))[0]!;
async function ended(id: number): Promise<PullRecord> {
  let r = await record(id);
  for (let i = 0; r.state === 'running' && i < 2400; i++) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    r = await record(id);
  }
  return r;
}

beforeAll(async () => {
  setLogSink(() => undefined);
  server = await startTestServer({ apiKeys: [KEY] });
  const origin = await server.app.listen({ port: 0, host: '127.0.0.1' });
  dir = await mkdtemp(join(tmpdir(), 'gs-workspace-binding-'));
  services = createServices({
    configDir: dir,
    vault: createFileVault(dir),
    host: 'web',
    versions: {},
    embedded: { factory: async () => ({ listen: async () => origin, close: async () => undefined }), apiKey: KEY },
    retry: { maxAttempts: 1 },
  });
});

afterAll(async () => {
  await services.dispose();
  await server.close();
  await rm(dir, { recursive: true, force: true });
  setLogSink();
});

describe('workspace:pullBinding on the real services', () => {
  it('answers a running binding record at once, then ends complete with the rows the explorer reads', async () => {
    const started = await call<PullRecord>('workspace:pullBinding', { datasetId: RT, ...WINDOW, priceThreshold: 100 });
    expect(started).toMatchObject({ kind: 'binding', state: 'running', params: { datasetId: RT, ...WINDOW, limit: 50_000 } });
    const done = await ended(started.id);
    expect(done).toMatchObject({ state: 'complete', binding: { priceThreshold: 100, limitReached: false } });
    expect(done.rows).toBeGreaterThan(0);

    const page = await call<RowsPage>('workspace:rows', {
      pullId: done.id,
      sort: [{ column: 'shadow_price', desc: true }],
      filters: [{ column: 'shadow_price', op: '<', value: 0 }],
      limit: 10_000,
    });
    const price = done.columns.findIndex((c) => c.name === 'shadow_price');
    const prices = page.rows.map((r) => r[price] as number);
    expect(prices.length).toBe(page.totalRows);
    expect(prices.every((p) => p < -100)).toBe(true);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));

    const series = await call<SeriesData>('workspace:series', {
      pullId: done.id,
      x: 'interval_start_utc',
      y: ['shadow_price'],
      pixels: 200,
    });
    expect(series.rows).toBe(done.rows);
    expect(series.xMin).toBeGreaterThanOrEqual(Date.parse(WINDOW.startTime) / 1000);
    expect(series.xMax).toBeLessThan(Date.parse(WINDOW.endTime) / 1000);

    const history = await call<PullRecord[]>('workspace:pulls', { datasetId: RT });
    expect(history.find((p) => p.id === done.id)?.kind).toBe('binding');
    expect(await call('workspace:deletePull', { pullId: done.id })).toEqual({ deleted: true });
  });

  it('types the columns of an empty answer from the catalogue', async () => {
    const started = await call<PullRecord>('workspace:pullBinding', {
      datasetId: RT,
      startTime: '2031-01-01T00:00:00Z',
      endTime: '2031-01-02T00:00:00Z',
    });
    const done = await ended(started.id);
    expect(done).toMatchObject({ state: 'complete', rows: 0 });
    expect(done.columns.slice(0, 2)).toEqual([
      { name: 'interval_start_utc', type: 'TIMESTAMPTZ' },
      { name: 'interval_end_utc', type: 'TIMESTAMPTZ' },
    ]);
    expect(done.columns.find((c) => c.name === 'shadow_price')).toEqual({ name: 'shadow_price', type: 'DOUBLE' });
  });

  it('an unknown dataset is recorded and ends failed with the server detail; bad input is refused', async () => {
    const started = await call<PullRecord>('workspace:pullBinding', { datasetId: 'no_such_binding' });
    expect(await ended(started.id)).toMatchObject({
      kind: 'binding',
      state: 'failed',
      error: 'Not found (404): Dataset no_such_binding not found',
    });
    const refused = (await dispatch(services.handlers, 'workspace:pullBinding', {
      datasetId: RT,
      priceThreshold: -1,
    })) as Result<unknown>;
    expect(refused).toMatchObject({ ok: false, error: { code: 'validation' } });
  });
});
