import { useMemo } from 'react';
import type { ReactNode } from 'react';
import type { DataColumn } from '../../features/constraints/table/dataColumn.js';
import { COST_COLUMN } from '../../features/constraints/boundColumns.js';
import { DataTable } from '../../features/constraints/table/DataTable.js';
import { CONSTRAINT_COLUMN, CONTINGENCY_COLUMN, EVER_COLUMNS, constraintColumns, contingencyColumns } from './columns.js';
import type { ConstraintRow, ContingencyRow, ListColumnsOptions } from './columns.js';
import { marketFooter } from './footer.js';

/** Props of the two list tables: the rows to show (already filtered), the columns' options, the window in words. */
export interface ListTableProps<R> extends ListColumnsOptions {
  rows: readonly R[];
  /** The binding window in words, for the totals' tooltip. */
  windowText: string;
  empty: ReactNode;
}

const SORT = [{ id: COST_COLUMN, desc: true }];

/**
 * The constraints table: highest absolute cost in the binding window first, a total per market in its foot under the
 * cost columns; the Constraint column starts pinned left and first/last seen ever start hidden. `selected` is
 * highlighted (a link from the map).
 */
export function ConstraintsTable(props: ListTableProps<ConstraintRow> & { selected: string | null }) {
  const { rows, windowText, empty, selected, ...options } = props;
  const { choice, peak, datasets, zone, kind, split } = options;
  const columns: DataColumn<ConstraintRow>[] = useMemo(
    () => constraintColumns({ choice, peak, datasets, zone, kind, split }),
    [choice, peak, datasets, zone, kind, split],
  );
  const footer = useMemo(
    () => marketFooter(rows, split, (r) => r.constraint.market_id, CONSTRAINT_COLUMN, ['constraint', 'constraints'], windowText),
    [rows, split, windowText],
  );
  return (
    <DataTable
      rows={rows}
      columns={columns}
      rowId={(r) => r.id}
      noun={['constraint', 'constraints']}
      testId="constraints-table"
      rowTestId="constraint-row"
      rowIdAttribute="data-constraint-id"
      initialSorting={SORT}
      initialPinned={[CONSTRAINT_COLUMN]}
      initialHidden={EVER_COLUMNS}
      highlightId={selected}
      empty={empty}
      footer={footer}
      footerTestId="market-totals"
    />
  );
}

/** The contingencies table: as the constraints table, each named contingency opening its view. */
export function ContingenciesTable(props: ListTableProps<ContingencyRow>) {
  const { rows, windowText, empty, ...options } = props;
  const { choice, peak, datasets, zone, kind, split } = options;
  const columns = useMemo(
    () => contingencyColumns({ choice, peak, datasets, zone, kind, split }),
    [choice, peak, datasets, zone, kind, split],
  );
  const footer = useMemo(
    () => marketFooter(rows, split, (r) => r.market_id, CONTINGENCY_COLUMN, ['contingency', 'contingencies'], windowText),
    [rows, split, windowText],
  );
  return (
    <DataTable
      rows={rows}
      columns={columns}
      rowId={(r) => r.id ?? '(none)'}
      noun={['contingency', 'contingencies']}
      testId="contingencies-table"
      rowTestId="contingency-row"
      rowIdAttribute="data-contingency-id"
      initialSorting={SORT}
      initialPinned={[CONTINGENCY_COLUMN]}
      initialHidden={EVER_COLUMNS}
      empty={empty}
      footer={footer}
      footerTestId="market-totals"
    />
  );
}
