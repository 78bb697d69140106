import type { UseQueryResult } from '@tanstack/react-query';
import type { ContractResults } from '../../../../shared/bridge/contract.js';
import type { BindingConstraintWithLocations, Constraint } from '../../../../shared/schemas/constraints.js';
import { ErrorState } from '../../components/ErrorState.js';
import { Skeleton } from '../../components/Skeleton.js';
import { formatInstantRange } from '../../../../shared/time/format.js';
import { useMarketTime } from '../../features/time/useMarketTime.js';
import type { GridChoice } from '../../features/constraints/gridChoice.js';
import { ConstraintFacts } from './ConstraintFacts.js';
import { NotBinding } from './NotBinding.js';
import { ShadowPriceChart } from './ShadowPriceChart.js';

/** Props of {@link PriceSection}: the binding answer of the window and, when the constraint bound, its entry in it. */
export interface PriceSectionProps {
  constraintId: string;
  constraint: Constraint | undefined;
  query: UseQueryResult<ContractResults['constraints:bindingLocations']>;
  binding: BindingConstraintWithLocations | undefined;
  choice: GridChoice;
  /** The dataset in words ("Real-time — PJM Marginal Value Real Time 5 Min"). */
  datasetText: string;
}

/**
 * The shadow price over the window with its facts (peak, binding intervals, total cost), or why there is none: still
 * loading, the service's error, or "it did not bind" with the windows where it was seen.
 */
export function PriceSection({ constraintId, constraint, query, binding, choice, datasetText }: PriceSectionProps) {
  const { zone } = useMarketTime(constraint?.market_id ?? choice.market);
  return (
    <section className="card cs-section" aria-labelledby="cs-price-title">
      <h2 id="cs-price-title">Shadow price over time</h2>
      {query.isPending && <Skeleton label="Loading binding intervals…" rows={5} testId="binding-loading" />}
      {query.isError && (
        <ErrorState
          error={query.error}
          what="the binding intervals"
          verb="constraints:bindingLocations"
          onRetry={() => void query.refetch()}
        />
      )}
      {query.isSuccess && !binding && (
        <NotBinding constraintId={constraintId} constraint={constraint} choice={choice} datasetText={datasetText} />
      )}
      {binding && (
        <div className="cs-price">
          <ShadowPriceChart observations={binding.observations} zone={zone} />
          <ConstraintFacts observations={binding.observations} constraint={constraint} zone={zone} />
        </div>
      )}
      {query.isSuccess && (
        <p className="muted cs-window-note">
          {datasetText}, {formatInstantRange(choice.start, choice.end, zone)} (end exclusive).
        </p>
      )}
    </section>
  );
}
