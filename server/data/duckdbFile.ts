import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';

/**
 * An open DuckDB file shared by the data-layer stores (DatasetStore, ConstraintStore): one
 * instance, a fresh connection per unit of work, and an idempotent close.
 */
export class DuckDbFile {
  private closed = false;

  /** @param label  names the store in the "is closed" error. */
  protected constructor(
    protected readonly instance: DuckDBInstance,
    private readonly label: string,
  ) {}

  /**
   * Runs `work` on a fresh connection and always closes it. SQL run there uses bound parameters
   * and allow-listed identifiers. @throws when the store is closed, or whatever `work` throws.
   */
  async withConnection<T>(work: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
    if (this.closed) throw new Error(`${this.label} is closed`);
    const conn = await this.instance.connect();
    try {
      return await work(conn);
    } finally {
      conn.closeSync();
    }
  }

  /** Releases the DuckDB file. Idempotent. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.instance.closeSync();
  }
}
