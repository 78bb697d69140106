import type { DuckDBConnection } from '@duckdb/node-api';
import { HttpError } from '../errors.js';

/** The 422 detail of a cancelled query. */
export const QUERY_TIMEOUT_DETAIL = 'Query timed out. Try a shorter time range, no resampling, equality filters or a row limit.';

/** Default time-out when the server sets none (ms). */
export const DEFAULT_QUERY_TIMEOUT_MS = 30_000;

const isInterrupt = (error: unknown) => error instanceof Error && /INTERRUPT/i.test(error.message);

/** Query time-out (docs/query.md#errors-and-limits): a timer interrupts the connections, and `run` turns that into a 422. */
export class QueryGuard {
  private timer: NodeJS.Timeout | undefined;
  private timedOut = false;

  /** `perCall`: each `run` gets the full time-out (a stream's sub-pages: the client's reading time must not count). */
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

  /** Runs `work` under the time-out. @throws HttpError 422 {@link QUERY_TIMEOUT_DETAIL} after it, else what `work` throws. */
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
