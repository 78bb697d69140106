import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';

/** An open DuckDB file (base of DatasetStore, ConstraintStore): a fresh connection per unit of work, idempotent close. */
export class DuckDbFile {
  private closed = false;

  protected constructor(
    protected readonly instance: DuckDBInstance,
    private readonly label: string,
  ) {}

  /** Runs `work` on a fresh connection and always closes it; throws when the store is closed, or what `work` throws. */
  async withConnection<T>(work: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
    if (this.closed) throw new Error(`${this.label} is closed`);
    const conn = await this.instance.connect();
    try {
      return await work(conn);
    } finally {
      conn.closeSync();
    }
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.instance.closeSync();
  }
}
