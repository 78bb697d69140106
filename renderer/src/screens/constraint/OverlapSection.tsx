import { useState } from 'react';
import { ErrorState } from '../../components/ErrorState.js';
import { DistanceField, useDistanceDraft } from '../../features/outages/DistanceField.js';
import { Skeleton } from '../../components/Skeleton.js';
import { HelpTip } from '../../components/HelpTip.js';
import { formatInstantRange } from '../../../../shared/time/format.js';
import { useMarketTime } from '../../features/time/useMarketTime.js';
import { OVERLAP_HELP, formatNumber, labelWithUnit, termOf } from '../../../../shared/vocabulary/index.js';
import type { OverlapAllocation } from '../../../../shared/bridge/grid.js';
import { AllocationSummary } from './AllocationSummary.js';
import { useGridQuery } from '../../features/constraints/gridQueries.js';
import type { GridChoice } from '../../features/constraints/gridChoice.js';
import { SyntheticBadge } from '../../features/constraints/SyntheticBadge.js';
import { TicketLink } from '../../features/outages/TicketLink.js';

/** The distance (km) from the constraint's substations within which outages are looked for, at first. */
export const DEFAULT_DISTANCE_KM = 50;

/** Props of {@link OverlapSection}: the constraint, its market, the dataset and window, and whether it bound in it. */
export interface OverlapSectionProps {
  constraintId: string;
  market: string;
  choice: GridChoice;
  /** False: the constraint did not bind in the window, so no outage can overlap its binding intervals. */
  binding: boolean;
}

const km = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });
// "Congestion while out" counts every interval an outage overlapped whole; the allocation splits it (docs/overlap.md).
const COST_LABEL = labelWithUnit(termOf('congestion_cost'));
const ALLOCATED_LABEL = labelWithUnit(termOf('allocated_cost'));
const LIFT_LABEL = labelWithUnit(termOf('lift'));
const WEIGHTINGS: { value: OverlapAllocation; label: string }[] = [
  { value: 'equal', label: 'Equal shares' },
  { value: 'inverse_distance', label: 'By inverse distance' },
];
const DISTANCE_LABEL = labelWithUnit(termOf('distance_km'));
const INTERVALS_LABEL = labelWithUnit(termOf('overlapping_intervals'));

/**
 * The outages whose equipment lies within the chosen distance of the constraint's substations and whose interval
 * overlapped its binding intervals, ranked by congestion while out (Σ |shadow price| × hours over the overlapping
 * intervals), with each one's allocated cost (equal or inverse-distance shares) and lift, and the unexplained rest,
 * as the workspace computes them (`overlap:forConstraint`, docs/overlap.md). Synthetic tickets are marked one by one.
 */
