import type { ColumnValue, DatasetColumn } from '../../shared/index.js';
import type { DatasetStore } from './store.js';
import { ident, isoUtc } from './sql.js';

/**
 * Distinct values of one column with their row counts (spec endpoint 16 "Column values"; shape
 * ours, shared/schemas/columnValues.ts). The table and column names reaching SQL are catalogue
 * names checked by the caller against the dataset's columns (and by `ident`); `search` and `limit`
 * are bound parameters. NULL is left out: it is not a value a filter can name.
 */

/** Options: `search` (case-insensitive substring of the value's text) and `limit` (≥ 1). */
export interface ColumnValuesOptions {
  search?: string | undefined;
  limit: number;
}

/** The value as JSON should carry it: timestamps `2024-03-01T00:00:00+00:00`, dates `YYYY-MM-DD`, BIGINT as a number. */
function valueSql(column: DatasetColumn): string {
  const name = ident(column.name);
  if (column.type === 'TIMESTAMP') return isoUtc(name);
  if (column.type === 'DATE') return `strftime(${name}, '%Y-%m-%d')`;
  if (column.type === 'BIGINT') return `CAST(${name} AS DOUBLE)`;
  return name;
}

/** The text `search` is matched against: what the client sees for dates and times, else the value cast to text. */
function textSql(column: DatasetColumn): string {
  return column.is_date ? valueSql(column) : `CAST(${ident(column.name)} AS VARCHAR)`;
}

/**
 * Up to `limit` values of `column` in `table`, by count (descending) then value (ascending, in the
 * column's own type), and whether more matched.
 * @throws when the store is closed or DuckDB fails.
 */
export async function columnValues(
  store: DatasetStore,
  table: string,
  column: DatasetColumn,
  options: ColumnValuesOptions,
): Promise<{ values: ColumnValue[]; truncated: boolean }> {
  const name = ident(column.name);
  const search = options.search ?? '';
  const sql = `
    SELECT ${valueSql(column)} AS value, count(*)::INTEGER AS count
    FROM ${ident(table)}
    WHERE ${name} IS NOT NULL AND ($search = '' OR contains(lower(${textSql(column)}), lower($search)))
    GROUP BY ${name}
    ORDER BY count DESC, ${name} ASC
    LIMIT CAST($fetch AS BIGINT)`;
  const rows = await store.withConnection(async (conn) =>
    (await conn.runAndReadAll(sql, { search, fetch: options.limit + 1 })).getRowObjectsJson(),
  );
  const values = rows.slice(0, options.limit).map((row) => ({ value: row.value, count: Number(row.count) }) as ColumnValue);
  return { values, truncated: rows.length > options.limit };
}
