import type { BindingSummary } from '../../../../shared/bridge/binding.js';
import { formatNumber } from '../../../../shared/vocabulary/formats.js';
import { formatCount, formatSource } from '../../lib/format.js';
import { costColumnIds } from '../../features/constraints/boundColumns.js';
import { costTotals } from '../../features/constraints/boundTotals.js';
import type { CostSplit } from '../../features/constraints/peakChoice.js';
import type { FooterRow } from '../../features/constraints/table/DataTable.js';

/**
 * The foot of a list table: one line per market under the market and cost columns — how many rows bound, and each cost
 * column's total ($/MW) over the rows shown. `nameColumn` holds the line's words, `noun` names a row.
 */
export function marketFooter<T extends { bound: BindingSummary | null }>(
  rows: readonly T[],
  split: CostSplit,
  marketOf: (row: T) => string | null,
  nameColumn: string,
  noun: [string, string],
  window: string,
): FooterRow[] {
  const ids = costColumnIds(split);
  return costTotals(rows, ids, (r) => marketOf(r) ?? '').map((t) => ({
    id: t.key,
    data: { 'data-market': t.key },
    cells: {
      [nameColumn]: (
        <span title={`Σ of the costs above over the binding window ${window}`}>
          Total, {formatCount(t.bound)} {t.bound === 1 ? noun[0] : noun[1]} bound
        </span>
      ),
      market: formatSource(t.key || null),
      ...Object.fromEntries(ids.map((id) => [id, formatNumber(t.costs[id], 'money')])),
    },
  }));
}
