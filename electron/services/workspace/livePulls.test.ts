import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../../shared/index.js';
import type { PullRecord, PullState } from '../../../shared/index.js';
import { setLogSink } from '../common/logger.js';
import { jobDetail, LivePulls } from './livePulls.js';
import type { PullOutcome, PullReport } from './pull.js';
import { seedPull, tempWorkspace } from './test-support/helpers.js';
import type { Workspace } from './workspace.js';

/**
 * livePulls.ts alone, on a real workspace with pulls seeded in SQL and progress reported by hand: the summed taskbar
 * value, a running record's progress, forgetting a closing profile, and which pull ends are reported.
 */

let ws: Workspace;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  setLogSink(() => undefined);
  ({ ws, cleanup } = await tempWorkspace());
});
afterAll(async () => {
  await cleanup();
  setLogSink();
});

const report = (pullId: number, rows: number, state: PullState = 'running', etaSeconds: number | null = null): PullReport => ({
  pullId,
  state,
  rows,
  pages: 1,
  bytes: rows * 10,
  rowsCharged: rows,
  elapsedMs: 1000,
  rowsPerSecond: 100,
  etaSeconds,
  waiting: null,
});
const outcome = (pullId: number, state: PullOutcome['state'], rows: number): PullOutcome => ({
  pullId,
  state,
  rows,
  pages: 1,
  rowsCharged: rows,
  elapsedMs: 1000,
});

/** A pull started by hand: `progress` reports, `end` resolves its `done`. */
async function started(pulls: LivePulls, name: string, expected: number | ((p: PullReport) => number)) {
  const id = await seedPull(ws, 'SELECT CAST(1 AS BIGINT) AS i', 'running', name);
  let progress!: (p: PullReport) => void;
  let end!: (o: PullOutcome) => void;
  const done = new Promise<PullOutcome>((resolve) => (end = resolve));
  const record = await pulls.follow(ws, name, expected, async (onProgress) => {
    progress = onProgress;
    return ok({ pullId: id, tableName: `pull_${id}`, done });
  });
  return { id, record, progress: (p: PullReport) => progress(p), end };
}

let now = 0;
afterEach(() => {
  now = 0;
});

describe('LivePulls', () => {
  it('sums the expected rows of running pulls for the taskbar, telling only changes, null once none runs', async () => {
    const told: unknown[] = [];
    const pulls = new LivePulls({ now: () => now, onPullProgress: (p) => told.push(p) });
    const a = await started(pulls, 'a', 1000);
    const b = await started(pulls, 'b', Infinity);
    a.progress(report(a.id, 0));
    expect(told).toEqual([0]);
    b.progress(report(b.id, 50));
    a.progress(report(a.id, 250));
    a.progress(report(a.id, 250));
    expect(told).toEqual([0, 0.25]);
    a.end(outcome(a.id, 'complete', 1000));
    await new Promise((r) => setTimeout(r, 0));
    // Only a pull without a known total is left.
    expect(told).toEqual([0, 0.25, 'indeterminate']);
    b.progress(report(b.id, 60, 'complete'));
    expect(told).toEqual([0, 0.25, 'indeterminate', null]);
  });

  it('shows a running record with its live figures, and forgets the pulls of a closing profile', async () => {
    const pulls = new LivePulls({ now: () => now });
    const a = await started(pulls, 'live', (p) => p.rows + (p.etaSeconds ?? 0) * p.rowsPerSecond);
    expect(a.record.ok && a.record.value.state).toBe('running');
    a.progress(report(a.id, 40, 'running', 3));
    const record = a.record.ok ? a.record.value : undefined;
    expect(pulls.withProgress(record!).progress).toMatchObject({ rows: 40, etaSeconds: 3 });
    expect(pulls.withProgress({ ...record!, state: 'complete' }).progress).toEqual(record!.progress);
    pulls.forget('remote');
    expect(pulls.withProgress(record!).progress?.rows).toBe(40);
    pulls.forget('embedded');
    expect(pulls.withProgress(record!)).toBe(record);
  });

  it('shows the live figures of a refresh on its settled record while it runs, and none once it has ended', async () => {
    const pulls = new LivePulls({ now: () => now });
    const ws = { profile: 'embedded' } as Workspace;
    const settled = { id: 7, profile: 'embedded', state: 'complete' } as PullRecord;
    let tell: ((p: PullReport) => void) | undefined;
    let finish: (() => void) | undefined;
    const running = pulls.followRefresh(ws, 7, (onProgress) => {
      tell = onProgress;
      return new Promise<string>((resolve) => (finish = () => resolve('done')));
    });
    expect(pulls.withProgress(settled)).toBe(settled);
    tell!(report(7, 1000, 'running', 2));
    expect(pulls.withProgress(settled)).toMatchObject({ state: 'complete', refreshing: { rows: 1000, etaSeconds: 2 } });
    expect(pulls.withProgress(settled).progress).toBeUndefined();
    expect(pulls.withProgress({ ...settled, profile: 'remote' }).refreshing).toBeUndefined();
    finish!();
    expect(await running).toBe('done');
    expect(pulls.withProgress(settled)).toBe(settled);
  });

  it('reports the end of a pull that ran at least the long-job time, once, a throwing listener logged', async () => {
    const jobs: unknown[] = [];
    const pulls = new LivePulls({ now: () => now, longJobMs: 5_000, onJobFinished: (j) => jobs.push(j) });
    const quick = await started(pulls, 'Pull of quick', 10);
    now = 4_999;
    quick.end(outcome(quick.id, 'complete', 10));
    const slow = await started(pulls, 'Pull of slow', 10);
    now = 4_999 + 5_000;
    slow.end({ ...outcome(slow.id, 'partial', 1234), error: { code: 'network', message: 'Gave up' } });
    await new Promise((r) => setTimeout(r, 0));
    expect(jobs).toEqual([{ name: 'Pull of slow', state: 'failed', startedAt: 4_999, detail: 'Gave up (1,234 rows kept)' }]);
    const throwing = new LivePulls({
      now: () => now,
      longJobMs: 0,
      onJobFinished: () => {
        throw new Error('notification failed');
      },
    });
    const c = await started(throwing, 'c', 1);
    c.end(outcome(c.id, 'complete', 1));
    await new Promise((r) => setTimeout(r, 0));
  });

  it('says what a finished pull did', () => {
    expect(jobDetail(outcome(1, 'complete', 1))).toBe('1 row');
    expect(jobDetail(outcome(1, 'cancelled', 2500))).toBe('2,500 rows kept');
    expect(jobDetail({ ...outcome(1, 'failed', 0), error: { code: 'auth', message: 'Key rejected' } })).toBe('Key rejected');
    expect(jobDetail(outcome(1, 'failed', 0))).toBe('Failed');
  });
});
