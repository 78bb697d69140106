import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PullRecord, Result, RowsPage } from '../../../shared/index.js';
import { dataset, usage } from '../../../shared/test-support/fixtures.js';
import { sendJson, startUpstream } from '../../test-support/upstream.js';
import type { Upstream } from '../../test-support/upstream.js';
import { createServices } from '../index.js';
import type { FinishedJob, PullsProgress, Services } from '../index.js';
import { createFileVault } from '../vault/keyVault.js';
import { setLogSink } from '../common/logger.js';
import { systemClock } from '../v1/retry.js';
import { dispatch } from '../verbs/dispatch.js';
import { csvQueryRoute } from '../workspace/test-support/helpers.js';
import type { CsvRouteOptions } from '../workspace/test-support/helpers.js';

// A pull's life through `dispatch` on the real services, against a /v1 upstream whose CSV pages the tests hold, cut or
// pace: the plan's paging, live progress, cancel, a cut connection, the taskbar fraction, the long-job report, a profile
// switch, and the encodings each profile asks for.

const ID = 'pjm_lmp_day_ahead_hourly';
const ROWS = 60;
const PAGE = 10;
const HEADER = 'interval_start_utc,location,lmp,flag';
const LINES = Array.from({ length: ROWS }, (_, i) => {
  const at = new Date(Date.UTC(2024, 0, 1) + Math.floor(i / 3) * 3_600_000).toISOString().replace('.000Z', '+00:00');
  return `${at},LOC_${i % 3},${20 + i}.25,${i % 7}`;
});
const ALL_COLUMNS = [
  { name: 'interval_start_utc', type: 'TIMESTAMP', is_numeric: false, is_date: false, is_datetime: true },
  { name: 'location', type: 'VARCHAR', is_numeric: false, is_date: false, is_datetime: false },
  { name: 'lmp', type: 'DOUBLE PRECISION', is_numeric: true, is_date: false, is_datetime: false },
  { name: 'flag', type: 'INTEGER', is_numeric: true, is_date: false, is_datetime: false },
];

/** The query route's pages; tests set `beforePage` (wait before page `index`, 0-based) or `breakPage` (cut it). */
const route: CsvRouteOptions = { header: HEADER.split(','), lines: LINES };

let up: Upstream;
let dir: string;
let services: Services;
let skewMs = 0;
const fractions: PullsProgress[] = [];
const jobs: FinishedJob[] = [];

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
/** A gate the route waits at until `open()`. */
function gate(): { wait: Promise<void>; open: () => void } {
  let open!: () => void;
  const wait = new Promise<void>((resolve) => (open = resolve));
  return { wait, open };
}
const queryRequests = () => up.requests.filter((r) => r.url.startsWith(`/v1/datasets/${ID}/query`));

beforeAll(async () => {
  setLogSink(() => undefined);
  up = await startUpstream({
    [`/v1/datasets/${ID}`]: (_req, res) =>
      sendJson(res, 200, { ...dataset(ID, { all_columns: ALL_COLUMNS }), data_timezone: 'UTC' }),
    '/v1/api_usage': (_req, res) =>
      sendJson(
        res,
        200,
        usage({ limits: { ...usage().limits, api_rows_per_response_limit: PAGE, per_second_api_rate_limit: 20 } }),
      ),
  });
  csvQueryRoute(up, ID, route);
  dir = await mkdtemp(join(tmpdir(), 'gs-workspace-pulls-'));
  services = createServices({
    configDir: dir,
    vault: createFileVault(dir),
    host: 'web',
    versions: {},
    embedded: {
      factory: async () => ({ listen: async () => up.origin, close: async () => undefined }),
      apiKey: 'embedded-pulls-key-01',
    },
    retry: { maxAttempts: 1 },
    clock: { now: () => Date.now() + skewMs, sleep: systemClock.sleep },
    onPullProgress: (p) => void fractions.push(p),
    onJobFinished: (job) => void jobs.push(job),
  });
});

afterEach(() => {
  route.beforePage = undefined;
  route.breakPage = undefined;
  skewMs = 0;
});

afterAll(async () => {
  await services.dispose();
  await up.close();
  await rm(dir, { recursive: true, force: true });
  setLogSink();
});

