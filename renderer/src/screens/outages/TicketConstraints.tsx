import { useMemo } from 'react';
import type { ConstraintOverlap } from '../../../../shared/bridge/grid.js';
import { termOf } from '../../../../shared/vocabulary/index.js';
import { ErrorState } from '../../components/ErrorState.js';
import { DistanceField, useDistanceDraft } from '../../features/outages/DistanceField.js';
import { Skeleton } from '../../components/Skeleton.js';
import { hrefs, navigate } from '../../lib/router.js';
import { DatasetSelect } from '../../features/constraints/DatasetSelect.js';
import { gridSearch } from '../../features/constraints/gridChoice.js';
import type { GridChoice } from '../../features/constraints/gridChoice.js';
import { useGridQuery } from '../../features/constraints/gridQueries.js';
import { SyntheticBadge } from '../../features/constraints/SyntheticBadge.js';
import { DataTable } from '../../features/constraints/table/DataTable.js';
import type { DataColumn } from '../../features/constraints/table/dataColumn.js';
import { measureColumn } from '../../features/constraints/table/vocabColumns.js';

/** The distance (km) from the ticket's equipment within which binding constraints are looked for, at first. */
export const TICKET_DISTANCE_KM = 50;

/**
 * The columns of a ticket's overlapped constraints. The overlap's allocation and lift (docs/overlap.md), once the
 * overlap verbs answer them, go after "Congestion while out".
 */
function overlapColumns(choice: GridChoice): DataColumn<ConstraintOverlap>[] {
  return [
    {
      id: 'constraint',
      label: termOf('constraint_name').label,
      name: 'constraint_name',
      value: (c) => c.constraint_name,
      cell: (c) => (
        <a href={hrefs.constraint(c.constraint_gs_entity_id, gridSearch(choice))} data-testid="overlap-constraint-link">
          {c.constraint_name}
        </a>
      ),
      copy: (c) => c.constraint_name,
      width: 260,
      grow: true,
      hideable: false,
    },
    measureColumn({ id: 'distance', name: 'distance_km', value: (c) => c.distance_km, width: 110 }),
    measureColumn({
      id: 'intervals',
      name: 'overlapping_intervals',
      value: (c) => c.overlapping_intervals,
      width: 130,
      descFirst: true,
    }),
    measureColumn({
      id: 'cost',
      name: 'congestion_cost',
      label: 'Congestion while out',
      value: (c) => c.congestion_cost,
      width: 170,
      descFirst: true,
    }),
    measureColumn({
      id: 'peak',
      name: 'peak_abs_shadow_price',
      value: (c) => c.peak_abs_shadow_price,
      width: 150,
      descFirst: true,
    }),
  ];
}

/**
 * The binding constraints within a distance of the ticket's equipment whose binding intervals its outage interval
 * overlapped, in a constraint dataset and the page's window (`overlap:forOutage`, docs/overlap.md); each links to the
 * constraint's page over the same window.
 */
export function TicketConstraints({ ticket, choice }: { ticket: number; choice: GridChoice }) {
  const distance = useDistanceDraft(TICKET_DISTANCE_KM);
  const { distanceKm } = distance;
  const q = useGridQuery(
    'overlap:forOutage',
    { datasetId: choice.datasetId, market: choice.market, ticket, window: { start: choice.start, end: choice.end }, distanceKm },
    { keepPrevious: true },
  );
  const columns = useMemo(() => overlapColumns(choice), [choice]);
  return (
    <section className="card" aria-labelledby="ticket-overlap-title">
      <h2 id="ticket-overlap-title">
        Binding constraints it overlapped {q.data && <SyntheticBadge fields={q.data.synthetic} />}
      </h2>
      <form className="toolbar" onSubmit={distance.apply}>
        <DatasetSelect
          id="ticket-dataset"
          label="Dataset"
          value={choice.datasetId}
          filter={(d) => d.priced !== false && (d.market === null || d.market === choice.market)}
          onChange={(datasetId) => navigate(hrefs.outage(ticket, gridSearch({ ...choice, datasetId })))}
        />
        <DistanceField distance={distance} className="choice-field" testId="ticket-distance" />
      </form>
      {q.isPending && <Skeleton label="Computing the constraints it overlapped…" rows={3} testId="ticket-overlap-loading" />}
      {q.isError && (
        <ErrorState
          error={q.error}
          what="the constraints it overlapped"
          verb="overlap:forOutage"
          onRetry={() => void q.refetch()}
        />
      )}
      {q.data && (
        <DataTable
          rows={q.data.constraints}
          columns={columns}
          rowId={(c) => c.constraint_gs_entity_id}
          noun={['constraint', 'constraints']}
          testId="ticket-overlap"
          rowTestId="ticket-overlap-row"
          rowIdAttribute="data-constraint-id"
          initialSorting={[{ id: 'cost', desc: true }]}
          initialPinned={['constraint']}
          empty={`No constraint within ${q.data.distanceKm} km bound while it was out.`}
          exportName={`ticket-${ticket}-constraints.csv`}
        />
      )}
    </section>
  );
}
