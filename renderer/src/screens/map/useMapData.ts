import { useMemo } from 'react';
import type { GridChoice } from '../../features/constraints/gridChoice.js';
import { useGridQuery } from '../../features/constraints/gridQueries.js';
import { useAllLocations, useLocationIndex } from '../../features/constraints/locationQueries.js';
import type { LocationPoint } from '../../features/map/deckLayers.js';
import { foldMarket } from '../../features/map/isoFootprints.js';
import { decodeMapFeatures } from '../../features/map/mapColumns.js';
import { mapRows } from '../../features/map/mapRows.js';
import type { MapRows } from '../../features/map/mapRows.js';
import { usePlaces } from '../../features/map/places.js';
import type { LocationIndexStatus } from '../../../../shared/bridge/grid.js';
import { topLimit } from './route.js';
import type { TopChoice } from './route.js';

/** True when a synthetic-fields list names any of `fields` (docs/api.md#synthetic-data). */
export function namesAny(synthetic: readonly string[] | undefined, ...fields: string[]): boolean {
  return !!synthetic?.some((s) => fields.some((f) => s.split(/[\s,]+/).includes(f)));
}

/** The answer's rows, or the error decoding them (a stream that is not the contract's: shown, never drawn half). */
function decoded(data: Parameters<typeof decodeMapFeatures>[0] | undefined): { rows: MapRows | null; error: Error | null } {
  if (!data) return { rows: null, error: null };
  try {
    return { rows: mapRows(decodeMapFeatures(data)), error: null };
  } catch (e) {
    return { rows: null, error: e instanceof Error ? e : new Error(String(e)) };
  }
}

/**
 * Whether the map waits for an answer (`data-map-idle` stays "false"): `map:features` while it loads, and the pricing
 * locations until they answered, except while the location index builds — a first build asks /v1 for the constraints'
 * locations under the request budget and can take minutes on a large server, while the map is drawn and usable; the
 * locations are added when the index is ready.
 */
export function mapLoading(features: boolean, locations: boolean, index: LocationIndexStatus['state'] | undefined): boolean {
  return features || (locations && index !== 'building');
}

/**
 * What the map draws for `choice`: `map:features` (binding runs of the top `top` constraints and the outage equipment of
 * the window as Arrow columns, Cancelled tickets only with `includeCancelled`; docs/map.md#the-data-path), decoded
 * into rows once per answer; the market's pricing locations; the place labels; and whether each layer's values are
 * synthetic (the answers' `x-gridscope-synthetic`).
 */
export function useMapData(choice: GridChoice, top: TopChoice, includeCancelled: boolean) {
  const window = { start: choice.start, end: choice.end };
  const limit = topLimit(top);
  const features = useGridQuery(
    'map:features',
    {
      datasetId: choice.datasetId,
      market: choice.market,
      window,
      ...(limit === undefined ? {} : { limit }),
      ...(includeCancelled ? { includeCancelled: true } : {}),
    },
    { keepPrevious: true },
  );
  // Every shipped location, shared with the locations page's cache; the market's are kept below. Asked once the
  // features answered: a first list starts the location index, whose /v1 reads would compete with the map's own.
  const locations = useAllLocations(features.data !== undefined || features.isError);
  const indexState = useLocationIndex((status) => status.state).data;
  const places = usePlaces();
  const answer = features.data;
  const { rows, error } = useMemo(() => decoded(answer), [answer]);
  const locationData = locations.data;
  const market = foldMarket(choice.market);
  const locationPoints = useMemo(
    (): LocationPoint[] =>
      (locationData ?? []).flatMap((l) =>
        foldMarket(l.market_id) === market && Number.isFinite(l.latitude) && Number.isFinite(l.longitude)
          ? [
              {
                position: [l.longitude!, l.latitude!],
                name: l.name,
                location_type: l.location_type ?? '',
                market_id: l.market_id,
              },
            ]
          : [],
      ),
    [locationData, market],
  );
  return {
    rows,
    decodeError: error,
    answer,
    locations: locationPoints,
    places,
    queries: { features, locations },
    loading: mapLoading(features.isFetching, locations.isPending || locations.isFetching, indexState),
    bindingSynthetic: namesAny(answer?.synthetic.binding, 'start', 'end'),
    stationsSynthetic: namesAny(answer?.synthetic.outages, 'from_substation', 'to_substation'),
  };
}

/** What {@link useMapData} returns. */
export type MapData = ReturnType<typeof useMapData>;
