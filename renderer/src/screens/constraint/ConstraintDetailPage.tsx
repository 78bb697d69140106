import { useEffect, useMemo, useRef } from 'react';
import { formatSource } from '../../lib/format.js';
import { hrefs, navigate } from '../../lib/router.js';
import { ContingenciesSeen } from './ContingenciesSeen.js';
import { DetailControls } from './DetailControls.js';
import { MapSection } from './MapSection.js';
import { OverlapSection } from './OverlapSection.js';
import { PriceSection } from './PriceSection.js';
import { ShiftFactorSection } from './ShiftFactorSection.js';
import { UnknownConstraint } from './UnknownConstraint.js';
import { useConstraintDetail } from './useConstraintDetail.js';
import { datasetName } from '../../features/constraints/constraintDatasets.js';
import { useConstraintDatasets } from '../../features/constraints/useConstraintDatasets.js';
import { gridSearch, readGridChoice } from '../../features/constraints/gridChoice.js';
import './constraint.css';

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
  const datasetText = datasetName(useConstraintDatasets().options, choice.datasetId);
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
          {!unknown && (
            <a
              href={hrefs.map(gridSearch(choice, { constraint: constraintId }))}
              className="button-link"
              data-testid="show-on-map"
            >
              Show on map
            </a>
          )}
        </p>
        <DetailControls
          choice={choice}
          market={market}
          seenIn={constraint?.available_datasets ?? null}
          onChange={(c) => navigate(hrefs.constraint(constraintId, gridSearch(c)))}
        />
      </header>
      {unknown ? (
        <UnknownConstraint
          constraintId={constraintId}
          error={location.error}
          listSearch={gridSearch(choice)}
          onRetry={() => void location.refetch()}
        />
      ) : (
        <>
          <PriceSection
            constraintId={constraintId}
            constraint={constraint}
            query={bindingQuery}
            binding={binding}
            choice={choice}
            datasetText={datasetText}
          />
          {/* Contingencies and shift factors on the left, the map on the right: the map's card stays a map's height. */}
          <div className="cs-detail-layout">
            <div className="cs-detail-column">
              {binding && <ContingenciesSeen binding={binding} />}
              <ShiftFactorSection
                constraintId={constraintId}
                datasetId={choice.datasetId}
                contingencies={binding?.contingencies ?? []}
                linkSearch={linkSearch}
              />
            </div>
            <MapSection
              constraintId={constraintId}
              name={name ?? constraintId}
              fallback={binding ? { start: binding.start, end: binding.end, synthetic } : null}
            />
          </div>
          {bound !== null && <OverlapSection constraintId={constraintId} market={market} choice={choice} binding={bound} />}
        </>
      )}
    </article>
  );
}
