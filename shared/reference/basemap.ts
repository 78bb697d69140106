/**
 * Where the offline basemap lives and what its vector tiles hold, for the build that cuts them
 * (scripts/basemap/) and the map style that reads them (renderer/src/features/map/basemapStyle.ts):
 * docs/map.md#the-basemap. Paths are relative to {@link BASEMAP_FOLDER}, which sits beside the page's `index.html`.
 */

/** The basemap's folder in the renderer build (`basemap/` beside `index.html`). */
export const BASEMAP_FOLDER = 'basemap';

/** One tile pyramid: its path template in the folder, its zoom range and `[west, south, east, north]` (degrees). */
export interface TilePyramid {
  path: string;
  minzoom: number;
  maxzoom: number;
  bounds: readonly [number, number, number, number];
}

/** The coarse world (every tile of zooms 0–3) and North America in detail (zooms 4–7 inside its bounds). */
export const BASEMAP_PYRAMIDS = {
  world: { path: 'world/{z}/{x}/{y}.pbf', minzoom: 0, maxzoom: 3, bounds: [-180, -85.05, 180, 85.05] },
  northAmerica: { path: 'na/{z}/{x}/{y}.pbf', minzoom: 4, maxzoom: 7, bounds: [-170, 7, -50, 75] },
} as const satisfies Record<string, TilePyramid>;

/** The layers (`source-layer`) of every basemap tile; `iso` features carry {@link IsoFootprintProps}. */
export const BASEMAP_SOURCE_LAYERS = {
  /** Land polygons (world-atlas `land`, Natural Earth 1:50m). */
  land: 'land',
  /** Borders between countries (world-atlas `countries` mesh). */
  countries: 'countries',
  /** The United States (us-atlas `nation`, Census 1:10m). */
  nation: 'nation',
  /** Borders between US states (us-atlas `states` mesh). */
  states: 'states',
  /** ISO footprints (CommonGrid, ODbL). */
  iso: 'iso',
} as const;

/** Properties of an `iso` feature: CommonGrid's id, name and short name, and `market` (the short name folded: `isone`). */
export interface IsoFootprintProps {
  id: string;
  name: string;
  shortName: string;
  market: string;
}

/** Place labels (largest cities, GeoNames CC BY 4.0) in the folder: a JSON array of {@link Place}, by rank. */
export const PLACES_FILE = 'places.json';

/** A place to label: `rank` 1 is the most populous; degrees WGS84. */
export interface Place {
  name: string;
  /** ISO 3166 country code (`US`). */
  country: string;
  /** State or province code as GeoNames gives it (`PA`; numeric outside the US). */
  admin: string;
  population: number;
  longitude: number;
  latitude: number;
  rank: number;
  /** A national capital. */
  capital: boolean;
}

/** A market id folded for comparison: lower case, letters and digits only (`iso-ne`, `ISO-NE` and `isone` agree). */
export function foldMarket(market: string): string {
  return market.toLowerCase().replace(/[^a-z0-9]/g, '');
}
