import { MAX_QUERY_LIMIT } from '../../../shared/bridge/contract.js';
import type { FILTER_OPERATORS } from '../../../shared/schemas/query.js';
import type { DatasetWithTimezone } from '../../../shared/schemas/dataset.js';
import { isTimeText, parseTimeText } from '../../../shared/time/grammar.js';
import { timeProblem } from '../components/fieldErrors.js';
import type { FormField } from '../components/fieldErrors.js';
import { latestDay } from './cells.js';
import type { QueryRequest } from './useQueryRun.js';
import { timeIndexColumns, zoneParam } from './zones.js';

/** A filter operator of the dataset query. */
export type Operator = (typeof FILTER_OPERATORS)[number];

/** The query form's fields as typed. */
export interface QueryFormFields {
  start: string;
  end: string;
  column: string;
  operator: Operator;
  value: string;
  limit: string;
  order: 'asc' | 'desc';
  zoneChoice: string;
  zoneTyped: string;
  columns: ReadonlySet<string>;
}

/** Problems by field, each a sentence shown by the field. */
export type FieldProblems = Partial<Record<FormField, string>>;

// `columns`: absent when all are checked; null when none is; the time index columns are always included.
function projection(dataset: DatasetWithTimezone, checked: ReadonlySet<string>): string[] | undefined | null {
  const fixed = timeIndexColumns(dataset);
  const names = dataset.all_columns.map((c) => c.name).filter((n) => fixed.includes(n) || checked.has(n));
  if (names.length === dataset.all_columns.length) return undefined;
  return names.length === 0 ? null : names;
}

function instant(text: string, zone: string): number | undefined {
  try {
    const t = parseTimeText(text, { zone });
    return t.epochMs * 1000 + (t.micros % 1000);
  } catch {
    return undefined;
  }
}

/**
 * Checks the fields before anything is sent (docs/api.md#time-grammar; End after Start in the chosen zone; limit
 * 1…{@link MAX_QUERY_LIMIT}; a value for a filter; a known zone; a column). Returns the request or every problem by field.
 */
export function toRequest(
  dataset: DatasetWithTimezone,
  f: QueryFormFields,
): { request: QueryRequest } | { problems: FieldProblems } {
  const problems: FieldProblems = {};
  const start = f.start.trim();
  const end = f.end.trim();
  if (start && !isTimeText(start)) problems.start = timeProblem(start);
  if (end && !isTimeText(end)) problems.end = timeProblem(end);
  const timezone = zoneParam(f.zoneChoice, f.zoneTyped);
  if (typeof timezone === 'object') problems.zone = timezone.problem;
  else if (start && end && !problems.start && !problems.end) {
    const zone = timezone === undefined ? 'UTC' : timezone === 'market' ? dataset.data_timezone : timezone;
    const from = instant(start, zone);
    const to = instant(end, zone);
    if (from !== undefined && to !== undefined && to <= from) problems.end = 'End must be after Start.';
  }
  const limit = f.limit.trim() ? Number(f.limit) : undefined;
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > MAX_QUERY_LIMIT))
    problems.limit = `A whole number from 1 to ${MAX_QUERY_LIMIT.toLocaleString('en-US')}.`;
  if (f.column && !f.value.trim()) problems.filterValue = 'Enter a value (a comma list for "in").';
  const columns = projection(dataset, f.columns);
  if (columns === null) problems.columns = 'Choose at least one column.';
  if (Object.keys(problems).length > 0 || typeof timezone === 'object' || columns === null) return { problems };
  return {
    request: {
      datasetId: dataset.id,
      ...(start ? { startTime: start } : {}),
      ...(end ? { endTime: end } : {}),
      ...(f.column ? { filter: { column: f.column, operator: f.operator, value: f.value.trim() } } : {}),
      ...(limit !== undefined ? { limit } : {}),
      ...(columns ? { columns } : {}),
      order: f.order,
      ...(timezone !== undefined ? { timezone } : {}),
    },
  };
}

/** The fields of a fresh form: the dataset's latest day available (UTC), no filter, every column. */
export function defaultFields(dataset: DatasetWithTimezone): QueryFormFields {
  const initial = latestDay(dataset.latest_available_time_utc);
  return {
    start: initial.startTime,
    end: initial.endTime,
    column: '',
    operator: '=',
    value: '',
    limit: '',
    order: 'asc',
    zoneChoice: '',
    zoneTyped: '',
    columns: new Set(dataset.all_columns.map((c) => c.name)),
  };
}

/** Remembered fields fitted to the dataset as it is now (another profile may differ): missing columns and filters dropped. */
export function restoreFields(dataset: DatasetWithTimezone, saved: QueryFormFields | undefined): QueryFormFields | undefined {
  if (!saved) return undefined;
  const names = new Set(dataset.all_columns.map((c) => c.name));
  const filterKept = saved.column === '' || names.has(saved.column);
  return {
    ...saved,
    columns: new Set([...saved.columns].filter((n) => names.has(n))),
    ...(filterKept ? {} : { column: '', operator: '=' as Operator, value: '' }),
  };
}
