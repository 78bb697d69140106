import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLogSink } from '../common/logger.js';
import { QueueSaver } from './queueSaver.js';
import type { QueueSnapshot } from './queueStore.js';

/** queueSaver.ts alone: state changes saved at once, byte progress at most once a second, the last one never lost. */

beforeAll(() => setLogSink(() => undefined));
afterAll(() => setLogSink());
afterEach(() => vi.useRealTimers());

function setup() {
  vi.useFakeTimers({ now: 10_000 });
  let version = 0;
  const written: number[] = [];
  const saver = new QueueSaver(
    async (snapshot) => void written.push(snapshot.items.length),
    () => ({ items: Array.from({ length: ++version }), batches: [], datasets: {} }) as unknown as QueueSnapshot,
    Date.now,
    1_000,
  );
  return { saver, written };
}

describe('QueueSaver', () => {
  it('saves a state change at once and byte progress at most once per interval, the last one by a timer', async () => {
    const { saver, written } = setup();
    saver.changed('state');
    expect(written).toEqual([1]);
    saver.changed('progress');
    saver.changed('progress');
    vi.advanceTimersByTime(500);
    saver.changed('progress');
    expect(written).toEqual([1]);
    vi.advanceTimersByTime(500);
    await Promise.resolve();
    expect(written).toEqual([1, 2]);
    vi.advanceTimersByTime(5_000);
    expect(written).toEqual([1, 2]);
    // Long enough after the last save, progress goes at once.
    saver.changed('progress');
    expect(written).toEqual([1, 2, 3]);
  });

  it('folds a pending progress save into a state save, and stop() drops it', () => {
    const { saver, written } = setup();
    saver.changed('state');
    saver.changed('progress');
    saver.changed('state');
    vi.advanceTimersByTime(2_000);
    expect(written).toEqual([1, 2]);
    saver.changed('state');
    saver.changed('progress');
    saver.stop();
    vi.advanceTimersByTime(2_000);
    expect(written).toEqual([1, 2, 3]);
  });

  it('logs a failed save instead of throwing', async () => {
    vi.useFakeTimers({ now: 0 });
    const saver = new QueueSaver(
      () => Promise.reject(new Error('ENOSPC')),
      () => ({ items: [], batches: [], datasets: {} }),
      Date.now,
    );
    await expect(saver.save()).resolves.toBeUndefined();
  });
});
