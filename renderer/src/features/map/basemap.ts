import type { GeoJSON, Geometry } from 'geojson';
import type { LayerSpecification, SourceSpecification } from 'maplibre-gl';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import countriesTopology from 'world-atlas/countries-50m.json';
import statesTopology from 'us-atlas/states-10m.json';

/**
 * The offline basemap: land and country borders from world-atlas (Natural Earth 1:50m), US nation and state borders
 * from us-atlas (Census 1:10m), both plain lon/lat TopoJSON bundled with the map chunk, drawn as fill and line layers.
 * No tiles, glyphs or sprites: nothing is fetched.
 */

/** Colours of the basemap and of the map's neutral marks, per colour scheme. */
export interface MapPalette {
  dark: boolean;
  water: string;
  land: string;
  nation: string;
  countryLine: string;
  stateLine: string;
  isoFill: string;
  isoLine: string;
  location: string;
  /** Outline of circles and the selection halo: contrasts with the land. */
  halo: string;
  /** Selection and overlap haloes: the text colour, translucent, so they differ from every data colour. */
  highlight: string;
}

const LIGHT: MapPalette = {
  dark: false,
  water: '#dfe7ef',
  land: '#f7f5f0',
  nation: '#fbfaf7',
  countryLine: '#b9bfc8',
  stateLine: '#c9ced6',
  isoFill: '#64748b',
  isoLine: '#8593a6',
  location: '#334155',
  halo: '#ffffff',
  highlight: '#1b2330',
};
const DARK: MapPalette = {
  dark: true,
  water: '#0b1016',
  land: '#1a2029',
  nation: '#1d242e',
  countryLine: '#3b4552',
  stateLine: '#343d49',
  isoFill: '#94a3b8',
  isoLine: '#6b7a8f',
  location: '#cbd5e1',
  halo: '#0f1318',
  highlight: '#f1f5f9',
};

/** The palette of a colour scheme (the app follows `prefers-color-scheme`, styles.css). */
export function mapPalette(dark: boolean): MapPalette {
  return dark ? DARK : LIGHT;
}

/** The basemap's GeoJSON, converted once per page load. */
export interface BasemapData {
  land: GeoJSON;
  countryBorders: Geometry;
  nation: GeoJSON;
  stateBorders: Geometry;
}

let cached: BasemapData | null = null;

/** Converts the bundled TopoJSON (≈ 60 ms, once); borders are meshes so a shared border is drawn once. */
export function basemapData(): BasemapData {
  if (cached) return cached;
  const world = countriesTopology as unknown as Topology;
  const us = statesTopology as unknown as Topology;
  const countries = world.objects.countries as GeometryCollection;
  const states = us.objects.states as GeometryCollection;
  const data: BasemapData = {
    land: feature(world, world.objects.land!),
    countryBorders: mesh(world, countries, (a, b) => a !== b),
    nation: feature(us, us.objects.nation!),
    stateBorders: mesh(us, states, (a, b) => a !== b),
  };
  cached = data;
  return data;
}

/** Source ids of the basemap. */
export const BASEMAP_SOURCES = {
  land: 'basemap-land',
  countries: 'basemap-countries',
  nation: 'basemap-nation',
  states: 'basemap-states',
} as const;

/** Layer ids of the basemap; `states` is the one the layer toggles switch. */
export const BASEMAP_LAYERS = {
  background: 'basemap-water',
  land: 'basemap-land',
  nation: 'basemap-nation',
  countries: 'basemap-country-borders',
  states: 'basemap-state-borders',
} as const;

/** GeoJSON sources of the basemap. */
export function basemapSources(data: BasemapData = basemapData()): Record<string, SourceSpecification> {
  const geojson = (d: GeoJSON): SourceSpecification => ({ type: 'geojson', data: d, tolerance: 0.5 });
  return {
    [BASEMAP_SOURCES.land]: geojson(data.land),
    [BASEMAP_SOURCES.countries]: geojson(data.countryBorders),
    [BASEMAP_SOURCES.nation]: geojson(data.nation),
    [BASEMAP_SOURCES.states]: geojson(data.stateBorders),
  };
}

/** Basemap layers, bottom first. */
export function basemapLayers(p: MapPalette): LayerSpecification[] {
  return [
    { id: BASEMAP_LAYERS.background, type: 'background', paint: { 'background-color': p.water } },
    { id: BASEMAP_LAYERS.land, type: 'fill', source: BASEMAP_SOURCES.land, paint: { 'fill-color': p.land } },
    { id: BASEMAP_LAYERS.nation, type: 'fill', source: BASEMAP_SOURCES.nation, paint: { 'fill-color': p.nation } },
    {
      id: BASEMAP_LAYERS.countries,
      type: 'line',
      source: BASEMAP_SOURCES.countries,
      paint: { 'line-color': p.countryLine, 'line-width': 0.8 },
    },
    {
      id: BASEMAP_LAYERS.states,
      type: 'line',
      source: BASEMAP_SOURCES.states,
      paint: { 'line-color': p.stateLine, 'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.4, 8, 1.2] },
    },
  ];
}

/** `[layer id, paint property, value]` for re-colouring a live map when the colour scheme changes. */
export function basemapPaint(p: MapPalette): [string, string, string][] {
  return [
    [BASEMAP_LAYERS.background, 'background-color', p.water],
    [BASEMAP_LAYERS.land, 'fill-color', p.land],
    [BASEMAP_LAYERS.nation, 'fill-color', p.nation],
    [BASEMAP_LAYERS.countries, 'line-color', p.countryLine],
    [BASEMAP_LAYERS.states, 'line-color', p.stateLine],
  ];
}
