import type { DuckDBConnection } from '@duckdb/node-api';
import { STORABLE_TYPES, fail } from '../../../shared/index.js';
import type { PullState, Result, TableColumn } from '../../../shared/index.js';
import { LocalFileMissing, localRelation, parseStoredLocal } from './localSource.js';
import type { LocalRelation } from './localSource.js';
import { quoteIdent, rowObjects } from './sql.js';
import { ReadCancelledError } from './workspace.js';

/** A pull's table as the readers (page, downsample, export) need it. */
export interface PullTable {
  pullId: number;
  table: string;
  state: PullState;
  /** The table's columns in order; empty until the first page arrived (then there is no table yet). */
  columns: TableColumn[];
  /**
   * The SQL relation to select from: the quoted table, or for a local review not converted yet (or whose conversion
   * stopped) `read_csv` over its downloaded files, once converted `read_parquet` over its parts.
   */
  from: string;
  /** True when `from` is the table: `rowid` exists and gives the insertion order. */
  hasRowid: boolean;
}

/** Thrown by readers for a bad input (unknown pull or column, bad filter value): bridge code `not_found` or `validation`. */
export class WorkspaceInputError extends Error {
  constructor(
    readonly code: 'not_found' | 'validation',
    message: string,
  ) {
    super(message);
    this.name = 'WorkspaceInputError';
  }
}

/**
 * A reader's failure as a bridge answer: a {@link WorkspaceInputError} keeps its code and message, a read whose caller
 * gave up is `cancelled`; anything else
 * (DuckDB, the file system) is `internal`, `Could not <what>: <message>`.
 */
export function readFailure(what: string, error: unknown): Result<never> {
  if (error instanceof WorkspaceInputError) return fail(error.code, error.message);
  if (error instanceof LocalFileMissing) return fail('not_found', error.message);
  if (error instanceof ReadCancelledError) return fail('cancelled', error.message);
  return fail('internal', `Could not ${what}: ${error instanceof Error ? error.message : String(error)}`);
}

/** Parses the catalogue's `columns` JSON, keeping only well-formed entries of storable types. */
export function parseColumns(json: unknown): TableColumn[] {
  if (typeof json !== 'string' || json === '') return [];
  const parsed: unknown = JSON.parse(json);
  if (!Array.isArray(parsed)) return [];
  const types: readonly string[] = STORABLE_TYPES;
  return parsed.filter(
    (c): c is TableColumn =>
      typeof c === 'object' && c !== null && typeof c.name === 'string' && types.includes(c.type as string),
  );
}

/**
 * Pull `pullId`'s table, columns and the relation to read (docs/workspace.md#local-review-pulls for local reviews).
 * @throws WorkspaceInputError `not_found` for an unknown pull; LocalFileMissing when a local review's file is gone.
 */
export async function pullTable(conn: DuckDBConnection, pullId: number): Promise<PullTable> {
  if (!Number.isSafeInteger(pullId) || pullId < 1)
    throw new WorkspaceInputError('validation', 'pullId: a pull id (a whole number from 1)');
  const rows = await rowObjects(
    conn,
    `SELECT table_name, state, CAST(columns AS VARCHAR) AS columns, kind, CAST(local AS VARCHAR) AS local
     FROM pulls WHERE id = $1`,
    [pullId],
  );
  const row = rows[0];
  if (!row) throw new WorkspaceInputError('not_found', `There is no pull ${pullId} in this workspace.`);
  const table = String(row.table_name);
  const columns = parseColumns(row.columns);
  const local: LocalRelation | null =
    row.kind === 'local' && columns.length > 0 ? await localRelation(parseStoredLocal(row.local), columns) : null;
  return {
    pullId,
    table,
    state: row.state as PullState,
    columns,
    from: local?.from ?? quoteIdent(table),
    hasRowid: local === null,
  };
}

/** The column named `name`. @throws WorkspaceInputError `validation` naming the columns there are. */
export function columnNamed(columns: readonly TableColumn[], name: string, what = 'column'): TableColumn {
  const column = columns.find((c) => c.name === name);
  if (column) return column;
  const names = columns.map((c) => c.name).join(', ') || '(none yet)';
  throw new WorkspaceInputError('validation', `Unknown ${what} ${JSON.stringify(name)}. Columns: ${names}.`);
}
