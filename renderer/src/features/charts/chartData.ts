import uPlot from 'uplot';
import type { ColumnValueCounts, SeriesData, StorableType, TableColumn } from '../../../../shared/bridge/workspace.js';
import { zoneCaption } from '../../../../shared/time/format.js';

/** Types the chart can put on the x axis (time, as epoch seconds). */
const TIME_TYPES: ReadonlySet<StorableType> = new Set(['TIMESTAMPTZ', 'TIMESTAMP', 'DATE']);
/** Types the chart can plot as lines. */
const NUMBER_TYPES: ReadonlySet<StorableType> = new Set(['DOUBLE', 'BIGINT']);

/** How many series the chart starts with: all up to this many, else the ones with the largest peak |value|. */
export const DEFAULT_SERIES_COUNT = 8;
/** Most series values one chart asks for (the `workspace:series` limit). */
export const MAX_SERIES_VALUES = 50;
/** Most y columns at once (the `workspace:series` limit). */
export const MAX_Y_COLUMNS = 16;

/**
 * The x column of a pull: `timeColumn` when the pull has it as a time column, else its first time column; null when
 * it has none (nothing to chart over time).
 */
export function pickXColumn(columns: TableColumn[], timeColumn: string): string | null {
  const preferred = columns.find((c) => c.name === timeColumn && TIME_TYPES.has(c.type));
  return (preferred ?? columns.find((c) => TIME_TYPES.has(c.type)))?.name ?? null;
}

/** The subseries column when the pull holds it (a VARCHAR, BIGINT or BOOLEAN column other than x), else null. */
export function pickSeriesColumn(columns: TableColumn[], subseriesColumn: string | null, x: string | null): string | null {
  if (!subseriesColumn || subseriesColumn === x) return null;
  const c = columns.find((col) => col.name === subseriesColumn);
  return c && !TIME_TYPES.has(c.type) ? c.name : null;
}

/** Numeric columns that can be y lines: DOUBLE and BIGINT, not the x or series column, in table order. */
export function numericColumns(columns: TableColumn[], exclude: (string | null)[]): string[] {
  return columns.filter((c) => NUMBER_TYPES.has(c.type) && !exclude.includes(c.name)).map((c) => c.name);
}

// Names of the quantities an analyst usually charts first; ids and counts come later.
const LIKELY_MEASURE = /price|lmp|load|demand|mw|flow|generation|cost|congestion|energy|value|forecast/i;
const LIKELY_ID = /(^|_)(id|code|number|num|count|index)$/i;

/**
 * The y column the chart starts with: the first DOUBLE column named like a measure (price, LMP, load, MW, flow, …),
 * else the first DOUBLE, else the first numeric column not named like an id; empty when there is no numeric column.
 */
export function defaultYColumns(columns: TableColumn[], numeric: string[]): string[] {
  const type = (name: string) => columns.find((c) => c.name === name)?.type;
  const doubles = numeric.filter((n) => type(n) === 'DOUBLE');
  const pick =
    doubles.find((n) => LIKELY_MEASURE.test(n) && !LIKELY_ID.test(n)) ??
    doubles[0] ??
    numeric.find((n) => !LIKELY_ID.test(n)) ??
    numeric[0];
  return pick === undefined ? [] : [pick];
}

/** The first `n` non-null values of a `workspace:values` answer (largest peak or most frequent first), as the verb's text. */
export function defaultSeriesValues(values: ColumnValueCounts['values'], n = DEFAULT_SERIES_COUNT): string[] {
  return values.flatMap((v) => (v.value === null ? [] : [String(v.value)])).slice(0, n);
}

/** Values whose text contains every space-separated term of `search` (case-insensitive); all values for blank search. */
export function searchValues(values: ColumnValueCounts['values'], search: string): ColumnValueCounts['values'] {
  const terms = search.toLowerCase().split(/\s+/).filter(Boolean);
  if (terms.length === 0) return values;
  return values.filter((v) => v.value !== null && terms.every((t) => String(v.value).toLowerCase().includes(t)));
}

/** An x axis time zone choice: `id` for the toggle, `zone` an IANA name for uPlot's `tzDate`. */
export interface AxisZone {
  id: 'utc' | 'market' | 'query';
  label: string;
  zone: string;
}

const isUtc = (zone: string) => /^(utc|etc\/utc|gmt|etc\/gmt|z)$/i.test(zone.trim());

/**
 * The x axis zones to toggle between: UTC, the market's `datasetTimezone` ("Market time (…)") and the query's own zone
 * when it is neither; `initial` is the one the query used (`market` → market time; blank or UTC → UTC).
 */
export function axisZones(timezone: string, datasetTimezone: string): { zones: AxisZone[]; initial: AxisZone['id'] } {
  const zones: AxisZone[] = [{ id: 'utc', label: 'UTC', zone: 'UTC' }];
  const market = datasetTimezone.trim();
  if (market && !isUtc(market)) zones.push({ id: 'market', label: `Market time (${zoneCaption(market)})`, zone: market });
  const query = timezone.trim();
  const queryIsMarket = query.toLowerCase() === 'market' || query === market;
  if (query && !queryIsMarket && !isUtc(query)) zones.push({ id: 'query', label: query, zone: query });
  const initial: AxisZone['id'] = !query || isUtc(query) ? 'utc' : queryIsMarket ? (zones[1] ? 'market' : 'utc') : 'query';
  return { zones, initial };
}