describe('a pull on the real services', () => {
  it("pages by the plan's rows per response at its rate, types columns from the catalogue, and shows live progress", async () => {
    const held = gate();
    route.beforePage = (i) => (i === 2 ? held.wait : undefined);
    const before = queryRequests().length;
    const started = performance.now();
    const pull = await call<PullRecord>('workspace:pull', { query: { datasetId: ID }, expectedRows: ROWS });
    expect(pull.state).toBe('running');

    await vi.waitFor(async () => expect((await record(pull.id)).progress?.pages).toBe(2), { timeout: 5000 });
    const running = await record(pull.id);
    expect(running).toMatchObject({ state: 'running', rows: 2 * PAGE, progress: { rows: 2 * PAGE, pages: 2, waiting: null } });
    expect(running.progress!.etaSeconds).toBeGreaterThanOrEqual(0);
    expect(running.progress!.bytes).toBeGreaterThan(2 * PAGE * 30);
    expect(fractions.at(-1)).toBeCloseTo((2 * PAGE) / ROWS, 2);

    held.open();
    const done = await ended(pull.id);
    expect(done).toMatchObject({ state: 'complete', rows: ROWS, pages: ROWS / PAGE });
    expect(done.progress).toBeUndefined();
    expect(fractions.at(-1)).toBeNull();
    // 20 requests a second: at least 50 ms between the 6 page requests.
    expect(performance.now() - started).toBeGreaterThanOrEqual(5 * 50 - 5);
    const pages = queryRequests().slice(before);
    expect(pages.map((r) => new URL(r.url, 'http://x').searchParams.get('page_size'))).toEqual(Array(6).fill(String(PAGE)));
    expect(pages.every((r) => r.headers['accept-encoding'] === 'identity')).toBe(true);
    expect(Object.fromEntries(done.columns.map((c) => [c.name, c.type]))).toEqual({
      interval_start_utc: 'TIMESTAMPTZ',
      location: 'VARCHAR',
      lmp: 'DOUBLE',
      flag: 'BIGINT',
    });
    expect(jobs).toEqual([]);
  });

  it('reads the dataset and the plan once: the next pull takes them from the metadata cache', async () => {
    const asked = () => up.requests.filter((r) => !r.url.includes('/query')).length;
    const before = asked();
    const pull = await call<PullRecord>('workspace:pull', { query: { datasetId: ID, limit: 15 } });
    expect(await ended(pull.id)).toMatchObject({ state: 'complete', rows: 15, pages: 2 });
    expect(asked()).toBe(before);
  });

  it('cancel mid-pull keeps the rows received: state cancelled, rows readable', async () => {
    const held = gate();
    route.beforePage = (i) => (i === 2 ? held.wait : undefined);
    const pull = await call<PullRecord>('workspace:pull', { query: { datasetId: ID } });
    await vi.waitFor(async () => expect((await record(pull.id)).pages).toBe(2), { timeout: 5000 });
    expect(await call('workspace:cancel', { pullId: pull.id })).toEqual({ cancelled: true });
    held.open();
    const done = await record(pull.id);
    expect(done).toMatchObject({ state: 'cancelled', complete: false, rows: 2 * PAGE, error: 'The request was cancelled.' });
    expect((await call<RowsPage>('workspace:rows', { pullId: pull.id })).totalRows).toBe(2 * PAGE);
    expect(await call('workspace:cancel', { pullId: pull.id })).toEqual({ cancelled: false });
  });

  it('a connection cut mid-pull ends partial, with the rows that arrived whole', async () => {
    route.breakPage = 3;
    const pull = await call<PullRecord>('workspace:pull', { query: { datasetId: ID } });
    const done = await ended(pull.id);
    expect(done.state).toBe('partial');
    expect(done.rows).toBeGreaterThanOrEqual(3 * PAGE);
    expect(done.rows).toBeLessThan(4 * PAGE);
    expect(done.error).toMatch(/connection broke while page 4/);
    expect((await call<RowsPage>('workspace:rows', { pullId: pull.id })).totalRows).toBe(done.rows);
  });

  it("a long pull's end is reported like a long query's (the desktop notifies it)", async () => {
    const held = gate();
    route.beforePage = (i) => (i === 1 ? held.wait : undefined);
    const pull = await call<PullRecord>('workspace:pull', { query: { datasetId: ID } });
    await vi.waitFor(async () => expect((await record(pull.id)).pages).toBe(1), { timeout: 5000 });
    skewMs = 11_000;
    held.open();
    expect(await ended(pull.id)).toMatchObject({ state: 'complete' });
    await vi.waitFor(() => expect(jobs).toHaveLength(1));
    expect(jobs[0]).toMatchObject({ name: `Pull of ${ID}`, state: 'completed', detail: '60 rows' });
  });

  it("a profile switch closes the old profile's workspace: its running pull ends cancelled", async () => {
    const held = gate();
    route.beforePage = (i) => (i === 1 ? held.wait : undefined);
    const pull = await call<PullRecord>('workspace:pull', { query: { datasetId: ID } });
    await vi.waitFor(async () => expect((await record(pull.id)).pages).toBe(1), { timeout: 5000 });
    await call('profiles:setActive', { profile: 'remote' });
    held.open();
    expect(await call('workspace:pulls', {})).toEqual([]);
    await call('profiles:setActive', { profile: 'embedded' });
    expect(await record(pull.id)).toMatchObject({ state: 'cancelled', rows: PAGE });
    expect(fractions.at(-1)).toBeNull();
  });

  it('the Remote profile asks for br and gzip; its pulls go to its own workspace', async () => {
    await call('profiles:setActive', { profile: 'remote' });
    await call('profiles:setRemoteUrl', { baseUrl: `${up.origin}/v1` });
    await call('keys:set', { profile: 'remote', key: 'remote-pulls-key-0123' });
    const before = queryRequests().length;
    const pull = await call<PullRecord>('workspace:pull', { query: { datasetId: ID, limit: 5 } });
    expect(await ended(pull.id)).toMatchObject({ state: 'complete', rows: 5, profile: 'remote' });
    const pages = queryRequests().slice(before);
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.every((r) => r.headers['accept-encoding'] === 'br, gzip')).toBe(true);
    expect((await call<PullRecord[]>('workspace:pulls', {})).map((p) => p.profile)).toEqual(['remote']);
    await call('profiles:setActive', { profile: 'embedded' });
  });
});
