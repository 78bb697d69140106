import { holidaysOfYears, inPeakFilter, marketClock, peakBucketSql } from '../../../shared/index.js';
import type { PeakBucket, PeakFilter, SqlWithParams } from '../../../shared/index.js';

/**
 * The peak buckets of docs/market-time.md#peak-buckets for a binding window: shared/time/peakSql.ts's one SQL rule
 * (hours and holidays of shared/time/peak.ts), read in the market's zone over the years the window touches, and the
 * buckets a filter keeps as `inPeakFilter()` says — so SQL and TypeScript cannot disagree (peakSql.test.ts checks every
 * 5 minutes of both DST days against `peakBucket()`).
 */

/** The three disjoint buckets, in the order screens show them. */
export const PEAK_BUCKETS: readonly PeakBucket[] = ['on_peak', '2x16', '7x8'];

/** The zone of `market` (docs/market-time.md#market-zones); `UTC` for a market without one. */
export const marketZone = (market: string): string => marketClock(market)?.zone ?? 'UTC';

/**
 * SQL of the bucket (`'on_peak'`, `'2x16'` or `'7x8'`) of the interval starting at TIMESTAMPTZ `start` in `market`'s
 * zone, with its `?` parameters: the NERC holidays of every year `[start, end)` touches, from a year early (a UTC New
 * Year is still the old year in the Americas).
 */
export function bucketSql(start: string, market: string, window: { start: string; end: string }): SqlWithParams {
  const first = new Date(window.start).getUTCFullYear() - 1;
  const last = new Date(window.end).getUTCFullYear();
  return peakBucketSql(start, marketZone(market), holidaysOfYears(first, last));
}

/** The buckets `filter` keeps, as the JSON list a query binds (`list_contains(CAST(CAST(? AS JSON) AS VARCHAR[]), bucket)`). */
export function keptBuckets(filter: PeakFilter): string {
  return JSON.stringify(PEAK_BUCKETS.filter((b) => inPeakFilter(b, filter)));
}
