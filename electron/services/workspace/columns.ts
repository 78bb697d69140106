import type { DatasetColumn, PullQuery, StorableType, TableColumn } from '../../../shared/index.js';
import { quoteIdent } from './sql.js';

/**
 * Column types of a pull's table. A table is created with types from a closed set
 * (`STORABLE_TYPES` of the bridge contract), so a type read back from the catalogue can go into SQL (`CAST(? AS T)`)
 * as it is. Timestamps with an offset (`2024-03-01T00:00:00+00:00`, as the API writes them) are
 * TIMESTAMPTZ: a plain TIMESTAMP cast would drop the offset. `<x>_local` columns stay VARCHAR so
 * the local wall time and offset the server wrote are kept as written.
 */

const INTEGER_TYPES = new Set([
  'TINYINT',
  'SMALLINT',
  'INTEGER',
  'INT',
  'BIGINT',
  'HUGEINT',
  'UTINYINT',
  'USMALLINT',
  'UINTEGER',
  'UBIGINT',
]);
const FLOAT_TYPES = new Set(['DOUBLE', 'DOUBLE PRECISION', 'FLOAT', 'REAL', 'FLOAT4', 'FLOAT8']);

/**
 * The storable type for a SQL type name (catalogue names such as `DOUBLE PRECISION`, DuckDB names
 * such as `TIMESTAMP WITH TIME ZONE`); `integers` says what whole-number types become. A catalogue
 * TIMESTAMP is TIMESTAMPTZ (the API writes its values with `+00:00`). Unknown types (TIME, lists,
 * structs) are VARCHAR.
 */
export function storableType(type: string, integers: 'BIGINT' | 'DOUBLE' = 'BIGINT'): StorableType {
  const t = type.trim().toUpperCase();
  if (t === 'TIMESTAMPTZ' || t === 'TIMESTAMP WITH TIME ZONE' || t === 'TIMESTAMP') return 'TIMESTAMPTZ';
  if (t === 'DATE') return 'DATE';
  if (FLOAT_TYPES.has(t) || t.startsWith('DECIMAL') || t.startsWith('NUMERIC')) return 'DOUBLE';
  if (INTEGER_TYPES.has(t)) return integers;
  if (t === 'BOOLEAN' || t === 'BOOL') return 'BOOLEAN';
  return 'VARCHAR';
}

/**
 * The storable type of a column DuckDB's CSV sniffer typed (only for columns without a hint).
 * Whole numbers become DOUBLE: a first page of `21481` may be followed by `21481.5`. A naive
 * TIMESTAMP stays naive.
 */
export function sniffedType(type: string): StorableType {
  return type.trim().toUpperCase() === 'TIMESTAMP' ? 'TIMESTAMP' : storableType(type, 'DOUBLE');
}

/**
 * Type hints for a pull of a dataset, from its `all_columns` (`GET /datasets/{id}`): catalogue types
 * mapped to storable types. With resampling, integer columns that are aggregated (not in
 * `resampleBy`) become DOUBLE, since a mean of integers is not one. Pass the result as the pull's
 * `columnTypes`; columns it does not name are typed from the first page.
 */
export function columnTypesFor(
  allColumns: readonly Pick<DatasetColumn, 'name' | 'type'>[],
  request: Pick<PullQuery, 'resampleFrequency' | 'resampleBy'> = {},
): Record<string, StorableType> {
  const grouped = new Set(request.resampleBy ?? []);
  const resampled = request.resampleFrequency !== undefined && request.resampleFrequency.trim() !== '';
  return Object.fromEntries(
    allColumns.map((c) => [c.name, storableType(c.type, resampled && !grouped.has(c.name) ? 'DOUBLE' : 'BIGINT')]),
  );
}

/** The type a header column gets: its hint, VARCHAR for `<x>_local`, else undefined (sniff it). */
export function hintedType(name: string, hints: Readonly<Record<string, string>>): StorableType | undefined {
  const hint = Object.hasOwn(hints, name) ? hints[name] : undefined;
  if (hint !== undefined) return storableType(hint);
  return name.endsWith('_local') ? 'VARCHAR' : undefined;
}

/** strftime formats of timestamps as the API writes them (whole seconds, or with microseconds when present). */
const ISO_TZ = "'%Y-%m-%dT%H:%M:%S+00:00'";
const ISO_TZ_MICROS = "'%Y-%m-%dT%H:%M:%S.%f+00:00'";
const ISO_NAIVE = "'%Y-%m-%dT%H:%M:%S'";
const ISO_NAIVE_MICROS = "'%Y-%m-%dT%H:%M:%S.%f'";

/** SQL of a timestamp column as ISO 8601 text (UTC: the workspace's session zone). */
function isoSql(c: string, naive: boolean): string {
  const [whole, micros] = naive ? [ISO_NAIVE, ISO_NAIVE_MICROS] : [ISO_TZ, ISO_TZ_MICROS];
  return `CASE WHEN microsecond(${c}) % 1000000 = 0 THEN strftime(${c}, ${whole}) ELSE strftime(${c}, ${micros}) END`;
}

/**
 * SQL of a column's value for JSON (the results table): timestamps and dates as ISO text,
 * non-finite doubles as NULL (JSON has no NaN); BIGINT as is (see {@link jsonSafe}).
 */
export function jsonValueSql(column: TableColumn): string {
  const c = quoteIdent(column.name);
  switch (column.type) {
    case 'TIMESTAMPTZ':
    case 'TIMESTAMP':
      return `${isoSql(c, column.type === 'TIMESTAMP')} AS ${c}`;
    case 'DATE':
      return `strftime(${c}, '%Y-%m-%d') AS ${c}`;
    case 'DOUBLE':
      return `CASE WHEN isfinite(${c}) THEN ${c} END AS ${c}`;
    default:
      return c;
  }
}

/** SQL of a column's value for a CSV export: timestamps as the API writes them, everything else native. */
export function exportValueSql(column: TableColumn): string {
  const c = quoteIdent(column.name);
  return column.type === 'TIMESTAMPTZ' || column.type === 'TIMESTAMP' ? `${isoSql(c, column.type === 'TIMESTAMP')} AS ${c}` : c;
}

/**
 * Makes one row of `getRowsJson()` JSON-safe in place: BIGINT values (which arrive as strings)
 * become numbers when they are safe integers, and stay strings otherwise.
 */
export function jsonSafe(row: unknown[], bigintIndexes: readonly number[]): unknown[] {
  for (const i of bigintIndexes) {
    const v = row[i];
    if (typeof v === 'string') {
      const n = Number(v);
      if (Number.isSafeInteger(n)) row[i] = n;
    }
  }
  return row;
}

/** True for types whose values are numbers (filters compare them numerically; charts can plot them). */
export const isNumeric = (type: StorableType): boolean => type === 'DOUBLE' || type === 'BIGINT';
/** True for time types (a chart's x axis). */
export const isTemporal = (type: StorableType): boolean => type === 'TIMESTAMPTZ' || type === 'TIMESTAMP' || type === 'DATE';
