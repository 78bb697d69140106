import type { Layer } from '@deck.gl/core';
import { TextLayer } from '@deck.gl/layers';
import type { Place } from '../../../../shared/reference/basemap.js';
import { LAYERS } from './deckLayers.js';
import type { FeatureRows, MapRows } from './mapRows.js';
import { textAt } from './mapRows.js';
import type { MapPalette } from './palette.js';
import { rgb } from './scales.js';

/**
 * Labels drawn by deck.gl's `TextLayer` (its glyph atlas is drawn locally from the page's own font, so no glyph server):
 * the largest places of GeoNames (basemap/places.json, CC BY 4.0), more of them as the map zooms in, and the substation
 * names of the map's own data from {@link SUBSTATION_LABELS_FROM_ZOOM}.
 */

/** From this zoom on, substations are labelled. */
export const SUBSTATION_LABELS_FROM_ZOOM = 7.5;

/** How many places (by rank) are labelled at `zoom`: few at a continent's scale, all of them at a state's. */
export function placeRankLimit(zoom: number): number {
  if (zoom < 3.5) return 15;
  if (zoom < 4.5) return 60;
  if (zoom < 5.5) return 180;
  if (zoom < 6.5) return 500;
  return Infinity;
}

/** A substation's label: its name at its place. */
export interface StationLabel {
  name: string;
  position: [number, number];
}

function addStations(out: Map<string, StationLabel>, rows: FeatureRows, names: [string, string]): void {
  for (const i of rows.placed) {
    for (const [k, lon, lat] of [
      [0, rows.fromLon[i]!, rows.fromLat[i]!],
      [1, rows.toLon[i]!, rows.toLat[i]!],
    ] as const) {
      const name = textAt(rows, names[k], i);
      if (name && !out.has(name) && Number.isFinite(lon)) out.set(name, { name, position: [lon, lat] });
    }
  }
}

/** Every named substation of the answer (binding runs and outage equipment), once each. */
export function stationLabels(rows: MapRows): StationLabel[] {
  const out = new Map<string, StationLabel>();
  addStations(out, rows.runs, ['start_name', 'end_name']);
  addStations(out, rows.equipment, ['from_name', 'to_name']);
  return [...out.values()];
}

/** Least distance between two place labels, px: a place nearer a larger one is left out at that zoom. */
const PLACE_SPACING_PX = 70;

/**
 * The places labelled at `zoom`: by rank up to {@link placeRankLimit}, each one kept only when no larger place kept is
 * within {@link PLACE_SPACING_PX} (so a city's boroughs do not pile up on it). Degrees per pixel at zoom z ≈ 360 / (512 ·
 * 2^z) east–west, widened by 1 / cos(latitude) — the labels' own spacing on screen.
 */
export function placesAt(all: readonly Place[], zoom: number): Place[] {
  const limit = placeRankLimit(zoom);
  const spacing = (PLACE_SPACING_PX * 360) / (512 * 2 ** Math.floor(zoom));
  const kept: Place[] = [];
  for (const p of all) {
    if (p.rank > limit) break;
    const k = 1 / Math.max(0.2, Math.cos((p.latitude * Math.PI) / 180));
    const near = kept.some(
      (q) => Math.abs(q.latitude - p.latitude) * k < spacing && Math.abs(q.longitude - p.longitude) < spacing * k,
    );
    if (!near) kept.push(p);
  }
  return kept;
}

let shownPlaces: { all: readonly Place[]; band: number; some: Place[] } | null = null;
// The same array for the same zoom band, so deck.gl keeps the layer's data while the zoom stays in it.
function placesUpTo(all: readonly Place[], zoom: number): Place[] {
  const band = Math.floor(zoom);
  if (shownPlaces?.all !== all || shownPlaces.band !== band) shownPlaces = { all, band, some: placesAt(all, band) };
  return shownPlaces.some;
}

const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Liberation Sans', sans-serif";

/** The label layers: places (when `visible`), then substations above them. */
export function labelLayers(input: {
  places: readonly Place[];
  stations: readonly StationLabel[];
  zoom: number;
  palette: MapPalette;
  visible: boolean;
}): Layer[] {
  const { palette, zoom, visible } = input;
  const text = [...rgb(palette.dark ? '#e2e8f0' : '#1f2937'), 235] as [number, number, number, number];
  const outline = [...rgb(palette.halo), 230] as [number, number, number, number];
  const common = {
    fontFamily: FONT,
    characterSet: 'auto' as const,
    fontSettings: { sdf: true },
    outlineWidth: 4,
    getColor: text,
    outlineColor: outline,
    sizeUnits: 'pixels' as const,
    updateTriggers: { getColor: palette.dark },
  };
  return [
    new TextLayer<Place>({
      ...common,
      id: LAYERS.places,
      data: placesUpTo(input.places, zoom),
      visible,
      getText: (p) => p.name,
      getPosition: (p) => [p.longitude, p.latitude],
      getSize: (p) => (p.rank <= 10 ? 13 : 11.5),
      fontWeight: 600,
    }),
    new TextLayer<StationLabel>({
      ...common,
      id: LAYERS.substations,
      data: input.stations,
      visible: visible && zoom >= SUBSTATION_LABELS_FROM_ZOOM,
      getText: (s) => s.name,
      getPosition: (s) => s.position,
      getSize: 11,
      getPixelOffset: [0, -11],
      getColor: [...rgb(palette.dark ? '#cbd5e1' : '#374151'), 235] as [number, number, number, number],
    }),
  ];
}
