import type { DownloadItem, DownloadState } from '../../../shared/index.js';
import { createLogger } from '../common/logger.js';
import { filePath } from './layout.js';
import type { DownloadQueue } from './queueState.js';
import type { RunResult } from './runner.js';

const log = createLogger('downloads');

/** Why a run was stopped: the stopper sets the item's state once the run has let go of its files. */
type Stop = 'pause' | 'cancel' | 'dispose';
interface Run {
  ctrl: AbortController;
  done: Promise<void>;
  stop?: Stop;
}

const STOPPABLE: Record<'pause' | 'cancel', readonly DownloadState[]> = {
  pause: ['queued', 'running', 'verifying'],
  cancel: ['queued', 'running', 'paused', 'verifying', 'failed'],
};

/** What the scheduler drives; it owns the runs, the queue owns the items. */
export interface SchedulerDeps {
  queue: DownloadQueue;
  /** The settings now: the folder a starting item goes to, how many run at once. */
  settings(): { folder: string; concurrency: number };
  /** Runs one item to its end (transfers.ts); never throws. */
  run(item: DownloadItem, folder: string, signal: AbortSignal): Promise<RunResult>;
  /** An item changed state (persist and notify). */
  changed(): void;
  /** Deletes a cancelled item's part and unfinished record (runner.ts `discardDownload`). */
  discard(file: string): Promise<void>;
  now(): number;
}

/**
 * Starts queued items in queue order up to the concurrency limit and moves each to its end state
 * (docs/downloads.md#queue): `completed` or `failed` from its run; `paused` or `cancelled` by {@link stop}, which
 * waits for the run to let go of its files first and only then starts the next item. A full disk pauses the others.
 */
export class Scheduler {
  private readonly runs = new Map<string, Run>();
  private closed = false;

  constructor(private readonly deps: SchedulerDeps) {}

  /** How many items run now. */
  get running(): number {
    return this.runs.size;
  }

  /** Starts queued items, in queue order, up to the concurrency limit. */
  pump(): void {
    if (this.closed) return;
    for (const item of this.deps.queue.list()) {
      if (this.runs.size >= this.deps.settings().concurrency) return;
      if (item.state === 'queued' && !this.runs.has(item.id)) this.start(item);
    }
  }

  /**
   * Pauses or cancels `ids` (all when undefined). An item not running takes its state at once; a running one is
   * aborted and takes it once its run has ended, unless that run completed (or, for a pause, failed) meanwhile.
   * A cancelled item's part and unfinished record are deleted. Then the next queued items start.
   */
  async stop(ids: readonly string[] | undefined, stop: 'pause' | 'cancel'): Promise<void> {
    const targets = this.deps.queue.select(ids, STOPPABLE[stop]);
    const waiting: Promise<void>[] = [];
    for (const item of targets) {
      const run = this.runs.get(item.id);
      if (!run) {
        this.settle(item, stop);
        continue;
      }
      run.stop ??= stop;
      run.ctrl.abort(new Error(stop === 'pause' ? 'Paused.' : 'Cancelled.'));
      waiting.push(run.done);
    }
    await Promise.all(waiting);
    for (const item of targets) {
      this.settle(item, stop);
      if (stop === 'cancel' && item.state === 'cancelled') await this.deps.discard(item.path);
    }
    this.deps.changed();
    this.pump();
  }

  /** Stops every run for good (their parts and records are kept to resume at the next start); nothing starts after. */
  async close(): Promise<void> {
    this.closed = true;
    const stopping = [...this.runs.values()].map((run) => {
      run.stop ??= 'dispose';
      run.ctrl.abort(new Error('Stopped.'));
      return run.done;
    });
    await Promise.all(stopping);
  }

  private start(item: DownloadItem): void {
    const { folder } = this.deps.settings();
    const ctrl = new AbortController();
    const run: Run = { ctrl, done: Promise.resolve() };
    this.runs.set(item.id, run);
    Object.assign(item, {
      state: 'running',
      waiting: null,
      error: null,
      problem: null,
      path: filePath(folder, item.datasetId, item.date),
    });
    this.deps.changed();
    run.done = (async () => {
      const result = await this.deps.run(item, folder, ctrl.signal);
      if (run.stop || result.kind === 'stopped') return; // the stopper sets the state
      if (result.kind === 'completed') {
        Object.assign(item, { state: 'completed', completedAt: new Date(this.deps.now()).toISOString(), waiting: null });
        return;
      }
      Object.assign(item, { state: 'failed', error: result.failure.message, problem: result.failure.problem, waiting: null });
      log.warn(`${item.id} failed (${result.failure.problem}): ${result.failure.message}`);
      // A full disk fails every download the same way: pause the others instead, so one Retry resumes the work.
      if (result.failure.problem === 'disk-full') {
        const others = this.deps.queue
          .list()
          .filter((i) => i.id !== item.id)
          .map((i) => i.id);
        void this.stop(others, 'pause');
      }
    })()
      .catch((err) => log.error(`${item.id}: unexpected`, err))
      .finally(() => {
        this.runs.delete(item.id);
        this.deps.changed();
        // A stopped run's stopper starts the next item once it has dealt with this one's files.
        if (!run.stop) this.pump();
      });
  }

  // The state a stop leaves (idempotent): a run that completed (or failed, for a pause) before the stop took effect keeps it.
  private settle(item: DownloadItem, stop: 'pause' | 'cancel'): void {
    if (item.state === 'completed' || (item.state === 'failed' && stop === 'pause')) return;
    if (stop === 'pause') {
      Object.assign(item, { state: 'paused', waiting: null, bytesPerSecond: 0, etaSeconds: null });
      return;
    }
    Object.assign(item, {
      state: 'cancelled',
      waiting: null,
      error: null,
      problem: null,
      bytesWritten: 0,
      bytesPerSecond: 0,
      etaSeconds: null,
    });
  }
}
