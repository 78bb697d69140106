import type { ColumnFormat } from './cellFormat.js';

/** A cell of the results table: row index in the current view, column index in display order. */
export interface CellPos {
  row: number;
  col: number;
}

/** A rectangle of cells from `anchor` (where the selection began) to `focus` (where it ends). */
export interface CellSelection {
  anchor: CellPos;
  focus: CellPos;
}

/** The selection's bounds, inclusive. */
export interface CellRange {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** Most rows one copy takes (the clipboard of a spreadsheet, not an export). */
export const MAX_COPY_ROWS = 100_000;

/** The inclusive bounds of `sel`. */
export function rangeOf(sel: CellSelection): CellRange {
  return {
    top: Math.min(sel.anchor.row, sel.focus.row),
    bottom: Math.max(sel.anchor.row, sel.focus.row),
    left: Math.min(sel.anchor.col, sel.focus.col),
    right: Math.max(sel.anchor.col, sel.focus.col),
  };
}

/** True when cell (`row`, `col`) lies in `range`. */
export const inRange = (range: CellRange | null, row: number, col: number): boolean =>
  !!range && row >= range.top && row <= range.bottom && col >= range.left && col <= range.right;

/**
 * Tab-separated text of `rows` (whole rows in the pull's column order) for display columns `left…right`, where
 * `order[displayCol]` is the pull's column index; one line per row, values as {@link ColumnFormat.copy} writes them
 * (the shown precision), or {@link ColumnFormat.copyFull} with `full` (the stored values).
 */
export function toTsv(
  rows: readonly unknown[][],
  range: Pick<CellRange, 'left' | 'right'>,
  order: readonly number[],
  formats: readonly ColumnFormat[],
  full = false,
): string {
  const cols = order.slice(range.left, range.right + 1);
  const write = (c: number, v: unknown) => (full ? formats[c]!.copyFull(v) : formats[c]!.copy(v));
  return rows.map((row) => cols.map((c) => write(c, row[c])).join('\t')).join('\n');
}
