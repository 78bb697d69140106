import type { LayerSource } from './LayerToggles.js';
import type { MapRows } from '../../features/map/mapRows.js';
import type { LayerGroup } from '../../features/map/layers.js';

/** Sentence of the binding constraint layer when its coordinates are synthetic. */
export const BINDING_SYNTHETIC =
  'Lines join synthetic substation coordinates (generated, docs/constraints.md); constraint names and shadow prices are real PJM data.';

/** The outage layer's sentence: how many tickets are synthetic and whether the station coordinates are; null when none is. */
export function outageSyntheticText(syntheticTickets: number, tickets: number, stationsSynthetic: boolean): string | null {
  const stations = stationsSynthetic ? ' Station coordinates are synthetic.' : '';
  if (syntheticTickets > 0)
    return `${syntheticTickets.toLocaleString('en-US')} of ${tickets.toLocaleString('en-US')} tickets are synthetic (generated, docs/constraints.md); the others are real PJM eDART tickets.${stations}`;
  return stationsSynthetic ? `Real PJM eDART tickets drawn at synthetic station coordinates (docs/constraints.md).` : null;
}

/**
 * Where each layer's values come from, read from the answers (`x-gridscope-synthetic`, `is_synthetic`): a real layer
 * names its source; a layer built from synthetic values gets the "Synthetic" badge and says which values are.
 */
export function layerSources(data: {
  bindingSynthetic: boolean;
  syntheticTickets: number;
  tickets: number;
  stationsSynthetic: boolean;
}): Record<LayerGroup, LayerSource> {
  return {
    states: { source: 'us-atlas (US Census)', synthetic: null },
    iso: { source: 'CommonGrid (ODbL)', synthetic: null },
    locations: { source: 'CommonGrid (ODbL)', synthetic: null },
    binding: { source: 'PJM', synthetic: data.bindingSynthetic ? BINDING_SYNTHETIC : null },
    outages: { source: 'PJM eDART', synthetic: outageSyntheticText(data.syntheticTickets, data.tickets, data.stationsSynthetic) },
    labels: { source: 'GeoNames (CC BY 4.0)', synthetic: null },
  };
}

/** Distinct tickets of the rows marked synthetic (`is_synthetic`). */
export function syntheticTicketCount(rows: MapRows): number {
  const flags = rows.equipment.table.getChild('is_synthetic');
  const tickets = new Set<number>();
  for (let i = 0; i < rows.equipment.count; i++) if (flags?.get(i) === true) tickets.add(rows.equipment.ticket[i]!);
  return tickets.size;
}
