import { RESAMPLE_CONVERSION } from '../../../shared/index.js';
import type { ApiUsage, ClientColumnValue, Dataset, EstimateFilter, QueryEstimate } from '../../../shared/index.js';

/**
 * Quota forecast of a dataset query (issue 5 §3), from metadata only — no data rows are fetched:
 * - regular data: rows ≈ intervals of `data_frequency` in the window (spec "Resample frequency
 *   conversion map") × subseries × the share of rows a filter keeps (× publish times per interval
 *   for forecasts with a `publish_time_column`), never more than `number_of_rows_approximate`;
 * - `IRREGULAR` (or an unknown frequency such as `ERCOT_SCED_RUN`): rows ≈
 *   `number_of_rows_approximate` × window ÷ availability window.
 * Subseries come from the distinct values of the subseries column (`GET /v1/datasets/{id}/columns/
 * {column}/values`) when the server has that route, else from rows ÷ time-index values.
 * A row `limit` on the query caps the estimate (the server stops there), before the plan checks.
 * The audit endpoint is deliberately not used: its rows count against the monthly quota.
 */

/**
 * Distinct values of a column with their row counts (null when the server does not say: then the
 * share of rows a filter keeps is not counted); `truncated` when the list is incomplete.
 */
export interface ValueCounts {
  values: ClientColumnValue[];
  truncated: boolean;
}

export interface EstimateInputs {
  dataset: Dataset;
  startTime?: string;
  endTime?: string;
  filter?: EstimateFilter;
  /** The query's row limit (rows across all pages, ≥ 1): the estimate is at most this. */
  limit?: number;
  /** `/v1/api_usage`, or null when it could not be read. */
  usage: ApiUsage | null;
  /** Values of the subseries column, when known. */
  subseries: ValueCounts | null;
  /** Values of the filter column when it is not the subseries column, when known. */
  filterValues: ValueCounts | null;
}

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US');
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', 'Z');
const days = (ms: number): string => `${Math.round((ms / 86_400_000) * 10) / 10} days`;

