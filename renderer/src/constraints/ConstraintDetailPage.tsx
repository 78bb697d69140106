import { useEffect, useMemo, useRef } from 'react';
import { ErrorState } from '../components/ErrorState.js';
import { Skeleton } from '../components/Skeleton.js';
import { formatSource, formatUtc } from '../lib/format.js';
import { hrefs, navigate } from '../lib/router.js';
import { ConstraintFacts } from './detail/ConstraintFacts.js';
import { ContingenciesSeen } from './detail/ContingenciesSeen.js';
import { datasetOptions } from './detail/datasets.js';
import { DetailControls } from './detail/DetailControls.js';
import { MapSection } from './detail/MapSection.js';
import { NotBinding } from './detail/NotBinding.js';
import { OverlapSection } from './detail/OverlapSection.js';
import { ShadowPriceChart } from './detail/ShadowPriceChart.js';
import { ShiftFactorSection } from './detail/ShiftFactorSection.js';
import { useConstraintDetail } from './detail/useConstraintDetail.js';
import { gridSearch, readGridChoice } from './gridRoute.js';
import './constraints.css';

/**
 * One constraint (`#/constraints/<gs_entity_id>?dataset=&start=&end=`): its shadow price over the window from its
 * binding observations, peak and total cost, contingencies, shift factors by location, location on a small map and
 * the outages that overlap its binding. Works when it did not bind in the window: it says so and offers where it was seen.
 */
export function ConstraintDetailPage({ constraintId, search }: { constraintId: string; search: string }) {
  const choice = useMemo(() => readGridChoice(search), [search]);
  const { list, constraint, bindingQuery, binding, synthetic, location } = useConstraintDetail(constraintId, choice);
  const market = constraint?.market_id ?? binding?.market_id ?? choice.market;
  const name = constraint?.constraint_name ?? binding?.constraint_name ?? location.data?.constraint_name ?? null;
  // Listed nowhere and no location either: most likely an unknown id (a stale link).
  const unknown = !name && list.isSuccess && bindingQuery.isSuccess && location.isError;
  const datasets = useMemo(
    () => datasetOptions(list.data?.datasetMetadata, market, constraint?.available_datasets, choice.datasetId),
    [list.data, market, constraint, choice.datasetId],
  );
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Focus the heading once the name is known, so keyboard users start here (as the dataset page).
  useEffect(() => {
    if (name) headingRef.current?.focus();
  }, [name]);

  const linkSearch = gridSearch(choice);
  const bound = bindingQuery.isSuccess ? !!binding : null;

  return (
    <article className="page cs-detail" aria-labelledby="constraint-title" data-testid="constraint-detail">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <a href={hrefs.constraints(gridSearch(choice, { selected: constraintId }))}>← Constraints</a>
      </nav>
      <header className="page-header">
        <h1 id="constraint-title" ref={headingRef} tabIndex={-1}>
          {name ?? (list.isPending || bindingQuery.isPending ? 'Constraint…' : 'Constraint')}
        </h1>
        <p className="subtitle">
          <span className="badge">{formatSource(market)}</span>
          <code title="gs_entity_id">{constraintId}</code>
          <a href={hrefs.map(gridSearch(choice, { constraint: constraintId }))} className="button-link" data-testid="show-on-map">
            Show on map
          </a>
        </p>
        <DetailControls
          choice={choice}
          datasets={datasets}
          onChange={(c) => navigate(hrefs.constraint(constraintId, gridSearch(c)))}
        />
      </header>
      {unknown && (
        <ErrorState
          error={location.error}
          what="the constraint"
          verb="constraints:location"
          onRetry={() => void location.refetch()}
        />
      )}

      <section className="card cs-section" aria-labelledby="cs-price-title">
        <h2 id="cs-price-title">Shadow price over time</h2>
        {bindingQuery.isPending && <Skeleton label="Loading binding intervals…" rows={5} testId="binding-loading" />}
        {bindingQuery.isError && (
          <ErrorState
            error={bindingQuery.error}
            what="the binding intervals"
            verb="constraints:bindingLocations"
            onRetry={() => void bindingQuery.refetch()}
          />
        )}
        {bound === false && <NotBinding constraintId={constraintId} constraint={constraint} choice={choice} />}
        {binding && (
          <div className="cs-price">
            <ShadowPriceChart observations={binding.observations} />
            <ConstraintFacts observations={binding.observations} constraint={constraint} />
          </div>
        )}
        {bound !== null && (
          <p className="muted cs-window-note">
            {choice.datasetId}, {formatUtc(choice.start)} → {formatUtc(choice.end)} (end exclusive).
          </p>
        )}
      </section>

      <div className="cs-detail-grid">
        {binding && <ContingenciesSeen binding={binding} />}
        <MapSection
          constraintId={constraintId}
          name={name ?? constraintId}
          fallback={binding ? { start: binding.start, end: binding.end, synthetic } : null}
        />
      </div>
      <ShiftFactorSection
        constraintId={constraintId}
        datasetId={choice.datasetId}
        contingencies={binding?.contingencies ?? []}
        linkSearch={linkSearch}
      />
      {bound !== null && <OverlapSection constraintId={constraintId} market={market} choice={choice} binding={bound} />}
    </article>
  );
}
