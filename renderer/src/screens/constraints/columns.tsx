import type { BoundConstraint, BoundContingency } from '../../../../shared/bridge/binding.js';
import type { Constraint, Contingency } from '../../../../shared/schemas/constraints.js';
import { formatSource } from '../../lib/format.js';
import { hrefs } from '../../lib/router.js';
import { boundColumns } from '../../features/constraints/boundColumns.js';
import type { BoundColumnsOptions, WithBound } from '../../features/constraints/boundColumns.js';
import type { ConstraintDataset } from '../../features/constraints/constraintDatasets.js';
import { gridSearch } from '../../features/constraints/gridChoice.js';
import type { GridChoice } from '../../features/constraints/gridChoice.js';
import { peakParams } from '../../features/constraints/peakChoice.js';
import type { PeakFilter } from '../../../../shared/time/peak.js';
import { DatasetList, datasetWords } from '../../features/constraints/table/dataColumn.js';
import type { DataColumn } from '../../features/constraints/table/dataColumn.js';
import { measureColumn, timeColumn } from '../../features/constraints/table/vocabColumns.js';

/** Column ids of the tables (the address, totals and tests name them). */
export const CONSTRAINT_COLUMN = 'constraint';
export const CONTINGENCY_COLUMN = 'contingency';
/** Shown in the column menu only at first: when a row was first and last seen ever, and in which datasets. */
export const EVER_COLUMNS = ['first_seen', 'last_seen', 'datasets'];

/** A constraint of the list with its figures in the binding window (null when it did not bind there). */
export interface ConstraintRow extends WithBound<BoundConstraint> {
  id: string;
  constraint: Constraint;
}

/** A contingency with its figures; `entry` is its list entry (null for binding rows that named no contingency). */
export interface ContingencyRow extends WithBound<BoundContingency> {
  id: string | null;
  name: string;
  market_id: string | null;
  entry: Contingency | null;
}

type Seen = Pick<Contingency, 'earliest_seen_utc' | 'latest_seen_utc' | 'available_datasets'>;

// Market, then first and last seen ever and the datasets (hidden at first: the window's figures come first).
function seenColumns<T>(
  market: (r: T) => string | null,
  seen: (r: T) => Seen | null,
  datasets: readonly ConstraintDataset[],
  zone: string,
) {
  const words = (row: T) => datasetWords(seen(row)?.available_datasets ?? null, datasets).join(', ');
  const marketColumn: DataColumn<T> = {
    id: 'market',
    label: 'Market',
    name: 'market_id',
    value: market,
    cell: (r) => formatSource(market(r)),
    copy: (r) => (market(r) ? formatSource(market(r)) : ''),
    width: 86,
  };
  const ever: DataColumn<T>[] = [
    timeColumn<T>({ id: 'first_seen', name: 'earliest_seen_utc', value: (r) => seen(r)?.earliest_seen_utc, width: 184, zone }),
    timeColumn<T>({
      id: 'last_seen',
      name: 'latest_seen_utc',
      value: (r) => seen(r)?.latest_seen_utc,
      width: 184,
      zone,
      descFirst: true,
    }),
    {
      id: 'datasets',
      label: 'Datasets',
      name: 'available_datasets',
      value: words,
      cell: (r) => <DatasetList ids={seen(r)?.available_datasets ?? null} datasets={datasets} />,
      copy: words,
      width: 208,
    },
  ];
  return { marketColumn, ever };
}

/** What both tables' columns need: the page's choice and peak filter (carried by links), datasets, figures' options. */
export interface ListColumnsOptions extends BoundColumnsOptions {
  choice: GridChoice;
  peak: PeakFilter;
  datasets: readonly ConstraintDataset[];
}

/** The constraints table's columns; each name links to the constraint's detail for the same dataset, window and hours. */
export function constraintColumns(o: ListColumnsOptions): DataColumn<ConstraintRow>[] {
  const { marketColumn, ever } = seenColumns<ConstraintRow>(
    (r) => r.constraint.market_id,
    (r) => r.constraint,
    o.datasets,
    o.zone,
  );
  const search = gridSearch(o.choice, peakParams(o.peak));
  return [
    {
      id: CONSTRAINT_COLUMN,
      label: 'Constraint',
      name: 'constraint_name',
      value: (r) => r.constraint.constraint_name,
      cell: (r) => (
        <a href={hrefs.constraint(r.id, search)} title={r.constraint.constraint_name} data-testid="constraint-link">
          {r.constraint.constraint_name}
        </a>
      ),
      copy: (r) => r.constraint.constraint_name,
      width: 260,
      grow: true,
      hideable: false,
    },
    marketColumn,
    ...boundColumns<ConstraintRow>(o),
    ...ever,
  ];
}

/** The contingencies table's columns; each named contingency links to its view for the same dataset, window and hours. */
export function contingencyColumns(o: ListColumnsOptions): DataColumn<ContingencyRow>[] {
  const { marketColumn, ever } = seenColumns<ContingencyRow>(
    (r) => r.market_id,
    (r) => r.entry,
    o.datasets,
    o.zone,
  );
  const search = gridSearch(o.choice, peakParams(o.peak));
  return [
    {
      id: CONTINGENCY_COLUMN,
      label: 'Contingency',
      name: 'contingency_name',
      value: (r) => r.name,
      cell: (r) =>
        r.id ? (
          <a href={hrefs.contingency(r.id, search)} title={r.name} data-testid="contingency-link">
            {r.name}
          </a>
        ) : (
          <span className="muted" title="Binding rows that name no contingency">
            {r.name}
          </span>
        ),
      copy: (r) => r.name,
      width: 280,
      grow: true,
      hideable: false,
    },
    marketColumn,
    measureColumn<ContingencyRow>({
      id: 'constraints_bound',
      name: 'constraint_count',
      value: (r) => r.bound?.constraints,
      width: 110,
      descFirst: true,
    }),
    ...boundColumns<ContingencyRow>(o),
    ...ever,
  ];
}
