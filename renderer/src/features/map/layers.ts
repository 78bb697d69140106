import { basemapLayerIds } from './basemapStyle.js';

/**
 * The layer toggles of the map page: the basemap's own maplibre layers (states, ISO footprints) and the deck.gl layers of
 * the data and labels (deckLayers.ts, labelLayers.ts), each toggle with its label.
 */
export const LAYER_GROUPS = {
  states: { label: 'US states', basemap: basemapLayerIds('states') },
  iso: { label: 'ISO footprints', basemap: [...basemapLayerIds('iso'), ...basemapLayerIds('isoOutline')] },
  locations: { label: 'Pricing locations', basemap: [] },
  binding: { label: 'Binding constraints', basemap: [] },
  outages: { label: 'Outages', basemap: [] },
  labels: { label: 'Place and substation names', basemap: [] },
} as const;

/** A layer toggle's key. */
export type LayerGroup = keyof typeof LAYER_GROUPS;

/** Every toggle on. */
export const ALL_VISIBLE: Record<LayerGroup, boolean> = {
  states: true,
  iso: true,
  locations: true,
  binding: true,
  outages: true,
  labels: true,
};