export function OverlapSection({ constraintId, market, choice, binding }: OverlapSectionProps) {
  const { zone } = useMarketTime(market);
  const distance = useDistanceDraft(DEFAULT_DISTANCE_KM);
  const { distanceKm } = distance;
  const [allocation, setAllocation] = useState<OverlapAllocation>('equal');
  const q = useGridQuery(
    'overlap:forConstraint',
    {
      datasetId: choice.datasetId,
      market,
      constraintId,
      window: { start: choice.start, end: choice.end },
      distanceKm,
      allocation,
    },
    { enabled: binding, keepPrevious: true },
  );

  return (
    <section className="card cs-section" aria-labelledby="cs-overlap-title">
      <h2 id="cs-overlap-title">Outages that overlap its binding {q.data && <SyntheticBadge fields={q.data.synthetic} />}</h2>
      <form className="toolbar" onSubmit={distance.apply}>
        <DistanceField distance={distance} className="inline-label" testId="overlap-distance" />
        <span className="grouping" role="radiogroup" aria-label="Split each interval's cost" data-testid="overlap-allocation">
          {WEIGHTINGS.map((w) => (
            <label key={w.value} className="chip">
              <input
                type="radio"
                name={`overlap-allocation-${constraintId}`}
                value={w.value}
                checked={allocation === w.value}
                onChange={() => setAllocation(w.value)}
              />
              {w.label}
            </label>
          ))}
        </span>
      </form>
      {!binding && <p className="muted">It did not bind in this window, so no outage overlaps its binding.</p>}
      {binding && q.isPending && <Skeleton label="Computing overlapping outages…" rows={4} testId="overlap-loading" />}
      {binding && q.isError && (
        <ErrorState
          error={q.error}
          what="the overlapping outages"
          verb="overlap:forConstraint"
          onRetry={() => void q.refetch()}
        />
      )}
      {binding && q.isSuccess && q.data.outages.length === 0 && (
        <p className="muted" data-testid="overlap-empty">
          No outage within {km.format(q.data.distanceKm)} km was out while it bound.
        </p>
      )}
      {binding && q.isSuccess && q.data.outages.length > 0 && (
        <>
          {q.data.truncated && (
            <p className="warning-box">The service cut the outage list at its limit: some outages may be missing.</p>
          )}
          <AllocationSummary answer={q.data} />
          <div className="table-wrap cs-overlap-wrap">
            <table className="data-table compact cs-overlap" data-testid="overlap-list">
              <thead>
                <tr>
                  <th scope="col">Ticket</th>
                  <th scope="col">Type</th>
                  <th scope="col">Status</th>
                  <th scope="col">Interval</th>
                  <th scope="col" className="num" title="distance_km">
                    {DISTANCE_LABEL}
                  </th>
                  <th scope="col" className="num" title="overlapping_intervals">
                    {INTERVALS_LABEL}
                  </th>
                  <th scope="col" className="num" title="congestion_cost">
                    {COST_LABEL} <HelpTip text={OVERLAP_HELP.whileOut} about={COST_LABEL} />
                  </th>
                  <th scope="col" className="num" title="allocated_cost">
                    {ALLOCATED_LABEL} <HelpTip text={OVERLAP_HELP.allocated} about={ALLOCATED_LABEL} />
                  </th>
                  <th scope="col" className="num" title="lift">
                    {LIFT_LABEL} <HelpTip text={OVERLAP_HELP.lift} about={LIFT_LABEL} />
                  </th>
                  <th scope="col">Equipment</th>
                </tr>
              </thead>
              <tbody>
                {q.data.outages.map((o) => (
                  <tr key={o.ticket} data-testid="overlap-row" data-ticket={o.ticket}>
                    <td className="nowrap" data-label="Ticket">
                      <TicketLink ticket={o.ticket} choice={{ ...choice, market }} />{' '}
                      {o.is_synthetic && (
                        <span
                          className="badge warn"
                          title="A synthetic ticket: generated, not a published outage (docs/constraints.md)"
                        >
                          Synthetic
                        </span>
                      )}
                    </td>
                    <td data-label="Type">{o.outage_type}</td>
                    <td data-label="Status">{o.status}</td>
                    <td data-label="Interval">
                      {formatInstantRange(o.interval_start_utc, o.interval_end_utc, zone)
                        .split(' → ')
                        .map((side, i) => (
                          <span key={i}>
                            {i > 0 && ' → '}
                            <span className="nowrap">{side}</span>
                          </span>
                        ))}
                    </td>
                    <td className="num" data-label={DISTANCE_LABEL}>
                      {formatNumber(o.distance_km, 'quantity')}
                    </td>
                    <td className="num" data-label={INTERVALS_LABEL}>
                      {formatNumber(o.overlapping_intervals, 'count')}
                    </td>
                    <td className="num" data-label={COST_LABEL}>
                      {formatNumber(o.congestion_cost, 'money')}
                    </td>
                    <td
                      className="num"
                      data-label={ALLOCATED_LABEL}
                      data-testid="overlap-allocated"
                      data-value={o.allocated_cost}
                    >
                      {formatNumber(o.allocated_cost, 'money')}
                    </td>
                    <td className="num" data-label={LIFT_LABEL} data-testid="overlap-lift" data-value={o.lift ?? ''}>
                      {formatNumber(o.lift, 'quantity')}
                    </td>
                    <td data-label="Equipment">{o.equipment.join('; ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
