import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';

/**
 * SQL text helpers of the workspace. Identifiers are quoted here and only for names the workspace
 * itself holds (table names it made, column names of a pull's table, checked against the table
 * first); values from a caller are always bound parameters.
 */

/** Quotes any identifier: `"name"`, with `"` doubled. Callers check the name against an allow-list first. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** A SQL string literal (`'it''s'`), the server's own: only for paths main chose, never for caller values. */
export { sqlString } from '../../../shared/sql.js';

/** The name of pull `id`'s table: `pull_<id>`. */
export function pullTableName(id: number): string {
  if (!Number.isSafeInteger(id) || id < 1) throw new Error(`not a pull id: ${id}`);
  return `pull_${id}`;
}

/** Runs `sql` with bound `values` and returns its rows as JSON-safe objects (cast BIGINT/COUNT in SQL). */
export async function rowObjects(
  conn: DuckDBConnection,
  sql: string,
  values: DuckDBValue[] = [],
): Promise<Record<string, unknown>[]> {
  return (await conn.runAndReadAll(sql, values)).getRowObjectsJson() as Record<string, unknown>[];
}

/** SQL of a TIMESTAMPTZ as ISO 8601 with milliseconds in UTC (`2026-11-24T00:04:01.123Z`); the session zone is UTC. */
export const isoMillis = (expr: string): string => `strftime(${expr}, '%Y-%m-%dT%H:%M:%S.%gZ')`;
