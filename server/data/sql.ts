/**
 * Small SQL-text helpers for the data layer (CONVENTIONS §10: bound parameters for values,
 * allow-listed identifiers). Only catalogue-declared names and constant fragments go through here;
 * request values are always bound as parameters, never spliced.
 */

/** Identifiers we accept: lower snake_case, as every catalogue table and column name is. */
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * Quotes an allow-listed identifier for SQL (`"name"`).
 * @throws Error when `name` is not lower snake_case: only catalogue names may reach SQL text.
 */
export function ident(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`Refusing SQL identifier ${JSON.stringify(name)}`);
  return `"${name}"`;
}

/** A SQL string literal (`'it''s'`). Used for file paths of the build, which come from our own options. */
export function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** strftime format of every UTC timestamp the API emits: `2024-03-01T00:00:00+00:00`. */
export const ISO_UTC_FORMAT = '%Y-%m-%dT%H:%M:%S+00:00';

/** SQL that renders a naive-UTC TIMESTAMP expression as `2024-03-01T00:00:00+00:00` (NULL stays NULL). */
export function isoUtc(expr: string): string {
  return `strftime(${expr}, '${ISO_UTC_FORMAT}')`;
}

/**
 * SQL that turns a naive wall-clock TIMESTAMP in IANA zone `tz` into a naive UTC TIMESTAMP.
 * For the repeated hour at the end of daylight saving time ICU picks the standard-time reading:
 * use it only for sources without a DST flag or offset (and whose samples avoid that hour).
 */
export function localToUtc(expr: string, tz: string): string {
  return `((${expr}) AT TIME ZONE ${sqlString(tz)}) AT TIME ZONE 'UTC'`;
}

/**
 * SQL that turns a naive-UTC TIMESTAMP into naive wall-clock time in a zone. `zoneSql` is SQL for
 * the IANA zone name: a bound parameter such as `$tz`, or a literal from {@link sqlString}.
 */
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

/**
 * A `read_csv(...)` call with an explicit dialect and column list, so DuckDB never guesses types.
 * `paths` are SQL literals (from the catalogue's `file()`); `extra` adds options such as `skip=1`.
 */
export function readCsv(paths: string[], columns: Record<string, string>, extra: string[] = []): string {
  const options = ['header=true', "delim=','", `quote='"'`, `columns=${columnsStruct(columns)}`, ...extra];
  return `read_csv([${paths.join(', ')}], ${options.join(', ')})`;
}
