import type { DuckDBConnection } from '@duckdb/node-api';

/** One ordering key: SQL expression and direction (NULLs sort last). */
export interface OrderKey {
  expr: string;
  dir: 'ASC' | 'DESC';
}

/** What to select: output name → SQL expression, in output order. */
export type Columns = [name: string, expr: string][];

/** Rows of `SELECT … FROM from ORDER BY keys LIMIT` as JSON array text, built in DuckDB (~3× faster than in JS), and a count. */
export async function selectJsonArray(
  conn: DuckDBConnection,
  query: { columns: Columns; from: string; order: OrderKey[]; limit: number },
  values: Record<string, string | number | boolean>,
): Promise<{ body: string; count: number }> {
  const keys = query.order.map((key, i) => ({ ...key, alias: `__k${i}` }));
  const orderBy = (useAlias: boolean) => keys.map((k) => `${useAlias ? k.alias : k.expr} ${k.dir} NULLS LAST`).join(', ');
  const inner = `SELECT ${query.columns.map(([name, expr]) => `${expr} AS "${name}"`).join(', ')}, ${keys.map((k) => `${k.expr} AS ${k.alias}`).join(', ')}
                 FROM ${query.from} ORDER BY ${orderBy(false)} LIMIT ${Math.trunc(query.limit)}`;
  const struct = query.columns.map(([name]) => `'${name}': "${name}"`).join(', ');
  const sql = `SELECT coalesce('[' || string_agg(to_json({${struct}})::VARCHAR, ',' ORDER BY ${orderBy(true)}) || ']', '[]') AS body, count(*)::INTEGER AS n FROM (${inner})`;
  const row = (await conn.runAndReadAll(sql, values)).getRowObjectsJson()[0]!;
  return { body: String(row.body), count: Number(row.n) };
}

/**
 * The rows of `sql`, whose one column is each row as JSON text (DuckDB's `to_json`), parsed: for rows with nested
 * lists, which the client reads value by value about as slowly as the query runs.
 */
export async function jsonRows<T>(conn: DuckDBConnection, sql: string, values: Record<string, string | number | boolean>): Promise<T[]> {
  const texts = (await conn.runAndReadAll(sql, values)).getColumnsJson()[0] ?? [];
  return texts.map((text) => JSON.parse(String(text)) as T);
}
