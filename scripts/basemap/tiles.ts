import geojsonvt from 'geojson-vt';
import { fromGeojsonVt } from 'vt-pbf';
import type { TilePyramid } from '../../shared/reference/basemap.js';
import type { BasemapLayers } from './layers.js';

/** One cut tile: its address and its Mapbox Vector Tile bytes (empty when no layer has a feature there). */
export interface CutTile {
  z: number;
  x: number;
  y: number;
  bytes: Uint8Array;
}

/** Tile extent (the vector tile's coordinate grid) and how much geometry each tile repeats beyond its edge. */
const EXTENT = 4096;
const BUFFER = 64;
/** Simplification of each zoom's tiles in tile units (of {@link EXTENT}): higher is smaller and coarser. */
const TOLERANCE = 4;

const clampLat = (lat: number) => Math.max(-85.0511, Math.min(85.0511, lat));

/** Web Mercator tile column of a longitude and row of a latitude (degrees) at zoom `z`, clamped to the grid. */
export function tileOf(z: number, lon: number, lat: number): { x: number; y: number } {
  const n = 2 ** z;
  const phi = (clampLat(lat) * Math.PI) / 180;
  const x = Math.floor(((lon + 180) / 360) * n);
  const y = Math.floor(((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * n);
  return { x: Math.min(n - 1, Math.max(0, x)), y: Math.min(n - 1, Math.max(0, y)) };
}

/** Every tile address of a pyramid: each zoom of `[minzoom, maxzoom]`, the tiles that touch `bounds`. */
export function* pyramidTiles(pyramid: TilePyramid): Generator<{ z: number; x: number; y: number }> {
  const [west, south, east, north] = pyramid.bounds;
  for (let z = pyramid.minzoom; z <= pyramid.maxzoom; z += 1) {
    const nw = tileOf(z, west, north);
    const se = tileOf(z, east, south);
    for (let x = nw.x; x <= se.x; x += 1) for (let y = nw.y; y <= se.y; y += 1) yield { z, x, y };
  }
}

/**
 * Cuts `layers` into the tiles of `pyramid` with geojson-vt (simplified per zoom, clipped with a buffer) and encodes each
 * with vt-pbf (vector tile spec 2). A tile address inside the pyramid always gets bytes, empty ones too, so the map
 * never asks for a tile that is not there.
 */
export function* cutTiles(layers: BasemapLayers, pyramid: TilePyramid): Generator<CutTile> {
  const options = {
    maxZoom: pyramid.maxzoom,
    indexMaxZoom: Math.min(pyramid.maxzoom, 5),
    tolerance: TOLERANCE,
    extent: EXTENT,
    buffer: BUFFER,
  };
  const indexes = Object.entries(layers).map(([name, fc]) => [name, geojsonvt(fc, options)] as const);
  for (const { z, x, y } of pyramidTiles(pyramid)) {
    const found: Record<string, geojsonvt.Tile> = {};
    for (const [name, index] of indexes) {
      const tile = index.getTile(z, x, y);
      if (tile && tile.features.length > 0) found[name] = tile;
    }
    const bytes = Object.keys(found).length > 0 ? fromGeojsonVt(found, { version: 2, extent: EXTENT }) : new Uint8Array(0);
    yield { z, x, y, bytes };
  }
}
