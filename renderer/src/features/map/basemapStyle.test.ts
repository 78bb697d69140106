import { describe, expect, it } from 'vitest';
import type { LayerSpecification } from 'maplibre-gl';
import {
  BACKGROUND_LAYER,
  BASEMAP_SOURCES,
  basemapLayerIds,
  basemapLayers,
  basemapPaint,
  basemapSources,
  isoOpacity,
} from './basemapStyle.js';
import { mapStyle } from './mapStyle.js';
import { mapPalette } from './palette.js';

const ids = (layers: LayerSpecification[]) => layers.map((l) => l.id);

describe('basemap sources', () => {
  it.each([
    ['http://127.0.0.1:5173/#/map?market=pjm', 'http://127.0.0.1:5173/basemap/'],
    ['app://gridscope/index.html#/map', 'app://gridscope/basemap/'],
  ])('tiles come from the page’s own folder (%s), templates unencoded', (page, folder) => {
    const sources = basemapSources(page);
    expect(sources[BASEMAP_SOURCES.world]).toMatchObject({
      type: 'vector',
      tiles: [`${folder}world/{z}/{x}/{y}.pbf`],
      maxzoom: 3,
    });
    expect(sources[BASEMAP_SOURCES.northAmerica]).toMatchObject({
      tiles: [`${folder}na/{z}/{x}/{y}.pbf`],
      minzoom: 4,
      maxzoom: 7,
    });
  });
});

describe('basemap layers', () => {
  const layers = basemapLayers(mapPalette(false), { market: 'pjm' });

  it('water first, then each kind from the world below zoom 4 and from North America above', () => {
    expect(layers[0]).toMatchObject({ id: BACKGROUND_LAYER, type: 'background' });
    for (const kind of ['land', 'nation', 'countries', 'states', 'iso', 'isoOutline'] as const) {
      const [world, na] = basemapLayerIds(kind).map((id) => layers.find((l) => l.id === id)!);
      expect(world).toMatchObject({ source: BASEMAP_SOURCES.world, maxzoom: 4 });
      expect(na).toMatchObject({ source: BASEMAP_SOURCES.northAmerica, minzoom: 4 });
    }
    // Draw order: land under the borders, the footprints above them.
    const order = ids(layers);
    expect(order.indexOf('basemap-land')).toBeLessThan(order.indexOf('basemap-state-borders'));
    expect(order.indexOf('basemap-state-borders-na')).toBeLessThan(order.indexOf('iso-footprints-na'));
  });

  it('emphasises the chosen market’s footprint; the mini map leaves the footprints out', () => {
    expect(layers.find((l) => l.id === 'iso-footprints')).toMatchObject({ paint: { 'fill-opacity': isoOpacity('pjm') } });
    expect(isoOpacity('ISO-NE')).toEqual(['case', ['==', ['get', 'market'], 'isone'], 0.12, 0.04]);
    expect(ids(basemapLayers(mapPalette(true), { footprints: false })).some((id) => id.startsWith('iso'))).toBe(false);
  });

  it('re-colours every basemap layer for the other colour scheme', () => {
    const dark = mapPalette(true);
    const paint = basemapPaint(dark);
    expect(new Set(paint.map(([id]) => id))).toEqual(new Set(ids(layers)));
    expect(paint).toContainEqual(['basemap-land-na', 'fill-color', dark.land]);
  });

  it('the whole style needs no glyphs, sprites or GeoJSON basemap', () => {
    const style = mapStyle(mapPalette(false), 'pjm', 'http://127.0.0.1/');
    expect(style.glyphs).toBeUndefined();
    expect(style.sprite).toBeUndefined();
    const basemap = Object.entries(style.sources).filter(([id]) => id.startsWith('basemap'));
    expect(basemap.map(([, s]) => s.type)).toEqual(['vector', 'vector']);
  });
});
