import type { DuckDBConnection } from '@duckdb/node-api';
import { HttpError } from '../errors.js';

/**
 * Query time-out (spec "Limits": queries that run too long are cancelled with 422; "Errors": the
 * message suggests a shorter time range, no resampling, equality filters, a row limit). A timer
 * interrupts the connection's running statement (`DuckDBConnection.interrupt()`); the statement then
 * rejects and {@link QueryGuard.run} turns that into the 422.
 */

/** The 422 detail of a cancelled query. */
export const QUERY_TIMEOUT_DETAIL = 'Query timed out. Try a shorter time range, no resampling, equality filters or a row limit.';

/** Default time-out when the server sets none (ms). */
export const DEFAULT_QUERY_TIMEOUT_MS = 30_000;

/** True for DuckDB's error after `interrupt()`. */
const isInterrupt = (error: unknown) => error instanceof Error && /INTERRUPT/i.test(error.message);

/** Times DuckDB work on a request's connections; call {@link QueryGuard.dispose} when done. */
export class QueryGuard {
  private timer: NodeJS.Timeout | undefined;
  private timedOut = false;

  /**
   * @param perCall  false: one deadline from now for every `run` (a whole page); true: each `run`
   *   gets the full time-out (sub-pages of a stream, where the client's reading time must not count).
   */
  constructor(
    private readonly connections: readonly DuckDBConnection[],
    private readonly timeoutMs: number,
    private readonly perCall: boolean,
  ) {
    if (!perCall) this.arm();
  }

  private arm(): void {
    this.timer = setTimeout(() => {
      this.timedOut = true;
      for (const conn of this.connections) conn.interrupt();
    }, this.timeoutMs);
  }

  /**
   * Runs `work` under the time-out.
   * @throws HttpError 422 {@link QUERY_TIMEOUT_DETAIL} when the time-out struck; otherwise what `work` throws.
   */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.timedOut) throw new HttpError(422, QUERY_TIMEOUT_DETAIL);
    if (this.perCall) this.arm();
    try {
      const result = await work();
      // Past the deadline even if the interrupt came too late to stop DuckDB: still a time-out.
      if (this.timedOut) throw new HttpError(422, QUERY_TIMEOUT_DETAIL);
      return result;
    } catch (error) {
      if (this.timedOut || isInterrupt(error)) throw new HttpError(422, QUERY_TIMEOUT_DETAIL);
      throw error;
    } finally {
      if (this.perCall) clearTimeout(this.timer);
    }
  }

  /** Stops the timer. Idempotent. */
  dispose(): void {
    clearTimeout(this.timer);
  }
}
