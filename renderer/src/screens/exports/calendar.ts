import type { ExportFile } from '../../../../shared/bridge/contract.js';

const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** Column heads of a week row, Monday first (ISO 8601 weeks, as market calendars use). */
export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

/** One month of the calendar: its title, its files by date, and its cells (null = padding before the 1st). */
export interface MonthBlock {
  key: string;
  title: string;
  files: ExportFile[];
  cells: (string | null)[];
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The years that have files, newest first. */
export function yearsOf(files: readonly ExportFile[]): number[] {
  return [...new Set(files.map((f) => Number(f.date.slice(0, 4))))].sort((a, b) => b - a);
}

/** The days of a month (`YYYY-MM-DD`), with nulls before the 1st so that it falls under its weekday (Monday first). */
export function monthCells(year: number, month: number): (string | null)[] {
  const first = new Date(Date.UTC(year, month - 1, 1));
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const lead = (first.getUTCDay() + 6) % 7;
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = 1; d <= days; d++) cells.push(`${year}-${pad(month)}-${pad(d)}`);
  return cells;
}

/** The months of `year` that have files, in calendar order. */
export function monthsOf(files: readonly ExportFile[], year: number): MonthBlock[] {
  const byMonth = new Map<number, ExportFile[]>();
  for (const f of files) {
    if (Number(f.date.slice(0, 4)) !== year) continue;
    const m = Number(f.date.slice(5, 7));
    byMonth.set(m, [...(byMonth.get(m) ?? []), f]);
  }
  return [...byMonth.keys()]
    .sort((a, b) => a - b)
    .map((m) => ({
      key: `${year}-${pad(m)}`,
      title: `${MONTH_NAMES[m - 1]} ${year}`,
      files: byMonth.get(m)!,
      cells: monthCells(year, m),
    }));
}

/**
 * A shade 1–4 for a file's size against the largest of the year (quartiles of the largest), so bigger days stand out
 * like a heat map; 0 for no file.
 */
export function shadeOf(size: number | undefined, largest: number): number {
  if (size === undefined) return 0;
  if (largest <= 0) return 1;
  return Math.min(4, Math.max(1, Math.ceil((size / largest) * 4)));
}

/** `date` moved by `days` (negative = earlier), as `YYYY-MM-DD`. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
