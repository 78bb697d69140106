import type { ColumnValue, DatasetColumn } from '../../shared/index.js';
import type { DatasetStore } from './store.js';
import { ident, isoUtc } from './sql.js';

/** Options: `search` (case-insensitive substring of the value's text) and `limit` (≥ 1). */
export interface ColumnValuesOptions {
  search?: string | undefined;
  limit: number;
}

function valueSql(column: DatasetColumn): string {
  const name = ident(column.name);
  if (column.type === 'TIMESTAMP') return isoUtc(name);
  if (column.type === 'DATE') return `strftime(${name}, '%Y-%m-%d')`;
  if (column.type === 'BIGINT') return `CAST(${name} AS DOUBLE)`;
  return name;
}

function textSql(column: DatasetColumn): string {
  return column.is_date ? valueSql(column) : `CAST(${ident(column.name)} AS VARCHAR)`;
}

/** Up to `limit` non-NULL values of a catalogue column with row counts, and whether more matched (docs/api.md#column-values). */
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
