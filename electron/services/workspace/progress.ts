import type { PullProgress, PullState } from '../../../shared/index.js';
import { createLogger } from '../common/logger.js';
import type { ProxyProgress } from '../v1/proxy.js';

/** Progress reports of a pull: throttled, with the rate so far and an ETA when the number of rows to come is known. */

/**
 * One progress report of a pull: the bridge's live figures (`PullProgress`: rows, pages and body bytes
 * stored so far, after decompression; rows charged = rows received, as the server charges the rows it
 * returns; `etaSeconds` null when the rows to come are unknown, 0 at the end; `waiting` the retry
 * state in words) plus the pull's id, state and the proxy's retry state of the page request in progress.
 */
export interface PullReport extends PullProgress {
  pullId: number;
  state: PullState;
  request?: ProxyProgress;
}

/** What a pull has done so far. */
export interface PullCounts {
  rows: number;
  pages: number;
  bytes: number;
  /** Rows the server charged; default `rows` (a local review charges none). */
  rowsCharged?: number;
}

const log = createLogger('workspace');

/** "Rate limit reached (429); retrying in 3 s (attempt 2 of 4)": the cause in a few words (the full reason is logged). */
function waitingText(p: Extract<ProxyProgress, { state: 'retrying' }>): string {
  return `${p.cause}; retrying in ${Math.max(1, Math.ceil(p.delayMs / 1000))} s (attempt ${p.attempt} of ${p.maxAttempts})`;
}

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
    private readonly onProgress: ((progress: PullReport) => void) | undefined,
    private expectedRows: number,
    private readonly intervalMs: number,
  ) {}

  /** Changes the rows the pull should end with (a local review learns it as files are read; Infinity: unknown). */
  expect(rows: number): void {
    this.expectedRows = rows;
  }

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
    const progress: PullReport = {
      pullId: this.pullId,
      state,
      rows: counts.rows,
      pages: counts.pages,
      bytes: counts.bytes,
      rowsCharged: counts.rowsCharged ?? counts.rows,
      elapsedMs,
      rowsPerSecond,
      etaSeconds: state !== 'running' ? 0 : known ? Math.max(0, this.expectedRows - counts.rows) / rowsPerSecond : null,
      waiting: state === 'running' && request?.state === 'retrying' ? waitingText(request) : null,
    };
    if (request && state === 'running') progress.request = request;
    try {
      this.onProgress(progress);
    } catch (error) {
      log.warn(`pull ${this.pullId}: a progress listener threw`, error);
    }
  }
}
