import { useMemo } from 'react';
import type { ConstraintProfileDay, ConstraintProfileSummary } from '../../../../shared/bridge/binding.js';
import type { PeakFilter } from '../../../../shared/time/peak.js';
import { formatInstant, zoneCaption } from '../../../../shared/time/format.js';
import { figure, termOf } from '../../../../shared/vocabulary/index.js';
import { ErrorState } from '../../components/ErrorState.js';
import { Skeleton } from '../../components/Skeleton.js';
import { FactList } from '../../features/constraints/BindingFacts.js';
import type { Fact } from '../../features/constraints/BindingFacts.js';
import { bindingScope } from '../../features/constraints/bindingQueries.js';
import type { GridChoice } from '../../features/constraints/gridChoice.js';
import { useGridQuery } from '../../features/constraints/gridQueries.js';
import { DataTable } from '../../features/constraints/table/DataTable.js';
import type { DataColumn } from '../../features/constraints/table/dataColumn.js';
import { measureColumn } from '../../features/constraints/table/vocabColumns.js';
import { BindingHeatMap } from './BindingHeatMap.js';

/** The profile's figures; "not in this dataset" where its rows carry no penalty factor. */
function profileFacts(s: ConstraintProfileSummary, zone: string): Fact[] {
  const f = (name: string, v: number | null): Fact => {
    const x = figure(name, v);
    return [x.label, x.value, termOf(name).help];
  };
  const peak = figure('peak_abs_shadow_price', s.peak_abs_shadow_price);
  const cap = termOf('intervals_at_penalty_cap');
  return [
    f('binding_hours', s.binding_hours),
    f('binding_intervals', s.binding_intervals),
    f('mean_abs_shadow_price', s.mean_abs_shadow_price),
    [peak.label, s.peak_abs_shadow_price === null ? '—' : `${peak.value} at ${formatInstant(s.peak_interval_start_utc, zone)}`],
    s.penalty_factor_carried
      ? f('intervals_at_penalty_cap', s.intervals_at_penalty_cap)
      : [cap.label, 'Not in this dataset (its rows carry no penalty factor)', cap.help],
    f('absolute_cost', s.absolute_cost),
  ];
}

const dayColumns: DataColumn<ConstraintProfileDay>[] = [
  {
    id: 'day',
    label: termOf('market_date').label,
    name: 'market_date',
    value: (d) => d.market_date,
    cell: (d) => d.market_date,
    copy: (d) => d.market_date,
    width: 120,
    hideable: false,
  },
  measureColumn({ id: 'hours', name: 'binding_hours', value: (d) => d.binding_hours, width: 130, descFirst: true }),
  measureColumn({ id: 'intervals', name: 'binding_intervals', value: (d) => d.binding_intervals, width: 140, descFirst: true }),
  measureColumn({ id: 'cost', name: 'absolute_cost', value: (d) => d.absolute_cost, width: 150, descFirst: true }),
  measureColumn({ id: 'cumulative', name: 'cumulative_cost', value: (d) => d.cumulative_cost, width: 200 }),
];

/**
 * The constraint's profile over the window and the hours chosen (`binding:profile`, computed in the workspace from the
 * binding window the page already read: no request of its own): binding hours, mean and peak |shadow price|, intervals
 * at the penalty cap, its absolute cost per market day with the running total, and how often it bound by weekday and
 * hour ending, all in market time.
 */
export function ProfileSection({
  constraintId,
  choice,
  peak,
  zone,
}: {
  constraintId: string;
  choice: GridChoice;
  peak: PeakFilter;
  zone: string;
}) {
  const q = useGridQuery('binding:profile', { ...bindingScope(choice, peak), constraintId }, { keepPrevious: true });
  const facts = useMemo(() => (q.data ? profileFacts(q.data.summary, zone) : []), [q.data, zone]);
  return (
    <section className="card cs-section" aria-labelledby="cs-profile-title" data-testid="constraint-profile">
      <h2 id="cs-profile-title">Profile</h2>
      {q.isPending && <Skeleton label="Summing its binding intervals…" rows={4} testId="profile-loading" />}
      {q.isError && (
        <ErrorState error={q.error} what="the constraint's profile" verb="binding:profile" onRetry={() => void q.refetch()} />
      )}
      {q.data && (
        <>
          <FactList facts={facts} testId="profile-facts" />
          <h3>Absolute cost by market day</h3>
          <DataTable
            rows={q.data.days}
            columns={dayColumns}
            rowId={(d) => d.market_date}
            noun={['market day', 'market days']}
            testId="profile-days"
            rowTestId="profile-day"
            rowIdAttribute="data-day"
            initialSorting={[{ id: 'day', desc: false }]}
            initialPinned={['day']}
            empty="The window holds no market day."
            exportName={`constraint-${constraintId}-cost-by-day.csv`}
          />
          <h3>How often it bound, by weekday and hour ending ({zoneCaption(q.data.window.zone)})</h3>
          <BindingHeatMap cells={q.data.cells} name={`constraint-${constraintId}`} />
        </>
      )}
    </section>
  );
}
