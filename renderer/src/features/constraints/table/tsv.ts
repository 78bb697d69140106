import { copyTime as copyWallTime, parseInstant } from '../../../../../shared/vocabulary/index.js';

/** A column as copied: its raw name (else its label) for the header line, and the text of a row's value. */
export interface CopyColumn<T> {
  label: string;
  name?: string | undefined;
  copy: (row: T) => string;
  /** The stored value, for "Copy with full precision"; `copy` when absent. */
  copyFull?: ((row: T) => string) | undefined;
}

// A tab or line break inside a value would split the cell in a spreadsheet.
const clean = (text: string): string => text.replace(/[\t\r\n]+/g, ' ');

/**
 * Tab-separated text for a spreadsheet: a header line of raw column names (labels where a column has none), then one
 * line per row, columns in the given order; values as shown, or with `full` as stored.
 */
export function rowsToTsv<T>(rows: readonly T[], columns: readonly CopyColumn<T>[], full = false): string {
  const lines = [columns.map((c) => clean(c.name ?? c.label)).join('\t')];
  const write = (c: CopyColumn<T>, row: T) => (full && c.copyFull ? c.copyFull(row) : c.copy(row));
  for (const row of rows) lines.push(columns.map((c) => clean(write(c, row))).join('\t'));
  return lines.join('\n');
}

/** A number as "Copy with full precision" writes it: the stored value, no grouping; null → empty cell. */
export const copyFullNumber = (n: number | null | undefined): string => (n === null || n === undefined ? '' : String(n));

/** An ISO instant as copied: `YYYY-MM-DD HH:mm:ss` of wall time in `zone` (UTC by default); null → empty cell. */
export function copyTime(iso: string | null | undefined, zone = 'UTC'): string {
  if (!iso) return '';
  const ms = parseInstant(iso);
  return Number.isFinite(ms) ? copyWallTime(ms, zone) : iso;
}
