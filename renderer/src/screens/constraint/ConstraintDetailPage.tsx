import { useMemo } from 'react';
import { formatSource } from '../../lib/format.js';
import { hrefs, navigate, replaceRoute } from '../../lib/router.js';
import { ContingenciesSeen } from './ContingenciesSeen.js';
import { DetailControls } from './DetailControls.js';
import { MapSection } from './MapSection.js';
import { OnDemand } from './OnDemand.js';
import { OverlapSection } from './OverlapSection.js';
import { PlannedAhead } from './PlannedAhead.js';
import { ProfileSection } from './ProfileSection.js';
import { SameFacility } from './SameFacility.js';
import { PriceSection } from './PriceSection.js';
import { ShiftFactorSection } from './ShiftFactorSection.js';
import { UnknownConstraint } from './UnknownConstraint.js';
import { useConstraintDetail } from './useConstraintDetail.js';
import { useMarketTime } from '../../features/time/useMarketTime.js';
import { datasetName } from '../../features/constraints/constraintDatasets.js';
import { useDatasetsOf } from '../../features/constraints/useConstraintDatasets.js';
import { gridSearch, readGridChoice } from '../../features/constraints/gridChoice.js';
import { peakParams, readPeak } from '../../features/constraints/peakChoice.js';
import { WatchStar } from '../../features/watchlist/WatchStar.js';
import './constraint.css';

/**
 * One constraint (`#/constraints/<gs_entity_id>?dataset=&start=&end=&peak=`): its shadow price over the window, its
 * figures (peak, binding intervals and hours, first and last binding, absolute cost split by peak bucket) and its
 * contingencies with their costs — all from the window's binding rows, over the hours chosen — then, on request, its
 * shift factors, its location on a small map, the outages that overlap its binding and those planned in the days after
 * the window (each its own /v1 request); its profile and the same facility's other records need none. Works
 * when it did not bind in the window: it says so and offers where it was seen.
 */
export function ConstraintDetailPage({ constraintId, search }: { constraintId: string; search: string }) {
  const choice = useMemo(() => readGridChoice(search), [search]);
  const peak = useMemo(() => readPeak(search), [search]);
  const detail = useConstraintDetail(constraintId, choice, peak);
  const { list, constraint, boundQuery, bound, unknown } = detail;
  const market = constraint?.market_id ?? choice.market;
  const name = constraint?.constraint_name ?? bound?.constraint_name ?? null;
  const datasets = useDatasetsOf(list.data);
  const datasetText = datasetName(datasets, choice.datasetId);
  const kind = datasets.find((d) => d.id === choice.datasetId)?.kind ?? null;
  const { zone } = useMarketTime(choice.market);

  const linkSearch = gridSearch(choice, peakParams(peak));
  const bindsAtAll = boundQuery.isSuccess && !boundQuery.isPlaceholderData ? !!bound : null;

  return (
    <article className="page cs-detail" aria-labelledby="constraint-title" data-testid="constraint-detail">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <a href={hrefs.constraints(gridSearch(choice, { selected: constraintId, ...peakParams(peak) }))}>← Constraints</a>
      </nav>
      <header className="page-header">
        <h1 id="constraint-title">{name ?? (list.isPending || boundQuery.isPending ? 'Constraint…' : 'Constraint')}</h1>
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
          {!unknown && (
            <WatchStar
              target={{
                kind: 'constraint',
                name: name ?? constraintId,
                market,
                datasetId: choice.datasetId,
                address: hrefs.constraint(constraintId, linkSearch),
                constraintId,
              }}
            />
          )}
        </p>
        <DetailControls
          choice={choice}
          market={market}
          peak={peak}
          datasets={datasets}
          seenIn={constraint?.available_datasets ?? null}
          onChange={(c) => navigate(hrefs.constraint(constraintId, gridSearch(c, peakParams(peak))))}
          onPeak={(p) => replaceRoute(hrefs.constraint(constraintId, gridSearch(choice, peakParams(p))))}
        />
      </header>
      {unknown ? (
        <UnknownConstraint constraintId={constraintId} listSearch={gridSearch(choice)} />
      ) : (
        <>
          <PriceSection
            constraintId={constraintId}
            constraint={constraint}
            detail={detail}
            choice={choice}
            peak={peak}
            zone={zone}
            kind={kind}
            datasetText={datasetText}
          />
          {bound && <ProfileSection constraintId={constraintId} choice={choice} peak={peak} zone={zone} />}
          {constraint && list.data && (
            <SameFacility self={constraint} all={list.data.constraints} choice={choice} datasets={datasets} />
          )}
          {/* Contingencies and shift factors on the left, the map on the right: the map's card stays a map's height. */}
          <div className="cs-detail-layout">
            <div className="cs-detail-column">
              {bound && <ContingenciesSeen query={detail.contingencies} choice={choice} peak={peak} kind={kind} />}
              <OnDemand
                constraintId={constraintId}
                section="shift-factors"
                title="Shift factors by location"
                action="Show shift factors"
                cost="1 request"
              >
                {() => (
                  <ShiftFactorSection
                    constraintId={constraintId}
                    datasetId={choice.datasetId}
                    contingencies={(detail.contingencies.data?.contingencies ?? []).flatMap((k) =>
                      k.contingency_gs_entity_id && k.contingency_name
                        ? [{ contingency_gs_entity_id: k.contingency_gs_entity_id, contingency_name: k.contingency_name }]
                        : [],
                    )}
                    linkSearch={linkSearch}
                  />
                )}
              </OnDemand>
            </div>
            <OnDemand constraintId={constraintId} section="map" title="Location" action="Show on a small map" cost="1 request">
              {() => <MapSection constraintId={constraintId} name={name ?? constraintId} />}
            </OnDemand>
          </div>
          {bindsAtAll !== null && (
            <OnDemand
              constraintId={constraintId}
              section="overlap"
              title="Outages that overlap its binding"
              action="Find overlapping outages"
              cost="2 requests"
            >
              {() => <OverlapSection constraintId={constraintId} market={market} choice={choice} binding={bindsAtAll} />}
            </OnDemand>
          )}
          <OnDemand
            constraintId={constraintId}
            section="ahead"
            title="Planned outages ahead"
            action="Find planned outages ahead"
            cost="2 requests"
          >
            {() => <PlannedAhead constraintId={constraintId} choice={{ ...choice, market }} zone={zone} />}
          </OnDemand>
        </>
      )}
    </article>
  );
}
