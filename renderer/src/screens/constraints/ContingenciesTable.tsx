import { useMemo } from 'react';
import type { ReactNode } from 'react';
import type { Contingency } from '../../../../shared/schemas/constraints.js';
import { useConstraintDatasets } from '../../features/constraints/useConstraintDatasets.js';
import { contingencyColumns } from './columns.js';
import { DataTable } from '../../features/constraints/table/DataTable.js';

const SORT = [{ id: 'last_seen', desc: true }];
const PINNED = ['contingency'];

/**
 * The contingencies table (latest seen first, as the service orders it), times in `zone`; the Contingency column starts
 * pinned left.
 */
export function ContingenciesTable(props: { contingencies: readonly Contingency[]; empty: ReactNode; zone?: string }) {
  const { contingencies, empty, zone = 'UTC' } = props;
  // The contingency answer names datasets by id only: the shared dataset list gives their words.
  const { options } = useConstraintDatasets();
  const columns = useMemo(() => contingencyColumns(options, zone), [options, zone]);
  return (
    <DataTable
      rows={contingencies}
      columns={columns}
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
