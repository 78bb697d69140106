import { createLogger } from '../common/logger.js';
import type { QueueSnapshot } from './queueStore.js';

const log = createLogger('downloads');

/** Byte progress reaches queue.json at most this often; state changes are saved at once. */
export const PROGRESS_SAVE_MS = 1_000;

/**
 * When the queue is saved (docs/downloads.md#the-queue-file): a state change at once, byte progress at most every
 * `intervalMs` (the last one always saved, by a timer). `write` is queueStore.ts's writer, which keeps saves in order;
 * a failed save is logged, never thrown: the next change saves again.
 */
export class QueueSaver {
  private lastSave = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly write: (snapshot: QueueSnapshot) => Promise<void>,
    private readonly snapshot: () => QueueSnapshot,
    private readonly now: () => number,
    private readonly intervalMs = PROGRESS_SAVE_MS,
  ) {}

  /** Saves now (`state`), or within `intervalMs` of the last save (`progress`). */
  changed(kind: 'state' | 'progress'): void {
    const since = this.now() - this.lastSave;
    if (kind === 'state' || since >= this.intervalMs) {
      void this.save();
      return;
    }
    this.timer ??= setTimeout(() => void this.save(), this.intervalMs - since);
    this.timer.unref?.();
  }

  /** Saves the current snapshot now (a pending timed save is folded in). */
  save(): Promise<void> {
    this.lastSave = this.now();
    this.stop();
    return this.write(this.snapshot()).catch((err) => log.warn('could not save the download queue', err));
  }

  /** Cancels a pending timed save. */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
