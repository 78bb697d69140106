import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fail, ok, type DownloadBatch, type DownloadItem } from '../../../shared/index.js';
import { setLogSink } from '../common/logger.js';
import { filePath, partPath, queuePath, recordPath } from './layout.js';
import { createDownloadManager } from './manager.js';
import { fixtureCsvGz, fixtureDataset } from './test-support/fixtures.js';
import type { DownloadManager, DownloadManagerOptions, EnqueueRequest } from './types.js';

/**
 * The manager's queue rules against a small local file server that can hold a response mid-body: pause, resume,
 * cancel, retry, enqueue skipping, settings, reveal, persistence across a restart, give-up and disk-full handling.
 */

const dataset = fixtureDataset('mgr_test_1_min');
const DATES = ['2024-03-01', '2024-03-02', '2024-03-03'];
const bodies = new Map(DATES.map((d) => [d, fixtureCsvGz(d, undefined, 3000)]));
const etagOf = (b: Buffer) => `"${createHash('sha1').update(b).digest('hex')}"`;

/** Server knobs: hold every response after `holdAfter` bytes until released; answer `failWith` instead. */
let holdAfter: number | null = null;
const held: (() => void)[] = [];
let failWith: number | null = null;
const seen: { date: string; range: string | null; ifRange: string | null; cookie: string | null; key: string | null }[] = [];
let server: Server;
let origin: string;
const temps: string[] = [];
const managers: DownloadManager[] = [];

beforeAll(async () => {
  setLogSink(() => undefined);
  server = createServer((req, res) => {
    const date = /\/f\/(\d{4}-\d{2}-\d{2})/.exec(req.url ?? '')?.[1] ?? '';
    seen.push({
      date,
      range: req.headers.range ?? null,
      ifRange: (req.headers['if-range'] as string | undefined) ?? null,
      cookie: req.headers.cookie ?? null,
      key: (req.headers['x-api-key'] as string | undefined) ?? null,
    });
    const body = bodies.get(date);
    if (failWith !== null) return void res.writeHead(failWith, { 'content-type': 'application/json' }).end('{"detail":"nope"}');
    if (!body) return void res.writeHead(404).end('{"detail":"Not Found"}');
    const etag = etagOf(body);
    const m = /^bytes=(\d+)-$/.exec(req.headers.range ?? '');
    const start = m && (!req.headers['if-range'] || req.headers['if-range'] === etag) ? Number(m[1]) : 0;
    if (m && start >= body.length) {
      return void res.writeHead(416, { 'content-range': `bytes */${body.length}` }).end('{"detail":"Range Not Satisfiable"}');
    }
    const rest = body.subarray(start);
    const headers = {
      etag,
      'last-modified': new Date(0).toUTCString(),
      'content-length': rest.length,
      'content-type': 'application/gzip',
    };
    if (start > 0) res.writeHead(206, { ...headers, 'content-range': `bytes ${start}-${body.length - 1}/${body.length}` });
    else res.writeHead(200, headers);
    if (holdAfter === null) return void res.end(rest);
    res.write(rest.subarray(0, holdAfter));
    held.push(() => res.end(rest.subarray(holdAfter ?? 0)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.dispose()));
  holdAfter = null;
  failWith = null;
  held.splice(0).forEach((release) => release());
  seen.length = 0;
  await Promise.all(temps.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  setLogSink();
});

async function temp(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), `gs-dl-mgr-${prefix}-`));
  temps.push(dir);
  return dir;
}

async function newManager(extra: Partial<DownloadManagerOptions> = {}, dirs?: { configDir: string; folder: string }) {
  const configDir = dirs?.configDir ?? (await temp('config'));
  const folder = dirs?.folder ?? (await temp('folder'));
  const presigned: string[] = [];
  const manager = createDownloadManager({
    configDir,
    defaultFolder: folder,
    presign: async (id, date) => {
      presigned.push(`${id}/${date}`);
      return ok({ url: `${origin}/f/${date}?signature=abc`, expiresInSeconds: 3600 });
    },
    ...extra,
  });
  managers.push(manager);
  return { manager, configDir, folder, presigned };
}

