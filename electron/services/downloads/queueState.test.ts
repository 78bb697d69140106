import { describe, expect, it } from 'vitest';
import type { DownloadBatch, DownloadItem } from '../../../shared/index.js';
import { filePath } from './layout.js';
import { checkEnqueue, DownloadQueue, MAX_BATCHES, type AddContext } from './queueState.js';
import { fixtureDataset } from './test-support/fixtures.js';

/** queueState.ts alone: adding days as batches, what is skipped, settling batches, what is saved. */

const dataset = fixtureDataset('ds_queue');
const files = (...dates: string[]) => dates.map((date) => ({ date, sizeBytes: 1000, lastModified: '2024-01-01T00:00:00Z' }));
let batchNo = 0;
const context = (over: Partial<AddContext> = {}): AddContext => ({
  folder: '/dl',
  batchId: `b${++batchNo}`,
  nowIso: '2026-01-01T00:00:00.000Z',
  isVerified: async () => false,
  partBytes: async () => 0,
  ...over,
});
const states = (q: DownloadQueue) => q.list().map((i) => `${i.date}:${i.state}`);

describe('DownloadQueue', () => {
  it('adds new days as one batch, in order, each starting at its part size', async () => {
    const q = new DownloadQueue();
    const added = await q.add(
      dataset,
      files('2024-01-02', '2024-01-01', '2024-01-02'),
      context({ partBytes: async (f) => (f.endsWith('01.csv.gz') ? 300 : 0) }),
    );
    expect(added).toBe(2);
    expect(states(q)).toEqual(['2024-01-02:queued', '2024-01-01:queued']);
    const first = q.list()[1]!;
    expect(first).toMatchObject({
      id: 'ds_queue/2024-01-01',
      bytesWritten: 300,
      expectedBytes: 1000,
      attempts: 0,
      batchId: `b${batchNo}`,
    });
    expect(first.path).toBe(filePath('/dl', 'ds_queue', '2024-01-01'));
    expect(q.copies().batches).toEqual([expect.objectContaining({ id: `b${batchNo}`, files: 2, state: 'running' })]);
    expect(q.datasetOf(first)).toBe(dataset);
  });

  it('skips days open in the queue or verified in the library, replaces ended ones keeping their attempts', async () => {
    const q = new DownloadQueue();
    await q.add(dataset, files('2024-01-01', '2024-01-02'), context());
    const [a, b] = q.list() as DownloadItem[];
    Object.assign(a!, { state: 'failed', attempts: 4 });
    Object.assign(b!, { state: 'paused' });
    const added = await q.add(
      dataset,
      files('2024-01-01', '2024-01-02', '2024-01-03'),
      context({ isVerified: async (_id, d) => d === '2024-01-03' }),
    );
    expect(added).toBe(1);
    expect(states(q)).toEqual(['2024-01-02:paused', '2024-01-01:queued']);
    expect(q.list()[1]!.attempts).toBe(4);
    expect(q.copies().batches).toHaveLength(2);
    // Nothing new: no batch.
    expect(await q.add(dataset, files('2024-01-02'), context())).toBe(0);
    expect(q.copies().batches).toHaveLength(2);
    expect(q.openCount()).toBe(2);
    expect(q.select(undefined, ['paused']).map((i) => i.date)).toEqual(['2024-01-02']);
    expect(q.select(['ds_queue/2024-01-01'], ['paused'])).toEqual([]);
  });

  it('settles a batch once when its last item ends, and keeps how it ended after the list is cleared', async () => {
    const q = new DownloadQueue();
    await q.add(dataset, files('2024-01-01', '2024-01-02'), context());
    const [a, b] = q.list() as DownloadItem[];
    a!.state = 'completed';
    expect(q.settleBatches('t1')).toEqual([]);
    b!.state = 'cancelled';
    expect(q.settleBatches('t2')).toEqual([
      expect.objectContaining({ state: 'completed', completed: 1, cancelled: 1, endedAt: 't2' }),
    ]);
    expect(q.settleBatches('t3')).toEqual([]);
    q.clearFinished();
    expect(q.list()).toEqual([]);
    expect(q.copies().batches[0]).toMatchObject({ state: 'completed', completed: 1, endedAt: 't2' });
  });

  it('forgets ended batches past the limit whose items are gone, never a running one', async () => {
    const q = new DownloadQueue();
    const ended: DownloadBatch[] = Array.from({ length: MAX_BATCHES + 5 }, (_, n) => ({
      id: `old${n}`,
      datasetId: 'ds_queue',
      datasetName: 'x',
      files: 1,
      completed: 1,
      failed: 0,
      cancelled: 0,
      state: n === MAX_BATCHES + 4 ? 'running' : 'completed',
      startedAt: 't',
      endedAt: 't',
    }));
    q.load({ items: [], batches: ended, datasets: {} });
    await q.add(dataset, files('2024-01-01'), context());
    const ids = q.copies().batches.map((b) => b.id);
    expect(ids).toHaveLength(MAX_BATCHES + 1);
    expect(ids[0]).toBe(`b${batchNo}`);
    expect(ids).toContain(`old${MAX_BATCHES + 4}`);
    expect(ids).not.toContain(`old${MAX_BATCHES + 3}`);
  });

  it('saves items without their live fields, running ones queued when stopping, and only the datasets in use', async () => {
    const q = new DownloadQueue();
    q.load({ items: [], batches: [], datasets: { gone: fixtureDataset('gone') } });
    await q.add(dataset, files('2024-01-01', '2024-01-02'), context());
    const [a, b] = q.list() as DownloadItem[];
    Object.assign(a!, { state: 'running', bytesPerSecond: 5, waiting: 'retrying' });
    b!.state = 'verifying';
    const live = q.snapshot(false);
    expect(live.items.map((i) => i.state)).toEqual(['running', 'verifying']);
    expect(live.items[0]).not.toHaveProperty('bytesPerSecond');
    expect(live.items[0]).not.toHaveProperty('waiting');
    expect(Object.keys(live.datasets)).toEqual(['ds_queue']);
    expect(q.snapshot(true).items.map((i) => i.state)).toEqual(['queued', 'queued']);
    expect(a!.state).toBe('running');
  });
});

describe('checkEnqueue', () => {
  it('accepts a dataset with 1 to the most days, and says what is wrong otherwise', () => {
    expect(checkEnqueue({ dataset, files: files('2024-01-01') }).ok).toBe(true);
    expect(checkEnqueue({ dataset: { ...dataset, id: '../x' }, files: files('2024-01-01') })).toMatchObject({
      ok: false,
      error: { code: 'validation', message: 'The dataset to download is not valid.' },
    });
    expect(checkEnqueue({ dataset, files: [] })).toMatchObject({ error: { message: 'Choose at least one day to download.' } });
    expect(checkEnqueue({ dataset, files: files('2024-02-30') })).toMatchObject({
      error: { message: 'Not a date: 2024-02-30 (a date as YYYY-MM-DD, e.g. 2024-03-01).' },
    });
  });
});
