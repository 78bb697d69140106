import { rename, rm, stat } from 'node:fs/promises';
import { isAbsolute } from 'node:path';
import type { DuckDBValue } from '@duckdb/node-api';
import { CANCELLED_MESSAGE, fail, ok } from '../../../shared/index.js';
import type { ColumnFilter, PeakView, Result, SortKey } from '../../../shared/index.js';
import { exportValueSql } from './columns.js';
import { orderClause } from './filters.js';
import { quoteIdent, sqlString } from './sql.js';
import { WorkspaceInputError, columnNamed, pullTable, readFailure } from './table.js';
import { viewWhere } from './viewWhere.js';
import type { Workspace } from './workspace.js';

/**
 * Export of a pull's rows to a file by DuckDB's `COPY (SELECT …) TO`, with the results table's
 * filters and sort. CSV writes timestamps as the API does (`2024-03-01T00:00:00+00:00`); Parquet
 * keeps the column types (timestamps as UTC instants). The file is written as `<path>.part` and
 * renamed when complete, so a failed or cancelled export leaves no partial file under `path`.
 * `path` comes from main (a save dialog or the downloads folder), never from the renderer.
 */

export interface ExportOptions {
  format: 'csv' | 'parquet';
  /** Absolute path of the file to write (replaced if it exists). */
  path: string;
  filters?: ColumnFilter[];
  /** The results table's peak bucket (docs/market-time.md#peak-buckets). */
  peak?: PeakView;
  sort?: SortKey[];
  /** Columns to write, in this order; default all. */
  columns?: string[];
  /** Stops the export (DuckDB interrupts the statement). */
  signal?: AbortSignal;
}

export interface ExportResult {
  path: string;
  format: 'csv' | 'parquet';
  rows: number;
  bytes: number;
}

/**
 * Writes pull `pullId` (filtered, sorted) to `options.path`.
 * @returns `not_found` for an unknown pull; `validation` for a bad path, format, column or filter;
 *   `cancelled`; `internal` when DuckDB or the file system fails (message says why).
 */
export async function exportPull(ws: Workspace, pullId: number, options: ExportOptions): Promise<Result<ExportResult>> {
  const { format, path } = options;
  if (format !== 'csv' && format !== 'parquet') return fail('validation', 'format: csv or parquet');
  if (typeof path !== 'string' || !isAbsolute(path)) return fail('validation', 'path: an absolute file path');
  const part = `${path}.part`;
  try {
    const rows = await ws.read(async (conn) => {
      const { from, columns, hasRowid } = await pullTable(conn, pullId);
      if (columns.length === 0) throw new WorkspaceInputError('validation', `Pull ${pullId} has no rows to export.`);
      const chosen = options.columns === undefined ? columns : options.columns.map((name) => columnNamed(columns, name));
      if (chosen.length === 0) throw new WorkspaceInputError('validation', 'columns: at least one');
      const params: DuckDBValue[] = [];
      const where = await viewWhere(conn, from, columns, options, params);
      const order = orderClause(columns, options.sort, hasRowid);
      const select = `SELECT ${chosen.map((c) => (format === 'csv' ? exportValueSql(c) : quoteIdent(c.name))).join(', ')} FROM ${from} ${where} ${order}`;
      const to = format === 'csv' ? '(FORMAT csv, HEADER true)' : '(FORMAT parquet, COMPRESSION zstd)';
      const interrupt = (): void => conn.interrupt();
      if (options.signal?.aborted) throw new Error(CANCELLED_MESSAGE);
      options.signal?.addEventListener('abort', interrupt, { once: true });
      try {
        return (await conn.run(`COPY (${select}) TO ${sqlString(part)} ${to}`, params)).rowsChanged;
      } finally {
        options.signal?.removeEventListener('abort', interrupt);
      }
    });
    await rename(part, path);
    return ok({ path, format, rows, bytes: (await stat(path)).size });
  } catch (error) {
    await rm(part, { force: true }).catch(() => undefined);
    if (options.signal?.aborted) return fail('cancelled', CANCELLED_MESSAGE);
    return readFailure(`export pull ${pullId} to ${path}`, error);
  }
}