const request = (dates: readonly string[]): EnqueueRequest => ({
  dataset,
  files: dates.map((date) => ({ date, sizeBytes: bodies.get(date)!.length, lastModified: '2024-03-02T00:00:00+00:00' })),
});

async function until<T>(probe: () => Promise<T | undefined>, what: string, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function itemOf(manager: DownloadManager, date: string): Promise<DownloadItem | undefined> {
  const state = await manager.state();
  if (!state.ok) throw new Error(state.error.message);
  return state.value.items.find((i) => i.id === `${dataset.id}/${date}`);
}
const inState = (manager: DownloadManager, date: string, ...states: DownloadItem['state'][]) =>
  until(
    async () => {
      const item = await itemOf(manager, date);
      return item && states.includes(item.state) ? item : undefined;
    },
    `${date} in ${states.join('/')}`,
  );
const holding = (manager: DownloadManager, date: string) =>
  until(async () => {
    const item = await itemOf(manager, date);
    return item?.state === 'running' && item.bytesWritten >= (holdAfter ?? 1) ? item : undefined;
  }, `${date} holding`);
const size = (file: string) =>
  stat(file).then(
    (s) => s.size,
    () => null,
  );

describe('download manager queue', () => {
  it('pauses keeping the part and record, resumes with Range + If-Range, verifies and files the day', async () => {
    holdAfter = 5000;
    const batches: DownloadBatch[] = [];
    const progress: unknown[] = [];
    const { manager, folder } = await newManager({
      onBatchFinished: (b) => batches.push(b),
      onProgress: (p) => progress.push(p),
    });
    const queued = await manager.enqueue(request([DATES[0]!]));
    expect(queued.ok && queued.value.items.map((i) => i.id)).toEqual([`${dataset.id}/${DATES[0]}`]);
    await holding(manager, DATES[0]!);

    const paused = await manager.pause();
    expect(paused.ok && paused.value.items[0]?.state).toBe('paused');
    const file = filePath(folder, dataset.id, DATES[0]!);
    expect(await size(partPath(file))).toBe(5000);
    const record = JSON.parse(await readFile(recordPath(file), 'utf8'));
    expect(record).toMatchObject({ version: 1, state: 'partial', datasetId: dataset.id, date: DATES[0], bytesWritten: 5000 });
    expect(record.columns).toEqual(['interval_start_utc', 'zone', 'load']);
    expect(JSON.parse(await readFile(path.join(folder, dataset.id, 'dataset.json'), 'utf8')).id).toBe(dataset.id);

    holdAfter = null;
    held.splice(0).forEach((release) => release());
    await manager.resume();
    const done = await inState(manager, DATES[0]!, 'completed', 'failed');
    expect(done.state, done.error ?? '').toBe('completed');
    expect((await readFile(file)).equals(bodies.get(DATES[0]!)!)).toBe(true);
    expect(await size(partPath(file))).toBeNull();
    const last = seen.at(-1)!;
    expect(last.range).toBe('bytes=5000-');
    expect(last.ifRange).toBe(etagOf(bodies.get(DATES[0]!)!));
    expect(seen.every((r) => r.cookie === null && r.key === null)).toBe(true);
    const complete = JSON.parse(await readFile(recordPath(file), 'utf8'));
    expect(complete).toMatchObject({ state: 'complete', bytesWritten: bodies.get(DATES[0]!)!.length });
    expect(complete.sha256).toBe(createHash('sha256').update(bodies.get(DATES[0]!)!).digest('hex'));

    expect(batches).toHaveLength(1);
    expect(batches[0]).toMatchObject({ state: 'completed', files: 1, completed: 1 });
    await until(async () => (progress.at(-1) === null ? true : undefined), 'taskbar cleared');

    const local = await manager.localFiles(dataset.id, [DATES[0]!]);
    expect(local.ok && local.value.files).toEqual([{ date: DATES[0], path: file, bytes: bodies.get(DATES[0]!)!.length }]);
    const missing = await manager.localFiles(dataset.id, [DATES[0]!, DATES[1]!, DATES[2]!]);
    expect(missing).toMatchObject({
      ok: false,
      error: { code: 'not_found', message: `Not downloaded: ${DATES[1]}, ${DATES[2]}. Download them from the Exports page.` },
    });

    // Queued again: the verified day is skipped, no new batch.
    const again = await manager.enqueue(request([DATES[0]!]));
    expect(again.ok && again.value.batches).toHaveLength(1);
  });

  it('cancels (part and record deleted), retries from 0, and skips days already queued', async () => {
    holdAfter = 3000;
    const { manager, folder } = await newManager();
    await manager.configure({ concurrency: 1 });
    await manager.enqueue(request([DATES[0]!, DATES[1]!]));
    const dup = await manager.enqueue(request([DATES[0]!, DATES[1]!]));
    expect(dup.ok && dup.value.items).toHaveLength(2);
    expect(dup.ok && dup.value.batches).toHaveLength(1);
    await holding(manager, DATES[0]!);
    expect((await itemOf(manager, DATES[1]!))?.state).toBe('queued');

    const cancelled = await manager.cancel([`${dataset.id}/${DATES[0]}`]);
    expect(cancelled.ok && cancelled.value.items.find((i) => i.date === DATES[0])?.state).toBe('cancelled');
    const file = filePath(folder, dataset.id, DATES[0]!);
    expect(await size(partPath(file))).toBeNull();
    expect(await size(recordPath(file))).toBeNull();

    holdAfter = null;
    held.splice(0).forEach((release) => release());
    expect((await inState(manager, DATES[1]!, 'completed', 'failed')).state).toBe('completed');
    await manager.retry([`${dataset.id}/${DATES[0]}`]);
    expect((await inState(manager, DATES[0]!, 'completed', 'failed')).state).toBe('completed');
    expect((await readFile(file)).equals(bodies.get(DATES[0]!)!)).toBe(true);

    const cleared = await manager.clearFinished();
    expect(cleared.ok && cleared.value.items).toEqual([]);
    const lib = await manager.library();
    expect(lib.ok && lib.value.datasets[0]?.files.map((f) => f.state)).toEqual(['verified', 'verified']);
  });

  it('persists the queue: a stopped manager leaves running items queued, the next one resumes them', async () => {
    holdAfter = 4000;
    const first = await newManager();
    await first.manager.enqueue(request([DATES[2]!]));
    await holding(first.manager, DATES[2]!);
    await first.manager.dispose();
    expect(await first.manager.state()).toMatchObject({ ok: false });
    const saved = JSON.parse(await readFile(queuePath(first.configDir), 'utf8'));
    expect(saved.items.map((i: DownloadItem) => i.state)).toEqual(['queued']);
    expect(saved.datasets[dataset.id].id).toBe(dataset.id);
    const file = filePath(first.folder, dataset.id, DATES[2]!);
    expect(await size(partPath(file))).toBe(4000);

    holdAfter = null;
    held.splice(0).forEach((release) => release());
    const second = await newManager({}, { configDir: first.configDir, folder: first.folder });
    const done = await inState(second.manager, DATES[2]!, 'completed', 'failed');
    expect(done.state, done.error ?? '').toBe('completed');
    expect(seen.at(-1)?.range).toBe('bytes=4000-');
    expect((await readFile(file)).equals(bodies.get(DATES[2]!)!)).toBe(true);
  });

  it('gives up after the retry budget with a network problem, and fails a 404 as not-found', async () => {
    failWith = 503;
    const { manager } = await newManager({ retryPolicy: { maxAttempts: 3, baseDelayMs: 20, maxDelayMs: 40 } });
    await manager.enqueue(request([DATES[0]!]));
    const failed = await inState(manager, DATES[0]!, 'failed', 'completed');
    expect(failed).toMatchObject({ state: 'failed', problem: 'network', attempts: 3 });
    expect(failed.error).toMatch(/Gave up after 3 attempts.*Server error \(503\)/);
    const state = await manager.state();
    expect(state.ok && state.value.batches[0]).toMatchObject({ state: 'failed', failed: 1 });

    failWith = 404;
    await manager.retry();
    expect(await inState(manager, DATES[0]!, 'failed')).toMatchObject({ problem: 'not-found' });
  });

  it('fails a file at once when /v1 gives no fresh link: the proxy has already retried, nothing retries it again', async () => {
    let asked = 0;
    const { manager } = await newManager({
      presign: async () => {
        asked++;
        return fail('network', 'Gave up after 4 attempts over 31 s: Server error (503)', 503);
      },
      retryPolicy: { maxAttempts: 3, baseDelayMs: 20, maxDelayMs: 40 },
    });
    await manager.enqueue(request([DATES[0]!]));
    const failed = await inState(manager, DATES[0]!, 'failed', 'completed');
    expect(failed).toMatchObject({ state: 'failed', problem: 'network', attempts: 0 });
    expect(failed.error).toMatch(/^No fresh download link from the data service: Gave up after 4 attempts .*\(503\)\. Retry/);
    expect(asked).toBe(1);
    expect(seen).toEqual([]);
  });

  it('fails a full disk as disk-full and pauses the other queued items', async () => {
    const enospc = () => Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', syscall: 'write' });
    const { manager } = await newManager({
      openPartFile: () => new Writable({ write: (_c, _e, done) => done(enospc()) }),
    });
    await manager.configure({ concurrency: 1 });
    await manager.enqueue(request(DATES));
    const failed = await inState(manager, DATES[0]!, 'failed');
    expect(failed.problem).toBe('disk-full');
    expect(failed.error).toMatch(/^The disk holding .* is full\. Free some space or choose another downloads folder, then Retry/);
    await inState(manager, DATES[1]!, 'paused');
    expect((await itemOf(manager, DATES[2]!))?.state).toBe('paused');
  });

  it('guards the settings: folder only with an empty queue, absolute and writable; dialog and reveal fallbacks', async () => {
    holdAfter = 1000;
    const { manager, folder } = await newManager();
    expect(await manager.chooseFolder()).toMatchObject({
      ok: false,
      error: {
        code: 'validation',
        message:
          'This window cannot open a folder dialog: the web host uses the folder GRIDSCOPE_DOWNLOADS_DIR names when it starts.',
      },
    });
    expect(await manager.reveal()).toEqual({ ok: true, value: { revealed: false, path: folder } });
    expect(await manager.configure({ folder: 'relative' })).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(await manager.configure({ concurrency: 9 })).toMatchObject({ ok: false, error: { code: 'validation' } });

    await manager.enqueue(request([DATES[0]!, DATES[1]!]));
    const other = await temp('other');
    expect(await manager.configure({ folder: other })).toMatchObject({
      ok: false,
      error: { code: 'validation', message: 'Cancel or finish the 2 downloads in the queue before changing the folder.' },
    });
    await manager.cancel();
    const moved = await manager.configure({ folder: path.join(other, 'sub'), speedLimitKiBps: 64 });
    expect(moved.ok && moved.value).toMatchObject({ folder: path.join(other, 'sub'), speedLimitKiBps: 64 });

    const revealed: string[] = [];
    const withDesktop = await newManager({ chooseFolder: async () => null, revealPath: (p) => revealed.push(p) });
    const unchanged = await withDesktop.manager.chooseFolder();
    expect(unchanged.ok && unchanged.value.changed).toBe(false);
    expect(await withDesktop.manager.reveal(dataset.id, DATES[0])).toEqual({
      ok: true,
      value: { revealed: true, path: withDesktop.folder },
    });
    expect(revealed).toEqual([withDesktop.folder]);
  });

  it('refuses malformed input', async () => {
    const { manager } = await newManager();
    expect(await manager.enqueue({ dataset: { ...dataset, id: '../x' }, files: [] })).toMatchObject({
      ok: false,
      error: { code: 'validation' },
    });
    expect(await manager.enqueue({ dataset, files: [{ date: '2024-02-30', sizeBytes: 1, lastModified: '' }] })).toMatchObject({
      ok: false,
      error: { code: 'validation' },
    });
    expect(await manager.deleteFiles('../etc')).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(await manager.localFiles(dataset.id, ['nope'])).toMatchObject({ ok: false, error: { code: 'validation' } });
  });
});
