import type { PricingLocation } from '../../../shared/index.js';
import { REFERENCE_LOCATIONS } from '../../../shared/reference/pricingLocations.js';
import type { NamedLocation } from './store.js';

// /v1 names a location but gives no coordinates: the app's copy of CommonGrid's hubs and zones does (by market and name).

/** A market id or a name folded for matching: lower case, runs of spaces as one, trimmed. */
const fold = (s: string): string => s.toLowerCase().replace(/\s+/g, ' ').trim();
/** Markets fold further (`ISO-NE`, `iso_ne` and `isone` agree). */
const foldMarket = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, '');

const byKey = new Map(REFERENCE_LOCATIONS.map((r) => [`${foldMarket(r[0])} ${fold(r[1])}`, r]));

/**
 * The {@link PricingLocation} of a location /v1 named: type and coordinates from the reference copy when its market and
 * name match one (shared/reference/pricingLocations.ts), else null (the location is listed but not drawn).
 */
export function pricingLocation(id: string, location: NamedLocation): PricingLocation {
  const ref = byKey.get(`${foldMarket(location.market)} ${fold(location.name)}`);
  return {
    gs_entity_id: id,
    name: location.name,
    market_id: location.market,
    location_type: ref?.[2] ?? null,
    latitude: ref?.[3] ?? null,
    longitude: ref?.[4] ?? null,
  };
}
