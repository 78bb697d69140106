import type { PullQuery } from '../../../../../shared/bridge/workspace.js';
import type { DatasetColumn, DatasetWithTimezone } from '../../../../../shared/schemas/dataset.js';
import { isResampleFrequency } from '../../../../../shared/schemas/query.js';
import type { RESAMPLE_FREQUENCY_SHORTHANDS, ResampleFunction } from '../../../../../shared/schemas/query.js';
import { FREQUENCY_HINT } from '../../../components/fieldErrors.js';
import type { FormField } from '../../../components/fieldErrors.js';
import { timeIndexColumns } from '../../../features/workspace/zones.js';

/** Select value of "Other interval…" (a typed `N unit(s)` frequency). */
export const OTHER_FREQUENCY = 'other';

/** The shorthand frequencies (docs/query.md#resampling) as the form names them. */
export const FREQUENCY_LABELS: Record<(typeof RESAMPLE_FREQUENCY_SHORTHANDS)[number], string> = {
  '5min': '5 minutes',
  '15min': '15 minutes',
  '30min': '30 minutes',
  '1h': '1 hour',
  '1d': '1 day',
  '1w': '1 week',
  '1M': '1 month',
};

/** The aggregations (`resample_function`) in analysts' words; stddev and variance are the sample statistics. */
export const FUNCTION_LABELS: Record<ResampleFunction, string> = {
  mean: 'Mean (average)',
  sum: 'Sum',
  min: 'Minimum',
  max: 'Maximum',
  count: 'Count of values',
  stddev: 'Standard deviation',
  variance: 'Variance',
};

/** The resampling fields as typed: `choice` '' (none), a shorthand or {@link OTHER_FREQUENCY} (then `typed`). */
export interface ResampleFields {
  resampleChoice: string;
  resampleTyped: string;
  resampleBy: ReadonlySet<string>;
  resampleFunction: ResampleFunction;
}

// Floating-point columns are measurements (an LMP, a load): grouping by one makes a series per value.
const MEASURE = /^(DOUBLE|REAL|FLOAT|DECIMAL|NUMERIC)/i;

/** The columns one can group by: every column but the time index and floating-point measurements, in catalogue order. */
export function groupableColumns(dataset: Pick<DatasetWithTimezone, 'time_index_column' | 'all_columns'>): DatasetColumn[] {
  const time = timeIndexColumns(dataset);
  return dataset.all_columns.filter((c) => !time.includes(c.name) && !MEASURE.test(c.type));
}

/** Grouping when the form opens: the dataset's subseries column (the server's default), else none. */
export function defaultResampleBy(dataset: Pick<DatasetWithTimezone, 'subseries_index_column' | 'all_columns'>): Set<string> {
  const sub = dataset.subseries_index_column;
  return new Set(sub && dataset.all_columns.some((c) => c.name === sub) ? [sub] : []);
}

type ResampleParams = Pick<PullQuery, 'resampleFrequency' | 'resampleBy' | 'resampleFunction'>;

/**
 * The pull's resampling (docs/query.md#resampling) or the problems by field: a known interval; grouping columns in
 * catalogue order. No grouping can only be sent for a dataset without a subseries column: an empty `resample_by` is the
 * server's default, which groups by that column.
 */
export function resampleParams(
  dataset: Pick<DatasetWithTimezone, 'subseries_index_column' | 'all_columns'>,
  f: ResampleFields,
): { params: ResampleParams } | { problems: Partial<Record<FormField, string>> } {
  if (f.resampleChoice === '') return { params: {} };
  const frequency = f.resampleChoice === OTHER_FREQUENCY ? f.resampleTyped.trim() : f.resampleChoice;
  const problems: Partial<Record<FormField, string>> = {};
  if (!frequency) problems.resampleFrequency = 'Write an interval such as 2 hours, or pick one from the list.';
  else if (!isResampleFrequency(frequency)) problems.resampleFrequency = `"${frequency}" is not an interval. ${FREQUENCY_HINT}`;
  const by = dataset.all_columns.map((c) => c.name).filter((n) => f.resampleBy.has(n));
  const sub = dataset.subseries_index_column;
  if (by.length === 0 && sub)
    problems.resampleBy = `Choose at least one column: with none, the data service still groups by ${sub}.`;
  if (Object.keys(problems).length > 0) return { problems };
  return {
    params: { resampleFrequency: frequency, ...(by.length > 0 ? { resampleBy: by } : {}), resampleFunction: f.resampleFunction },
  };
}
