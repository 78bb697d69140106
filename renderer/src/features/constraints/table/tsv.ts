/** A column as copied: its label (the header line) and the text of a row's value. */
export interface CopyColumn<T> {
  label: string;
  copy: (row: T) => string;
}

// A tab or line break inside a value would split the cell in a spreadsheet.
const clean = (text: string): string => text.replace(/[\t\r\n]+/g, ' ');

/** Tab-separated text for a spreadsheet: a header line of labels, then one line per row, columns in the given order. */
export function rowsToTsv<T>(rows: readonly T[], columns: readonly CopyColumn<T>[]): string {
  const lines = [columns.map((c) => clean(c.label)).join('\t')];
  for (const row of rows) lines.push(columns.map((c) => clean(c.copy(row))).join('\t'));
  return lines.join('\n');
}

/** A number as copied: full precision, no grouping; null → empty cell. */
export const copyNumber = (n: number | null | undefined): string => (n === null || n === undefined ? '' : String(n));

/** An instant as copied: `YYYY-MM-DD HH:mm:ss` in UTC (spreadsheets read it as a date); null → empty cell. */
export function copyTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  return Number.isFinite(ms) ? new Date(ms).toISOString().slice(0, 19).replace('T', ' ') : iso;
}
