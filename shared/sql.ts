/**
 * A DuckDB string literal (`'it''s'`): quotes doubled, nothing else changed. Only for text the program chose (a path of
 * its own, a zone name it checked), never for a caller's value, which is always a bound parameter. Used by the /v1
 * service (server/data/sql.ts) and main's workspace (electron/services/workspace/sql.ts).
 */
export function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}
