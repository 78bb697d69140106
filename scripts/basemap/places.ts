import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Place } from '../../shared/reference/basemap.js';

/** The committed extract of GeoNames places (scripts/extract-cities.mjs; CC BY 4.0, data/SOURCES.md). */
export const CITIES_FILE = 'data/geonames/cities.json';

/**
 * The places to label, most populous first, as the map reads them ({@link Place}). Throws when the extract is missing,
 * malformed or not ranked 1, 2, 3… in order.
 */
export async function readPlaces(root: string): Promise<Place[]> {
  const rows = JSON.parse(await readFile(path.join(root, CITIES_FILE), 'utf8')) as (Place & { geonames_id?: number })[];
  return rows.map(({ name, country, admin, population, longitude, latitude, rank, capital }, i) => {
    const usable = typeof name === 'string' && Number.isFinite(longitude) && Number.isFinite(latitude) && rank === i + 1;
    if (!usable) throw new Error(`${CITIES_FILE}: row ${i + 1} is not a ranked place with coordinates`);
    return { name, country, admin, population, longitude, latitude, rank, capital };
  });
}
