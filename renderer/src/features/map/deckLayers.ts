import type { Layer } from '@deck.gl/core';
import { ScreenGridLayer } from '@deck.gl/aggregation-layers';
import { DataFilterExtension } from '@deck.gl/extensions';
import { LineLayer, ScatterplotLayer } from '@deck.gl/layers';
import { FILTER_SIZE } from './gpuFilter.js';
import type { FilterRange } from './gpuFilter.js';
import type { FeatureRows, MapRows } from './mapRows.js';
import { categoryValue } from './mapRows.js';
import type { MapPalette } from './palette.js';
import { outageTypeColor, priceColor, priceWidth, rgb, statusOpacity, statusWidth } from './scales.js';

/**
 * The map's data layers, drawn by deck.gl inside the maplibre map (docs/map.md#drawing): binding runs and outage
 * equipment from the `map:features` columns, each row filtered on the GPU by its `[start, end)` (gpuFilter.ts). Layer
 * ids are the ones the tests, the benchmark and the layer toggles name. The accessors read row indices into typed
 * arrays; they run when the data, the colours or the outage filters change — never for a slider step, which only
 * changes `filterRange`.
 */

/** deck.gl layer ids, bottom first. */
export const LAYERS = {
  locations: 'pricing-locations',
  bindingHalo: 'binding-highlight',
  binding: 'binding-constraints',
  bindingPoints: 'binding-constraint-points',
  outageHalo: 'outage-highlight',
  outages: 'outage-equipment',
  outagePoints: 'outage-points',
  outageDensity: 'outage-density',
  places: 'place-labels',
  substations: 'substation-labels',
} as const;

/** Below this zoom, dense outages show as counts per screen cell (summed on the GPU); from it on, as lines and points. */
export const AGGREGATE_UNTIL_ZOOM = 7;

/** More outage equipment rows than this count as dense. */
export const DENSE_OUTAGE_FEATURES = 2000;

/** A pricing location as the layer draws it. */
export interface LocationPoint {
  position: [number, number];
  name: string;
  location_type: string;
  market_id: string;
}

/** A highlighted line or point (selection and overlap haloes): both ends, equal for a point. */
export interface Halo {
  from: [number, number];
  to: [number, number];
}

/** What the data layers draw. */
export interface DataLayerInput {
  rows: MapRows;
  /** 1 for each equipment row the outage filters keep; `filterVersion` changes with it. */
  included: Uint8Array;
  filterVersion: string;
  range: FilterRange;
  palette: MapPalette;
  zoom: number;
  visible: { locations: boolean; binding: boolean; outages: boolean };
  locations: readonly LocationPoint[];
  constraintHalo: readonly Halo[];
  ticketHalo: readonly Halo[];
  /** GPU count of the equipment rows shown (the filter's `countItems`), for the counts line and the tests. */
  onEquipmentShown?: (count: number) => void;
}

// One extension object per kind: deck.gl compares extensions by identity, a new one would rebuild the layer's shaders.
const TIME_FILTER = new DataFilterExtension({ filterSize: FILTER_SIZE });
const TIME_FILTER_COUNTED = new DataFilterExtension({ filterSize: FILTER_SIZE, countItems: true });

type Rgba = [number, number, number, number];
const withAlpha = (hex: string, alpha: number): Rgba => [...rgb(hex), Math.round(alpha * 255)];
const ONE: Uint8Array = new Uint8Array([1]);

function ends(rows: FeatureRows) {
  return {
    getSourcePosition: (i: number): [number, number] => [rows.fromLon[i]!, rows.fromLat[i]!],
    getTargetPosition: (i: number): [number, number] => [rows.toLon[i]!, rows.toLat[i]!],
    getPosition: (i: number): [number, number] => [rows.fromLon[i]!, rows.fromLat[i]!],
  };
}

const filterOf = (rows: FeatureRows, included: Uint8Array) => (i: number) => [
  rows.start[i]!,
  rows.end[i]!,
  included.length === 1 ? included[0]! : included[i]!,
];

// The glow under a selected feature: a wide line and a disc at its end, in the highlight colour (not filtered in time).
function haloLayers(
  id: string,
  data: readonly Halo[],
  visible: boolean,
  color: ReturnType<typeof withAlpha>,
  [width, radius]: [number, number],
  palette: MapPalette,
): Layer[] {
  return [
    new LineLayer<Halo>({
      id,
      data,
      visible,
      getSourcePosition: (h) => h.from,
      getTargetPosition: (h) => h.to,
      getColor: color,
      getWidth: width,
      widthUnits: 'pixels',
      updateTriggers: { getColor: palette.highlight },
    }),
    new ScatterplotLayer<Halo>({
      id: `${id}-points`,
      data,
      visible,
      getPosition: (h) => h.to,
      getFillColor: color,
      getRadius: radius,
      radiusUnits: 'pixels',
      updateTriggers: { getFillColor: palette.highlight },
    }),
  ];
}

