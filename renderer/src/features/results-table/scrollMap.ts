/**
 * The results table's scaled scroll (docs/workspace.md#every-row-reachable): rows of a fixed height are mapped onto a
 * scroll area of at most {@link MAX_SCROLL_PX}, well below Chromium's 33,554,432 px cap on an element's height, so
 * every row of a result of any size can be scrolled to. Two positions describe the view: `scrollTop`, the scroll
 * area's own offset (px, 0 … the area's height less the viewport), and `top`, the rows' offset (px from the first
 * row's top to the viewport's top, 0 … rows × row height less the viewport). Below the cap the two are equal. Above
 * it, `top` grows linearly with `scrollTop` except within {@link EXACT_END_PX} of either end, where both move 1:1, so
 * the first and the last rows sit exactly where a plain table would put them. Pure functions, no DOM.
 */

/** Height of the scroll area the table lays out at most, px: under half of Chromium's element height cap. */
export const MAX_SCROLL_PX = 15_000_000;
/** Px at each end of a scaled scroll area that move 1:1 with the rows (more than the rows drawn beyond the viewport). */
export const EXACT_END_PX = 2_000;

/** The table's size: `rows` rows of `rowHeight` px in a viewport of `viewport` px (the area below its header). */
export interface ScrollGeometry {
  rows: number;
  rowHeight: number;
  viewport: number;
}

/** The rows `[first, end)` to lay out and the spacers above and below them, px; `padTop + rows + padBottom` is the area's height. */
export interface RowWindow {
  first: number;
  end: number;
  padTop: number;
  padBottom: number;
}

import { formatCount } from '../../lib/format.js';

// Px a browser may round a scroll offset or a layout height by.
const ROUNDING_PX = 2;

const clamp = (x: number, lo: number, hi: number): number => Math.min(hi, Math.max(lo, x));

/** Height of every row together, px (may be far above the cap). */
export const rowsHeight = (g: ScrollGeometry): number => Math.max(0, g.rows) * g.rowHeight;
/** Height of the scroll area's rows part, px: the rows' height up to {@link MAX_SCROLL_PX}. */
export const areaHeight = (g: ScrollGeometry): number => Math.min(rowsHeight(g), MAX_SCROLL_PX);
/** Largest rows' offset, px: the last row at the viewport's bottom. */
export const maxTop = (g: ScrollGeometry): number => Math.max(0, rowsHeight(g) - g.viewport);
/** Largest scroll offset, px. */
export const maxScrollTop = (g: ScrollGeometry): number => Math.max(0, areaHeight(g) - g.viewport);
/** True when the rows are taller than the scroll area, so `top` and `scrollTop` differ. */
export const isScaled = (g: ScrollGeometry): boolean => maxTop(g) > maxScrollTop(g);

// The exact part at each end: EXACT_END_PX, or less on an area too short for two of them.
const endPx = (g: ScrollGeometry): number => Math.min(EXACT_END_PX, maxScrollTop(g) / 4);

/** The rows' offset (px) shown at scroll offset `scrollTop` (clamped to the area). */
export function topAt(scrollTop: number, g: ScrollGeometry): number {
  const sMax = maxScrollTop(g);
  const s = clamp(Number.isFinite(scrollTop) ? scrollTop : 0, 0, sMax);
  if (!isScaled(g)) return s;
  const tMax = maxTop(g);
  const e = endPx(g);
  if (s <= e) return s;
  if (s >= sMax - e) return tMax - (sMax - s);
  return e + ((s - e) * (tMax - 2 * e)) / (sMax - 2 * e);
}

/** The scroll offset (px) that shows rows' offset `top` (clamped to the rows): the inverse of {@link topAt}. */
export function scrollTopFor(top: number, g: ScrollGeometry): number {
  const tMax = maxTop(g);
  const t = clamp(Number.isFinite(top) ? top : 0, 0, tMax);
  if (!isScaled(g)) return t;
  const sMax = maxScrollTop(g);
  const e = endPx(g);
  if (t <= e) return t;
  if (t >= tMax - e) return sMax - (tMax - t);
  return e + ((t - e) * (sMax - 2 * e)) / (tMax - 2 * e);
}

/** The rows' offset (px) that puts row `index` (0-based) at the viewport's top, or as near as the last rows allow. */
export const topForRow = (index: number, g: ScrollGeometry): number => clamp(index * g.rowHeight, 0, maxTop(g));

/** The first row (0-based) at least half in view at rows' offset `top`. */
export const rowAtTop = (top: number, g: ScrollGeometry): number =>
  clamp(Math.round(top / g.rowHeight), 0, Math.max(0, g.rows - 1));

/**
 * The rows to lay out at rows' offset `top` and scroll offset `scrollTop`: those in the viewport plus `overscan` on
 * each side, as far as the area around the viewport holds them, with the spacers that put each row at its exact
 * offset from the viewport's top (`index × rowHeight − top`).
 */
export function windowAt(top: number, scrollTop: number, g: ScrollGeometry, overscan: number): RowWindow {
  const area = areaHeight(g);
  if (g.rows <= 0 || g.rowHeight <= 0) return { first: 0, end: 0, padTop: 0, padBottom: area };
  const rh = g.rowHeight;
  // How far the rows are shifted against the area: a row above the area's top cannot be laid out, nor one below its
  // bottom, give or take the px a browser rounds a scroll offset or a header's height by.
  const shift = Math.max(0, top - scrollTop);
  const first = Math.min(g.rows, Math.max(0, Math.floor(top / rh) - overscan, Math.ceil((shift - ROUNDING_PX) / rh)));
  const below = Math.floor((area - scrollTop + top + ROUNDING_PX) / rh);
  const end = Math.max(first, Math.min(g.rows, Math.ceil((top + g.viewport) / rh) + overscan, below));
  const padTop = Math.max(0, first * rh - shift);
  return { first, end, padTop, padBottom: Math.max(0, area - padTop - (end - first) * rh) };
}

/**
 * A row number as typed ("1,400,000", "1 400 000", "1400000"): a whole number from 1 to `rows`.
 * @returns the 0-based row index, or a sentence saying what to type.
 */
export function parseRowNumber(text: string, rows: number): { index: number } | { error: string } {
  const digits = text.trim().replace(/[,\s_'\u00a0\u202f]/g, '');
  const range = rows > 0 ? `from 1 to ${formatCount(rows)}` : 'once the table has rows';
  if (!/^\d+$/.test(digits)) return { error: `Type a row number ${range}.` };
  const n = Number(digits);
  if (rows <= 0 || n < 1 || n > rows) return { error: `There is no row ${text.trim()}: type a row number ${range}.` };
  return { index: n - 1 };
}
