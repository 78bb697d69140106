import type { StyleSpecification } from 'maplibre-gl';
import { basemapLayers, basemapSources } from './basemapStyle.js';
import { dataLayers, dataSources } from './layers.js';
import type { MapPalette } from './palette.js';

/**
 * The whole style: the basemap's vector tiles (basemapStyle.ts, from the page's own origin) and the data layers on
 * GeoJSON sources. No `glyphs` and no `sprite`, so maplibre never asks the network for anything; labels are HTML
 * (popups, legend, the selection panel). `baseUri` is the page's (`document.baseURI`).
 */
export function mapStyle(palette: MapPalette, market: string, baseUri: string): StyleSpecification {
  return {
    version: 8,
    sources: { ...basemapSources(baseUri), ...dataSources() },
    layers: [...basemapLayers(palette, { market }), ...dataLayers(palette)],
  };
}
