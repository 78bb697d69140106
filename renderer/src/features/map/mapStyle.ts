import type { StyleSpecification } from 'maplibre-gl';
import { basemapLayers, basemapSources } from './basemap.js';
import type { MapPalette } from './basemap.js';
import { dataLayers, dataSources } from './layers.js';

/**
 * The whole inline style: basemap and data layers, GeoJSON sources only. No `glyphs` and no `sprite`, so maplibre
 * never asks the network for anything; labels are HTML (popups, legend, the selection panel).
 */
export function mapStyle(palette: MapPalette, market: string): StyleSpecification {
  return {
    version: 8,
    sources: { ...basemapSources(), ...dataSources() },
    layers: [...basemapLayers(palette), ...dataLayers(palette, market)],
  };
}
