import type { Map as MaplibreMap } from 'maplibre-gl';
import { basemapLayerIds, basemapPaint, isoOpacity } from './basemapStyle.js';
import { LAYER_GROUPS } from './layers.js';
import type { LayerGroup } from './layers.js';
import type { MapPalette } from './palette.js';

/**
 * What the page does to the live maplibre basemap, as small functions over the few `Map` methods they need (so the tests
 * pass a fake): layer visibility, colours and the market's footprint. The data layers are deck.gl's (deckLayers.ts).
 */

/** The `Map` methods used here. */
export type MapLike = Pick<MaplibreMap, 'getLayer' | 'setLayoutProperty' | 'setPaintProperty'>;

/** Shows or hides each toggle's basemap layers. */
export function applyVisibility(map: MapLike, visible: Record<LayerGroup, boolean>): void {
  for (const [group, { basemap }] of Object.entries(LAYER_GROUPS))
    for (const id of basemap)
      if (map.getLayer(id)) map.setLayoutProperty(id, 'visibility', visible[group as LayerGroup] ? 'visible' : 'none');
}

/** Re-colours the basemap for `palette` (the colour scheme changed). */
export function applyPalette(map: MapLike, palette: MapPalette): void {
  for (const [id, prop, value] of basemapPaint(palette)) if (map.getLayer(id)) map.setPaintProperty(id, prop, value);
}

/** Emphasises `market`'s ISO footprint. */
export function applyMarket(map: MapLike, market: string): void {
  for (const id of basemapLayerIds('iso')) if (map.getLayer(id)) map.setPaintProperty(id, 'fill-opacity', isoOpacity(market));
}
