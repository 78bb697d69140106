import type { DatasetColumn, DatasetWithTimezone } from '../../shared/index.js';
import { HttpError } from '../errors.js';

/** A column of a query's result: name and catalogue type (`TIMESTAMP`, `VARCHAR`, `DOUBLE PRECISION`, ...). */
export interface ResultColumn {
  name: string;
  type: string;
}

const NUMERIC_TYPES = new Set(['DOUBLE PRECISION', 'INTEGER', 'BIGINT']);

/** True for a numeric catalogue type (aggregated when resampling). */
export const isNumericType = (type: string): boolean => NUMERIC_TYPES.has(type);

/** The DuckDB type to CAST a bound text parameter to, for a catalogue type. */
export function sqlType(type: string): string {
  if (type === 'DOUBLE PRECISION') return 'DOUBLE';
  if (type === 'TEXT') return 'VARCHAR';
  return type;
}

/** 400 `Column X not found in dataset. Possible columns: a, b, ...` (docs/query.md#filter). */
export function columnNotFound(name: string, dataset: DatasetWithTimezone): HttpError {
  const possible = dataset.all_columns.map((column) => column.name).join(', ');
  return new HttpError(400, `Column ${name} not found in dataset. Possible columns: ${possible}`);
}

/** The dataset column called `name`: `all_columns` is the allow-list of identifiers that may reach SQL. @throws HttpError 400. */
export function findColumn(dataset: DatasetWithTimezone, name: string): DatasetColumn {
  const column = dataset.all_columns.find((candidate) => candidate.name === name);
  if (!column) throw columnNotFound(name, dataset);
  return column;
}

/** A comma list as names: items trimmed, empty items dropped, duplicates removed (first kept). */
export function splitList(text: string | undefined): string[] {
  if (text === undefined) return [];
  return [
    ...new Set(
      text
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item.length > 0),
    ),
  ];
}

/** The time index columns, first in every result: the time index and its `*_end_utc` partner when the dataset has one. */
export function timeIndexColumns(dataset: DatasetWithTimezone): DatasetColumn[] {
  const time = findColumn(dataset, dataset.time_index_column ?? '');
  const endName = time.name.endsWith('_start_utc') ? time.name.replace(/_start_utc$/, '_end_utc') : null;
  const end = dataset.all_columns.find((column) => column.name === endName);
  return end ? [time, end] : [time];
}

/** The `columns` projection: time index columns, then the named ones in order (default: all). @throws HttpError 400. */
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
