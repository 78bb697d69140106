import { readFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TEST_KEY } from '../../../server/test-support/testing.js';
import { setLogSink } from '../common/logger.js';
import { createDownloadManager } from './manager.js';
import { fillingDisk } from './test-support/diskFull.js';
import { enqueueRequest, presignVia, sourceBytes } from './test-support/exportsApi.js';
import { rangeStart } from './test-support/faultServer.js';
import type { DownloadRequest } from './test-support/faultServer.js';
import { finalPath, libraryFileOf, settle, sizeOf, startExportStack, tempFolders } from './test-support/harness.js';
import type { ExportStack } from './test-support/harness.js';
import type { DownloadManager, DownloadManagerOptions, EnqueueRequest } from './types.js';

/**
 * The download manager against the real /v1 server (server/) behind a fault server: each fault the network or the
 * disk can throw at a download, and what must come of it (docs/downloads.md). A recoverable fault ends `completed`
 * with a file byte-identical to the export object and verified in the library; an unrecoverable one never completes
 * and leaves nothing in the library. Real backoff delays (~1–4 s) are waited, so each test injects few faults.
 */

const ID = 'spp_west_tie_flows_1_min';
const DATE = '2026-03-26';
const ITEM = `${ID}/${DATE}`;
const SETTLE_MS = 40_000;

let stack: ExportStack;
let source: Buffer;
let request: EnqueueRequest;
const folders = tempFolders();
const managers: DownloadManager[] = [];

beforeAll(async () => {
  setLogSink(() => undefined);
  stack = await startExportStack();
  source = await sourceBytes(stack.api, TEST_KEY, ID, DATE);
  request = await enqueueRequest(stack.api, TEST_KEY, ID, [DATE]);
});
afterEach(async () => {
  await Promise.all(managers.splice(0).map((m) => m.dispose()));
  stack.fault.reset(true);
  await folders.cleanup();
});
afterAll(async () => {
  await stack?.close();
});

/** A manager on new temporary folders whose links come through the fault server; the day queued. */
async function startDownload(extra: Partial<DownloadManagerOptions> = {}) {
  const configDir = await folders.make('config');
  const folder = await folders.make('folder');
  const presign = presignVia(stack.fault.origin, TEST_KEY);
  const options: DownloadManagerOptions = { configDir, defaultFolder: folder, presign, ...extra };
  const manager = createDownloadManager(options);
  managers.push(manager);
  const queued = await manager.enqueue(request);
  expect(queued.ok, JSON.stringify(queued)).toBe(true);
  return { manager, presign, file: finalPath(folder, ID, DATE) };
}

/** The GET download requests so far (the manager may also HEAD). */
const gets = (): DownloadRequest[] => stack.fault.downloads.filter((r) => r.method === 'GET');

/** The day is in place: byte-identical to the object, verified in the library, no part left, every request `identity`. */
async function expectDelivered(manager: DownloadManager, file: string): Promise<void> {
  const bytes = await readFile(file);
  expect(bytes.equals(source), `${file}: ${bytes.length} bytes, the object ${source.length}`).toBe(true);
  expect(await libraryFileOf(manager, ID, DATE)).toMatchObject({ state: 'verified', bytes: source.length });
  expect(await sizeOf(`${file}.part`)).toBeNull();
  for (const r of stack.fault.downloads) expect(r.acceptEncoding).toBe('identity');
}

/** Nothing of the day is usable: no final file, and the library does not list the day at all. */
async function expectNothingDelivered(manager: DownloadManager, file: string): Promise<void> {
  expect(await sizeOf(file)).toBeNull();
  expect(await libraryFileOf(manager, ID, DATE)).toBeUndefined();
}

/** A resumed request: `Range: bytes=<n>-` with n > 0 (the bytes written are kept) and the first response's validator as `If-Range`. */
function expectResumeOf(first: DownloadRequest, resumed: DownloadRequest): void {
  expect(rangeStart(resumed.range), `range ${resumed.range}`).toBeGreaterThan(0);
  expect(resumed.range).toMatch(/^bytes=\d+-$/);
  expect([first.etag, first.lastModified]).toContain(resumed.ifRange);
}

