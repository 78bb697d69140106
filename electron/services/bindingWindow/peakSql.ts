import { PEAK_END_HOUR, PEAK_START_HOUR, inPeakFilter, marketClock, nercHolidays } from '../../../shared/index.js';
import type { PeakBucket, PeakFilter } from '../../../shared/index.js';

/**
 * The peak buckets of docs/market-time.md#peak-buckets in DuckDB, from the one definition in shared/time/peak.ts: the
 * hours are its constants, the holidays its `nercHolidays()` bound as a parameter, and a filter's buckets its
 * `inPeakFilter()`. So SQL and TypeScript cannot disagree (peakSql.test.ts checks every 5 minutes of both DST days).
 */

/** The three disjoint buckets, in the order screens show them. */
export const PEAK_BUCKETS: readonly PeakBucket[] = ['on_peak', '2x16', '7x8'];

/** Values the bucket SQL binds: the market zone (IANA; `UTC` for a market without one) and the holidays as JSON dates. */
export interface PeakParams {
  zone: string;
  holidays: string;
}

/**
 * The parameters of {@link peakBucketSql} for `market` over `[start, end)`: its zone (docs/market-time.md#market-zones)
 * and the NERC holidays of every year the window touches in market time (a year early: a UTC New Year is still the old
 * year in the Americas).
 */
export function peakParams(market: string, window: { start: string; end: string }): PeakParams {
  const zone = marketClock(market)?.zone ?? 'UTC';
  const first = new Date(window.start).getUTCFullYear() - 1;
  const last = new Date(window.end).getUTCFullYear();
  const holidays: string[] = [];
  for (let y = first; y <= last; y++) holidays.push(...nercHolidays(y));
  return { zone, holidays: JSON.stringify(holidays) };
}

/**
 * SQL of the bucket (`'on_peak'`, `'2x16'` or `'7x8'`) of an interval starting at TIMESTAMPTZ `start`, read in the zone
 * bound as `zone` with the holiday list (a JSON array of dates) bound as `holidays` — both parameter references such as
 * `$2` and `$3`, filled from {@link peakParams}.
 */
export function peakBucketSql(start: string, zone: string, holidays: string): string {
  const wall = `timezone(${zone}, ${start})`;
  return `CASE WHEN hour(${wall}) < ${PEAK_START_HOUR} OR hour(${wall}) >= ${PEAK_END_HOUR} THEN '7x8'
    WHEN dayofweek(${wall}) IN (0, 6) OR list_contains(CAST(CAST(${holidays} AS JSON) AS DATE[]), CAST(${wall} AS DATE)) THEN '2x16'
    ELSE 'on_peak' END`;
}

/** The buckets `filter` keeps, as the JSON list a query binds (`list_contains(CAST(CAST($n AS JSON) AS VARCHAR[]), bucket)`). */
export function keptBuckets(filter: PeakFilter): string {
  return JSON.stringify(PEAK_BUCKETS.filter((b) => inPeakFilter(b, filter)));
}
