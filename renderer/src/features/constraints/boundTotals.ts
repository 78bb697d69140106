import type { BindingSummary } from '../../../../shared/bridge/binding.js';
import { costOf } from './boundColumns.js';

/** One line of totals: the rows it sums, how many of them bound, and each cost column's sum ($/MW; null when none bound). */
export interface CostTotal {
  key: string;
  rows: number;
  bound: number;
  costs: Record<string, number | null>;
}

/**
 * Totals of the cost columns `ids` over `rows`, one line per `groupOf(row)` (a market, or '' for one line), in key
 * order, summed at full precision: the split columns add up to the absolute cost's total (shown in cents, two shown
 * splits may differ from the shown whole by a cent of rounding).
 */
export function costTotals<T extends { bound: BindingSummary | null }>(
  rows: readonly T[],
  ids: readonly string[],
  groupOf: (row: T) => string,
): CostTotal[] {
  const lines = new Map<string, CostTotal>();
  for (const row of rows) {
    const key = groupOf(row);
    let line = lines.get(key);
    if (!line) lines.set(key, (line = { key, rows: 0, bound: 0, costs: Object.fromEntries(ids.map((id) => [id, null])) }));
    line.rows += 1;
    if (!row.bound) continue;
    line.bound += 1;
    for (const id of ids) {
      const v = costOf(row.bound, id);
      if (v !== null) line.costs[id] = (line.costs[id] ?? 0) + v;
    }
  }
  return [...lines.values()].sort((a, b) => a.key.localeCompare(b.key));
}
