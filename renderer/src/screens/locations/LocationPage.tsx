import { useMemo } from 'react';
import { PEAK_FILTER_LABELS } from '../../../../shared/time/peak.js';
import { hrefs, navigate, replaceRoute } from '../../lib/router.js';
import { Skeleton } from '../../components/Skeleton.js';
import { ErrorState } from '../../components/ErrorState.js';
import { noShadowPriceRefusal, notConstraintDatasetRefusal } from '../../features/constraints/refusals.js';
import { gridSearch, readGridChoice } from '../../features/constraints/gridChoice.js';
import type { GridChoice } from '../../features/constraints/gridChoice.js';
import { ChoiceForm } from './ChoiceForm.js';
import { CostsSection } from './CostsSection.js';
import { LocationHeader } from './LocationHeader.js';
import { WatchStar } from '../../features/watchlist/WatchStar.js';
import { LocationPicker } from './LocationPicker.js';
import { LocationsIntro } from './LocationsIntro.js';
import { locationSearch, readLocationView } from './route.js';
import type { LocationView } from './route.js';
import { useAllLocations, useLocationCostsOverHours } from '../../features/constraints/locationQueries.js';
import { ShiftFactorsSection } from './ShiftFactorsSection.js';
import './location.css';

/**
 * A pricing location (`#/locations[/<gs_entity_id>]?dataset=…&start=…&end=…&group=…`): a picker by name; for a
 * location, its heading, its shift factors by constraint and its location-adjusted constraint costs over the window
 * (docs/api.md#shift-factors-by-location, #location-constraint-costs). Every choice lives in the address.
 */
export function LocationPage({ locationId, search }: { locationId: string | null; search: string }) {
  const choice = useMemo(() => readGridChoice(search), [search]);
  const view = useMemo(() => readLocationView(search), [search]);
  const all = useAllLocations();
  const location = locationId ? all.data?.find((l) => l.gs_entity_id === locationId) : undefined;
  // A new dataset or window is a new history entry (Back returns to it); a table option replaces the current one.
  const change = (next: GridChoice, patch: Partial<LocationView> = {}) => {
    const href = hrefs.locations(locationId, locationSearch(next, { ...view, ...patch }));
    if (next.datasetId !== choice.datasetId || next.start !== choice.start || next.end !== choice.end) navigate(href);
    else replaceRoute(href);
  };

  return (
    <article className="page location-page" aria-labelledby="location-title" data-testid="location-page">
      {location ? (
        <LocationHeader
          location={location}
          star={
            <WatchStar
              target={{
                kind: 'location',
                name: location.name,
                market: location.market_id,
                datasetId: choice.datasetId,
                address: hrefs.locations(location.gs_entity_id, search),
                locationId: location.gs_entity_id,
                latitude: location.latitude,
                longitude: location.longitude,
              }}
            />
          }
        />
      ) : (
        <header className="page-header">
          <h1 id="location-title">{locationId && all.isPending ? 'Pricing location…' : 'Pricing locations'}</h1>
        </header>
      )}
      <LocationPicker onPick={(l) => navigate(hrefs.locations(l.gs_entity_id, locationSearch(choice, view)))} />
      {!locationId && <LocationsIntro search={locationSearch(choice, view)} />}
      {locationId && all.isPending && <Skeleton label="Loading the pricing location…" rows={3} />}
      {locationId && all.isError && (
        <ErrorState error={all.error} what="the pricing locations" verb="locations:list" onRetry={() => void all.refetch()} />
      )}
      {locationId && all.data && !location && (
        <p className="notice" role="status" data-testid="location-missing">
          No constraint of this server's data names the pricing location <code>{locationId}</code> in its shift factors. Search
          for a location by name above.
        </p>
      )}
      {location && (
        <LocationDetail
          key={location.gs_entity_id}
          locationId={location.gs_entity_id}
          choice={choice}
          view={view}
          onChange={change}
        />
      )}
    </article>
  );
}

interface LocationDetailProps {
  locationId: string;
  choice: GridChoice;
  view: LocationView;
  onChange: (choice: GridChoice, patch?: Partial<LocationView>) => void;
}

/** A location's choices and sections: dataset and window, constraint costs, shift factors by constraint. */
function LocationDetail({ locationId, choice, view, onChange }: LocationDetailProps) {
  const window = { start: choice.start, end: choice.end };
  const costs = useLocationCostsOverHours(locationId, choice, view.peak, view.group);
  // A dataset refusal is about the dataset field, not an error of the page.
  const datasetProblem = noShadowPriceRefusal(costs.error) ?? notConstraintDatasetRefusal(costs.error);
  const constraintSearch = gridSearch(choice);
  return (
    <div className="location-detail" data-testid="location-detail">
      <ChoiceForm
        choice={choice}
        onApply={(next) => onChange(next)}
        datasetProblem={datasetProblem}
        peak={view.peak}
        onPeak={(peak) => onChange(choice, { peak })}
      />
      <CostsSection
        costs={costs}
        group={view.group}
        onGroup={(group) => onChange(choice, { group })}
        window={window}
        market={choice.market}
        hours={view.peak === 'all' ? undefined : PEAK_FILTER_LABELS[view.peak]}
        datasetRefused={datasetProblem !== null}
        constraintSearch={constraintSearch}
      />
      <ShiftFactorsSection
        locationId={locationId}
        datasetId={view.sfDataset ?? choice.datasetId}
        aggregation={view.aggregation}
        excludeZeros={view.excludeZeros}
        constraintSearch={constraintSearch}
        onChange={(p) =>
          onChange(choice, {
            ...(p.datasetId !== undefined ? { sfDataset: p.datasetId } : {}),
            ...(p.aggregation ? { aggregation: p.aggregation } : {}),
            ...(p.excludeZeros !== undefined ? { excludeZeros: p.excludeZeros } : {}),
          })
        }
      />
    </div>
  );
}
