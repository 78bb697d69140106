import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import { WORKSPACE_FILTER_OPERATORS } from '../../../shared/index.js';
import type { ColumnFilter, SortKey, StorableType, TableColumn } from '../../../shared/index.js';
import { quoteIdent, rowObjects } from './sql.js';
import { WorkspaceInputError, columnNamed } from './table.js';

/**
 * Filters and sort keys on a pull's table, as SQL with bound parameters. Column names are checked
 * against the table's columns (the allow-list) before they are quoted; values are always bound
 * and cast to the column's type in SQL, after a check that they convert (so "abc" on a price is a
 * clear `validation` error, not an empty result).
 */

/**
 * One scalar of a filter (`ColumnFilter` of the bridge contract). `value`: a scalar for `= != > >= < <=`,
 * text for `contains` (case-insensitive, on the value as text), a list of 1–1,000 scalars for `in`,
 * nothing for `is null`/`not null`. Timestamps take ISO 8601 text (no offset = UTC). Comparisons never match NULL.
 */
export type FilterValue = string | number | boolean;

/** Most filters or sort keys in one read. */
export const MAX_FILTERS = 50;
export const MAX_SORT_KEYS = 8;
export const MAX_IN_VALUES = 1000;

const COMPARISONS: Record<string, string> = { '=': '=', '!=': '<>', '>': '>', '>=': '>=', '<': '<', '<=': '<=' };

/** How a type's values are written, for error messages. */
const TYPE_WORDS: Record<StorableType, string> = {
  TIMESTAMPTZ: 'a date-time such as 2024-03-01T00:00:00Z',
  TIMESTAMP: 'a date-time such as 2024-03-01T00:00:00',
  DATE: 'a date such as 2024-03-01',
  DOUBLE: 'a number',
  BIGINT: 'a whole number',
  BOOLEAN: 'true or false',
  VARCHAR: 'text',
};

const isScalar = (v: unknown): v is FilterValue => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

/** SQL fragments and values, built in order so `?` placeholders line up with `params`. */
interface Built {
  sql: string;
  /** Values to check against the column type before the query runs. */
  checks: { column: TableColumn; value: string }[];
}

/** The SQL of one filter; pushes its bound values onto `params`. @throws WorkspaceInputError `validation`. */
function filterSql(columns: readonly TableColumn[], filter: ColumnFilter, params: DuckDBValue[], built: Built): string {
  if (typeof filter !== 'object' || filter === null)
    throw new WorkspaceInputError('validation', 'filters: a list of {column, op, value}');
  const column = columnNamed(columns, filter.column);
  const c = quoteIdent(column.name);
  const op = filter.op;
  const where = `Filter on ${column.name} (${op})`;
  const bind = (v: FilterValue): string => {
    const text = String(v);
    params.push(text);
    if (column.type !== 'VARCHAR') built.checks.push({ column, value: text });
    return column.type === 'VARCHAR' ? '?' : `CAST(? AS ${column.type})`;
  };
  if (op === 'is null') return `${c} IS NULL`;
  if (op === 'not null') return `${c} IS NOT NULL`;
  if (op === 'contains') {
    if (!isScalar(filter.value) || String(filter.value) === '')
      throw new WorkspaceInputError('validation', `${where}: give the text to look for.`);
    params.push(String(filter.value));
    return `contains(lower(CAST(${c} AS VARCHAR)), lower(?))`;
  }
  if (op === 'in') {
    const values = filter.value;
    if (!Array.isArray(values) || values.length === 0 || values.length > MAX_IN_VALUES || !values.every(isScalar)) {
      throw new WorkspaceInputError('validation', `${where}: give a list of 1 to ${MAX_IN_VALUES} values.`);
    }
    return `${c} IN (${values.map(bind).join(', ')})`;
  }
  const sqlOp = Object.hasOwn(COMPARISONS, op) ? COMPARISONS[op] : undefined;
  if (sqlOp === undefined)
    throw new WorkspaceInputError(
      'validation',
      `Unknown filter operator ${JSON.stringify(op)}: use ${WORKSPACE_FILTER_OPERATORS.join(' ')}.`,
    );
  if (!isScalar(filter.value)) throw new WorkspaceInputError('validation', `${where}: give one value.`);
  return `${c} ${sqlOp} ${bind(filter.value)}`;
}

