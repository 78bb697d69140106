import { PEAK_END_HOUR, PEAK_START_HOUR, nercHolidays } from './peak.js';
import type { PeakBucket, PeakFilter } from './peak.js';

/**
 * The peak buckets of peak.ts (docs/market-time.md#peak-buckets) as DuckDB SQL, so a table is filtered or grouped in the
 * database by the same rule the page uses: the instant read in market time, hours from {@link PEAK_START_HOUR} up to
 * {@link PEAK_END_HOUR}, weekends and the NERC holidays of {@link nercHolidays} off-peak. Values are bound parameters
 * (`?`, in the order of `params`); only the bucket names, which the program chose, are written as literals. Needs
 * DuckDB's ICU extension (`timezone(zone, timestamptz)`).
 */

/** SQL with its positional parameters (`?`), in order. */
export interface SqlWithParams {
  sql: string;
  params: string[];
}

/** The buckets each filter keeps. */
const FILTER_BUCKETS: Readonly<Record<Exclude<PeakFilter, 'all'>, readonly PeakBucket[]>> = {
  on_peak: ['on_peak'],
  off_peak: ['2x16', '7x8'],
  '2x16': ['2x16'],
  '7x8': ['7x8'],
};

/** Most years of holidays one statement binds (a wider span is refused rather than silently cut). */
export const MAX_PEAK_YEARS = 400;

/** The observed NERC holidays of years `first`…`last` (inclusive), `YYYY-MM-DD`. @throws RangeError beyond {@link MAX_PEAK_YEARS}. */
export function holidaysOfYears(first: number, last: number): string[] {
  if (!Number.isInteger(first) || !Number.isInteger(last) || last < first) return [];
  if (last - first + 1 > MAX_PEAK_YEARS) throw new RangeError(`At most ${MAX_PEAK_YEARS} years of peak buckets at once.`);
  const out: string[] = [];
  for (let y = first; y <= last; y++) out.push(...nercHolidays(y));
  return out;
}

/**
 * `CASE … END` giving `'on_peak'`, `'2x16'` or `'7x8'` for the instant `instantSql` (a TIMESTAMPTZ expression the caller
 * checked, e.g. a quoted column) in market zone `zone`; NULL for a NULL instant. `holidays` are the market dates that
 * count as NERC holidays (see {@link holidaysOfYears}: cover every year the instants fall in).
 */
export function peakBucketSql(instantSql: string, zone: string, holidays: readonly string[]): SqlWithParams {
  const local = `timezone(CAST(? AS VARCHAR), ${instantSql})`;
  const holidayList = holidays.length
    ? `CAST(${local} AS DATE) IN (${holidays.map(() => 'CAST(? AS DATE)').join(', ')})`
    : 'FALSE';
  const sql =
    `CASE WHEN ${instantSql} IS NULL THEN NULL ` +
    `WHEN hour(${local}) < ${PEAK_START_HOUR} OR hour(${local}) >= ${PEAK_END_HOUR} THEN '7x8' ` +
    `WHEN isodow(${local}) >= 6 OR ${holidayList} THEN '2x16' ` +
    `ELSE 'on_peak' END`;
  // Placeholders in order: two hours, the weekday, the holiday date, then the holidays themselves.
  const params = [zone, zone, zone, ...(holidays.length ? [zone, ...holidays] : [])];
  return { sql, params };
}

/** A predicate keeping the rows whose instant falls in `filter` (`off_peak` = 2x16 and 7x8); see {@link peakBucketSql}. */
export function peakFilterSql(
  instantSql: string,
  filter: Exclude<PeakFilter, 'all'>,
  zone: string,
  holidays: readonly string[],
): SqlWithParams {
  const bucket = peakBucketSql(instantSql, zone, holidays);
  const kept = FILTER_BUCKETS[filter].map((b) => `'${b}'`).join(', ');
  return { sql: `(${bucket.sql}) IN (${kept})`, params: bucket.params };
}
