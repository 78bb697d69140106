import { CLICKABLE_LAYERS, LAYERS } from './layers.js';

/** What a click on the map picked. */
export type MapPick =
  | { kind: 'constraint'; id: string }
  | { kind: 'outage'; ticket: number }
  | { kind: 'cluster'; clusterId: number }
  | { kind: 'location'; name: string; location_type: string; market_id: string };

/** The part of a rendered feature a pick reads. */
export interface PickedFeature {
  layer: { id: string };
  properties: Record<string, unknown>;
}

/**
 * The feature a click means among those under the pointer: by {@link CLICKABLE_LAYERS} order (constraints before the
 * outages drawn over the same substations, clusters before equipment, pricing locations last), then the first one.
 */
export function pickFrom(features: readonly PickedFeature[]): MapPick | null {
  const rank = (f: PickedFeature) => {
    const i = (CLICKABLE_LAYERS as readonly string[]).indexOf(f.layer.id);
    return i < 0 ? Infinity : i;
  };
  const best = [...features].sort((a, b) => rank(a) - rank(b))[0];
  if (!best || rank(best) === Infinity) return null;
  const p = best.properties;
  switch (best.layer.id) {
    case LAYERS.binding:
    case LAYERS.bindingPoints:
      return { kind: 'constraint', id: String(p.constraint_gs_entity_id) };
    case LAYERS.outageClusters:
      return p.cluster_id !== undefined
        ? { kind: 'cluster', clusterId: Number(p.cluster_id) }
        : { kind: 'outage', ticket: Number(p.ticket) };
    case LAYERS.locations:
      return { kind: 'location', name: String(p.name), location_type: String(p.location_type), market_id: String(p.market_id) };
    default:
      return { kind: 'outage', ticket: Number(p.ticket) };
  }
}
