import type { ReactNode } from 'react';
import type { Contingency } from '../../../../shared/schemas/constraints.js';
import { contingencyColumns } from './columns.js';
import { DataTable } from './DataTable.js';

const SORT = [{ id: 'last_seen', desc: true }];
const PINNED = ['contingency'];

/** The contingencies table (latest seen first, as the service orders it); the Contingency column starts pinned left. */
export function ContingenciesTable({ contingencies, empty }: { contingencies: readonly Contingency[]; empty: ReactNode }) {
  return (
    <DataTable
      rows={contingencies}
      columns={contingencyColumns}
      rowId={(c) => c.gs_entity_id}
      noun={['contingency', 'contingencies']}
      testId="contingencies-table"
      rowTestId="contingency-row"
      rowIdAttribute="data-contingency-id"
      initialSorting={SORT}
      initialPinned={PINNED}
      empty={empty}
    />
  );
}