function bindingLayers(input: DataLayerInput): Layer[] {
  const { rows, palette, range, visible } = input;
  const runs = rows.runs;
  const color = (i: number) => withAlpha(priceColor(runs.constraintPeak[i]!, palette.dark), 1);
  const width = (i: number) => priceWidth(runs.constraintPeak[i]!);
  const common = {
    pickable: true,
    visible: visible.binding,
    extensions: [TIME_FILTER],
    getFilterValue: filterOf(runs, ONE),
    filterRange: range,
    updateTriggers: { getColor: palette.dark, getFillColor: palette.dark, getLineColor: palette.halo },
  };
  return [
    ...haloLayers(
      LAYERS.bindingHalo,
      input.constraintHalo,
      visible.binding,
      withAlpha(palette.highlight, 0.35),
      [14, 11],
      palette,
    ),
    new LineLayer<number>({
      ...common,
      id: LAYERS.binding,
      data: runs.lines,
      ...ends(runs),
      getColor: color,
      getWidth: width,
      widthUnits: 'pixels',
    }),
    new ScatterplotLayer<number>({
      ...common,
      id: LAYERS.bindingPoints,
      data: runs.points,
      getPosition: ends(runs).getPosition,
      getFillColor: color,
      getRadius: (i) => width(i) + 2.5,
      radiusUnits: 'pixels',
      stroked: true,
      getLineColor: withAlpha(palette.halo, 1),
      lineWidthUnits: 'pixels',
      getLineWidth: 1,
    }),
  ];
}

function outageLayers(input: DataLayerInput): Layer[] {
  const { rows, palette, range, visible, included, filterVersion, zoom } = input;
  const eq = rows.equipment;
  const dense = eq.lines.length + eq.points.length > DENSE_OUTAGE_FEATURES;
  const aggregate = dense && zoom < AGGREGATE_UNTIL_ZOOM;
  const status = (i: number) => categoryValue(eq.status, i) ?? '';
  const color = (i: number) => withAlpha(outageTypeColor(categoryValue(eq.outageType, i) ?? ''), statusOpacity(status(i)));
  const common = {
    pickable: true,
    extensions: [TIME_FILTER],
    getFilterValue: filterOf(eq, included),
    filterRange: range,
    updateTriggers: { getFilterValue: filterVersion, getLineColor: palette.halo },
  };
  return [
    ...haloLayers(LAYERS.outageHalo, input.ticketHalo, visible.outages, withAlpha(palette.highlight, 0.4), [11, 10], palette),
    new LineLayer<number>({
      ...common,
      id: LAYERS.outages,
      data: eq.lines,
      visible: visible.outages && !aggregate,
      ...ends(eq),
      getColor: color,
      getWidth: (i) => statusWidth(status(i)),
      widthUnits: 'pixels',
      widthMinPixels: 1,
      // The GPU's own count of the rows shown: what the counts line and the tests read.
      extensions: [TIME_FILTER_COUNTED],
      ...{ onFilteredItemsChange: ({ count }: { count: number }) => input.onEquipmentShown?.(count) },
    }),
    new ScatterplotLayer<number>({
      ...common,
      id: LAYERS.outagePoints,
      data: eq.points,
      visible: visible.outages && !aggregate,
      getPosition: ends(eq).getPosition,
      getFillColor: color,
      getRadius: 4,
      radiusUnits: 'pixels',
      stroked: true,
      getLineColor: withAlpha(palette.halo, 1),
      lineWidthUnits: 'pixels',
      getLineWidth: 1,
    }),
    new ScreenGridLayer<number>({
      ...common,
      id: LAYERS.outageDensity,
      data: eq.placed,
      visible: visible.outages && aggregate,
      // A line's midpoint stands for it; a point row's two ends are the same place.
      getPosition: (i) => [(eq.fromLon[i]! + eq.toLon[i]!) / 2, (eq.fromLat[i]! + eq.toLat[i]!) / 2],
      getWeight: 1,
      cellSizePixels: 26,
      gpuAggregation: true,
      colorRange: DENSITY_COLORS,
      opacity: 0.55,
    }),
  ];
}

/** Cell colours of the outage density layer, few to many (the legend shows the same ramp). */
export const DENSITY_COLORS: [number, number, number][] = [
  [198, 219, 239],
  [158, 202, 225],
  [107, 174, 214],
  [66, 146, 198],
  [33, 113, 181],
  [8, 69, 148],
];

/** The data layers, bottom first: pricing locations, binding runs, outage equipment (picked above the lines). */
export function dataLayers(input: DataLayerInput): Layer[] {
  const { palette, visible } = input;
  return [
    new ScatterplotLayer<LocationPoint>({
      id: LAYERS.locations,
      data: input.locations,
      visible: visible.locations,
      pickable: true,
      getPosition: (l) => l.position,
      getFillColor: withAlpha(palette.location, 0.85),
      getRadius: 3.5,
      radiusUnits: 'pixels',
      stroked: true,
      getLineColor: withAlpha(palette.halo, 1),
      getLineWidth: 1,
      lineWidthUnits: 'pixels',
      updateTriggers: { getFillColor: palette.location, getLineColor: palette.halo },
    }),
    ...bindingLayers(input),
    ...outageLayers(input),
  ];
}
