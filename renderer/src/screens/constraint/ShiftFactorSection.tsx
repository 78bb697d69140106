import { useMemo, useState } from 'react';
import { ErrorState } from '../../components/ErrorState.js';
import { Skeleton } from '../../components/Skeleton.js';
import { hrefs } from '../../lib/router.js';
import { formatShiftFactor } from '../../features/constraints/format.js';
import { HelpTip } from '../../components/HelpTip.js';
import { COST_HELP } from '../../../../shared/vocabulary/index.js';
import type { Aggregation } from '../../features/constraints/format.js';
import { useGridQuery } from '../../features/constraints/gridQueries.js';
import { ShiftFactorOptions } from '../../features/constraints/ShiftFactorOptions.js';
import { SyntheticBadge } from '../../features/constraints/SyntheticBadge.js';

/** Props of {@link ShiftFactorSection}: the constraint, the dataset and the contingencies it was seen under. */
export interface ShiftFactorSectionProps {
  constraintId: string;
  datasetId: string;
  contingencies: readonly { contingency_gs_entity_id: string; contingency_name: string }[];
  /** The grid search (dataset, window) the location links carry. */
  linkSearch: string;
}

/**
 * The constraint's shift factor at each pricing location (docs/api.md#shift-factors-by-constraint), the source rows
 * of the dataset combined by the chosen function, optionally without zeros or for one contingency; largest |shift
 * factor| first. The values are synthetic, and the section says so.
 */
export function ShiftFactorSection({ constraintId, datasetId, contingencies, linkSearch }: ShiftFactorSectionProps) {
  const [aggregation, setAggregation] = useState<Aggregation>('mean');
  const [excludeZeros, setExcludeZeros] = useState(false);
  const [contingencyId, setContingencyId] = useState('');
  const q = useGridQuery(
    'constraints:shiftFactors',
    { constraintId, datasetId, aggregation, excludeZeros, ...(contingencyId ? { contingencyId } : {}) },
    { keepPrevious: true },
  );
  const rows = useMemo(
    () =>
      [...(q.data?.rows ?? [])].sort(
        (a, b) => Math.abs(b.estimated_shift_factor) - Math.abs(a.estimated_shift_factor) || a.location.localeCompare(b.location),
      ),
    [q.data],
  );

  return (
    <section className="card cs-section" aria-labelledby="cs-sf-title">
      <h2 id="cs-sf-title">Shift factors by location {q.data && <SyntheticBadge fields={q.data.synthetic} />}</h2>
      <div className="toolbar">
        <ShiftFactorOptions
          aggregation={aggregation}
          excludeZeros={excludeZeros}
          onAggregation={setAggregation}
          onExcludeZeros={setExcludeZeros}
        />
        {contingencies.length > 0 && (
          <label className="inline-label">
            <span>Contingency</span>
            <select value={contingencyId} onChange={(e) => setContingencyId(e.target.value)} data-testid="sf-contingency">
              <option value="">All contingencies</option>
              {contingencies.map((c) => (
                <option key={c.contingency_gs_entity_id} value={c.contingency_gs_entity_id}>
                  {c.contingency_name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {q.isPending && <Skeleton label="Loading shift factors…" rows={4} testId="sf-loading" />}
      {q.isError && (
        <ErrorState error={q.error} what="the shift factors" verb="constraints:shiftFactors" onRetry={() => void q.refetch()} />
      )}
      {q.isSuccess && rows.length === 0 && (
        <p className="muted" data-testid="sf-empty">
          No shift factors for this constraint in this dataset{excludeZeros ? ' once zeros are left out' : ''}.
        </p>
      )}
      {q.isSuccess && rows.length > 0 && (
        <div className="table-wrap">
          <table className="data-table compact" data-testid="shift-factor-table">
            <thead>
              <tr>
                <th scope="col" title="location">
                  Location
                </th>
                <th scope="col" className="num" title="estimated_shift_factor">
                  Shift factor <HelpTip text={COST_HELP.shiftFactor} about="Shift factor" />
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.location_gs_entity_id} data-location-id={r.location_gs_entity_id}>
                  <td>
                    <a
                      href={hrefs.locations(r.location_gs_entity_id, linkSearch)}
                      title="This location's shift factors and constraint costs"
                    >
                      {r.location}
                    </a>
                  </td>
                  <td className="num">{formatShiftFactor(r.estimated_shift_factor)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
