import { sqlString } from '../../shared/sql.js';

// SQL-text helpers for catalogue names and constant fragments only: request values are always bound parameters.
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/** Quotes an identifier (`"name"`); throws unless lower snake_case, as every catalogue name is. */
export function ident(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`Refusing SQL identifier ${JSON.stringify(name)}`);
  return `"${name}"`;
}

/** A SQL string literal (`'it''s'`), for paths from our own options, never request values. */
export { sqlString };

/** strftime format of every UTC timestamp the API emits: `2024-03-01T00:00:00+00:00`. */
export const ISO_UTC_FORMAT = '%Y-%m-%dT%H:%M:%S+00:00';

/** SQL rendering a naive-UTC TIMESTAMP as `2024-03-01T00:00:00+00:00` (NULL stays NULL). */
export function isoUtc(expr: string): string {
  return `strftime(${expr}, '${ISO_UTC_FORMAT}')`;
}

/** SQL: naive time in IANA zone `tz` → naive UTC. ICU reads the repeated DST hour as standard time: only for data avoiding it. */
export function localToUtc(expr: string, tz: string): string {
  return `((${expr}) AT TIME ZONE ${sqlString(tz)}) AT TIME ZONE 'UTC'`;
}

/** SQL turning naive UTC into naive wall-clock time; `zoneSql` is a bound `$tz` or a {@link sqlString} literal. */
export function utcToLocal(expr: string, zoneSql: string): string {
  return `((${expr}) AT TIME ZONE 'UTC') AT TIME ZONE ${zoneSql}`;
}

/** SQL that parses an ISO 8601 string with an offset or `Z` into a naive UTC TIMESTAMP. */
export function offsetToUtc(expr: string): string {
  return `CAST(${expr} AS TIMESTAMPTZ) AT TIME ZONE 'UTC'`;
}

/** The `columns={...}` struct of `read_csv`/`read_json`: source header name → DuckDB type. */
export function columnsStruct(columns: Record<string, string>): string {
  const parts = Object.entries(columns).map(([name, type]) => `${sqlString(name)}: ${sqlString(type)}`);
  return `{${parts.join(', ')}}`;
}

/** A `read_csv` call with explicit dialect and columns so DuckDB never guesses; `paths` are SQL literals, `extra` e.g. `skip=1`. */
export function readCsv(paths: string[], columns: Record<string, string>, extra: string[] = []): string {
  const options = ['header=true', "delim=','", `quote='"'`, `columns=${columnsStruct(columns)}`, ...extra];
  return `read_csv([${paths.join(', ')}], ${options.join(', ')})`;
}
