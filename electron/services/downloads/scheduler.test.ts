import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DownloadItem } from '../../../shared/index.js';
import { setLogSink } from '../common/logger.js';
import { DownloadQueue } from './queueState.js';
import type { RunResult } from './runner.js';
import { Scheduler } from './scheduler.js';
import { fixtureDataset } from './test-support/fixtures.js';

/**
 * scheduler.ts alone, with runs the test ends by hand: queue order and the concurrency limit, end states, pause and
 * cancel waiting for a run to let go (and the next item waiting for a cancel's cleanup), a full disk, close.
 */

beforeAll(() => setLogSink(() => undefined));
afterAll(() => setLogSink());

interface FakeRun {
  item: DownloadItem;
  folder: string;
  signal: AbortSignal;
  end(result: RunResult): void;
}

async function setup(dates: string[], concurrency = 2) {
  const queue = new DownloadQueue();
  await queue.add(
    fixtureDataset('ds_sched'),
    dates.map((date) => ({ date, sizeBytes: 10, lastModified: '2024-01-01T00:00:00Z' })),
    { folder: '/dl', batchId: 'b1', nowIso: 't0', isVerified: async () => false, partBytes: async () => 0 },
  );
  const runs: FakeRun[] = [];
  const events: string[] = [];
  const scheduler = new Scheduler({
    queue,
    settings: () => ({ folder: '/dl', concurrency }),
    run: (item, folder, signal) =>
      new Promise<RunResult>((resolve) => {
        runs.push({ item, folder, signal, end: resolve });
        events.push(`start ${item.date}`);
        // A run lets go of its files a moment after the abort, as the runner does.
        signal.addEventListener('abort', () => setTimeout(() => resolve({ kind: 'stopped' }), 5), { once: true });
      }),
    changed: () => undefined,
    discard: async (file) => {
      await new Promise((r) => setTimeout(r, 5));
      events.push(`discard ${/\d{4}-\d{2}-\d{2}/.exec(file)?.[0]}`);
    },
    now: () => Date.parse('2026-01-02T03:04:05Z'),
  });
  const item = (date: string) => queue.list().find((i) => i.date === date)!;
  const idOf = (date: string) => `ds_sched/${date}`;
  return { queue, scheduler, runs, events, item, idOf };
}

describe('Scheduler', () => {
  it('starts queued items in queue order up to the limit, the next as one ends, with their end states', async () => {
    const { scheduler, runs, item } = await setup(['2024-01-01', '2024-01-02', '2024-01-03']);
    scheduler.pump();
    expect(runs.map((r) => r.item.date)).toEqual(['2024-01-01', '2024-01-02']);
    expect(item('2024-01-01')).toMatchObject({ state: 'running', path: expect.stringContaining('2024-01-01.csv.gz') });
    expect(item('2024-01-03').state).toBe('queued');
    runs[0]!.end({ kind: 'completed' });
    await vi.waitFor(() => expect(runs).toHaveLength(3));
    expect(item('2024-01-01')).toMatchObject({ state: 'completed', completedAt: '2026-01-02T03:04:05.000Z' });
    runs[1]!.end({ kind: 'failed', failure: { problem: 'not-found', message: 'No export.' } });
    await vi.waitFor(() => expect(item('2024-01-02').state).toBe('failed'));
    expect(item('2024-01-02')).toMatchObject({ error: 'No export.', problem: 'not-found' });
    expect(scheduler.running).toBe(1);
  });

  it('pauses queued items at once and running ones once their run has let go', async () => {
    const { scheduler, runs, item } = await setup(['2024-01-01', '2024-01-02', '2024-01-03'], 1);
    scheduler.pump();
    const stopping = scheduler.stop(undefined, 'pause');
    expect(item('2024-01-02').state).toBe('paused');
    expect(item('2024-01-01').state).toBe('running');
    expect(runs[0]!.signal.aborted).toBe(true);
    await stopping;
    expect(item('2024-01-01').state).toBe('paused');
    expect(runs).toHaveLength(1);
  });

  it('starts the next item only after a cancelled one has had its files deleted', async () => {
    const { scheduler, events, item, idOf } = await setup(['2024-01-01', '2024-01-02'], 1);
    scheduler.pump();
    await scheduler.stop([idOf('2024-01-01')], 'cancel');
    expect(item('2024-01-01')).toMatchObject({ state: 'cancelled', bytesWritten: 0, error: null });
    // The two days share a month folder: the second must not start while the first's is being emptied.
    expect(events).toEqual(['start 2024-01-01', 'discard 2024-01-01', 'start 2024-01-02']);
  });

  it('leaves a completed item alone when everything is cancelled: its state and its files', async () => {
    const { scheduler, runs, item, events } = await setup(['2024-01-01', '2024-01-02'], 1);
    scheduler.pump();
    runs[0]!.end({ kind: 'completed' });
    await vi.waitFor(() => expect(item('2024-01-01').state).toBe('completed'));
    await scheduler.stop(undefined, 'cancel');
    expect(item('2024-01-01').state).toBe('completed');
    expect(item('2024-01-02').state).toBe('cancelled');
    expect(events).toEqual(['start 2024-01-01', 'start 2024-01-02', 'discard 2024-01-02']);
  });

  it('pauses the other items when one fails for a full disk', async () => {
    const { scheduler, runs, item } = await setup(['2024-01-01', '2024-01-02', '2024-01-03']);
    scheduler.pump();
    runs[0]!.end({ kind: 'failed', failure: { problem: 'disk-full', message: 'The disk is full.' } });
    await vi.waitFor(() => expect(item('2024-01-02').state).toBe('paused'));
    expect(item('2024-01-01').state).toBe('failed');
    expect(item('2024-01-03').state).toBe('paused');
    expect(runs).toHaveLength(2);
  });

  it('close() stops every run, leaving their state to be saved as it was, and starts nothing after', async () => {
    const { scheduler, runs, item } = await setup(['2024-01-01', '2024-01-02', '2024-01-03']);
    scheduler.pump();
    await scheduler.close();
    expect(runs.every((r) => r.signal.aborted)).toBe(true);
    expect(item('2024-01-01').state).toBe('running');
    scheduler.pump();
    expect(runs).toHaveLength(2);
    expect(scheduler.running).toBe(0);
  });
});
