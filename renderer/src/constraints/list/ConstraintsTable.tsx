import { useMemo } from 'react';
import type { ReactNode } from 'react';
import type { Constraint } from '../../../../shared/schemas/constraints.js';
import type { GridChoice } from '../gridRoute.js';
import { CONSTRAINT_COLUMN, RT_COST_COLUMN, constraintColumns } from './columns.js';
import { DataTable } from './DataTable.js';
import { MarketTotals } from './MarketTotals.js';

/** Props of {@link ConstraintsTable}: the constraints to show (already filtered), the page's choice and the highlighted id. */
export interface ConstraintsTableProps {
  constraints: readonly Constraint[];
  choice: GridChoice;
  selected: string | null;
  /** Shown when no constraint matches. */
  empty: ReactNode;
}

const SORT = [{ id: RT_COST_COLUMN, desc: true }];
const PINNED = [CONSTRAINT_COLUMN];

/**
 * The constraints table (highest RT absolute cost first, as the service orders it) and its totals per market; the
 * Constraint column starts pinned left.
 */
export function ConstraintsTable({ constraints, choice, selected, empty }: ConstraintsTableProps) {
  const columns = useMemo(() => constraintColumns(choice), [choice]);
  return (
    <>
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
      />
      <MarketTotals constraints={constraints} start={choice.start} end={choice.end} />
    </>
  );
}