/** Reads an EstimateTime (`2024-03-01`, `2024-03-01 05:00`, `…Z`, `…+02:00`) as epoch ms; no offset = UTC. */
export function parseUtc(text: string): number {
  const t = text.trim().replace(' ', 'T');
  const withZone = /T.*(Z|[+-]\d{2}:?\d{2})$/.test(t) ? t : t.includes('T') ? `${t}Z` : `${t}T00:00:00Z`;
  const ms = Date.parse(withZone.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  if (Number.isNaN(ms)) throw new Error(`Unreadable time "${text}".`);
  return ms;
}

/** Whether a column value passes `filter` (numbers compare as numbers, everything else as text). */
export function matches(value: ClientColumnValue['value'], filter: EstimateFilter): boolean {
  const text = String(value);
  if (filter.operator === 'in') return filter.value.split(',').map((s) => s.trim()).includes(text);
  const a = typeof value === 'number' ? value : text;
  const b = typeof value === 'number' && filter.value.trim() !== '' && !Number.isNaN(Number(filter.value)) ? Number(filter.value) : filter.value;
  switch (filter.operator) {
    case '=':
      return a === b || text === filter.value;
    case '!=':
      return !(a === b || text === filter.value);
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '<':
      return a < b;
    default:
      return a <= b;
  }
}

const describeFilter = (f: EstimateFilter): string => `${f.column} ${f.operator} ${f.value}`;

/**
 * The estimate. Pure: every number it uses is in `inputs`.
 * @throws Error when `startTime` is not before `endTime`.
 */
export function estimateQuery(inputs: EstimateInputs): QueryEstimate {
  const { dataset: d, filter } = inputs;
  const warnings: string[] = [];
  const earliest = d.earliest_available_time_utc ? Date.parse(d.earliest_available_time_utc) : NaN;
  const latest = d.latest_available_time_utc ? Date.parse(d.latest_available_time_utc) : NaN;
  const start = inputs.startTime ? parseUtc(inputs.startTime) : undefined;
  const end = inputs.endTime ? parseUtc(inputs.endTime) : undefined;
  if (start !== undefined && end !== undefined && start >= end) throw new Error('startTime must be before endTime.');
  const step = RESAMPLE_CONVERSION[d.data_frequency as keyof typeof RESAMPLE_CONVERSION] ?? -1;
  const subCol = d.subseries_index_column ?? null;
  let rows: number;
  let basis: string;

  // Subseries in all (null = unknown), and those a filter on the subseries column keeps.
  let subTotal: number | null = subCol ? null : 1;
  let subSource = 'no subseries column';
  if (subCol && inputs.subseries && inputs.subseries.values.length > 0) {
    subTotal = inputs.subseries.values.length;
    subSource = `distinct values of ${subCol}`;
    if (inputs.subseries.truncated) warnings.push(`${subCol} has more than ${fmt(subTotal)} values: the estimate is a lower bound.`);
  } else if (subCol && d.number_of_rows_approximate && step > 0 && Number.isFinite(earliest) && Number.isFinite(latest)) {
    const timeValues = Math.floor((latest - earliest) / (step * 1000)) + 1;
    subTotal = Math.max(1, Math.round(d.number_of_rows_approximate / timeValues));
    subSource = `≈ ${fmt(d.number_of_rows_approximate)} rows ÷ ${fmt(timeValues)} time index values`;
  }
  let subKept: number | null = null;
  let fraction = 1;
  let filterNote = '';
  if (filter) {
    const onSub = filter.column === subCol;
    const counts = onSub ? inputs.subseries : inputs.filterValues;
    const complete = counts && !counts.truncated && counts.values.length > 0 ? counts.values : null;
    if (complete && onSub) {
      subKept = complete.filter((v) => matches(v.value, filter)).length;
      filterNote = ` (filter ${describeFilter(filter)} keeps ${fmt(subKept)})`;
    } else if (complete && complete.every((v) => v.count !== null)) {
      // The share of rows needs every value's row count (a server may not give them).
      const rowsOf = (values: ClientColumnValue[]) => values.reduce((sum, v) => sum + (v.count ?? 0), 0);
      const total = rowsOf(complete);
      fraction = total > 0 ? rowsOf(complete.filter((v) => matches(v.value, filter))) / total : 1;
      filterNote = ` × ${Math.round(fraction * 1000) / 10} % of rows with ${describeFilter(filter)}`;
    } else if (onSub && subTotal !== null && (filter.operator === '=' || filter.operator === 'in')) {
      subKept = Math.min(subTotal, filter.operator === '=' ? 1 : new Set(filter.value.split(',').map((v) => v.trim())).size);
      filterNote = ` (filter ${describeFilter(filter)})`;
    } else {
      warnings.push(`The filter ${describeFilter(filter)} is not counted: the estimate is an upper bound.`);
    }
  }

  if (!Number.isFinite(earliest) || !Number.isFinite(latest)) {
    rows = (d.number_of_rows_approximate ?? 0) * fraction * (subKept !== null && subTotal ? subKept / subTotal : 1);
    basis = `The dataset does not say which times it covers: about ${fmt(rows)} rows in all.`;
    warnings.push('No availability window: the estimate is the whole dataset.');
  } else if (step > 0) {
    if (subTotal === null) warnings.push(`The number of ${subCol} values is unknown: the estimate counts one.`);
    const subseries = subKept ?? subTotal ?? 1;
    const stepMs = step * 1000;
    const available = Math.floor((latest - earliest) / stepMs) + 1;
    const from = Math.max(0, Math.ceil(((start ?? earliest) - earliest) / stepMs));
    const to = Math.min(available - 1, Math.ceil(((end ?? latest + stepMs) - earliest) / stepMs) - 1);
    const intervals = Math.max(0, to - from + 1);
    // Forecasts carry several vintages (publish times) per interval: rows ÷ (time values × subseries).
    const total = d.number_of_rows_approximate ?? null;
    const vintages = d.publish_time_column && total && subTotal ? total / (available * subTotal) : 1;
    const perInterval = vintages > 1 ? vintages : 1;
    rows = intervals * subseries * fraction * perInterval;
    const capped = total !== null && rows > total;
    if (capped) rows = total * fraction * (subKept !== null && subTotal ? subKept / subTotal : 1);
    basis =
      `${fmt(intervals)} intervals of ${d.data_frequency} (${fmt(step)} s)` +
      (intervals > 0 ? ` from ${iso(earliest + from * stepMs)} to ${iso(earliest + (to + 1) * stepMs)}` : '') +
      ` × ${fmt(subseries)} subseries (${subTotal === null ? `${subCol}: count unknown` : subSource})${filterNote}` +
      (perInterval > 1 ? ` × ${Math.round(perInterval * 10) / 10} publish times per interval (≈ rows ÷ time values ÷ subseries)` : '') +
      (capped ? `, capped at the dataset's ≈ ${fmt(total)} rows (it has gaps)` : '') +
      ` = ${fmt(rows)} rows`;
  } else {
    const lo = Math.max(start ?? earliest, earliest);
    const hi = Math.min(end ?? latest, latest);
    const span = latest - earliest;
    const share = span > 0 ? Math.max(0, hi - lo) / span : hi >= lo ? 1 : 0;
    const total = d.number_of_rows_approximate ?? 0;
    const subShare = subKept !== null && subTotal ? subKept / subTotal : 1;
    rows = total * share * fraction * subShare;
    basis =
      `${d.data_frequency ?? 'unknown'} frequency: ≈ ${fmt(total)} rows over ${days(span)} available × ${days(Math.max(0, hi - lo))} requested` +
      `${filterNote} = ${fmt(rows)} rows`;
    if (!d.number_of_rows_approximate) warnings.push('The dataset reports no row count: the estimate cannot size irregular data.');
  }
  rows = Math.round(rows);
  if (inputs.limit !== undefined && rows > inputs.limit) {
    basis += `, capped at the query's limit of ${fmt(inputs.limit)} rows`;
    rows = inputs.limit;
  }
  if (rows === 0 && Number.isFinite(earliest)) {
    warnings.push(`No rows expected: the dataset covers ${iso(earliest)} to ${Number.isFinite(latest) ? iso(latest) : '?'}.`);
  }

  const { remaining, perResponse } = quotaWarnings(rows, inputs.usage, warnings);
  return { datasetId: d.id, estimatedRows: rows, basis, remainingMonthlyRows: remaining, perResponseLimit: perResponse, warnings };
}

/** Compares `rows` with the plan; pushes warnings; returns the remaining monthly rows and the rows per response (null = no limit). */
function quotaWarnings(rows: number, usage: ApiUsage | null, warnings: string[]): { remaining: number | null; perResponse: number | null } {
  if (!usage) {
    warnings.push('Usage could not be read: the estimate is not compared with your plan.');
    return { remaining: null, perResponse: null };
  }
  const { limits, current_period_usage: used } = usage;
  const remaining = limits.api_rows_returned_limit < 0 ? null : Math.max(0, limits.api_rows_returned_limit - used.total_api_rows_returned);
  const perResponse = limits.api_rows_per_response_limit < 0 ? null : limits.api_rows_per_response_limit;
  const resets = usage.current_usage_period_end.slice(0, 10);
  if (remaining !== null && rows > remaining) {
    warnings.push(
      `About ${fmt(rows)} rows is more than the ${fmt(remaining)} rows left this month on the ${usage.plan_name} plan (it resets on ${resets}).`,
    );
  }
  if (perResponse !== null && perResponse > 0 && rows > perResponse) {
    const pages = Math.ceil(rows / perResponse);
    warnings.push(`About ${fmt(rows)} rows is more than the ${fmt(perResponse)} rows one response may carry: it takes about ${fmt(pages)} requests.`);
    const requestsLeft = limits.api_requests_limit < 0 ? null : Math.max(0, limits.api_requests_limit - used.total_requests);
    if (requestsLeft !== null && pages > requestsLeft) {
      warnings.push(`That is more than the ${fmt(requestsLeft)} requests left this month.`);
    }
  }
  return { remaining, perResponse };
}
