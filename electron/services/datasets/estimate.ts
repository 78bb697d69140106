import { parseTimeText } from '../../../shared/index.js';
import type { ApiUsage, AuditRow, DatasetWithTimezone, EstimateFilter, QueryEstimate } from '../../../shared/index.js';
import type { ValuesAnswer } from '../v1/metaCache.js';
import { completeList, keptByFilter } from './estimateFilter.js';
import { quotaWarnings } from './estimateQuota.js';
import { describeFilter, fmt, iso, plural } from './estimateText.js';
import { rowsFromAudit, rowsFromCount } from './estimateWindow.js';

export { matches } from './estimateFilter.js';

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
}

const clamp = (v: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, v));

/** Epoch ms of a time as the query reads it (docs/api.md#time-grammar). @throws TimeGrammarError; RangeError for a bad `zone`. */
export function readEstimateTime(text: string, zone = 'UTC'): number {
  return parseTimeText(text, { zone }).epochMs;
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
  let { lo, hi, p } = window;
  const why = [...window.why];
  let filterText = '';

  if (filter) {
    const subCol = d.subseries_index_column ?? null;
    const onSub = filter.column === subCol;
    const answers = onSub ? inputs.subseries : inputs.filterValues;
    const total = window.total ?? (completeList(answers)?.values.reduce((s, v) => s + (v.count ?? 0), 0) || 0);
    const kept = keptByFilter(answers, filter, total);
    const f = describeFilter(filter);
    const panel = onSub ? window.panel : null;
    if (panel !== null) {
      // Every subseries has a row at every time index: each kept value holds 1/panel of the rows.
      const [vLo, vHi] =
        kept?.values ??
        (filter.operator === '='
          ? [0, 1]
          : filter.operator === 'in'
            ? [0, Math.min(panel, new Set(filter.value.split(',')).size)]
            : [0, panel]);
      [lo, hi, p] = [(lo * vLo) / panel, (hi * Math.min(vHi, panel)) / panel, (p * Math.min(vHi, panel)) / panel];
      filterText = ` × ${fmt(vHi)} of ${plural(panel, `${subCol} value`)} (${f}; each has a row at every time index)`;
      if (vLo < vHi) why.push(`whether ${filter.value} is a value of ${filter.column} is not known from the values loaded`);
    } else if (kept && total > 0) {
      const [kLo, kHi] = kept.rows;
      hi = Math.min(hi, kHi);
      lo = Math.max(0, lo - (total - kLo));
      p = clamp((p * kHi) / total, lo, hi);
      filterText = ` × ${kLo === kHi ? '' : '≤ '}${Math.round((kHi / total) * 1000) / 10} % of rows with ${f} (${fmt(kHi)} of ${fmt(total)})`;
      if (lo < hi) why.push(`the rows with ${f} are not known per date, only in all`);
    } else {
      lo = 0;
      filterText = ` with ${f}`;
      why.push(`the filter ${f} cannot be sized (the values of ${filter.column} with their counts are not loaded)`);
    }
  }

  let capped = '';
  if (inputs.limit !== undefined && hi > inputs.limit) {
    [lo, hi, p] = [Math.min(lo, inputs.limit), inputs.limit, Math.min(p, inputs.limit)];
    capped = `, capped at the query's limit of ${fmt(inputs.limit)} rows`;
  }

  let rows: number;
  let upperBound = false;
  if (!Number.isFinite(hi)) {
    rows = 0;
    warnings.push('The dataset reports no row count: the estimate cannot size it.');
  } else if (hi - lo < 0.5) {
    rows = Math.round(clamp(p, lo, hi));
  } else if (lo > 0 && hi <= 4 * lo) {
    rows = Math.round(clamp(p, hi / 2, 2 * lo));
  } else {
    rows = Math.ceil(hi - 1e-9);
    upperBound = true;
  }
  const basis = upperBound
    ? `${window.text}${filterText}${capped}: at most ${plural(rows, 'row')}. An upper bound, because ${why.join('; ') || 'the rows of the window are not known'}.`
    : `${window.text}${filterText}${capped} = ${plural(rows, 'row')}`;

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
