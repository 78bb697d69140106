import type { DatasetColumn, DatasetWithTimezone } from '../../shared/index.js';
import { HttpError } from '../errors.js';

/**
 * Column rules of the dataset query (addendum "Dataset query": `columns`, `filter_column`,
 * `resample_by`, `timezone`). Every column name a request names is checked here against the
 * dataset's `all_columns`, the allow-list of identifiers that may reach SQL.
 */

/** A column of a query's result: name and catalogue type (`TIMESTAMP`, `VARCHAR`, `DOUBLE PRECISION`, ...). */
export interface ResultColumn {
  name: string;
  type: string;
}

/** Catalogue types that are numbers (aggregated when resampling; numeric filter values). */
const NUMERIC_TYPES = new Set(['DOUBLE PRECISION', 'INTEGER', 'BIGINT']);

/** True for a numeric catalogue type. */
export const isNumericType = (type: string): boolean => NUMERIC_TYPES.has(type);

/** The DuckDB type to CAST a bound text parameter to, for a catalogue type. */
export function sqlType(type: string): string {
  if (type === 'DOUBLE PRECISION') return 'DOUBLE';
  if (type === 'TEXT') return 'VARCHAR';
  return type;
}

/** 400 `Column X not found in dataset. Possible columns: a, b, ...` (spec "Errors"). */
export function columnNotFound(name: string, dataset: DatasetWithTimezone): HttpError {
  const possible = dataset.all_columns.map((column) => column.name).join(', ');
  return new HttpError(400, `Column ${name} not found in dataset. Possible columns: ${possible}`);
}

/** The dataset column called `name`. @throws HttpError 400 {@link columnNotFound}. */
export function findColumn(dataset: DatasetWithTimezone, name: string): DatasetColumn {
  const column = dataset.all_columns.find((candidate) => candidate.name === name);
  if (!column) throw columnNotFound(name, dataset);
  return column;
}

/** A comma list as names: items trimmed, empty items dropped, duplicates removed (first kept). */
export function splitList(text: string | undefined): string[] {
  if (text === undefined) return [];
  return [...new Set(text.split(',').map((item) => item.trim()).filter((item) => item.length > 0))];
}

/**
 * The time index columns, first in every result: the time index column and, when it is named
 * `*_start_utc` and the dataset has the matching `*_end_utc`, that end column (the
 * `interval_start_utc` / `interval_end_utc` pair).
 */
export function timeIndexColumns(dataset: DatasetWithTimezone): DatasetColumn[] {
  const time = findColumn(dataset, dataset.time_index_column ?? '');
  const endName = time.name.endsWith('_start_utc') ? time.name.replace(/_start_utc$/, '_end_utc') : null;
  const end = dataset.all_columns.find((column) => column.name === endName);
  return end ? [time, end] : [time];
}

/**
 * The `columns` projection: time index columns first, then the named columns in the order given
 * (all columns in dataset order when `columns` is absent or empty).
 * @throws HttpError 400 for an unknown column.
 */
export function projectColumns(dataset: DatasetWithTimezone, columns: string | undefined): DatasetColumn[] {
  const time = timeIndexColumns(dataset);
  const timeNames = new Set(time.map((column) => column.name));
  const named = splitList(columns);
  const rest = named.length === 0 ? dataset.all_columns : named.map((name) => findColumn(dataset, name));
  return [...time, ...rest.filter((column) => !timeNames.has(column.name))];
}

/** `interval_start_utc` → `interval_start_local`; null for names without the `_utc` suffix. */
export function localName(name: string): string | null {
  return name.endsWith('_utc') ? `${name.slice(0, -4)}_local` : null;
}
