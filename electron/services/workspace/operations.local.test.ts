import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fail, ok } from '../../../shared/index.js';
import type { PullRecord, Result, RowsPage } from '../../../shared/index.js';
import { setLogSink } from '../common/logger.js';
import type { DownloadManager, LocalFiles } from '../downloads/types.js';
import type { V1Proxy } from '../v1/proxy.js';
import { createWorkspaceService } from './service.js';
import type { PullsProgress, WorkspaceService } from './service.js';
import { consecutiveDates, writeDayFiles } from './test-support/localFiles.js';
import type { FinishedJob } from '../common/jobs.js';
import { createWorkspaceOperations } from './operations.js';

// `workspace:openLocal` through its handler on a real workspace service, with a fake download manager answering real
// gzipped day files and a /v1 proxy that fails the test if it is used at all: the review must work offline.

const DATES = consecutiveDates('2024-06-01', 3);
let dir: string;
let files: LocalFiles;
let workspace: WorkspaceService;
const proxyCalls: string[] = [];
const taskbar: PullsProgress[] = [];
const jobs: FinishedJob[] = [];

// Any use of the proxy (a request, a cache lookup) is recorded and throws.
const offlineProxy = new Proxy({} as V1Proxy, {
  get: (_target, prop) =>
    prop === 'then'
      ? undefined
      : () => {
          proxyCalls.push(String(prop));
          throw new Error(`the proxy was used: ${String(prop)}`);
        },
});

/** A download manager whose `localFiles` answers `answer`; every other method is unused here. */
function downloadsAnswering(answer: (datasetId: string, dates: readonly string[]) => Result<LocalFiles>): DownloadManager {
  return { localFiles: async (datasetId, dates) => answer(datasetId, dates) } as Partial<DownloadManager> as DownloadManager;
}

beforeAll(async () => {
  setLogSink(() => undefined);
  dir = await mkdtemp(join(tmpdir(), 'gs-open-local-'));
  files = await writeDayFiles(join(dir, 'downloads'), DATES, { locations: 4 });
  workspace = createWorkspaceService({
    dir: join(dir, 'workspace'),
    activeProfile: async () => 'remote',
    proxy: offlineProxy,
    onPullProgress: (p) => taskbar.push(p),
    onJobFinished: (job) => jobs.push(job),
    longJobMs: 0,
  });
});
afterAll(async () => {
  await workspace.dispose();
  await rm(dir, { recursive: true, force: true });
  setLogSink();
});

async function ended(handlers: ReturnType<typeof createWorkspaceOperations>, id: number): Promise<PullRecord> {
  for (let i = 0; i < 2400; i++) {
    const r = await handlers.pulls({ pullIds: [id] });
    if (!r.ok) throw new Error(r.error.message);
    if (r.value[0]!.state !== 'running') return r.value[0]!;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`pull ${id} did not end`);
}

describe('workspace:openLocal', () => {
  it('asks the library for the days, answers a running local record, ends complete, never touching the network', async () => {
    const asked: [string, readonly string[]][] = [];
    const handlers = createWorkspaceOperations({
      workspace,
      proxy: offlineProxy,
      downloads: downloadsAnswering((datasetId, dates) => {
        asked.push([datasetId, dates]);
        return ok(files);
      }),
    });
    const started = await handlers.openLocal({ datasetId: files.dataset.id, dates: DATES });
    if (!started.ok) throw new Error(started.error.message);
    expect(asked).toEqual([[files.dataset.id, DATES]]);
    expect(started.value).toMatchObject({ kind: 'local', profile: 'remote', local: { dates: DATES, files: 3 } });
    const done = await ended(handlers, started.value.id);
    expect(done).toMatchObject({ state: 'complete', rows: 3 * 288 * 4, pages: 3, rowsCharged: 0 });
    const page = (await handlers.rows({ pullId: done.id, limit: 2 })) as Result<RowsPage>;
    expect(page.ok && page.value.rows[0]?.[0]).toBe('2024-06-01T00:00:00+00:00');
    expect(proxyCalls).toEqual([]);
    // The taskbar saw the review run and then nothing; its end was reported as a job.
    expect(taskbar.at(-1)).toBeNull();
    expect(taskbar.some((p) => p !== null)).toBe(true);
    expect(jobs.find((j) => j.name === `Review of ${files.dataset.id}`)).toMatchObject({ state: 'completed' });
  });

  it("passes the library's not_found through, naming the missing days, and records nothing", async () => {
    const handlers = createWorkspaceOperations({
      workspace,
      proxy: offlineProxy,
      downloads: downloadsAnswering(() => fail('not_found', 'Not downloaded: 2024-06-09, 2024-06-10.')),
    });
    const before = await handlers.pulls({});
    const r = await handlers.openLocal({ datasetId: files.dataset.id, dates: ['2024-06-09', '2024-06-10'] });
    expect(r).toEqual({ ok: false, error: { code: 'not_found', message: 'Not downloaded: 2024-06-09, 2024-06-10.' } });
    const after = await handlers.pulls({});
    expect(after.ok && after.value.length).toBe(before.ok && before.value.length);
    expect(proxyCalls).toEqual([]);
  });

  it('answers internal without a download manager or a workspace', async () => {
    const noDownloads = createWorkspaceOperations({ workspace, proxy: offlineProxy });
    expect(await noDownloads.openLocal({ datasetId: 'x', dates: DATES })).toMatchObject({
      ok: false,
      error: { code: 'internal', message: expect.stringMatching(/Downloads are not available/) },
    });
    const noWorkspace = createWorkspaceOperations({ proxy: offlineProxy, downloads: downloadsAnswering(() => ok(files)) });
    expect(await noWorkspace.openLocal({ datasetId: 'x', dates: DATES })).toMatchObject({
      ok: false,
      error: { code: 'internal' },
    });
  });
});
