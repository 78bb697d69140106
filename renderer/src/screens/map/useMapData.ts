import { useMemo } from 'react';
import type { GridChoice } from '../../features/constraints/gridChoice.js';
import { useGridQuery } from '../../features/constraints/gridQueries.js';
import { useAllLocations } from '../../features/constraints/locationQueries.js';
import { marketClock } from '../../../../shared/time/market.js';
import { constraintFeatures, locationFeatures, outageFeatures, outageMidpoints } from '../../features/map/features.js';
import { foldMarket } from '../../features/map/isoFootprints.js';
import { DENSE_OUTAGE_FEATURES } from '../../features/map/layers.js';
import { topLimit } from './route.js';
import type { TopChoice } from './route.js';

/** Most outage tickets asked for: the verb's maximum, so the map never silently drops tickets of the window. */
export const OUTAGE_LIMIT = 100_000;

/** True when a synthetic-fields list names any of `fields` (docs/api.md#synthetic-data). */
export function namesAny(synthetic: readonly string[] | undefined, ...fields: string[]): boolean {
  return !!synthetic?.some((s) => fields.some((f) => s.split(/[\s,]+/).includes(f)));
}

/**
 * The answers the map draws for `choice` — binding constraints (top `top` by peak |shadow price|), outages active in
 * the window, pricing locations of the market — with their GeoJSON features, lookup tables for popups and whether
 * each layer carries synthetic values (the answers' `x-gridscope-synthetic`).
 */
export function useMapData(choice: GridChoice, top: TopChoice) {
  const window = { start: choice.start, end: choice.end };
  const limit = topLimit(top);
  const binding = useGridQuery('constraints:bindingLocations', {
    datasetId: choice.datasetId,
    window,
    ...(limit === undefined ? {} : { limit }),
  });
  const outages = useGridQuery('outages:active', { market: choice.market, window, limit: OUTAGE_LIMIT });
  // Every shipped location, shared with the locations page's cache; the market's are kept below.
  const locations = useAllLocations();

  const constraints = binding.data?.constraints;
  const tickets = outages.data?.tickets;
  const derived = useMemo(() => {
    const bindingFeatures = constraintFeatures(constraints ?? []);
    const outage = outageFeatures(tickets ?? []);
    return {
      binding: bindingFeatures,
      outages: outage,
      midpoints: outageMidpoints(outage),
      dense: outage.lines.features.length + outage.points.features.length > DENSE_OUTAGE_FEATURES,
      constraintById: new Map((constraints ?? []).map((c) => [c.constraint_gs_entity_id, c])),
      ticketByNumber: new Map((tickets ?? []).map((t) => [t.ticket, t])),
    };
  }, [constraints, tickets]);
  const locationData = locations.data;
  const market = foldMarket(choice.market);
  const locationCollection = useMemo(
    () => locationFeatures((locationData ?? []).filter((l) => foldMarket(l.market_id) === market)),
    [locationData, market],
  );
  // One object per change of the features, so the map re-applies its sources only then.
  const features = useMemo(() => ({ ...derived, locations: locationCollection }), [derived, locationCollection]);

  return {
    ...features,
    features,
    queries: { binding, outages, locations },
    loading: binding.isFetching || outages.isFetching || locations.isFetching,
    bindingSynthetic: namesAny(binding.data?.synthetic, 'start', 'end'),
    syntheticTickets: tickets?.filter((t) => t.is_synthetic).length ?? 0,
    tickets: tickets?.length ?? 0,
    stationsSynthetic: namesAny(outages.data?.synthetic, 'from_substation', 'to_substation'),
    truncated: outages.data?.truncated ?? false,
    /** The market's zone for "market time" (docs/market-time.md#market-zones, no request); UTC for a market without one. */
    zone: marketClock(choice.market)?.zone ?? 'UTC',
  };
}

/** What {@link useMapData} returns. */
export type MapData = ReturnType<typeof useMapData>;
