import { describe, expect, it } from 'vitest';
import type { DownloadItem } from '../../../shared/index.js';
import { QueueSpeeds } from './speeds.js';

/** speeds.ts alone: per-item speed and ETA while running, the queue's speed over every byte, nothing negative. */

const item = (id: string, expectedBytes: number | null): DownloadItem =>
  ({ id, state: 'running', bytesWritten: 0, expectedBytes, bytesPerSecond: 0, etaSeconds: null }) as DownloadItem;

describe('QueueSpeeds', () => {
  it('measures each running item and the whole queue; an ended run shows no speed', () => {
    let now = 0;
    const speeds = new QueueSpeeds(() => now);
    const a = item('a', 10_000);
    const b = item('b', null);
    speeds.begin('a');
    speeds.begin('b');
    speeds.bytes(a, 0);
    speeds.bytes(b, 0);
    now = 1_000;
    speeds.bytes(a, 1_000);
    speeds.bytes(b, 3_000);
    expect(Math.round(speeds.apply([a, b]))).toBe(4_000);
    expect(a).toMatchObject({ bytesWritten: 1_000, bytesPerSecond: 1_000, etaSeconds: 9 });
    expect(b).toMatchObject({ bytesPerSecond: 3_000, etaSeconds: null });
    // A restart from byte 0 adds nothing to the queue's bytes, and is no negative speed.
    speeds.bytes(b, 0);
    speeds.end(a);
    expect(a).toMatchObject({ bytesPerSecond: 0, etaSeconds: null });
    b.state = 'paused';
    speeds.apply([a, b]);
    expect(b.bytesPerSecond).toBe(0);
    expect(a.bytesPerSecond).toBe(0);
  });
});
