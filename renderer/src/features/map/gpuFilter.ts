import type { FeatureRows, MapRows } from './mapRows.js';
import { categoryValue } from './mapRows.js';
import type { ShownWindow } from './timeWindow.js';

/**
 * The time filter the GPU applies (deck.gl's `DataFilterExtension`, docs/map.md#the-time-slider): each row's filter
 * value is `[start, end, included]` — its `[start, end)` in whole minutes from the answer's origin and 1 when the page's
 * outage filters keep it — and the extension keeps a row when every value lies inside its inclusive range. The ranges
 * below turn that into the half-open rule `start < b && a < end` for a shown window `[a, b)`, exactly: the values are
 * whole numbers in float32 (exact up to 2^24), so `start ≤ b − ½` is `start < b` and `end ≥ a + ½` is `end > a`.
 * Moving the slider changes these three pairs (uniforms), never a row's value.
 */

/** Values per row: start, end, included. */
export const FILTER_SIZE = 3;

/** Beyond every stored time (main clamps an edge further out to ±2^24 minutes). */
const FAR = 2 ** 25;

/** The extension's `filterRange`: one inclusive `[min, max]` per filter value. */
export type FilterRange = [[number, number], [number, number], [number, number]];

/**
 * The range showing the rows whose `[start, end)` overlaps `window` (epoch ms; null = all times) and that the page's
 * filters include. A window edge off the minute is taken at the minutes it reaches into (never shows a row it should not).
 */
export function filterRange(window: ShownWindow | null, originMs: number): FilterRange {
  if (!window)
    return [
      [-FAR, FAR],
      [-FAR, FAR],
      [0.5, 1.5],
    ];
  const a = (window.start - originMs) / 60_000;
  const b = (window.end - originMs) / 60_000;
  return [
    [-FAR, Math.ceil(b) - 0.5],
    [Math.floor(a) + 0.5, FAR],
    [0.5, 1.5],
  ];
}

/** True when row `i` passes `range` as the GPU tests it (the same inclusive comparisons, on the same float32 values). */
export function rowShown(rows: Pick<FeatureRows, 'start' | 'end'>, i: number, included: boolean, range: FilterRange): boolean {
  const s = rows.start[i]!;
  const e = rows.end[i]!;
  const [[s0, s1], [e0, e1], [k0, k1]] = range;
  const k = included ? 1 : 0;
  return s >= s0 && s <= s1 && e >= e0 && e <= e1 && k >= k0 && k <= k1;
}

/** What the data layers show: distinct tickets and constraints drawn, and the equipment rows drawn. */
export interface ShownSummary {
  tickets: number[];
  constraints: string[];
  equipment: number;
  /** Of which drawn as lines (the rows the GPU counts in `data-equipment-shown`). */
  equipmentLines: number;
}

/**
 * The rows {@link rowShown} keeps among those drawn (with a coordinate, in a visible layer), for the counts line and the
 * tests' hook; sorted. `included` is the outage filters' 0/1 per equipment row.
 */
export function shownSummary(
  rows: MapRows,
  included: Uint8Array,
  range: FilterRange,
  visible: { binding: boolean; outages: boolean },
): ShownSummary {
  const tickets = new Set<number>();
  const constraints = new Set<string>();
  let equipment = 0;
  let equipmentLines = 0;
  if (visible.outages)
    for (const i of rows.equipment.placed)
      if (rowShown(rows.equipment, i, included[i] === 1, range)) {
        equipment += 1;
        if (rows.equipment.fromLon[i] !== rows.equipment.toLon[i] || rows.equipment.fromLat[i] !== rows.equipment.toLat[i])
          equipmentLines += 1;
        tickets.add(rows.equipment.ticket[i]!);
      }
  if (visible.binding)
    for (const i of rows.runs.placed)
      if (rowShown(rows.runs, i, true, range)) constraints.add(categoryValue(rows.runs.id, i) ?? '');
  return { tickets: [...tickets].sort((a, b) => a - b), constraints: [...constraints].sort(), equipment, equipmentLines };
}

/** Distinct tickets with a row overlapping `range` that the filters keep, placed or not (the counts line). */
export function ticketsShown(rows: MapRows['equipment'], included: Uint8Array, range: FilterRange): number {
  const tickets = new Set<number>();
  for (let i = 0; i < rows.count; i++) if (rowShown(rows, i, included[i] === 1, range)) tickets.add(rows.ticket[i]!);
  return tickets.size;
}
