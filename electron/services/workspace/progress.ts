import { createLogger } from '../common/logger.js';
import type { ProxyProgress } from '../v1/proxy.js';
import type { PullState } from './workspace.js';

/** Progress reports of a pull: throttled, with the rate so far and an ETA when the number of rows to come is known. */

/** Progress of a pull. Rows charged are the rows received: the server charges the rows it returns. */
export interface PullProgress {
  pullId: number;
  state: PullState;
  /** Rows stored so far. */
  rows: number;
  /** Pages stored so far. */
  pages: number;
  /** Body bytes received so far, after decompression (also within a page). */
  bytes: number;
  rowsCharged: number;
  elapsedMs: number;
  rowsPerSecond: number;
  /** Seconds left when the expected rows or `limit` tell how many remain; null otherwise; 0 at the end. */
  etaSeconds: number | null;
  /** The proxy's retry state of the page request in progress (e.g. waiting after a 429). */
  request?: ProxyProgress;
}

/** What a pull has done so far. */
export interface PullCounts {
  rows: number;
  pages: number;
  bytes: number;
}

const log = createLogger('workspace');

/** Builds and sends the progress reports of one pull; the clock starts when it is created. */
export class ProgressReporter {
  private readonly started = performance.now();
  private last = Number.NEGATIVE_INFINITY;

  /**
   * @param expectedRows  rows the pull should end with (estimate or `limit`, the smaller); Infinity when unknown.
   * @param intervalMs    least time between two reports that are not forced.
   */
  constructor(
    private readonly pullId: number,
    private readonly onProgress: ((progress: PullProgress) => void) | undefined,
    private readonly expectedRows: number,
    private readonly intervalMs: number,
  ) {}

  elapsedMs(): number {
    return performance.now() - this.started;
  }

  /** Sends a report: always when `force` (a page stored, the end), else when the last one is `intervalMs` old. A listener that throws is logged. */
  report(counts: PullCounts, force: boolean, state: PullState, request?: ProxyProgress): void {
    if (!this.onProgress) return;
    const now = performance.now();
    if (!force && now - this.last < this.intervalMs) return;
    this.last = now;
    const elapsedMs = now - this.started;
    const rowsPerSecond = elapsedMs > 0 ? (counts.rows * 1000) / elapsedMs : 0;
    const known = Number.isFinite(this.expectedRows) && rowsPerSecond > 0;
    const progress: PullProgress = {
      pullId: this.pullId,
      state,
      ...counts,
      rowsCharged: counts.rows,
      elapsedMs,
      rowsPerSecond,
      etaSeconds: state !== 'running' ? 0 : known ? Math.max(0, this.expectedRows - counts.rows) / rowsPerSecond : null,
    };
    if (request && state === 'running') progress.request = request;
    try {
      this.onProgress(progress);
    } catch (error) {
      log.warn(`pull ${this.pullId}: a progress listener threw`, error);
    }
  }
}
