import uPlot from 'uplot';
import { formatNumber } from '../../../../shared/vocabulary/index.js';
import type { NumberFormat } from '../../../../shared/vocabulary/index.js';
import type { XRange } from './chartData.js';
import type { ChartTheme } from './theme.js';
import { seriesColor } from './theme.js';

const S = 1;
const M = 60;
const H = 3600;
const D = 86400;

/**
 * 24-hour tick labels for a time x axis in seconds (uPlot's stamp table: tick increment, label, then the label used
 * when the year, month or day rolls over). Days read `Nov 5`, times `14:05`, with the date under the first tick of a day.
 */
export const TIME_AXIS_VALUES: (string | number | null)[][] = [
  [D * 365, '{YYYY}', null, null, null, null, null, null, 1],
  [D * 28, '{MMM}', '\n{YYYY}', null, null, null, null, null, 1],
  [D, '{MMM} {D}', '\n{YYYY}', null, null, null, null, null, 1],
  [H, '{HH}:{mm}', '\n{YYYY}-{MM}-{DD}', null, '\n{MMM} {D}', null, null, null, 1],
  [M, '{HH}:{mm}', '\n{YYYY}-{MM}-{DD}', null, '\n{MMM} {D}', null, null, null, 1],
  [S, ':{ss}', '\n{YYYY}-{MM}-{DD} {HH}:{mm}', null, '\n{MMM} {D} {HH}:{mm}', null, '\n{HH}:{mm}', null, 1],
];

/** A date whose local fields read as wall time in the IANA `zone` at `epochSeconds` (uPlot's `tzDate`). */
export function zonedDate(epochSeconds: number, zone: string): Date {
  return uPlot.tzDate(new Date(epochSeconds * 1000), zone);
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:mm` of a {@link zonedDate}. */
export function legendTime(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

// Steps each way the hover looks for a line's nearest point: uPlot.join leaves gaps where other lines have points.
const MAX_SCAN = 2000;

/** The index nearest `closest` (by x) where `ys` has a value, within {@link MAX_SCAN} steps; null if none. */
export function nearestValueIndex(
  xs: ArrayLike<number>,
  ys: ArrayLike<number | null | undefined>,
  closest: number,
): number | null {
  if (ys[closest] != null) return closest;
  const x = xs[closest]!;
  let left: number | null = null;
  let right: number | null = null;
  for (let i = closest - 1, n = 0; i >= 0 && n < MAX_SCAN; i--, n++)
    if (ys[i] != null) {
      left = i;
      break;
    }
  for (let i = closest + 1, n = 0; i < ys.length && n < MAX_SCAN; i++, n++)
    if (ys[i] != null) {
      right = i;
      break;
    }
  if (left === null) return right;
  if (right === null) return left;
  return x - xs[left]! <= xs[right]! - x ? left : right;
}

/** What {@link buildResultOptions} needs besides the size; the callbacks and `range` are read when used, not copied. */
export interface ResultOptionsInput {
  width: number;
  height: number;
  /** Legend labels of the lines, in data order. */
  labels: string[];
  /** How each line's values read in the legend (the vocabulary's format of its column), in data order. */
  formats: NumberFormat[];
  /** The y axis title (the charted columns in words with their unit). */
  yLabel: string;
  zone: string;
  /** The x axis and legend title: the time column in words and its clock ("Interval start (EPT)"). */
  xLabel: string;
  theme: ChartTheme;
  /** The x range to draw; null lets uPlot fit the data. */
  range: () => XRange | null;
  onZoom: (range: XRange) => void;
  onReset: () => void;
}

/** An axis in the app's chart style (muted text, grid lines, 12 px theme font) titled `label`. */
export function themedAxis(theme: ChartTheme, label: string): uPlot.Axis {
  const font = `12px ${theme.font}`;
  return {
    stroke: theme.muted,
    grid: { stroke: theme.grid, width: 1 },
    ticks: { stroke: theme.grid, width: 1 },
    font,
    labelFont: font,
    label,
  };
}

/**
 * uPlot options of the result chart: a time x axis in `zone` (24-hour ticks), one coloured line per label
 * with its value in the legend on hover, drag across x to zoom (handed to `onZoom`, not applied by uPlot, so the caller
 * re-reads the range at full detail), double-click to `onReset`.
 */
export function buildResultOptions(o: ResultOptionsInput): uPlot.Options {
  const { theme } = o;
  const axis = (label: string): uPlot.Axis => themedAxis(theme, label);
  return {
    width: o.width,
    height: o.height,
    tzDate: (ts) => zonedDate(ts, o.zone),
    scales: {
      x: {
        time: true,
        range: (_u, min, max) => {
          const r = o.range();
          return r ? [r.from, r.to] : [min, max];
        },
      },
    },
    axes: [
      { ...axis(o.xLabel), values: TIME_AXIS_VALUES, space: 70 },
      { ...axis(o.yLabel), size: 70, labelSize: 18 },
    ],
    series: [
      { label: o.xLabel, value: (u, v) => (v == null ? '—' : legendTime(zonedDate(v, o.zone))) },
      ...o.labels.map((label, i): uPlot.Series => ({
        label,
        stroke: seriesColor(i, theme.dark),
        // A hairline: Skia strokes it on a fast path; at 1.5 px, 38,000 points of 8 lines took 300 ms more to paint.
        width: 1,
        points: { show: false },
        spanGaps: false,
        value: (_u, v) => formatNumber(v, o.formats[i] ?? 'quantity'),
      })),
    ],
    legend: { live: true },
    cursor: {
      drag: { x: true, y: false, setScale: false },
      dataIdx: (u, seriesIdx, closest) => nearestValueIndex(u.data[0], u.data[seriesIdx]!, closest) ?? closest,
      bind: {
        dblclick: () => () => {
          o.onReset();
          return null;
        },
      },
    },
    hooks: {
      setSelect: [
        (u) => {
          const { left, width } = u.select;
          if (width >= 3) {
            const from = u.posToVal(left, 'x');
            const to = u.posToVal(left + width, 'x');
            if (to > from) o.onZoom({ from, to });
          }
          u.setSelect({ left: 0, top: 0, width: 0, height: 0 }, false);
        },
      ],
    },
  };
}
