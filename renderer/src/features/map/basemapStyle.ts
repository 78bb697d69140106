import type {
  ExpressionSpecification,
  FillLayerSpecification,
  LayerSpecification,
  LineLayerSpecification,
  SourceSpecification,
} from 'maplibre-gl';
import { BASEMAP_FOLDER, BASEMAP_PYRAMIDS, BASEMAP_SOURCE_LAYERS, foldMarket } from '../../../../shared/reference/basemap.js';
import type { MapPalette } from './palette.js';

/**
 * The offline basemap as a typed maplibre style (docs/map.md#the-basemap): two vector sources read from the page's own
 * origin — the coarse world (zooms 0–3, over-zoomed above) and North America in detail (zooms 4–7 inside its bounds),
 * cut once at build time by scripts/basemap/ — and background, fill and line layers for land, the United States, country
 * and state borders and the ISO footprints. No glyphs, sprites or network: labels are drawn by the page itself.
 */

/** Source ids, one per tile pyramid of shared/reference/basemap.ts. */
export const BASEMAP_SOURCES = { world: 'basemap-world', northAmerica: 'basemap-na' } as const;

type Pyramid = keyof typeof BASEMAP_SOURCES;

/** The water under everything. */
export const BACKGROUND_LAYER = 'basemap-water';

/** Ids of each kind of basemap layer; each kind is drawn from both pyramids ({@link basemapLayerIds}). */
const KIND_IDS = {
  land: 'basemap-land',
  nation: 'basemap-nation',
  countries: 'basemap-country-borders',
  states: 'basemap-state-borders',
  iso: 'iso-footprints',
  isoOutline: 'iso-footprints-outline',
} as const;

/** A kind of basemap layer. */
export type BasemapKind = keyof typeof KIND_IDS;

/** The two layer ids of a kind: the world's (`basemap-land`, below zoom 4) and North America's (`basemap-land-na`). */
export function basemapLayerIds(kind: BasemapKind): [world: string, northAmerica: string] {
  return [KIND_IDS[kind], `${KIND_IDS[kind]}-na`];
}

/** Attribution of the basemap's data (data/SOURCES.md). */
export const BASEMAP_ATTRIBUTION = 'Natural Earth; US Census Bureau; CommonGrid (ODbL); GeoNames (CC BY 4.0)';

/**
 * The page's folder as an absolute URL (`http://127.0.0.1:5173/`, `app://gridscope/`): maplibre asks for tiles from its
 * worker, which needs absolute URLs, and `{z}` must stay unencoded (so no `new URL` over the template).
 */
export function pageFolder(baseUri: string): string {
  return new URL('./', baseUri).href;
}

/** The two vector sources; `baseUri` is the page's (`document.baseURI`). */
export function basemapSources(baseUri: string): Record<string, SourceSpecification> {
  const folder = `${pageFolder(baseUri)}${BASEMAP_FOLDER}/`;
  const source = (p: (typeof BASEMAP_PYRAMIDS)[Pyramid]): SourceSpecification => ({
    type: 'vector',
    tiles: [folder + p.path],
    minzoom: p.minzoom,
    maxzoom: p.maxzoom,
    bounds: [...p.bounds],
    attribution: BASEMAP_ATTRIBUTION,
  });
  return {
    [BASEMAP_SOURCES.world]: source(BASEMAP_PYRAMIDS.world),
    [BASEMAP_SOURCES.northAmerica]: source(BASEMAP_PYRAMIDS.northAmerica),
  };
}

/** Opacity of the ISO fill: the chosen market's footprint is drawn stronger than the others. */
export function isoOpacity(market: string): ExpressionSpecification {
  return ['case', ['==', ['get', 'market'], foldMarket(market)], 0.12, 0.04];
}

// One kind's drawing: the tiles' layer it reads, fill or line, and its paint.
type Paint =
  | { layer: string; type: 'fill'; paint: FillLayerSpecification['paint'] }
  | { layer: string; type: 'line'; paint: LineLayerSpecification['paint'] };

function kinds(p: MapPalette, market: string): Record<BasemapKind, Paint> {
  const L = BASEMAP_SOURCE_LAYERS;
  return {
    land: { layer: L.land, type: 'fill', paint: { 'fill-color': p.land } },
    nation: { layer: L.nation, type: 'fill', paint: { 'fill-color': p.nation } },
    countries: { layer: L.countries, type: 'line', paint: { 'line-color': p.countryLine, 'line-width': 0.8 } },
    states: {
      layer: L.states,
      type: 'line',
      paint: { 'line-color': p.stateLine, 'line-width': ['interpolate', ['linear'], ['zoom'], 3, 0.4, 8, 1.2] },
    },
    iso: { layer: L.iso, type: 'fill', paint: { 'fill-color': p.isoFill, 'fill-opacity': isoOpacity(market) } },
    isoOutline: { layer: L.iso, type: 'line', paint: { 'line-color': p.isoLine, 'line-width': 1, 'line-opacity': 0.7 } },
  };
}

/**
 * Basemap layers, bottom first: water, land, the United States, country and state borders, and (unless `footprints`
 * is false) the ISO footprints with `market`'s emphasised. Each kind is two layers, the world's below zoom 4 and North
 * America's from it, so the detailed tiles replace the coarse ones where they exist.
 */
export function basemapLayers(p: MapPalette, options: { market?: string; footprints?: boolean } = {}): LayerSpecification[] {
  const split = BASEMAP_PYRAMIDS.northAmerica.minzoom;
  const out: LayerSpecification[] = [{ id: BACKGROUND_LAYER, type: 'background', paint: { 'background-color': p.water } }];
  for (const [kind, style] of Object.entries(kinds(p, options.market ?? '')) as [BasemapKind, Paint][]) {
    if (options.footprints === false && (kind === 'iso' || kind === 'isoOutline')) continue;
    const [worldId, naId] = basemapLayerIds(kind);
    const common = { type: style.type, 'source-layer': style.layer, paint: style.paint } as const;
    out.push({ id: worldId, source: BASEMAP_SOURCES.world, maxzoom: split, ...common } as LayerSpecification);
    out.push({ id: naId, source: BASEMAP_SOURCES.northAmerica, minzoom: split, ...common } as LayerSpecification);
  }
  return out;
}

/** `[layer id, paint property, value]` for re-colouring a live map when the colour scheme changes. */
export function basemapPaint(p: MapPalette): [string, string, unknown][] {
  const out: [string, string, unknown][] = [[BACKGROUND_LAYER, 'background-color', p.water]];
  for (const [kind, style] of Object.entries(kinds(p, '')) as [BasemapKind, Paint][]) {
    const prop = style.type === 'fill' ? 'fill-color' : 'line-color';
    const value = (style.paint as Record<string, unknown>)[prop];
    for (const id of basemapLayerIds(kind)) out.push([id, prop, value]);
  }
  return out;
}
