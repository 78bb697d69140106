import type { DuckDBConnection } from '@duckdb/node-api';
import type { CatalogueEntry } from './catalogue/index.js';
import { ident } from './sql.js';

/**
 * Whether a dataset's table is stored in key order, found once when the data is built: large queries then read pages
 * as `rowid` ranges without sorting (server/query/storage.ts). Checking takes a sort of every row (3–5 s for 10 M rows
 * on two cores), too long to pay inside the first request's time-out.
 */

/** Table of the build's key-order facts: `dataset`, `keys` (names joined by commas) and `ordered`. */
export const KEY_ORDER_TABLE = '_gridscope_key_order';

/** The order pages are read in: the time index first, then the rest of the primary key (server/query/relation.ts). */
export function pageKeyNames(entry: Pick<CatalogueEntry, 'time_index_column' | 'primary_key_columns'>): string[] {
  const time = entry.time_index_column;
  return [time, ...entry.primary_key_columns.filter((name) => name !== time)];
}

/**
 * True when `table` (a quoted identifier) holds its rows in `keys` order (ascending, NULLs first) with `rowid` equal to
 * each row's position, i.e. no row was deleted. @throws what DuckDB throws.
 */
export async function storedInKeyOrder(conn: DuckDBConnection, table: string, keys: readonly string[]): Promise<boolean> {
  const order = keys.map((name) => `${ident(name)} ASC NULLS FIRST`).join(', ');
  const reader = await conn.runAndReadAll(`
    SELECT coalesce(bool_and(rowid = __rn), true) AS sorted
    FROM (SELECT rowid, row_number() OVER (ORDER BY ${order}) - 1 AS __rn FROM ${table})`);
  return reader.getRowsJS()[0]?.[0] === true;
}

/** Creates {@link KEY_ORDER_TABLE} with one fact per entry, on the connection that built their tables. */
export async function recordKeyOrder(conn: DuckDBConnection, entries: readonly CatalogueEntry[]): Promise<void> {
  await conn.run(`CREATE TABLE ${ident(KEY_ORDER_TABLE)} (dataset VARCHAR, keys VARCHAR, ordered BOOLEAN)`);
  for (const entry of entries) {
    const keys = pageKeyNames(entry);
    const ordered = await storedInKeyOrder(conn, ident(entry.id), keys);
    await conn.run(`INSERT INTO ${ident(KEY_ORDER_TABLE)} VALUES ($dataset, $keys, $ordered)`, {
      dataset: entry.id,
      keys: keys.join(','),
      ordered,
    });
  }
}

/** The facts of a built file by dataset id (`keys` as written); empty for a file built before they were recorded. */
export async function readKeyOrder(conn: DuckDBConnection): Promise<Map<string, { keys: string; ordered: boolean }>> {
  const facts = new Map<string, { keys: string; ordered: boolean }>();
  const exists = await conn.runAndReadAll(`SELECT count(*)::INTEGER FROM duckdb_tables() WHERE table_name = $name`, {
    name: KEY_ORDER_TABLE,
  });
  if (exists.getRowsJS()[0]?.[0] === 0) return facts;
  const rows = (await conn.runAndReadAll(`SELECT dataset, keys, ordered FROM ${ident(KEY_ORDER_TABLE)}`)).getRowObjectsJS();
  for (const row of rows) facts.set(String(row.dataset), { keys: String(row.keys), ordered: row.ordered === true });
  return facts;
}