/** Buckets to ask for at a plot `width` in CSS px: at least the width, rounded up to 100 so small resizes reuse the answer. */
export function bucketPixels(width: number): number {
  const w = Number.isFinite(width) ? Math.max(1, width) : 800;
  return Math.min(10_000, Math.max(100, Math.ceil(w / 100) * 100));
}

/** One line as the chart draws it: its legend label, its series value (null without one), its y column, whether it has points. */
export interface PlotSeries {
  label: string;
  key: string | null;
  column: string;
  hasData: boolean;
}

// uPlot.JoinNullMode.Expand (a const enum, not importable as a value here).
const EXPAND = 2 as uPlot.JoinNullMode;

// Seconds added to repeated x values of one line (M4 keeps the lowest and highest of rows at one time), far below a pixel.
const NUDGE = 1e-3;

/** `xs` made strictly increasing: a value not above the one before moves just after it. */
export function strictlyIncreasing(xs: readonly number[]): number[] {
  const out = new Array<number>(xs.length);
  let prev = -Infinity;
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i]!;
    prev = x > prev ? x : prev + NUDGE;
    out[i] = prev;
  }
  return out;
}

/**
 * `workspace:series` → uPlot's columnar data: one shared x array (epoch seconds) and one y array per line, aligned with
 * `uPlot.join` (a line's missing x positions are `undefined`, which uPlot draws through; the nulls main put where a
 * line's rows are further apart than the data's step stay breaks, widened to the line's own neighbours,
 * docs/workspace.md#charts). There is a line for every
 * asked `keys` × `columns` pair in that order, all-null when the answer has no points for it (so a zoom keeps each line's
 * place and colour), then any other line of the answer by name. Labels are the series value, the column's label
 * (`labelOf`), or both when several columns are charted.
 */
export function toPlotData(
  data: Pick<SeriesData, 'series'>,
  order: { keys: readonly (string | null)[] | null; columns: readonly string[] },
  labelOf: (column: string) => string = (column) => column,
): { data: uPlot.AlignedData; series: PlotSeries[] } {
  const id = (key: string | null, column: string) => JSON.stringify([key, column]);
  const given = new Map(
    data.series.filter((s) => s.x.length > 0 && s.x.length === s.y.length).map((s) => [id(s.key, s.column), s]),
  );
  const expected = (order.keys ?? [null]).flatMap((key) => order.columns.map((column) => ({ key, column })));
  const known = new Set(expected.map((e) => id(e.key, e.column)));
  const extra = [...given.values()]
    .filter((s) => !known.has(id(s.key, s.column)))
    .sort((a, b) => String(a.key ?? '').localeCompare(String(b.key ?? '')) || a.column.localeCompare(b.column));
  const all = [...expected, ...extra.map((s) => ({ key: s.key, column: s.column }))];
  const manyColumns = new Set(all.map((s) => s.column)).size > 1;
  const series = all.map((s) => ({
    key: s.key,
    column: s.column,
    label: s.key === null ? labelOf(s.column) : manyColumns ? `${s.key} · ${labelOf(s.column)}` : s.key,
    hasData: given.has(id(s.key, s.column)),
  }));
  const drawn = all.flatMap((s) => {
    const line = given.get(id(s.key, s.column));
    return line ? [line] : [];
  });
  if (drawn.length === 0) return { data: [[], ...all.map(() => [])], series };
  const tables = drawn.map((s) => [strictlyIncreasing(s.x), s.y] as [number[], (number | null)[]]);
  // Expand each break over the other lines' x positions around it: uPlot clips a gap between a null's neighbours in
  // the joined x array, so a lone null among other lines' points would clip a sliver and the line would run on.
  const joined = uPlot.join(
    tables,
    tables.map(() => [EXPAND, EXPAND]),
  );
  const empty = () => new Array<null>(joined[0].length).fill(null);
  let next = 1;
  return { data: [joined[0], ...series.map((s) => (s.hasData ? joined[next++]! : empty()))], series };
}

/** An x range in epoch seconds. */
export interface XRange {
  from: number;
  to: number;
}

/** The x range to draw: `view` when zoomed, else the data's; a single instant widens to an hour around it; null without data. */
export function xRange(view: XRange | null, xMin: number | null, xMax: number | null): XRange | null {
  const r = view ?? (xMin !== null && xMax !== null ? { from: xMin, to: xMax } : null);
  if (!r) return null;
  return r.to > r.from ? r : { from: r.from - 1800, to: r.from + 1800 };
}

/** `view` moved by `fraction` of its width (negative = earlier), kept inside `full`. */
export function panRange(view: XRange, fraction: number, full: XRange): XRange {
  const width = view.to - view.from;
  let from = view.from + width * fraction;
  from = Math.min(Math.max(from, full.from), full.to - width);
  return { from, to: from + width };
}

/** `view` widened `factor` times around its middle; null (no zoom) once it covers `full`. */
export function zoomOut(view: XRange, factor: number, full: XRange): XRange | null {
  const mid = (view.from + view.to) / 2;
  const half = ((view.to - view.from) * factor) / 2;
  const from = Math.max(full.from, mid - half);
  const to = Math.min(full.to, mid + half);
  return from <= full.from && to >= full.to ? null : { from, to };
}
