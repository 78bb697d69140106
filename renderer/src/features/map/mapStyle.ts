import type { StyleSpecification } from 'maplibre-gl';
import { basemapLayers, basemapSources } from './basemapStyle.js';
import type { MapPalette } from './palette.js';

/**
 * The maplibre style: the basemap's vector tiles only (basemapStyle.ts, from the page's own origin). No `glyphs` and no
 * `sprite`, so maplibre never asks the network for anything; the data and the labels are deck.gl layers drawn into the
 * same map (deckLayers.ts, labelLayers.ts). `baseUri` is the page's (`document.baseURI`).
 */
export function mapStyle(palette: MapPalette, market: string, baseUri: string): StyleSpecification {
  return { version: 8, sources: basemapSources(baseUri), layers: basemapLayers(palette, { market }) };
}
