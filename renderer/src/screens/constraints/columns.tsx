import type { Constraint, Contingency } from '../../../../shared/schemas/constraints.js';
import { formatSource } from '../../lib/format.js';
import { hrefs } from '../../lib/router.js';
import type { ConstraintDataset } from '../../features/constraints/constraintDatasets.js';
import { gridSearch } from '../../features/constraints/gridChoice.js';
import type { GridChoice } from '../../features/constraints/gridChoice.js';
import { DatasetList, datasetWords } from '../../features/constraints/table/dataColumn.js';
import type { DataColumn } from '../../features/constraints/table/dataColumn.js';
import { measureColumn, timeColumn } from '../../features/constraints/table/vocabColumns.js';

/** Column ids of the constraints table (the address and tests name them). */
export const CONSTRAINT_COLUMN = 'constraint';
export const RT_COST_COLUMN = 'rt_cost';

type Seen = Pick<Contingency, 'earliest_seen_utc' | 'latest_seen_utc' | 'available_datasets'> & { market_id: string | null };

// Market, first and last seen, datasets: the columns constraints and contingencies share. Widths are the widest
// value or header line in a wide font (DejaVu Sans) plus padding, so the name column keeps ~300 px at 1400 px.
function seenColumns<T extends Seen>(datasets: readonly ConstraintDataset[]): DataColumn<T>[] {
  const words = (row: T) => datasetWords(row.available_datasets, datasets).join(', ');
  return [
    {
      id: 'market',
      label: 'Market',
      name: 'market_id',
      value: (c) => c.market_id,
      cell: (c) => formatSource(c.market_id),
      copy: (c) => (c.market_id ? formatSource(c.market_id) : ''),
      width: 86,
    },
    timeColumn<T>({ id: 'first_seen', name: 'earliest_seen_utc', value: (c) => c.earliest_seen_utc, width: 150 }),
    timeColumn<T>({
      id: 'last_seen',
      name: 'latest_seen_utc',
      value: (c) => c.latest_seen_utc,
      width: 150,
      descFirst: true,
    }),
    {
      id: 'datasets',
      label: 'Datasets',
      name: 'available_datasets',
      value: words,
      cell: (c) => <DatasetList ids={c.available_datasets} datasets={datasets} />,
      copy: words,
      width: 208,
    },
  ];
}

/** The constraints table's columns; each name links to the constraint's detail for the same dataset and window. */
export function constraintColumns(choice: GridChoice, datasets: readonly ConstraintDataset[]): DataColumn<Constraint>[] {
  return [
    {
      id: CONSTRAINT_COLUMN,
      label: 'Constraint',
      name: 'constraint_name',
      value: (c) => c.constraint_name,
      cell: (c) => (
        <a href={hrefs.constraint(c.gs_entity_id, gridSearch(choice))} title={c.constraint_name} data-testid="constraint-link">
          {c.constraint_name}
        </a>
      ),
      copy: (c) => c.constraint_name,
      width: 260,
      grow: true,
      hideable: false,
    },
    ...seenColumns<Constraint>(datasets),
    measureColumn<Constraint>({
      id: RT_COST_COLUMN,
      name: 'rt_absolute_cost',
      value: (c) => c.rt_absolute_cost,
      width: 150,
      descFirst: true,
    }),
    measureColumn<Constraint>({
      id: 'da_cost',
      name: 'da_absolute_cost',
      value: (c) => c.da_absolute_cost,
      width: 150,
      descFirst: true,
    }),
  ];
}

/** The contingencies table's columns (contingencies have no detail page of their own). */
export function contingencyColumns(datasets: readonly ConstraintDataset[]): DataColumn<Contingency>[] {
  return [
    {
      id: 'contingency',
      label: 'Contingency',
      name: 'contingency_name',
      value: (c) => c.contingency_name,
      cell: (c) => <span title={c.contingency_name}>{c.contingency_name}</span>,
      copy: (c) => c.contingency_name,
      width: 300,
      grow: true,
      hideable: false,
    },
    ...seenColumns<Contingency>(datasets),
  ];
}
