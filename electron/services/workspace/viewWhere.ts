import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import { holidaysOfYears, peakFilterSql } from '../../../shared/time/peakSql.js';
import type { ColumnFilter, PeakView, TableColumn } from '../../../shared/index.js';
import { checkFilterValues, whereClause } from './filters.js';
import { quoteIdent, rowObjects } from './sql.js';
import { WorkspaceInputError, columnNamed } from './table.js';

/**
 * The `WHERE` of a table view on a pull's table: its column filters (filters.ts) and its peak bucket, read in market
 * time by shared/time/peakSql.ts (docs/market-time.md#peak-buckets), so the rows, the chart and an export keep the same
 * rows.
 */

/** What a reader filters by: the view's column filters and peak bucket. */
export interface ViewFilter {
  filters?: readonly ColumnFilter[] | undefined;
  peak?: PeakView | undefined;
}

/** The instant of `column` as a TIMESTAMPTZ (a naive TIMESTAMP is UTC, the session zone). @throws WorkspaceInputError */
function instantSql(column: TableColumn): string {
  if (column.type === 'TIMESTAMPTZ') return quoteIdent(column.name);
  if (column.type === 'TIMESTAMP') return `CAST(${quoteIdent(column.name)} AS TIMESTAMPTZ)`;
  throw new WorkspaceInputError('validation', `Peak filter: ${column.name} is not a date-time column.`);
}

/**
 * The peak predicate of `peak` on relation `from` (SQL, already quoted), its values pushed onto `params`; '' without a peak filter. The holidays bound
 * are those of the years the column's instants fall in (in market time), read first.
 * @throws WorkspaceInputError `validation` for an unknown or non-time column.
 */
export async function peakPredicate(
  conn: DuckDBConnection,
  from: string,
  columns: readonly TableColumn[],
  peak: PeakView | undefined,
  params: DuckDBValue[],
): Promise<string> {
  if (!peak) return '';
  const instant = instantSql(columnNamed(columns, peak.column, 'peak column'));
  const local = `timezone(CAST($1 AS VARCHAR), ${instant})`;
  const span = (
    await rowObjects(
      conn,
      `SELECT CAST(year(min(${local})) AS INTEGER) AS lo, CAST(year(max(${local})) AS INTEGER) AS hi FROM ${from}`,
      [peak.zone],
    )
  )[0];
  const holidays = span?.lo === null || span?.lo === undefined ? [] : holidaysOfYears(Number(span.lo), Number(span.hi));
  const predicate = peakFilterSql(instant, peak.bucket, peak.zone, holidays);
  params.push(...predicate.params);
  return predicate.sql;
}

/**
 * The `WHERE` clause of `view` on relation `from` (SQL, already quoted; column filters, then the peak bucket), '' when it keeps every row; bound
 * values pushed onto `params` in placeholder order. Checks the filter values against their columns first.
 * @throws WorkspaceInputError `validation` for a bad column, operator, value or peak column.
 */
export async function viewWhere(
  conn: DuckDBConnection,
  from: string,
  columns: readonly TableColumn[],
  view: ViewFilter,
  params: DuckDBValue[],
): Promise<string> {
  const where = whereClause(columns, view.filters, params);
  await checkFilterValues(conn, columns, view.filters);
  const peak = await peakPredicate(conn, from, columns, view.peak, params);
  if (!peak) return where;
  return where ? `${where} AND (${peak})` : `WHERE (${peak})`;
}
