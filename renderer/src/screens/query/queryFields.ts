import { PullQuery } from '../../../../shared/bridge/workspace.js';
import type { FILTER_OPERATORS } from '../../../../shared/schemas/query.js';
import type { DatasetWithTimezone } from '../../../../shared/schemas/dataset.js';
import { isTimeText, parseTimeText } from '../../../../shared/time/grammar.js';
import { inUserWords, paramField, timeProblem } from '../../components/fieldErrors.js';
import type { FormField } from '../../components/fieldErrors.js';
import { defaultResampleBy, resampleParams } from './form/resample.js';
import type { ResampleFields } from './form/resample.js';
import { availability, formZone, presetWindow } from './form/timeWindow.js';
import type { TimePreset } from './form/timeWindow.js';
import { vintageParams } from './form/vintage.js';
import type { VintageFields } from './form/vintage.js';
import { timeIndexColumns, zoneParam } from '../../features/workspace/zones.js';

/** A filter operator of the dataset query. */
export type Operator = (typeof FILTER_OPERATORS)[number];

/** The query form's fields as typed. */
export interface QueryFormFields extends ResampleFields, VintageFields {
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
  /** The time preset last clicked: shown pressed while its window is Start and End, even when others coincide with it. */
  preset?: TimePreset;
}

/** Problems by field, each a sentence shown by the field. */
export type FieldProblems = Partial<Record<FormField, string>>;

/** Most rows one pull may ask for (`PullQuery`'s `limit`). */
export const MAX_PULL_ROWS = PullQuery.shape.limit.unwrap().maxValue ?? Number.MAX_SAFE_INTEGER;

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
 * Checks the fields before anything is sent and builds the pull's query (docs/query.md): times of the time grammar
 * (docs/api.md#time-grammar) with End after Start in the chosen zone; a row limit of 1…{@link MAX_PULL_ROWS}; a value for
 * a filter; a known zone; a column; resampling and forecast vintages as `resampleParams` and `vintageParams` check them.
 * Returns the query, which `PullQuery` accepts, or every problem by field.
 */
export function toPullQuery(
  dataset: DatasetWithTimezone,
  f: QueryFormFields,
): { query: PullQuery } | { problems: FieldProblems } {
  let problems: FieldProblems = {};
  const start = f.start.trim();
  const end = f.end.trim();
  if (start && !isTimeText(start)) problems.start = timeProblem(start);
  if (end && !isTimeText(end)) problems.end = timeProblem(end);
  const timezone = zoneParam(f.zoneChoice, f.zoneTyped);
  const zone = formZone(dataset, f.zoneChoice, f.zoneTyped);
  if (typeof timezone === 'object') problems.zone = timezone.problem;
  else if (start && end && !problems.start && !problems.end) {
    const from = instant(start, zone);
    const to = instant(end, zone);
    if (from !== undefined && to !== undefined && to <= from) problems.end = 'End must be after Start.';
  }
  const limit = f.limit.trim() ? Number(f.limit) : undefined;
  if (limit !== undefined && (!Number.isInteger(limit) || limit < 1 || limit > MAX_PULL_ROWS))
    problems.limit = `A whole number of rows from 1 to ${MAX_PULL_ROWS.toLocaleString('en-US')}, or empty for all of them.`;
  if (f.column && !f.value.trim()) problems.filterValue = 'Enter a value (a comma list for "in").';
  const columns = projection(dataset, f.columns);
  if (columns === null) problems.columns = 'Choose at least one column.';
  const resample = resampleParams(dataset, f);
  const vintage = vintageParams(dataset, f, zone);
  if ('problems' in resample) problems = { ...problems, ...resample.problems };
  if ('problems' in vintage) problems = { ...problems, ...vintage.problems };
  if (Object.keys(problems).length > 0 || 'problems' in resample || 'problems' in vintage) return { problems };
  const query: PullQuery = {
    datasetId: dataset.id,
    ...(start ? { startTime: start } : {}),
    ...(end ? { endTime: end } : {}),
    ...(columns ? { columns } : {}),
    ...(f.column ? { filter: { column: f.column, operator: f.operator, value: f.value.trim() } } : {}),
    order: f.order,
    ...(limit !== undefined ? { limit } : {}),
    ...(typeof timezone === 'string' ? { timezone } : {}),
    ...resample.params,
    ...vintage.params,
  };
  const checked = PullQuery.safeParse(query);
  if (checked.success) return { query: checked.data };
  for (const issue of checked.error.issues) {
    const field = paramField(issue.path) ?? 'columns';
    problems[field] ??= inUserWords(issue.message);
  }
  return { problems };
}

/**
 * The fields of a fresh form: the last 7 days of the dataset's data in market time (its `data_timezone`), or all of it
 * when shorter; no filter; every column; no resampling (grouping ready on the subseries column, mean); for forecasts the
 * latest vintage per interval.
 */
export function defaultFields(dataset: DatasetWithTimezone): QueryFormFields {
  const window = presetWindow(availability(dataset, dataset.data_timezone), 'week');
  return {
    start: window?.start ?? '',
    end: window?.end ?? '',
    column: '',
    operator: '=',
    value: '',
    limit: '',
    order: 'asc',
    zoneChoice: 'market',
    zoneTyped: '',
    columns: new Set(dataset.all_columns.map((c) => c.name)),
    resampleChoice: '',
    resampleTyped: '',
    resampleBy: defaultResampleBy(dataset),
    resampleFunction: 'mean',
    vintage: 'latest',
    vintageOffset: '',
    vintageAt: '',
    publishedFrom: '',
    publishedBefore: '',
  };
}

/**
 * Remembered fields fitted to the dataset as it is now (another profile may differ): missing columns, filters and
 * grouping columns dropped.
 */
export function restoreFields(dataset: DatasetWithTimezone, saved: QueryFormFields | undefined): QueryFormFields | undefined {
  if (!saved) return undefined;
  const names = new Set(dataset.all_columns.map((c) => c.name));
  const filterKept = saved.column === '' || names.has(saved.column);
  return {
    ...saved,
    columns: new Set([...saved.columns].filter((n) => names.has(n))),
    resampleBy: new Set([...saved.resampleBy].filter((n) => names.has(n))),
    ...(filterKept ? {} : { column: '', operator: '=' as Operator, value: '' }),
  };
}
