import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ClientDatasetDetail,
  ExportListResponse,
  PresignedExportResponse,
  codeForStatus,
  fail,
  ok,
} from '../../../shared/index.js';
import type { DownloadBatch } from '../../../shared/index.js';
import { TEST_KEY, startTestServer } from '../../../server/test-support/testing.js';
import { setLogSink } from '../common/logger.js';
import { filePath, libraryIndexPath } from './layout.js';
import { createDownloadManager } from './manager.js';
import type { DownloadManager, Presign } from './types.js';

/**
 * Happy path against the real /v1 server (server/): a week of one dataset downloaded through presigned links, each
 * file byte-identical to a direct download, verified in the library, offered for review, and found again after the
 * library index is lost.
 */

const ID = 'spp_west_tie_flows_1_min';
const DATES = ['2026-03-25', '2026-03-26', '2026-03-27', '2026-03-28', '2026-03-29', '2026-03-30', '2026-03-31'];

let server: Awaited<ReturnType<typeof startTestServer>>;
let origin: string;
let manager: DownloadManager;
let dirs: string[] = [];

const getJson = async (url: string): Promise<unknown> => {
  const res = await fetch(url, { headers: { 'x-api-key': TEST_KEY } });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return res.json();
};

/** What main wires through the proxy: the link from /v1 with the key; the manager itself never sees the key. */
const presign: Presign = async (datasetId, date, signal) => {
  const res = await fetch(`${origin}/v1/csv-exports/${datasetId}/${date}`, { headers: { 'x-api-key': TEST_KEY }, signal });
  if (!res.ok) return fail(codeForStatus(res.status), `presign ${res.status}`, res.status);
  const body = PresignedExportResponse.parse(await res.json());
  return ok({ url: body.presigned_url, expiresInSeconds: body.expires_in_seconds });
};

beforeAll(async () => {
  setLogSink(() => undefined);
  server = await startTestServer();
  origin = (await server.app.listen({ port: 0, host: '127.0.0.1' })).replace('localhost', '127.0.0.1');
});
afterAll(async () => {
  await manager?.dispose();
  await server?.close();
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  dirs = [];
  setLogSink();
});

describe('downloads from the /v1 server', () => {
  it('downloads a week byte-identical to the objects and lists it verified', { timeout: 60_000 }, async () => {
    const configDir = await mkdtemp(path.join(tmpdir(), 'gs-dl-srv-config-'));
    const folder = await mkdtemp(path.join(tmpdir(), 'gs-dl-srv-folder-'));
    dirs = [configDir, folder];
    const dataset = ClientDatasetDetail.parse(await getJson(`${origin}/v1/datasets/${ID}`));
    const listing = ExportListResponse.parse(await getJson(`${origin}/v1/csv-exports/${ID}?year=2026&month=3`));
    const files = listing.files
      .filter((f) => DATES.includes(f.date))
      .map((f) => ({ date: f.date, sizeBytes: f.size_bytes, lastModified: f.last_modified }));
    expect(files.map((f) => f.date)).toEqual(DATES);

    const finished: DownloadBatch[] = [];
    manager = createDownloadManager({ configDir, defaultFolder: folder, presign, onBatchFinished: (b) => finished.push(b) });
    const queued = await manager.enqueue({ dataset, files });
    expect(queued.ok && queued.value.items.map((i) => i.date)).toEqual(DATES);

    const deadline = Date.now() + 45_000;
    while (finished.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    expect(finished).toHaveLength(1);
    expect(finished[0]).toMatchObject({ state: 'completed', files: 7, completed: 7, failed: 0 });
    const state = await manager.state();
    expect(state.ok && state.value.items.every((i) => i.state === 'completed' && i.bytesWritten === i.expectedBytes)).toBe(true);
    expect(state.ok && state.value.totals).toMatchObject({ files: 7, completed: 7, active: 0, fraction: 1 });

    for (const date of DATES) {
      const link = await presign(ID, date, new AbortController().signal);
      if (!link.ok) throw new Error(link.error.message);
      const direct = Buffer.from(
        await (await fetch(link.value.url, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
      );
      const mine = await readFile(filePath(folder, ID, date));
      expect(mine.equals(direct), date).toBe(true);
    }

    const library = await manager.library();
    if (!library.ok) throw new Error(library.error.message);
    const ds = library.value.datasets.find((d) => d.datasetId === ID)!;
    expect(ds.files.map((f) => [f.date, f.state])).toEqual(DATES.map((d) => [d, 'verified']));
    expect(ds.metadata?.all_columns.map((c) => c.name)).toEqual(dataset.all_columns.map((c) => c.name));
    expect(ds.bytes).toBe(files.reduce((s, f) => s + f.sizeBytes, 0));

    const local = await manager.localFiles(ID, DATES);
    expect(local.ok && local.value.files.map((f) => f.date)).toEqual(DATES);

    const verified = await manager.verify(ID);
    expect(verified.ok && verified.value.datasets[0]?.files.every((f) => f.state === 'verified')).toBe(true);

    await rm(libraryIndexPath(folder));
    const rebuilt = await manager.library();
    expect(rebuilt.ok && rebuilt.value.rebuilt).toBe(true);
    expect(rebuilt.ok && rebuilt.value.datasets[0]?.files).toHaveLength(7);

    const deleted = await manager.deleteFiles(ID, [DATES[0]!]);
    expect(deleted.ok && deleted.value.datasets[0]?.files).toHaveLength(6);
    const requeued = await manager.enqueue({ dataset, files });
    expect(requeued.ok && requeued.value.items.filter((i) => i.state !== 'completed').map((i) => i.date)).toEqual([DATES[0]]);
  });
});
