import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { VectorTile } from '@mapbox/vector-tile';
import Pbf from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASEMAP_PYRAMIDS, type Place } from '../../shared/reference/basemap.js';
import { ISO_FOOTPRINT_BOUNDS } from '../../shared/reference/isoFootprints.js';
import { buildBasemap, type BasemapManifest } from './build.js';
import { basemapInputs, unwrapGeometry, unwrapLongitudes } from './layers.js';
import { pyramidTiles, tileOf } from './tiles.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
let out: string;
let manifest: BasemapManifest;

beforeAll(async () => {
  out = await mkdtemp(path.join(tmpdir(), 'gs-basemap-'));
  manifest = await buildBasemap(ROOT, { outDir: out });
}, 120_000);
afterAll(() => rm(out, { recursive: true, force: true }));

const tileLayers = async (pyramid: string, z: number, x: number, y: number) =>
  new VectorTile(new Pbf(await readFile(path.join(out, pyramid, `${z}/${x}/${y}.pbf`)))).layers;

describe('antimeridian', () => {
  it('a ring crossing it twice is made continuous; one going round a pole is kept', () => {
    const fiji: [number, number][] = [
      [179.9, -16.5],
      [-179.9, -16.4],
      [-179.8, -16.6],
      [179.8, -16.7],
      [179.9, -16.5],
    ];
    expect(unwrapLongitudes(fiji).map((p) => p[0])).toEqual([179.9, 180.1, 180.2, 179.8, 179.9]);
    const pole: [number, number][] = [
      [-180, -84],
      [0, -70],
      [180, -84],
      [-180, -84],
    ];
    expect(unwrapGeometry({ type: 'Polygon', coordinates: [pole] })).toEqual({ type: 'Polygon', coordinates: [pole] });
  });
});

describe('tile addresses', () => {
  it('Web Mercator columns and rows, and every world tile of zooms 0–3', () => {
    expect(tileOf(0, 0, 0)).toEqual({ x: 0, y: 0 });
    expect(tileOf(7, -75.16, 39.95)).toEqual({ x: 37, y: 48 }); // Philadelphia
    expect([...pyramidTiles(BASEMAP_PYRAMIDS.world)]).toHaveLength(1 + 4 + 16 + 64);
  });
});

describe('the built basemap', () => {
  it('stays small: every tile address written, a few MB at most', async () => {
    const expected = [...pyramidTiles(BASEMAP_PYRAMIDS.world)].length + [...pyramidTiles(BASEMAP_PYRAMIDS.northAmerica)].length;
    expect(manifest.tiles).toBe(expected);
    expect(manifest.bytes).toBeLessThan(4_000_000);
    expect((await readdir(path.join(out, 'na'))).sort()).toEqual(['4', '5', '6', '7']);
  });

  it('holds land, the nation, state borders and the ISO footprints where PJM is, with their market', async () => {
    const { x, y } = tileOf(7, -75.16, 39.95);
    const layers = await tileLayers('na', 7, x, y);
    expect(Object.keys(layers).sort()).toEqual(['iso', 'land', 'nation', 'states']);
    const markets = Array.from({ length: layers.iso!.length }, (_, i) => layers.iso!.feature(i).properties.market);
    expect(markets).toContain('pjm');
    const world = await tileLayers('world', 0, 0, 0);
    expect(Object.keys(world)).toEqual(expect.arrayContaining(['land', 'countries', 'iso']));
  });

  it('writes an empty tile for open water, so the map never asks for a missing one', async () => {
    const { x, y } = tileOf(7, -60, 30); // the Sargasso Sea
    expect((await stat(path.join(out, 'na', `7/${x}/${y}.pbf`))).size).toBe(0);
  });

  it('ranks the places by population with coordinates', async () => {
    const places = JSON.parse(await readFile(path.join(out, 'places.json'), 'utf8')) as Place[];
    expect(places.length).toBe(manifest.places);
    expect(places.map((p) => p.rank)).toEqual(places.map((_, i) => i + 1));
    const chicago = places.find((p) => p.name === 'Chicago' && p.country === 'US')!;
    expect(chicago).toMatchObject({ admin: 'IL', latitude: expect.closeTo(41.85, 1), longitude: expect.closeTo(-87.65, 1) });
    expect(places.every((p, i) => i === 0 || p.population <= places[i - 1]!.population)).toBe(true);
  });

  it('is cut again only when an input changes: the second build reuses the first', async () => {
    const before = (await stat(path.join(out, 'manifest.json'))).mtimeMs;
    expect(await buildBasemap(ROOT, { outDir: out })).toEqual(manifest);
    expect((await stat(path.join(out, 'manifest.json'))).mtimeMs).toBe(before);
  });
});

describe('footprint bounds (shared/reference/isoFootprints.ts)', () => {
  it('hold each footprint file', async () => {
    const { footprints } = await basemapInputs(ROOT);
    expect(Object.keys(ISO_FOOTPRINT_BOUNDS)).toHaveLength(footprints.length);
    for (const file of footprints) {
      const f = JSON.parse(await readFile(file, 'utf8')).features[0];
      const market = String(f.properties.shortName)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, '');
      const [w, s, e, n] = ISO_FOOTPRINT_BOUNDS[market]!;
      for (const [x, y] of (f.geometry.coordinates as [number, number][][][]).flat(2)) {
        expect(x >= w! && x <= e! && y >= s! && y <= n!).toBe(true);
      }
    }
  });
});