/**
 * The `WHERE` clause of `filters` (all must hold), or '' without filters; bound values are pushed
 * onto `params` in placeholder order. Call {@link checkFilterValues} with the same filters first.
 * @throws WorkspaceInputError `validation` for an unknown column, operator or a malformed value.
 */
export function whereClause(
  columns: readonly TableColumn[],
  filters: readonly ColumnFilter[] | undefined,
  params: DuckDBValue[],
): string {
  return buildWhere(columns, filters ?? [], params).sql;
}

function buildWhere(columns: readonly TableColumn[], filters: readonly ColumnFilter[], params: DuckDBValue[]): Built {
  if (!Array.isArray(filters)) throw new WorkspaceInputError('validation', 'filters: a list of {column, op, value}');
  if (filters.length > MAX_FILTERS) throw new WorkspaceInputError('validation', `filters: at most ${MAX_FILTERS}`);
  const built: Built = { sql: '', checks: [] };
  const parts = filters.map((f) => filterSql(columns, f, params, built));
  built.sql = parts.length ? `WHERE ${parts.map((p) => `(${p})`).join(' AND ')}` : '';
  return built;
}

/**
 * Checks that every filter value converts to its column's type (one `TRY_CAST` query).
 * @throws WorkspaceInputError `validation` naming the first value that does not, and how to write it.
 */
export async function checkFilterValues(
  conn: DuckDBConnection,
  columns: readonly TableColumn[],
  filters: readonly ColumnFilter[] | undefined,
): Promise<void> {
  const { checks } = buildWhere(columns, filters ?? [], []);
  if (checks.length === 0) return;
  const sql = `SELECT ${checks.map((k, i) => `TRY_CAST($${i + 1} AS ${k.column.type}) IS NULL AS bad${i}`).join(', ')}`;
  const row =
    (
      await rowObjects(
        conn,
        sql,
        checks.map((k) => k.value),
      )
    )[0] ?? {};
  const bad = checks.findIndex((_, i) => row[`bad${i}`] === true);
  if (bad === -1) return;
  const { column, value } = checks[bad]!;
  throw new WorkspaceInputError(
    'validation',
    `Filter on ${column.name}: ${JSON.stringify(value)} is not ${TYPE_WORDS[column.type]}.`,
  );
}

/**
 * `ORDER BY` of `sort` (NULLs last), ending with `rowid` (the order the server sent) when `hasRowid`, so
 * equal keys keep a stable order across pages of the results table; '' for no sort on a relation without rowid.
 * @throws WorkspaceInputError `validation` for an unknown column or too many keys.
 */
export function orderClause(columns: readonly TableColumn[], sort: readonly SortKey[] | undefined, hasRowid = true): string {
  const keys = sort ?? [];
  if (!Array.isArray(keys) || keys.length > MAX_SORT_KEYS)
    throw new WorkspaceInputError('validation', `sort: a list of at most ${MAX_SORT_KEYS} {column, desc}`);
  const items = keys.map((k) => `${quoteIdent(columnNamed(columns, k?.column).name)} ${k.desc ? 'DESC' : 'ASC'} NULLS LAST`);
  if (hasRowid) return `ORDER BY ${[...items, 'rowid'].join(', ')}`;
  // Files read directly have no rowid: unsorted, they keep the files' order; sorted, ties are broken by every column,
  // so pages never repeat or skip a row (rows equal in every column are indistinguishable anyway).
  if (items.length === 0) return '';
  return `ORDER BY ${[...items, ...columns.map((c) => `${quoteIdent(c.name)} ASC NULLS LAST`)].join(', ')}`;
}
