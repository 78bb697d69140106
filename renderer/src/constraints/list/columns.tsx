import type { Constraint, Contingency } from '../../../../shared/schemas/constraints.js';
import { formatSource, formatUtc } from '../../lib/format.js';
import { hrefs } from '../../lib/router.js';
import { gridSearch } from '../gridRoute.js';
import type { GridChoice } from '../gridRoute.js';
import { DatasetList, formatMoney } from './gridColumn.js';
import type { GridColumn } from './gridColumn.js';
import { copyNumber, copyTime } from './tsv.js';

/** Column ids of the constraints table (the address and tests name them). */
export const CONSTRAINT_COLUMN = 'constraint';
export const RT_COST_COLUMN = 'rt_cost';

const datasetsText = (ids: readonly string[] | null) => (ids ?? []).join(', ');

/** The constraints table's columns; each name links to the constraint's detail for the same dataset and window. */
export function constraintColumns(choice: GridChoice): GridColumn<Constraint>[] {
  return [
    {
      id: CONSTRAINT_COLUMN,
      label: 'Constraint',
      value: (c) => c.constraint_name,
      cell: (c) => (
        <a href={hrefs.constraint(c.gs_entity_id, gridSearch(choice))} title={c.constraint_name} data-testid="constraint-link">
          {c.constraint_name}
        </a>
      ),
      copy: (c) => c.constraint_name,
      width: 340,
      hideable: false,
    },
    {
      id: 'market',
      label: 'Market',
      value: (c) => c.market_id,
      cell: (c) => formatSource(c.market_id),
      copy: (c) => formatSource(c.market_id),
      width: 90,
    },
    {
      id: 'first_seen',
      label: 'First seen',
      value: (c) => c.earliest_seen_utc,
      cell: (c) => formatUtc(c.earliest_seen_utc),
      copy: (c) => copyTime(c.earliest_seen_utc),
      width: 170,
    },
    {
      id: 'last_seen',
      label: 'Last seen',
      value: (c) => c.latest_seen_utc,
      cell: (c) => formatUtc(c.latest_seen_utc),
      copy: (c) => copyTime(c.latest_seen_utc),
      width: 170,
      descFirst: true,
    },
    {
      id: 'datasets',
      label: 'Datasets',
      value: (c) => datasetsText(c.available_datasets),
      cell: (c) => <DatasetList ids={c.available_datasets} />,
      copy: (c) => datasetsText(c.available_datasets),
      width: 280,
    },
    {
      id: RT_COST_COLUMN,
      label: 'RT absolute cost ($/MW)',
      value: (c) => c.rt_absolute_cost ?? null,
      cell: (c) => formatMoney(c.rt_absolute_cost),
      copy: (c) => copyNumber(c.rt_absolute_cost),
      width: 190,
      numeric: true,
      descFirst: true,
    },
    {
      id: 'da_cost',
      label: 'DA absolute cost ($/MW)',
      value: (c) => c.da_absolute_cost ?? null,
      cell: (c) => formatMoney(c.da_absolute_cost),
      copy: (c) => copyNumber(c.da_absolute_cost),
      width: 190,
      numeric: true,
      descFirst: true,
    },
  ];
}

/** The contingencies table's columns (contingencies have no detail page of their own). */
export const contingencyColumns: GridColumn<Contingency>[] = [
  {
    id: 'contingency',
    label: 'Contingency',
    value: (c) => c.contingency_name,
    cell: (c) => <span title={c.contingency_name}>{c.contingency_name}</span>,
    copy: (c) => c.contingency_name,
    width: 380,
    hideable: false,
  },
  {
    id: 'market',
    label: 'Market',
    value: (c) => c.market_id,
    cell: (c) => formatSource(c.market_id),
    copy: (c) => (c.market_id ? formatSource(c.market_id) : ''),
    width: 90,
  },
  {
    id: 'first_seen',
    label: 'First seen',
    value: (c) => c.earliest_seen_utc,
    cell: (c) => formatUtc(c.earliest_seen_utc),
    copy: (c) => copyTime(c.earliest_seen_utc),
    width: 170,
  },
  {
    id: 'last_seen',
    label: 'Last seen',
    value: (c) => c.latest_seen_utc,
    cell: (c) => formatUtc(c.latest_seen_utc),
    copy: (c) => copyTime(c.latest_seen_utc),
    width: 170,
    descFirst: true,
  },
  {
    id: 'datasets',
    label: 'Datasets',
    value: (c) => datasetsText(c.available_datasets),
    cell: (c) => <DatasetList ids={c.available_datasets} />,
    copy: (c) => datasetsText(c.available_datasets),
    width: 280,
  },
];
