import type { CopyColumn } from './tsv.js';

// RFC 4180: a value holding a comma, a quote or a line break is quoted, its quotes doubled.
const cell = (text: string): string => (/[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);

/**
 * A table as CSV: a header line of raw column names (labels where a column has none), then one line per row, values
 * at full precision (as "Copy with full precision" writes them: times as UTC wall time under their `*_utc` names).
 */
export function rowsToCsv<T>(rows: readonly T[], columns: readonly CopyColumn<T>[]): string {
  const lines = [columns.map((c) => cell(c.name ?? c.label)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => cell((c.copyFull ?? c.copy)(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/**
 * Saves `text` as file `filename` the way a browser saves a download (an `<a download>` of a Blob): the web host's
 * browser downloads it; the desktop shows its save dialog. Nothing leaves the machine.
 */
export function saveCsv(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
