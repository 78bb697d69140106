import { parseTimeText } from '../../../shared/index.js';
import type { ApiUsage, AuditRow, DatasetWithTimezone, EstimateFilter, QueryEstimate } from '../../../shared/index.js';
import type { ValuesAnswer } from '../v1/metaCache.js';
import { applyFilter } from './estimateFilter.js';
import { quotaWarnings } from './estimateQuota.js';
import { shapeByResampling, shapeByVintage } from './estimateShape.js';
import type { QueryShape, ShapeFacts } from './estimateShape.js';
import { describeFilter, fmt, iso, plural } from './estimateText.js';
import { rowsFromAudit, rowsFromCount } from './estimateWindow.js';

export { matches } from './estimateFilter.js';
export type { QueryShape } from './estimateShape.js';

/** Everything {@link estimateQuery} knows; usage and audit null when not known; values answers newest first. */
export interface EstimateInputs {
  dataset: DatasetWithTimezone;
  /** Window start, epoch ms (time index ≥ it); absent = from the first row. */
  startMs?: number;
  /** Window end, epoch ms (time index < it); absent = to the last row. */
  endMs?: number;
  filter?: EstimateFilter;
  /** The query's row limit across all pages: the estimate is at most this. */
  limit?: number;
  usage: ApiUsage | null;
  audit: AuditRow[] | null;
  /** Why there are no audit rows, in words for the basis (e.g. "the free plan does not include them"). */
  noAuditReason?: string;
  subseries: ValuesAnswer[];
  filterValues: ValuesAnswer[];
  /** Loaded values of the other grouping columns of a resampling, by column. */
  groupValues?: Record<string, ValuesAnswer[]>;
  /** Vintage and resampling; absent = none. */
  shape?: QueryShape;
}

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/** Epoch ms of a time as the query reads it (docs/api.md#time-grammar). @throws TimeGrammarError; RangeError for a bad `zone`. */
export function readEstimateTime(text: string, zone = 'UTC'): number {
  return parseTimeText(text, { zone }).epochMs;
}

/** The window [start, end) within the rows' availability (latest included), in epoch ms. */
function spanOf(d: DatasetWithTimezone, start: number, end: number): [number, number] {
  const earliest = d.earliest_available_time_utc ? Date.parse(d.earliest_available_time_utc) : NaN;
  const latest = d.latest_available_time_utc ? Date.parse(d.latest_available_time_utc) : NaN;
  return [
    Number.isFinite(earliest) ? Math.max(start, earliest) : start,
    Number.isFinite(latest) ? Math.min(end, latest + 1) : end,
  ];
}

/**
 * Rows a query returns, from metadata only: within 0.5×–2× of the truth, or an `upperBound` with the reason in `basis`
 * (rules: docs/desktop.md#usage-meter-and-quota-forecast). Pure. @throws Error when `startMs` is not before `endMs`.
 */
export function estimateQuery(inputs: EstimateInputs): QueryEstimate {
  const { dataset: d, filter } = inputs;
  const start = inputs.startMs ?? -Infinity;
  const end = inputs.endMs ?? Infinity;
  if (start >= end) throw new Error('startTime must be before endTime.');
  const warnings: string[] = [];
  const window =
    inputs.audit !== null
      ? rowsFromAudit(d, inputs.audit, start, end)
      : rowsFromCount(d, inputs.subseries, start, end, inputs.noAuditReason ?? 'not loaded');
  const filtered = filter ? applyFilter(d, window, filter, inputs.subseries, inputs.filterValues) : null;
  const subCol = d.subseries_index_column ?? null;
  const facts: ShapeFacts = {
    dataset: d,
    ...(filter ? { filter } : {}),
    valuesOf: (column) =>
      column === subCol
        ? inputs.subseries
        : column === filter?.column
          ? inputs.filterValues
          : (inputs.groupValues?.[column] ?? []),
    // A filter on another column may empty some subseries: then the panel says nothing of the groups.
    panel:
      window.panel === null || (filter && filter.column !== subCol)
        ? null
        : (filtered?.keptValues ?? [window.panel, window.panel]),
  };
  const span = spanOf(d, start, end);
  const shape = inputs.shape ?? { zone: null };
  const vintage = shapeByVintage(filtered?.band ?? window, shape, facts, span);
  const resampled = shapeByResampling(vintage.band, shape, facts, span);
  if (!resampled) throw new Error(`resampleFrequency: '${shape.resampleFrequency}' is not an interval the data service accepts.`);
  let { lo, hi, p, cap } = resampled.band;
  const why = resampled.band.why;
  const shapeText = `${filtered?.text ?? ''}${vintage.text}${resampled.text}`;

  const limit = inputs.limit ?? Infinity;
  const [trustedOverLimit, capOverLimit] = [hi > limit, cap > limit];
  [lo, hi, p, cap] = [Math.min(lo, limit), Math.min(hi, limit), Math.min(p, limit), Math.min(cap, limit)];
  // The trusted band never passes the ceiling.
  [lo, hi, p] = [Math.min(lo, cap), Math.min(hi, cap), Math.min(p, cap)];

  let rows: number;
  let upperBound = false;
  if (!Number.isFinite(hi) && !Number.isFinite(cap)) {
    rows = 0;
    warnings.push('The dataset reports no row count: the estimate cannot size it.');
  } else if (hi - lo < 0.5) {
    rows = Math.round(clamp(p, lo, hi));
  } else if (lo > 0 && hi <= 4 * lo) {
    rows = Math.round(clamp(p, hi / 2, 2 * lo));
  } else {
    // What an "at most" figure says must hold: the ceiling, never the trusted band.
    rows = Number.isFinite(cap) ? Math.ceil(cap - 1e-9) : Math.ceil(hi - 1e-9);
    upperBound = true;
  }
  const capped = (upperBound ? capOverLimit : trustedOverLimit) ? `, capped at the query's limit of ${fmt(limit)} rows` : '';
  const basis = upperBound
    ? `${window.text}${shapeText}${capped}: at most ${plural(rows, 'row')}. An upper bound, because ${why.join('; ') || 'the rows of the window are not known'}.`
    : `${window.text}${shapeText}${capped} = ${plural(rows, 'row')}`;

  if (rows === 0 && Number.isFinite(hi)) {
    const earliest = d.earliest_available_time_utc ? Date.parse(d.earliest_available_time_utc) : NaN;
    const latest = d.latest_available_time_utc ? Date.parse(d.latest_available_time_utc) : NaN;
    const covers = Number.isFinite(earliest) && Number.isFinite(latest) ? `${iso(earliest)} to ${iso(latest)}` : null;
    if (filter && window.hi > 0) warnings.push(`No rows expected: no row in the window has ${describeFilter(filter)}.`);
    else if (covers && (end <= earliest || start > latest)) warnings.push(`No rows expected: the dataset covers ${covers}.`);
    else
      warnings.push(
        `No rows expected: the dataset has no rows in this window${covers ? ` (it covers ${covers}, with gaps)` : ''}.`,
      );
  }

  const { remaining, perResponse } = quotaWarnings(rows, inputs.usage, warnings);
  return {
    datasetId: d.id,
    estimatedRows: rows,
    basis,
    ...(upperBound ? { upperBound } : {}),
    remainingMonthlyRows: remaining,
    perResponseLimit: perResponse,
    warnings,
  };
}
