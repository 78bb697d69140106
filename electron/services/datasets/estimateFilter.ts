import type { ClientColumnValue, DatasetWithTimezone, EstimateFilter } from '../../../shared/index.js';
import type { ValuesAnswer } from '../v1/metaCache.js';
import { describeFilter, fmt, plural } from './estimateText.js';
import type { Rows, WindowRows } from './estimateRows.js';

// What a filter keeps of a dataset, sized from the column values the dataset page loaded (counts per value).

/** Whether a column value passes `filter` (numbers compare as numbers, everything else as text). */
export function matches(value: ClientColumnValue['value'], filter: EstimateFilter): boolean {
  const text = String(value);
  if (filter.operator === 'in')
    return filter.value
      .split(',')
      .map((s) => s.trim())
      .includes(text);
  const a = typeof value === 'number' ? value : text;
  const b =
    typeof value === 'number' && filter.value.trim() !== '' && !Number.isNaN(Number(filter.value))
      ? Number(filter.value)
      : filter.value;
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

/** The unsearched, untruncated values list among `answers` (every value with its count), if one was loaded. */
export const completeList = (answers: ValuesAnswer[]): ValuesAnswer | undefined =>
  answers.find((a) => a.search === '' && !a.truncated);

/** Rows of the whole dataset holding `text` in the filter column: [lo, hi]. */
function valueRows(answers: ValuesAnswer[], text: string, total: number): [number, number] {
  for (const a of answers) {
    const found = a.values.find((v) => matches(v.value, { column: '', operator: '=', value: text }));
    if (found) return found.count === null ? [1, total] : [found.count, found.count];
  }
  const needle = text.toLowerCase();
  if (answers.some((a) => !a.truncated && needle.includes(a.search.toLowerCase()))) return [0, 0];
  // Lists come most frequent first: a value left off a truncated list has at most its last count.
  const least = answers.filter((a) => a.search === '' && a.values.length > 0).map((a) => a.values.at(-1)!.count);
  const bound = least.length > 0 && least.every((c) => c !== null) ? Math.min(...(least as number[])) : total;
  return [0, Math.min(bound, total)];
}

/** Rows and distinct values the filter keeps, over the whole dataset; null when the values tell nothing. */
export function keptByFilter(
  answers: ValuesAnswer[],
  filter: EstimateFilter,
  total: number,
): { rows: [number, number]; values: [number, number] | null } | null {
  const list = completeList(answers);
  if (list && list.values.every((v) => v.count !== null)) {
    const kept = list.values.filter((v) => matches(v.value, filter));
    const rows = kept.reduce((sum, v) => sum + v.count!, 0);
    return { rows: [rows, rows], values: [kept.length, kept.length] };
  }
  if (filter.operator !== '=' && filter.operator !== 'in' && filter.operator !== '!=') return null;
  const wanted = filter.operator === 'in' ? [...new Set(filter.value.split(',').map((s) => s.trim()))] : [filter.value];
  let [lo, hi, vLo, vHi] = [0, 0, 0, 0];
  for (const w of wanted) {
    const [a, b] = valueRows(answers, w, total);
    [lo, hi, vLo, vHi] = [lo + a, hi + b, vLo + (a > 0 ? 1 : 0), vHi + (b > 0 ? 1 : 0)];
  }
  if (filter.operator !== '!=') return { rows: [lo, Math.min(hi, total)], values: [vLo, vHi] };
  return { rows: [0, Math.max(0, total - lo)], values: null };
}

/** A band of rows after a filter, the words for the basis, and the subseries values it keeps when known ([lo, hi]). */
export interface Filtered {
  band: Rows;
  text: string;
  keptValues: [number, number] | null;
}

/**
 * What `filter` keeps of the `window`'s rows (docs/desktop.md#usage-meter-and-quota-forecast): on the subseries column of a
 * complete panel the share of subseries kept; otherwise between the window less every row it drops and the rows of the
 * kept values; unknown values bound nothing (`lo` 0). `cap` shrinks with the same facts, so it stays a ceiling.
 */
export function applyFilter(
  d: DatasetWithTimezone,
  window: WindowRows,
  filter: EstimateFilter,
  subseries: ValuesAnswer[],
  filterValues: ValuesAnswer[],
): Filtered {
  const subCol = d.subseries_index_column ?? null;
  const onSub = filter.column === subCol;
  const answers = onSub ? subseries : filterValues;
  const total = window.total ?? (completeList(answers)?.values.reduce((s, v) => s + (v.count ?? 0), 0) || 0);
  const kept = keptByFilter(answers, filter, total);
  const f = describeFilter(filter);
  const why = [...window.why];
  let { lo, hi, p, cap } = window;
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
    const share = Math.min(vHi, panel) / panel;
    [lo, hi, p, cap] = [(lo * vLo) / panel, hi * share, p * share, cap * share];
    if (vLo < vHi) why.push(`whether ${filter.value} is a value of ${filter.column} is not known from the values loaded`);
    const text = ` × ${fmt(vHi)} of ${plural(panel, `${subCol} value`)} (${f}; each has a row at every time index)`;
    return { band: { lo, hi, p, cap, why }, text, keptValues: [vLo, Math.min(vHi, panel)] };
  }
  if (kept && total > 0) {
    const [kLo, kHi] = kept.rows;
    hi = Math.min(hi, kHi);
    cap = Math.min(cap, kHi);
    lo = Math.max(0, lo - (total - kLo));
    p = Math.min(Math.max((p * kHi) / total, lo), hi);
    if (lo < hi) why.push(`the rows with ${f} are not known per date, only in all`);
    const text = ` × ${kLo === kHi ? '' : '≤ '}${Math.round((kHi / total) * 1000) / 10} % of rows with ${f} (${fmt(kHi)} of ${fmt(total)})`;
    return { band: { lo, hi, p, cap, why }, text, keptValues: onSub ? kept.values : null };
  }
  why.push(`the filter ${f} cannot be sized (the values of ${filter.column} with their counts are not loaded)`);
  return { band: { lo: 0, hi, p, cap, why }, text: ` with ${f}`, keptValues: null };
}
