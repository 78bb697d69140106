import type { DuckDBConnection } from '@duckdb/node-api';
import type { StorableType, TableColumn } from '../../../shared/index.js';
import { hintedType, sniffedType } from './columns.js';
import { quoteIdent, rowObjects, sqlString } from './sql.js';
import type { Workspace } from './workspace.js';

/**
 * The DuckDB side of a pull: the table is created from page 1's header, and each page file is
 * appended by `read_csv` with the table's exact columns (no sniffing after page 1), in the same
 * transaction as the pull's counts in the catalogue.
 */

/** A DuckDB `read_csv` call that reads the files at `paths` (each with its header line) with exactly `columns`. */
export function readCsv(paths: readonly string[], columns: readonly TableColumn[]): string {
  const struct = columns.map((c) => `${sqlString(c.name)}: '${c.type}'`).join(', ');
  return `read_csv([${paths.map(sqlString).join(', ')}], header=true, auto_detect=false, delim=',', quote='"', escape='"', columns={${struct}})`;
}

/** DuckDB's sniffed type name of each column of a CSV file, in order (the whole file is sampled). */
async function sniff(conn: DuckDBConnection, path: string): Promise<string[]> {
  const rows = await rowObjects(
    conn,
    `DESCRIBE SELECT * FROM read_csv(${sqlString(path)}, header=true, delim=',', quote='"', escape='"', sample_size=-1)`,
  );
  return rows.map((r) => String(r.column_type));
}

/** True when a page's header names the table's columns, in order. */
export function sameColumns(header: readonly string[], columns: readonly TableColumn[]): boolean {
  return header.length === columns.length && header.every((name, i) => name === columns[i]!.name);
}

/**
 * Creates `table` for pull `pullId` with the columns of `header`: hinted types, `<x>_local` as
 * VARCHAR, the others as DuckDB's sniffer reads the page file at `path`; records them in the
 * catalogue. @throws Error for an empty or repeated name, or when DuckDB fails.
 */
export async function createPullTable(
  ws: Workspace,
  pullId: number,
  table: string,
  header: readonly string[],
  path: string,
  hints: Readonly<Record<string, string>>,
): Promise<TableColumn[]> {
  if (header.some((name, i) => name === '' || header.indexOf(name) !== i)) {
    throw new Error(`The /v1 server answered a CSV header with an empty or repeated column name (${header.join(', ')}).`);
  }
  const types: (StorableType | undefined)[] = header.map((name) => hintedType(name, hints));
  if (types.some((t) => t === undefined)) {
    const sniffed = await ws.read((conn) => sniff(conn, path));
    header.forEach((_, i) => (types[i] ??= sniffedType(sniffed[i] ?? 'VARCHAR')));
  }
  const columns = header.map((name, i) => ({ name, type: types[i]! }));
  await ws.transaction(async (conn) => {
    await conn.run(`CREATE TABLE ${quoteIdent(table)} (${columns.map((c) => `${quoteIdent(c.name)} ${c.type}`).join(', ')})`);
    await conn.run('UPDATE pulls SET columns = $2 WHERE id = $1', [pullId, JSON.stringify(columns)]);
  });
  return columns;
}

/**
 * Appends the page files at `paths` to `table`, in order, and adds their rows and pages to pull `pullId`'s counts, in
 * one transaction. @returns the rows appended. @throws the DuckDB error (nothing is kept then).
 */
export function appendPages(
  ws: Workspace,
  pullId: number,
  table: string,
  columns: readonly TableColumn[],
  paths: readonly string[],
): Promise<number> {
  return ws.transaction(async (conn) => {
    const result = await conn.run(`INSERT INTO ${quoteIdent(table)} SELECT * FROM ${readCsv(paths, columns)}`);
    await conn.run('UPDATE pulls SET rows = rows + $2, pages = pages + $3, rows_charged = rows_charged + $2 WHERE id = $1', [
      pullId,
      result.rowsChanged,
      paths.length,
    ]);
    return result.rowsChanged;
  });
}
