import type { ClientColumnValue, EstimateFilter } from '../../../shared/index.js';
import type { ValuesAnswer } from '../v1/metaCache.js';

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
