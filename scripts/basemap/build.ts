import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { BASEMAP_FOLDER, BASEMAP_PYRAMIDS, PLACES_FILE } from '../../shared/reference/basemap.js';
import { basemapInputs, readBasemapLayers } from './layers.js';
import { CITIES_FILE, readPlaces } from './places.js';
import { cutTiles } from './tiles.js';

/** The generated folder vite copies into every renderer build (git-ignored): `renderer/public/basemap/`. */
export const BASEMAP_DIR = `renderer/public/${BASEMAP_FOLDER}`;

/** What a build wrote: `stamp` hashes the inputs and this builder, so an unchanged basemap is not cut again. */
export interface BasemapManifest {
  stamp: string;
  tiles: number;
  bytes: number;
  places: number;
}

const HERE = path.dirname(fileURLToPath(import.meta.url));
const BUILDER = ['build.ts', 'layers.ts', 'places.ts', 'tiles.ts', '../../shared/reference/basemap.ts'].map((f) =>
  path.join(HERE, f),
);

async function stampOf(root: string): Promise<string> {
  const inputs = await basemapInputs(root);
  const files = [inputs.world, inputs.us, ...inputs.footprints, path.join(root, CITIES_FILE), ...BUILDER];
  const hash = createHash('sha256');
  for (const file of files) hash.update(path.basename(file)).update(await readFile(file));
  return hash.digest('hex');
}

async function manifestOf(dir: string): Promise<BasemapManifest | null> {
  try {
    return JSON.parse(await readFile(path.join(dir, 'manifest.json'), 'utf8')) as BasemapManifest;
  } catch {
    return null;
  }
}

/**
 * Writes the basemap into `outDir` (default `<root>/renderer/public/basemap`; docs/map.md#the-basemap): the vector tiles of every
 * pyramid of shared/reference/basemap.ts, the place labels and `manifest.json`. Skipped when the manifest's stamp
 * matches (unless `force`); otherwise the folder is replaced. Throws when an input is missing or malformed.
 */
export async function buildBasemap(
  root: string,
  options: { force?: boolean; outDir?: string; log?: (line: string) => void } = {},
): Promise<BasemapManifest> {
  const log = options.log ?? (() => undefined);
  const dir = options.outDir ?? path.join(root, BASEMAP_DIR);
  const stamp = await stampOf(root);
  const known = await manifestOf(dir);
  if (!options.force && known?.stamp === stamp) return known;
  const started = Date.now();
  const layers = await readBasemapLayers(await basemapInputs(root));
  await rm(dir, { recursive: true, force: true });
  let tiles = 0;
  let bytes = 0;
  for (const pyramid of Object.values(BASEMAP_PYRAMIDS)) {
    for (const tile of cutTiles(layers, pyramid)) {
      const file = path.join(
        dir,
        pyramid.path.replace('{z}', `${tile.z}`).replace('{x}', `${tile.x}`).replace('{y}', `${tile.y}`),
      );
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, tile.bytes);
      tiles += 1;
      bytes += tile.bytes.length;
    }
  }
  const places = await readPlaces(root);
  const placesText = JSON.stringify(places);
  await writeFile(path.join(dir, PLACES_FILE), placesText);
  bytes += placesText.length;
  const manifest: BasemapManifest = { stamp, tiles, bytes, places: places.length };
  await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  log(`basemap: ${tiles} tiles and ${places.length} places, ${(bytes / 1e6).toFixed(2)} MB, in ${Date.now() - started} ms`);
  return manifest;
}
