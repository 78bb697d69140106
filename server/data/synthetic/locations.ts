import { entityId } from '../constraints/ids.js';
import type { PricingNode } from './sources.js';

/** A location row (table `gs_locations`) plus `id` for the generators. */
export interface LocationRow {
  id: string;
  gs_entity_id: string;
  location_name: string;
  market_id: string;
  location_type: string;
  latitude: number;
  longitude: number;
}

/** The market's real hub and zone nodes as pricing locations, ordered by name. */
export function pricingLocations(market: string, nodes: readonly PricingNode[]): LocationRow[] {
  return nodes
    .filter((node) => node.nodeType === 'hub' || node.nodeType === 'zone')
    .map((node) => {
      const id = entityId('location', market, node.name);
      return { id, gs_entity_id: id, location_name: node.name, market_id: market, location_type: node.nodeType, latitude: node.latitude, longitude: node.longitude };
    })
    .sort((a, b) => (a.location_name < b.location_name ? -1 : 1));
}
