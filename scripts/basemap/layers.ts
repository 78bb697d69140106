import { readFile, readdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Feature, FeatureCollection, Geometry, MultiPolygon, Polygon } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { foldMarket, type BASEMAP_SOURCE_LAYERS, type IsoFootprintProps } from '../../shared/reference/basemap.js';

/** The basemap's layers as GeoJSON, by `source-layer` name (shared/reference/basemap.ts). */
export type BasemapLayers = Record<(typeof BASEMAP_SOURCE_LAYERS)[keyof typeof BASEMAP_SOURCE_LAYERS], FeatureCollection>;

/** The files the basemap is cut from: the atlases (npm packages) and the CommonGrid footprints (data/SOURCES.md). */
export interface BasemapInputs {
  world: string;
  us: string;
  footprints: string[];
}

const require = createRequire(import.meta.url);

/** Where the inputs are in this checkout: world-atlas 2 `countries-50m.json`, us-atlas 3 `states-10m.json`, `iso-*.json`. */
export async function basemapInputs(root: string): Promise<BasemapInputs> {
  const dir = path.join(root, 'data/commongrid/iso-boundaries');
  const footprints = (await readdir(dir)).filter((f) => /^iso-.*\.json$/.test(f)).sort();
  return {
    world: require.resolve('world-atlas/countries-50m.json'),
    us: require.resolve('us-atlas/states-10m.json'),
    footprints: footprints.map((f) => path.join(dir, f)),
  };
}

type Position = [number, number];

/**
 * `line` with its longitudes made continuous across the antimeridian (179.9 → −180 becomes 179.9 → 180), so
 * geojson-vt wraps it onto both sides instead of drawing a sliver across the whole world (Fiji, Chukotka).
 */
export function unwrapLongitudes(line: Position[]): Position[] {
  let offset = 0;
  return line.map(([lon, lat], i) => {
    if (i > 0) {
      const previous = line[i - 1]![0] + offset;
      while (lon + offset - previous > 180) offset -= 360;
      while (lon + offset - previous < -180) offset += 360;
    }
    return [lon + offset, lat];
  });
}

const jumps = (ring: Position[]) => ring.filter((p, i) => i > 0 && Math.abs(p[0] - ring[i - 1]![0]) > 180).length;
// A ring crossing the antimeridian an odd number of times goes round a pole (Antarctica): it is right as it is.
const unwrapRing = (ring: Position[]) => (jumps(ring) % 2 === 0 ? unwrapLongitudes(ring) : ring);

/** A geometry of the atlases with {@link unwrapLongitudes} applied to its lines and to rings that do not go round a pole. */
export function unwrapGeometry(g: Geometry): Geometry {
  switch (g.type) {
    case 'LineString':
      return { ...g, coordinates: unwrapLongitudes(g.coordinates as Position[]) };
    case 'MultiLineString':
      return { ...g, coordinates: g.coordinates.map((l) => unwrapLongitudes(l as Position[])) };
    case 'Polygon':
      return { ...g, coordinates: g.coordinates.map((r) => unwrapRing(r as Position[])) };
    case 'MultiPolygon':
      return { ...g, coordinates: g.coordinates.map((p) => p.map((r) => unwrapRing(r as Position[]))) };
    default:
      return g;
  }
}

const collection = (features: Feature[]): FeatureCollection => ({
  type: 'FeatureCollection',
  features: features.map((f) => (f.geometry ? { ...f, geometry: unwrapGeometry(f.geometry) } : f)),
});
const one = (geometry: Geometry): FeatureCollection => collection([{ type: 'Feature', geometry, properties: {} }]);
const asCollection = (g: Feature | FeatureCollection): FeatureCollection =>
  collection(g.type === 'FeatureCollection' ? g.features : [g]);

/**
 * Reads the inputs as GeoJSON (lon/lat degrees): land and the United States as polygons, country and state borders as
 * meshes (a shared border once), the footprints with {@link IsoFootprintProps}. Throws when a file is missing or malformed.
 */
export async function readBasemapLayers(inputs: BasemapInputs): Promise<BasemapLayers> {
  const world = JSON.parse(await readFile(inputs.world, 'utf8')) as Topology;
  const us = JSON.parse(await readFile(inputs.us, 'utf8')) as Topology;
  const footprints = await Promise.all(
    inputs.footprints.map(async (file) => {
      const fc = JSON.parse(await readFile(file, 'utf8')) as FeatureCollection<
        Polygon | MultiPolygon,
        Omit<IsoFootprintProps, 'market'>
      >;
      return fc.features.map((f): Feature => {
        const { id, name, shortName } = f.properties;
        return { type: 'Feature', geometry: f.geometry, properties: { id, name, shortName, market: foldMarket(shortName) } };
      });
    }),
  );
  return {
    land: asCollection(feature(world, world.objects.land!)),
    countries: one(mesh(world, world.objects.countries as GeometryCollection, (a, b) => a !== b)),
    nation: asCollection(feature(us, us.objects.nation!)),
    states: one(mesh(us, us.objects.states as GeometryCollection, (a, b) => a !== b)),
    iso: collection(footprints.flat()),
  };
}
