import { useMemo } from 'react';
import type { ColumnDef } from '@tanstack/react-table';
import type { ShiftFactorPerConstraint } from '../../../../shared/schemas/constraints.js';
import { ErrorState } from '../../components/ErrorState.js';
import { Skeleton } from '../../components/Skeleton.js';
import { formatCount } from '../../lib/format.js';
import { hrefs } from '../../lib/router.js';
import { DatasetSelect } from '../../features/constraints/DatasetSelect.js';
import { AGGREGATIONS } from '../../features/constraints/format.js';
import { measureDef } from '../../features/constraints/table/vocabColumns.js';
import type { Aggregation } from '../../features/constraints/format.js';
import { useLocationShiftFactors } from '../../features/constraints/locationQueries.js';
import { SortTable } from './SortTable.js';
import { ShiftFactorOptions } from '../../features/constraints/ShiftFactorOptions.js';
import { SyntheticBadge } from '../../features/constraints/SyntheticBadge.js';

/** Props of {@link ShiftFactorsSection}; `constraintSearch` is the grid search a constraint link carries. */
export interface ShiftFactorsSectionProps {
  locationId: string;
  /** Dataset of the shift factors; '' = all datasets. */
  datasetId: string;
  aggregation: Aggregation;
  excludeZeros: boolean;
  constraintSearch: string;
  onChange: (patch: { datasetId?: string; aggregation?: Aggregation; excludeZeros?: boolean }) => void;
}

/**
 * A pricing location's shift factors by constraint (`locations:shiftFactors`, docs/api.md#shift-factors-by-location):
 * how strongly each constraint moves the price here, combined over its source rows by the chosen aggregation.
 */
export function ShiftFactorsSection(props: ShiftFactorsSectionProps) {
  const { locationId, datasetId, aggregation, excludeZeros, constraintSearch, onChange } = props;
  const q = useLocationShiftFactors(locationId, { datasetId: datasetId || null, aggregation, excludeZeros });
  const columns = useMemo(
    (): ColumnDef<ShiftFactorPerConstraint>[] => [
      {
        id: 'constraint',
        header: 'Constraint',
        meta: { name: 'constraint' },
        accessorFn: (r) => r.constraint,
        cell: (c) => (
          <a href={hrefs.constraint(c.row.original.constraint_gs_entity_id, constraintSearch)}>{c.row.original.constraint}</a>
        ),
      },
      measureDef<ShiftFactorPerConstraint>({
        id: 'shift_factor',
        name: 'estimated_shift_factor',
        value: (r) => r.estimated_shift_factor,
      }),
    ],
    [constraintSearch],
  );
  const rows = q.data?.rows;

  return (
    <section className="card loc-section" aria-labelledby="sf-title" data-testid="location-shift-factors">
      <header className="loc-section-header">
        <h2 id="sf-title">Shift factors by constraint {rows && <span className="muted">({formatCount(rows.length)})</span>}</h2>
        {q.data && <SyntheticBadge fields={q.data.synthetic} testId="shift-factors-synthetic" explain />}
      </header>
      <div className="choice-row">
        <DatasetSelect
          id="sf-dataset"
          label="Dataset"
          value={datasetId}
          allLabel="All constraint datasets"
          onChange={(id) => onChange({ datasetId: id })}
          testId="sf-dataset"
        />
        <ShiftFactorOptions
          stacked
          aggregation={aggregation}
          excludeZeros={excludeZeros}
          onAggregation={(a) => onChange({ aggregation: a })}
          onExcludeZeros={(x) => onChange({ excludeZeros: x })}
        />
      </div>
      <p className="muted loc-note">
        One shift factor per constraint: the {AGGREGATIONS.find((a) => a.value === aggregation)?.label.toLowerCase()} over its
        contingencies and datasets{excludeZeros ? ', zero rows left out' : ''}. Dimensionless, from −1 to 1.
      </p>
      {q.isPending && <Skeleton label="Loading shift factors…" rows={6} />}
      {q.isError && (
        <ErrorState error={q.error} what="the shift factors" verb="locations:shiftFactors" onRetry={() => void q.refetch()} />
      )}
      {rows && rows.length === 0 && <p className="empty-state">No shift factors for this location with these choices.</p>}
      {rows && rows.length > 0 && (
        <SortTable
          rows={rows}
          columns={columns}
          rowId={(r) => r.constraint_gs_entity_id}
          testId="shift-factors-table"
          className="loc-narrow"
          caption="Shift factors by constraint"
          busy={q.isPlaceholderData}
        />
      )}
    </section>
  );
}
