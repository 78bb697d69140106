import { useMemo } from 'react';
import type { ReactNode } from 'react';
import type { Constraint } from '../../../../shared/schemas/constraints.js';
import { formatCount, formatSource, formatWindow } from '../../lib/format.js';
import type { ConstraintDataset } from '../../features/constraints/constraintDatasets.js';
import { formatCost } from '../../features/constraints/format.js';
import type { GridChoice } from '../../features/constraints/gridChoice.js';
import { CONSTRAINT_COLUMN, RT_COST_COLUMN, constraintColumns } from './columns.js';
import { DataTable } from '../../features/constraints/table/DataTable.js';
import type { FooterRow } from '../../features/constraints/table/DataTable.js';
import { marketTotals } from './totals.js';

/** Props of {@link ConstraintsTable}: the constraints to show (already filtered), the page's choice and the highlighted id. */
export interface ConstraintsTableProps {
  constraints: readonly Constraint[];
  choice: GridChoice;
  /** The datasets the answer names, for the Datasets column's words. */
  datasets: readonly ConstraintDataset[];
  selected: string | null;
  /** Shown when no constraint matches. */
  empty: ReactNode;
  /** The zone times are shown in (market time or UTC). */
  zone?: string;
}

const SORT = [{ id: RT_COST_COLUMN, desc: true }];
const PINNED = [CONSTRAINT_COLUMN];

/**
 * The constraints table (highest RT absolute cost first, as the service orders it) with a total per market in its foot,
 * under the cost columns; the Constraint column starts pinned left.
 */
export function ConstraintsTable({ constraints, choice, datasets, selected, empty, zone = 'UTC' }: ConstraintsTableProps) {
  const columns = useMemo(() => constraintColumns(choice, datasets, zone), [choice, datasets, zone]);
  const footer = useMemo(
    (): FooterRow[] =>
      marketTotals(constraints).map((t) => ({
        id: t.market,
        data: { 'data-market': t.market },
        cells: {
          [CONSTRAINT_COLUMN]: (
            <span title={`Σ absolute costs over the cost window ${formatWindow(choice.start, choice.end)}`}>
              Total, {formatCount(t.count)} {t.count === 1 ? 'constraint' : 'constraints'}
            </span>
          ),
          market: formatSource(t.market),
          [RT_COST_COLUMN]: formatCost(t.rtCost),
          da_cost: formatCost(t.daCost),
        },
      })),
    [constraints, choice.start, choice.end],
  );
  return (
    <DataTable
      rows={constraints}
      columns={columns}
      rowId={(c) => c.gs_entity_id}
      noun={['constraint', 'constraints']}
      testId="constraints-table"
      rowTestId="constraint-row"
      rowIdAttribute="data-constraint-id"
      initialSorting={SORT}
      initialPinned={PINNED}
      highlightId={selected}
      empty={empty}
      footer={footer}
      footerTestId="market-totals"
    />
  );
}
