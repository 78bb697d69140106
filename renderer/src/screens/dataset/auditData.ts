import type { AuditRow } from '../../../../shared/schemas/dataset.js';

/** Longest run of market dates the chart fills (a century): a wider span means broken data, drawn as given. */
const MAX_FILLED_DAYS = 36_600;

const DAY = 86_400;

/** `YYYY-MM-DD` → epoch seconds of that date's 00:00 UTC; NaN when unparseable. */
export function marketDateSeconds(date: string): number {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? Date.parse(`${date}T00:00:00Z`) / 1000 : Number.NaN;
}

const dateText = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/**
 * The audit per market date as chart columns: every date from the first to the last audit row, dates the audit does
 * not list counted as 0 (so gaps show), x as epoch seconds of the date's 00:00 UTC (drawn in UTC, the axis reads the
 * market date itself). `emptyDates` are the dates without data points, listed or not; rows with bad dates are skipped.
 */
export interface AuditColumns {
  days: number[];
  datapoints: number[];
  timeIndexValues: number[];
  publishTimes: number[];
  emptyDates: string[];
}

/** Builds {@link AuditColumns} from `datasets:audit` rows (any order; a repeated date keeps its last row). */
export function auditColumns(rows: readonly AuditRow[]): AuditColumns {
  const byDay = new Map<number, AuditRow>();
  for (const r of rows) {
    const t = marketDateSeconds(r.market_date);
    if (Number.isFinite(t)) byDay.set(t, r);
  }
  const listed = [...byDay.keys()].sort((a, b) => a - b);
  const out: AuditColumns = { days: [], datapoints: [], timeIndexValues: [], publishTimes: [], emptyDates: [] };
  if (listed.length === 0) return out;
  const first = listed[0]!;
  const last = listed[listed.length - 1]!;
  const days =
    (last - first) / DAY < MAX_FILLED_DAYS ? Array.from({ length: (last - first) / DAY + 1 }, (_, i) => first + i * DAY) : listed;
  for (const t of days) {
    const r = byDay.get(t);
    out.days.push(t);
    out.datapoints.push(r?.number_of_datapoints ?? 0);
    out.timeIndexValues.push(r?.number_of_unique_time_index_values ?? 0);
    out.publishTimes.push(r?.number_of_unique_publish_times_on_publish_date ?? 0);
    if (!r || r.number_of_datapoints === 0) out.emptyDates.push(dateText(t));
  }
  return out;
}

/** Dates as short text: runs of consecutive dates joined (`2024-01-03 – 2024-01-05`), at most `max` runs then "and N more". */
export function describeDates(dates: readonly string[], max = 6): string {
  const runs: [string, string][] = [];
  for (const d of dates) {
    const prev = runs[runs.length - 1];
    if (prev && marketDateSeconds(d) - marketDateSeconds(prev[1]) === DAY) prev[1] = d;
    else runs.push([d, d]);
  }
  const text = runs.slice(0, max).map(([a, b]) => (a === b ? a : `${a} – ${b}`));
  if (runs.length > max) text.push(`and ${runs.length - max} more`);
  return text.join(', ');
}
