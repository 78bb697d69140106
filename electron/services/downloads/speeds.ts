import type { DownloadItem } from '../../../shared/index.js';
import { createSpeedMeter, type SpeedMeter } from './throttle.js';

/**
 * The speeds the queue shows (docs/downloads.md#queue): a meter per running item and one over every byte any file
 * receives, which also counts the gaps between files (one verifying, the next starting). Bytes per second throughout.
 */
export class QueueSpeeds {
  private readonly meters = new Map<string, SpeedMeter>();
  private readonly queueMeter = createSpeedMeter();
  private queueBytes = 0;

  constructor(private readonly now: () => number) {}

  /** `id` starts a run: a fresh meter. */
  begin(id: string): void {
    this.meters.set(id, createSpeedMeter());
  }

  /** `item` now has `total` bytes: sets its `bytesWritten` and samples both meters. */
  bytes(item: DownloadItem, total: number): void {
    const at = this.now();
    // A restart from byte 0 is not negative speed.
    this.queueBytes += Math.max(0, total - item.bytesWritten);
    this.queueMeter.sample(this.queueBytes, at);
    item.bytesWritten = total;
    this.meters.get(item.id)?.sample(total, at);
  }

  /** `item`'s run ended: its meter goes, its speed and ETA are cleared. */
  end(item: DownloadItem): void {
    this.meters.delete(item.id);
    item.bytesPerSecond = 0;
    item.etaSeconds = null;
  }

  /**
   * Sets each item's speed (0 unless running) and ETA of its remaining known bytes at that speed (null when either is
   * unknown); answers the queue's speed.
   */
  apply(items: readonly DownloadItem[]): number {
    const at = this.now();
    for (const item of items) {
      const meter = this.meters.get(item.id);
      const bps = meter && item.state === 'running' ? meter.bytesPerSecond(at) : 0;
      item.bytesPerSecond = Math.round(bps);
      item.etaSeconds =
        bps > 0 && item.expectedBytes !== null ? Math.max(0, Math.ceil((item.expectedBytes - item.bytesWritten) / bps)) : null;
    }
    return this.queueMeter.bytesPerSecond(at);
  }
}
