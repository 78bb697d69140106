import type { PeakFilter } from '../../../../shared/time/peak.js';
import { formatInstantRange } from '../../../../shared/time/format.js';
import type { Constraint } from '../../../../shared/schemas/constraints.js';
import { ErrorState } from '../../components/ErrorState.js';
import { Skeleton } from '../../components/Skeleton.js';
import { FactList, bindingFacts } from '../../features/constraints/BindingFacts.js';
import type { Fact } from '../../features/constraints/BindingFacts.js';
import { costTerm } from '../../features/constraints/boundColumns.js';
import type { PriceKind } from '../../features/constraints/constraintDatasets.js';
import type { GridChoice } from '../../features/constraints/gridChoice.js';
import { formatInstant } from '../../../../shared/time/format.js';
import { formatSource } from '../../lib/format.js';
import { NotBinding } from './NotBinding.js';
import { ShadowPriceChart } from './ShadowPriceChart.js';
import type { useConstraintDetail } from './useConstraintDetail.js';

/** Props of {@link PriceSection}: the page's answers about the constraint and the choices they were asked with. */
export interface PriceSectionProps {
  constraintId: string;
  constraint: Constraint | undefined;
  detail: ReturnType<typeof useConstraintDetail>;
  choice: GridChoice;
  peak: PeakFilter;
  /** The market's zone: times are shown in it. */
  zone: string;
  kind: PriceKind | null;
  /** The dataset in words ("Real-time — PJM Marginal Value Real Time 5 Min"). */
  datasetText: string;
}

/**
 * The shadow price over the window with its figures (peak, binding intervals and hours, first and last binding,
 * absolute cost and its split by peak bucket), or why there is none: still loading, the service's error, or "it did not
 * bind" with the windows where it was seen.
 */
export function PriceSection({ constraintId, constraint, detail, choice, peak, zone, kind, datasetText }: PriceSectionProps) {
  const { boundQuery, bound, series } = detail;
  const facts: Fact[] = bound ? bindingFacts(bound, zone, costTerm(kind)) : [];
  if (bound && constraint)
    facts.push(
      ['Market', formatSource(constraint.market_id)],
      ['First seen', formatInstant(constraint.earliest_seen_utc, zone)],
      ['Last seen', formatInstant(constraint.latest_seen_utc, zone)],
    );
  return (
    <section className="card cs-section" aria-labelledby="cs-price-title">
      <h2 id="cs-price-title">Shadow price over time</h2>
      {boundQuery.isPending && <Skeleton label="Loading binding intervals…" rows={5} testId="binding-loading" />}
      {boundQuery.isError && (
        <ErrorState
          error={boundQuery.error}
          what="the binding intervals"
          verb="binding:constraints"
          onRetry={() => void boundQuery.refetch()}
        />
      )}
      {boundQuery.isSuccess && !bound && (
        <NotBinding constraintId={constraintId} constraint={constraint} choice={choice} peak={peak} datasetText={datasetText} />
      )}
      {bound && (
        <div className="cs-price">
          {series.data ? (
            <ShadowPriceChart observations={series.data.points} zone={zone} />
          ) : (
            <Skeleton label="Loading the shadow prices…" rows={5} testId="series-loading" />
          )}
          <FactList facts={facts} testId="constraint-facts" />
        </div>
      )}
      {boundQuery.isSuccess && (
        <p className="muted cs-window-note">
          {datasetText}, {formatInstantRange(choice.start, choice.end, zone)} (end exclusive)
          {peak === 'all' ? '' : ', the hours chosen only'}.
        </p>
      )}
    </section>
  );
}