describe('downloads under faults', () => {
  it('resumes after the connection drops mid-file, keeping the bytes received', { timeout: 45_000 }, async () => {
    stack.fault.dropAfter(3000);
    const { manager, file } = await startDownload();
    const { item } = await settle(manager, ITEM, SETTLE_MS);
    expect(item.state, item.error ?? '').toBe('completed');
    await expectDelivered(manager, file);

    const [first, ...later] = gets();
    expect(first).toMatchObject({ status: 200, bytesSent: 3000, faults: ['drop'] });
    expect(rangeStart(first!.range)).toBe(0);
    expect(later.length).toBeGreaterThan(0);
    for (const r of later) expectResumeOf(first!, r);
    const last = later.at(-1)!;
    expect(last.status).toBe(206);
    expect(rangeStart(last.range)).toBeLessThanOrEqual(3000);
  });

  it('waits out 503s and then downloads the file', { timeout: 45_000 }, async () => {
    stack.fault.unavailable(2);
    const { manager, file } = await startDownload();
    const { item, seen } = await settle(manager, ITEM, SETTLE_MS);
    expect(item.state, item.error ?? '').toBe('completed');
    await expectDelivered(manager, file);

    expect(gets().map((r) => r.status)).toEqual([503, 503, 200]);
    expect(item.attempts).toBeGreaterThanOrEqual(3);
    // While it waits, the item says why (e.g. "Server busy (503), retrying in 2 s").
    expect(
      seen.some((i) => i.state === 'running' && /503/.test(i.waiting ?? '')),
      JSON.stringify(seen.map((i) => i.waiting)),
    ).toBe(true);
  });

  it(
    'asks for a new link when the link expires mid-download and continues from the bytes it has',
    { timeout: 45_000 },
    async () => {
      stack.fault.expireAfter(2500);
      const { manager, presign, file } = await startDownload();
      const { item } = await settle(manager, ITEM, SETTLE_MS);
      expect(item.state, item.error ?? '').toBe('completed');
      await expectDelivered(manager, file);

      const all = gets();
      const [first, ...later] = all;
      expect(first).toMatchObject({ status: 200, bytesSent: 2500, faults: ['expired-cut'] });
      // No byte is fetched twice from 0: every later request resumes.
      for (const r of later) expectResumeOf(first!, r);
      const refused = all.findIndex((r) => r.status === 403);
      expect(refused, JSON.stringify(all)).toBeGreaterThan(0);
      const after = all[refused + 1];
      expect(after?.status).toBe(206);
      expect(rangeStart(after!.range)).toBeLessThanOrEqual(2500);
      // The request after the 403 went out with a link presigned after the 403.
      expect(presign.calls.length).toBeGreaterThanOrEqual(2);
      const log = stack.fault.requests;
      const exportsAt = log.flatMap((r, i) => (r.url.startsWith('/exports/') && r.method === 'GET' ? [i] : []));
      const between = log.slice(exportsAt[refused]! + 1, exportsAt[refused + 1]);
      expect(
        between.some((r) => r.url.startsWith(`/v1/csv-exports/${ID}/${DATE}`)),
        JSON.stringify(log),
      ).toBe(true);
    },
  );

  it('stores a body sent with Content-Encoding: gzip as is, byte-identical to the object', { timeout: 45_000 }, async () => {
    stack.fault.gzipEncoding();
    const { manager, file } = await startDownload();
    const { item } = await settle(manager, ITEM, SETTLE_MS);
    expect(item.state, item.error ?? '').toBe('completed');
    await expectDelivered(manager, file);
    expect(gets().every((r) => r.faults.includes('gzip'))).toBe(true);
  });

  it('fails with disk-full when the disk fills up, keeps the bytes, and completes on Retry', { timeout: 45_000 }, async () => {
    const disk = fillingDisk(2000);
    const { manager, file } = await startDownload({ openPartFile: disk.openPartFile });
    const failed = await settle(manager, ITEM, SETTLE_MS);
    expect(failed.item).toMatchObject({ state: 'failed', problem: 'disk-full' });
    expect(failed.item.error).toBeTruthy();
    expect(disk.errors).toBeGreaterThan(0);
    expect(failed.seen.some((i) => i.state === 'completed')).toBe(false);
    await expectNothingDelivered(manager, file);
    expect(await sizeOf(`${file}.part`)).toBeGreaterThan(0);

    disk.full = false;
    const before = gets().length;
    const retried = await manager.retry([ITEM]);
    expect(retried.ok, JSON.stringify(retried)).toBe(true);
    if (retried.ok) expect(retried.value.items.find((i) => i.id === ITEM)?.state).not.toBe('failed');
    const { item } = await settle(manager, ITEM, SETTLE_MS);
    expect(item.state, item.error ?? '').toBe('completed');
    await expectDelivered(manager, file);
    const resumed = gets().slice(before);
    expect(resumed.length).toBeGreaterThan(0);
    expect(rangeStart(resumed[0]!.range), `range ${resumed[0]!.range}`).toBeGreaterThan(0);
  });

  it('never completes a file that arrives corrupt every time, and lists nothing', { timeout: 60_000 }, async () => {
    stack.fault.corrupt();
    const { manager, file } = await startDownload();
    const { item, seen } = await settle(manager, ITEM, 55_000);
    expect(item).toMatchObject({ state: 'failed', problem: 'corrupt' });
    expect(seen.some((i) => i.state === 'completed')).toBe(false);
    await expectNothingDelivered(manager, file);
    expect(gets().some((r) => r.faults.includes('corrupt'))).toBe(true);
  });
});
