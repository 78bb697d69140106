import type { FeatureCollection, Point } from 'geojson';
import type { Map as MaplibreMap } from 'maplibre-gl';
import { basemapLayerIds, basemapPaint, isoOpacity } from './basemapStyle.js';
import type { OutageProps } from './features.js';
import { CLUSTER_UNTIL_ZOOM, LAYERS, LAYER_GROUPS, NOTHING, TIME_FILTERED_LAYERS, dataPaint } from './layers.js';
import type { LayerGroup } from './layers.js';
import type { MapPalette } from './palette.js';
import { overlapFilter, overlaps } from './timeWindow.js';
import type { ShownWindow } from './timeWindow.js';

/**
 * What the page does to a live map, as small functions over the few `Map` methods they need (so the tests pass a fake):
 * the time filter, layer visibility, colours, highlights and the outage clustering switch.
 */

/** The `Map` methods used here. */
export type MapLike = Pick<
  MaplibreMap,
  'setFilter' | 'getLayer' | 'setLayoutProperty' | 'setPaintProperty' | 'setLayerZoomRange'
>;

/**
 * Shows binding runs and outage equipment overlapping `window`, or everything when it is null ("All times"). The one
 * place the time filter is set, so the constraint and outage layers always move together.
 */
export function applyTimeFilter(map: MapLike, window: ShownWindow | null): void {
  const filter = window ? overlapFilter(window) : null;
  for (const id of TIME_FILTERED_LAYERS) if (map.getLayer(id)) map.setFilter(id, filter);
}

/** The clustered source's points: the midpoints of the outage equipment shown in `window` (all when null). */
export function clusterPoints(
  midpoints: FeatureCollection<Point, OutageProps>,
  window: ShownWindow | null,
): FeatureCollection<Point, OutageProps> {
  if (!window) return midpoints;
  return {
    type: 'FeatureCollection',
    features: midpoints.features.filter((f) => overlaps(f.properties.start_ms, f.properties.end_ms, window)),
  };
}

/** Shows or hides each toggle's layers. */
export function applyVisibility(map: MapLike, visible: Record<LayerGroup, boolean>): void {
  for (const [group, { layers }] of Object.entries(LAYER_GROUPS))
    for (const id of layers)
      if (map.getLayer(id)) map.setLayoutProperty(id, 'visibility', visible[group as LayerGroup] ? 'visible' : 'none');
}

/** Re-colours the basemap and the data layers for `palette` (the colour scheme changed). */
export function applyPalette(map: MapLike, palette: MapPalette): void {
  for (const [id, prop, value] of [...basemapPaint(palette), ...dataPaint(palette)])
    if (map.getLayer(id)) map.setPaintProperty(id, prop, value);
}

/** Emphasises `market`'s ISO footprint. */
export function applyMarket(map: MapLike, market: string): void {
  for (const id of basemapLayerIds('iso')) if (map.getLayer(id)) map.setPaintProperty(id, 'fill-opacity', isoOpacity(market));
}

/**
 * Dense outages: clusters below {@link CLUSTER_UNTIL_ZOOM}, lines and points from it on. Sparse: lines and points at
 * every zoom and no clusters.
 */
export function applyDensity(map: MapLike, dense: boolean): void {
  const from = dense ? CLUSTER_UNTIL_ZOOM : 0;
  for (const id of [LAYERS.outages, LAYERS.outagePoints, LAYERS.outageHalo, LAYERS.outagePointHalo])
    if (map.getLayer(id)) map.setLayerZoomRange(id, from, 24);
}

/** Haloes the constraints an outage overlapped (`ids`), or none. */
export function applyOverlapHighlight(map: MapLike, ids: readonly string[]): void {
  const filter = ids.length ? (['in', ['get', 'constraint_gs_entity_id'], ['literal', [...ids]]] as const) : NOTHING;
  for (const id of [LAYERS.overlapHalo, LAYERS.overlapPointHalo]) if (map.getLayer(id)) map.setFilter(id, filter as never);
}

/** Haloes the equipment of `ticket`, or none. */
export function applyTicketHighlight(map: MapLike, ticket: number | null): void {
  for (const id of [LAYERS.outageHalo, LAYERS.outagePointHalo])
    if (map.getLayer(id)) map.setFilter(id, ['==', ['get', 'ticket'], ticket ?? -1]);
}
