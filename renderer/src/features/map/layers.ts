import type { FilterSpecification, LayerSpecification, SourceSpecification } from 'maplibre-gl';
import { basemapLayerIds } from './basemapStyle.js';
import type { MapPalette } from './palette.js';
import {
  outageColorExpression,
  priceColorExpression,
  priceWidthExpression,
  statusDashExpression,
  statusOpacityExpression,
} from './scales.js';

/**
 * The data layers of the map: ids (the e2e tests and the benchmark query them by id), sources and styles. Sources
 * start empty; the page fills them with `setData` when an answer arrives and moves through time with `setFilter`.
 */

/** GeoJSON source ids. */
export const SOURCES = {
  locations: 'pricing-locations',
  bindingLines: 'binding-lines',
  bindingPoints: 'binding-points',
  selected: 'selected-constraint',
  outageLines: 'outage-lines',
  outagePoints: 'outage-points',
  outageMidpoints: 'outage-midpoints',
} as const;

/** Layer ids. */
export const LAYERS = {
  locations: 'pricing-locations',
  overlapHalo: 'binding-overlap-halo',
  overlapPointHalo: 'binding-overlap-point-halo',
  selectedHalo: 'binding-selected-halo',
  selectedPointHalo: 'binding-selected-point-halo',
  binding: 'binding-constraints',
  bindingPoints: 'binding-constraint-points',
  outageHalo: 'outage-selected-halo',
  outagePointHalo: 'outage-selected-point-halo',
  outages: 'outage-equipment',
  outagePoints: 'outage-points',
  outageClusters: 'outage-clusters',
} as const;

/** The layers the time slider filters (`start_ms`, `end_ms`): binding runs and outage equipment move together. */
export const TIME_FILTERED_LAYERS = [LAYERS.binding, LAYERS.bindingPoints, LAYERS.outages, LAYERS.outagePoints] as const;

/** Layers a click selects from, topmost first: constraints win over outages drawn on the same substations. */
export const CLICKABLE_LAYERS = [
  LAYERS.binding,
  LAYERS.bindingPoints,
  LAYERS.outageClusters,
  LAYERS.outages,
  LAYERS.outagePoints,
  LAYERS.locations,
] as const;

/** Below this zoom, dense outages show as clusters of equipment midpoints; from it on, as lines and points. */
export const CLUSTER_UNTIL_ZOOM = 7;

/** More outage equipment features than this count as dense (clustered at low zoom). */
export const DENSE_OUTAGE_FEATURES = 2000;

/** The layer toggles and the layers each one shows or hides. */
export const LAYER_GROUPS = {
  states: { label: 'US states', layers: basemapLayerIds('states') },
  iso: { label: 'ISO footprints', layers: [...basemapLayerIds('iso'), ...basemapLayerIds('isoOutline')] },
  locations: { label: 'Pricing locations', layers: [LAYERS.locations] },
  binding: {
    label: 'Binding constraints',
    layers: [
      LAYERS.overlapHalo,
      LAYERS.overlapPointHalo,
      LAYERS.selectedHalo,
      LAYERS.selectedPointHalo,
      LAYERS.binding,
      LAYERS.bindingPoints,
    ],
  },
  outages: {
    label: 'Outages',
    layers: [LAYERS.outageHalo, LAYERS.outagePointHalo, LAYERS.outages, LAYERS.outagePoints, LAYERS.outageClusters],
  },
} as const;

/** A layer toggle's key. */
export type LayerGroup = keyof typeof LAYER_GROUPS;

/** The data sources, empty; `outage-midpoints` clusters (maplibre's cluster example). */
export function dataSources(): Record<string, SourceSpecification> {
  const geojson = (): SourceSpecification => ({ type: 'geojson', data: { type: 'FeatureCollection', features: [] } });
  return {
    [SOURCES.locations]: geojson(),
    [SOURCES.bindingLines]: geojson(),
    [SOURCES.bindingPoints]: geojson(),
    [SOURCES.selected]: geojson(),
    [SOURCES.outageLines]: geojson(),
    [SOURCES.outagePoints]: geojson(),
    [SOURCES.outageMidpoints]: {
      type: 'geojson',
      data: { type: 'FeatureCollection', features: [] },
      cluster: true,
      clusterRadius: 36,
      clusterMaxZoom: CLUSTER_UNTIL_ZOOM - 1,
    },
  };
}

/** A filter matching nothing: the highlight layers until something is selected. */
export const NOTHING: FilterSpecification = ['==', ['get', 'constraint_gs_entity_id'], '\u0000none'];

