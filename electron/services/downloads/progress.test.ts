import { describe, expect, it, vi } from 'vitest';
import type { DownloadBatch, DownloadItem } from '../../../shared/index.js';
import { parseContentRange } from './transferResponse.js';
import { fsFailure, formatSize } from './problems.js';
import { createProgressEmitter, taskbarProgress, totalsOf, updateBatch } from './progress.js';
import { createSpeedMeter, createThrottle } from './throttle.js';

/** progress.ts, throttle.ts, problems.ts and the Content-Range parser: the pure parts. */

const item = (
  id: string,
  state: DownloadItem['state'],
  bytesWritten: number,
  expectedBytes: number | null,
  batchId = 'b',
): DownloadItem => ({
  id: `ds/${id}`,
  datasetId: 'ds',
  datasetName: 'DS',
  date: id,
  state,
  bytesWritten,
  expectedBytes,
  bytesPerSecond: state === 'running' ? 100 : 0,
  etaSeconds: null,
  attempts: 0,
  waiting: null,
  error: null,
  problem: null,
  path: '/x',
  batchId,
  queuedAt: '',
  completedAt: null,
});
const batch = (id = 'b'): DownloadBatch => ({
  id,
  datasetId: 'ds',
  datasetName: 'DS',
  files: 0,
  completed: 0,
  failed: 0,
  cancelled: 0,
  state: 'running',
  startedAt: '',
  endedAt: null,
});

describe('totals and taskbar', () => {
  it('sums the items that are not cancelled', () => {
    const items = [
      item('1', 'completed', 100, 100),
      item('2', 'running', 50, 100),
      item('3', 'cancelled', 10, 100),
      item('4', 'paused', 0, null),
    ];
    expect(totalsOf(items)).toEqual({
      files: 3,
      completed: 1,
      failed: 0,
      active: 1,
      paused: 1,
      bytesWritten: 150,
      expectedBytes: 200,
      bytesPerSecond: 100,
      etaSeconds: 1,
      fraction: 0.75,
    });
    // The queue's meter counts the gap between two files too; with nothing moving the speed is 0, whatever it says.
    expect(
      totalsOf([item('1', 'completed', 100, 100), item('2', 'verifying', 100, 100), item('3', 'queued', 0, 100)], 50),
    ).toMatchObject({ bytesPerSecond: 50, etaSeconds: 2 });
    expect(totalsOf([item('1', 'completed', 100, 100)], 50)).toMatchObject({ bytesPerSecond: 0, etaSeconds: null });
    expect(taskbarProgress(items, [batch()])).toBe(0.75);
    expect(taskbarProgress([item('1', 'paused', 0, 10)], [batch()])).toBeNull();
    expect(taskbarProgress([item('1', 'queued', 0, null)], [batch()])).toBe('indeterminate');
  });

  it('throttles the taskbar to 250 ms, except when it turns null or non-null', () => {
    vi.useFakeTimers();
    try {
      let t = 0;
      const seen: unknown[] = [];
      const emitter = createProgressEmitter(
        (v) => seen.push(v),
        () => t,
      );
      emitter.update(0.1);
      t = 100;
      emitter.update(0.2);
      emitter.update(0.3);
      expect(seen).toEqual([0.1]);
      t = 150;
      emitter.update(null);
      expect(seen).toEqual([0.1, null]);
      t = 160;
      emitter.update(0.4);
      expect(seen).toEqual([0.1, null, 0.4]);
      t = 200;
      emitter.update(0.5);
      t = 500;
      vi.advanceTimersByTime(300);
      expect(seen).toEqual([0.1, null, 0.4, 0.5]);
      emitter.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('batches', () => {
  it('ends once nothing is open: completed, cancelled, failed or mixed', () => {
    const b = batch();
    const items = [item('1', 'completed', 1, 1), item('2', 'running', 0, 1)];
    expect(updateBatch(b, items, 'T')).toBe(false);
    expect(b.state).toBe('running');
    items[1]!.state = 'failed';
    expect(updateBatch(b, items, 'T')).toBe(true);
    expect(b).toMatchObject({ state: 'failed', completed: 1, failed: 1, files: 2, endedAt: 'T' });
    expect(updateBatch(b, items, 'T2')).toBe(false); // once per end
    items[1]!.state = 'queued'; // retried: runs again
    expect(updateBatch(b, items, 'T3')).toBe(false);
    expect(b.state).toBe('running');
    items[1]!.state = 'cancelled';
    expect(updateBatch(b, items, 'T4')).toBe(true);
    expect(b.state).toBe('completed');
    const c = batch('c');
    expect(updateBatch(c, [item('5', 'cancelled', 0, 1, 'c')], 'T')).toBe(true);
    expect(c.state).toBe('cancelled');
  });
});

describe('throttle and speed', () => {
  it('spaces bytes at the shared rate after a short burst', async () => {
    let t = 0;
    const throttle = createThrottle(() => t);
    throttle.setRate(1000);
    t = 1000; // idle for a second: a burst of 250 ms worth is allowed
    const signal = new AbortController().signal;
    const start = Date.now();
    await throttle.take(250, signal);
    await throttle.take(50, signal);
    expect(Date.now() - start).toBeLessThan(40);
    throttle.setRate(null);
    await throttle.take(1e9, signal);
    const aborted = new AbortController();
    throttle.setRate(10);
    const pending = throttle.take(1000, aborted.signal).then(() => throttle.take(1000, aborted.signal));
    aborted.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
    t = 0;
  });

  it('measures speed over the last seconds', () => {
    const meter = createSpeedMeter();
    meter.sample(0, 0);
    meter.sample(1000, 1000);
    meter.sample(3000, 2000);
    expect(meter.bytesPerSecond(2000)).toBe(1500);
    expect(meter.bytesPerSecond(20_000)).toBeLessThan(1500);
  });
});

describe('problems and ranges', () => {
  it('maps file-system errors to problems with what to do', () => {
    const err = (code: string) => Object.assign(new Error(code), { code, syscall: 'write' });
    expect(fsFailure(err('ENOSPC'), '/data', 1_234_567)).toEqual({
      problem: 'disk-full',
      message:
        'The disk holding /data is full. Free some space or choose another downloads folder, then Retry: the 1.2 MB already downloaded are kept.',
    });
    expect(fsFailure(err('EACCES'), '/data', 0)).toEqual({
      problem: 'permission',
      message:
        'Gridscope cannot write to /data (permission denied). Choose another downloads folder or fix its permissions, then Retry.',
    });
    expect(fsFailure(err('EROFS'), '/data', 0).problem).toBe('permission');
    expect(fsFailure(err('EIO'), '/data', 0)).toMatchObject({ problem: 'other', message: /EIO/ });
    expect(formatSize(12)).toBe('12 bytes');
    expect(formatSize(340_000)).toBe('340 kB');
  });

  it('parses Content-Range', () => {
    expect(parseContentRange('bytes 100-199/200')).toEqual({ start: 100, end: 199, total: 200 });
    expect(parseContentRange('bytes 0-9/*')).toEqual({ start: 0, end: 9, total: null });
    expect(parseContentRange('bytes */200')).toBeUndefined();
    expect(parseContentRange(undefined)).toBeUndefined();
  });
});