/** The data layers, bottom first, for `palette` (drawn above the basemap and its ISO footprints). */
export function dataLayers(p: MapPalette): LayerSpecification[] {
  const price = priceColorExpression(p.dark);
  const haloLine = (id: string, source: string, width: number, filter: FilterSpecification): LayerSpecification => ({
    id,
    type: 'line',
    source,
    filter,
    layout: { 'line-cap': 'round', 'line-join': 'round' },
    paint: { 'line-color': p.highlight, 'line-width': priceWidthExpression(width), 'line-opacity': 0.35 },
  });
  const haloPoint = (id: string, source: string, filter: FilterSpecification): LayerSpecification => ({
    id,
    type: 'circle',
    source,
    filter,
    paint: { 'circle-color': p.highlight, 'circle-radius': priceWidthExpression(6), 'circle-opacity': 0.35 },
  });
  return [
    {
      id: LAYERS.locations,
      type: 'circle',
      source: SOURCES.locations,
      paint: {
        'circle-color': p.location,
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 4, 2.5, 9, 5],
        'circle-stroke-color': p.halo,
        'circle-stroke-width': 1,
        'circle-opacity': 0.8,
      },
    },
    haloLine(LAYERS.overlapHalo, SOURCES.bindingLines, 7, NOTHING),
    haloPoint(LAYERS.overlapPointHalo, SOURCES.bindingPoints, NOTHING),
    haloLine(LAYERS.selectedHalo, SOURCES.selected, 9, ['==', ['geometry-type'], 'LineString']),
    haloPoint(LAYERS.selectedPointHalo, SOURCES.selected, ['==', ['geometry-type'], 'Point']),
    {
      id: LAYERS.binding,
      type: 'line',
      source: SOURCES.bindingLines,
      layout: { 'line-cap': 'round', 'line-join': 'round' },
      paint: { 'line-color': price, 'line-width': priceWidthExpression() },
    },
    {
      id: LAYERS.bindingPoints,
      type: 'circle',
      source: SOURCES.bindingPoints,
      paint: {
        'circle-color': price,
        'circle-radius': priceWidthExpression(1.5),
        'circle-stroke-color': p.halo,
        'circle-stroke-width': 1,
      },
    },
    {
      id: LAYERS.outageHalo,
      type: 'line',
      source: SOURCES.outageLines,
      filter: ['==', ['get', 'ticket'], -1],
      layout: { 'line-cap': 'round' },
      paint: { 'line-color': p.highlight, 'line-width': 9, 'line-opacity': 0.35 },
    },
    {
      id: LAYERS.outagePointHalo,
      type: 'circle',
      source: SOURCES.outagePoints,
      filter: ['==', ['get', 'ticket'], -1],
      paint: { 'circle-color': p.highlight, 'circle-radius': 10, 'circle-opacity': 0.35 },
    },
    {
      id: LAYERS.outages,
      type: 'line',
      source: SOURCES.outageLines,
      paint: {
        'line-color': outageColorExpression(),
        'line-width': ['interpolate', ['linear'], ['zoom'], 4, 1.6, 10, 3],
        'line-opacity': statusOpacityExpression(),
        'line-dasharray': statusDashExpression(),
      },
    },
    {
      id: LAYERS.outagePoints,
      type: 'circle',
      source: SOURCES.outagePoints,
      paint: {
        'circle-color': outageColorExpression(),
        'circle-radius': ['interpolate', ['linear'], ['zoom'], 4, 3, 10, 5],
        'circle-opacity': statusOpacityExpression(),
        'circle-stroke-color': p.halo,
        'circle-stroke-width': 1,
      },
    },
    {
      id: LAYERS.outageClusters,
      type: 'circle',
      source: SOURCES.outageMidpoints,
      maxzoom: CLUSTER_UNTIL_ZOOM,
      paint: {
        'circle-color': ['case', ['has', 'point_count'], '#2f7ed8', outageColorExpression()],
        'circle-radius': ['case', ['has', 'point_count'], ['step', ['get', 'point_count'], 9, 20, 13, 100, 18, 500, 24], 3.5],
        'circle-opacity': ['case', ['has', 'point_count'], 0.55, 0.9],
        'circle-stroke-color': p.halo,
        'circle-stroke-width': 1.2,
      },
    },
  ];
}

/** `[layer id, paint property, value]` of the data layers whose colours follow the colour scheme. */
export function dataPaint(p: MapPalette): [string, string, unknown][] {
  const price = priceColorExpression(p.dark);
  return [
    [LAYERS.locations, 'circle-color', p.location],
    [LAYERS.locations, 'circle-stroke-color', p.halo],
    [LAYERS.binding, 'line-color', price],
    [LAYERS.bindingPoints, 'circle-color', price],
    [LAYERS.bindingPoints, 'circle-stroke-color', p.halo],
    [LAYERS.outagePoints, 'circle-stroke-color', p.halo],
    [LAYERS.outageClusters, 'circle-stroke-color', p.halo],
    ...[LAYERS.overlapHalo, LAYERS.selectedHalo, LAYERS.outageHalo].map((id): [string, string, unknown] => [
      id,
      'line-color',
      p.highlight,
    ]),
    ...[LAYERS.overlapPointHalo, LAYERS.selectedPointHalo, LAYERS.outagePointHalo].map((id): [string, string, unknown] => [
      id,
      'circle-color',
      p.highlight,
    ]),
  ];
}
