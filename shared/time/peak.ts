import { addDays, parseMarketDate, wallParts } from './market.js';
import type { MarketDate } from './market.js';

/**
 * Time-of-use buckets of market time (docs/market-time.md#peak-buckets), the NERC definition every screen uses:
 * - `on_peak` (5x16): Monday–Friday, 07:00–23:00 market time (HE08–HE23), NERC holidays excluded;
 * - `2x16`: 07:00–23:00 on Saturdays, Sundays and NERC holidays;
 * - `7x8`: 23:00–07:00 every day (HE24, HE01–HE07);
 * - `off_peak` = `2x16` ∪ `7x8`.
 * An interval belongs to the bucket of its start.
 */

/** The three disjoint buckets an interval falls in. */
export type PeakBucket = 'on_peak' | '2x16' | '7x8';
/** A time-of-use filter or group: a bucket, `off_peak` (2x16 + 7x8) or `all`. */
export type PeakFilter = PeakBucket | 'off_peak' | 'all';

/** The filters in the order screens offer them. */
export const PEAK_FILTERS: readonly PeakFilter[] = ['all', 'on_peak', 'off_peak', '2x16', '7x8'];

/** Each filter in words, as the field writes it. */
export const PEAK_FILTER_LABELS: Readonly<Record<PeakFilter, string>> = {
  all: 'All hours',
  on_peak: 'On-peak (5x16)',
  off_peak: 'Off-peak',
  '2x16': '2x16 (weekend and holiday days)',
  '7x8': '7x8 (nights)',
};

/** First and last market-time hour (start) of the 16-hour block: 07:00 up to (not including) 23:00. */
export const PEAK_START_HOUR = 7;
export const PEAK_END_HOUR = 23;

function nthWeekday(year: number, month: number, weekday: number, n: number): MarketDate {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const day = 1 + ((weekday - first + 7) % 7) + (n - 1) * 7;
  return new Date(Date.UTC(year, month - 1, day)).toISOString().slice(0, 10);
}

function lastWeekday(year: number, month: number, weekday: number): MarketDate {
  const last = new Date(Date.UTC(year, month, 0));
  const back = (last.getUTCDay() - weekday + 7) % 7;
  return new Date(Date.UTC(year, month - 1, last.getUTCDate() - back)).toISOString().slice(0, 10);
}

// A fixed-date holiday on a Sunday is observed the Monday after; one on a Saturday is not moved (NERC's rule).
function observed(date: MarketDate): MarketDate {
  const { year, month, day } = parseMarketDate(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay() === 0 ? addDays(date, 1) : date;
}

/**
 * The six NERC holidays of `year` as observed: New Year's Day, Memorial Day (last Monday of May), Independence Day,
 * Labor Day (first Monday of September), Thanksgiving (fourth Thursday of November) and Christmas Day.
 */
export function nercHolidays(year: number): MarketDate[] {
  const pad = (m: number, d: number) => `${year}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return [
    observed(pad(1, 1)),
    lastWeekday(year, 5, 1),
    observed(pad(7, 4)),
    nthWeekday(year, 9, 1, 1),
    nthWeekday(year, 11, 4, 4),
    observed(pad(12, 25)),
  ].sort();
}

const holidayCache = new Map<number, Set<MarketDate>>();

/** True when market date `date` is a NERC holiday (as observed). */
export function isNercHoliday(date: MarketDate): boolean {
  const year = parseMarketDate(date).year;
  let set = holidayCache.get(year);
  if (!set) holidayCache.set(year, (set = new Set(nercHolidays(year))));
  return set.has(date);
}

/** The bucket of the interval starting at instant `startMs`, read in market time `zone`. */
export function peakBucket(startMs: number, zone: string): PeakBucket {
  const wall = wallParts(startMs, zone);
  if (wall.hour < PEAK_START_HOUR || wall.hour >= PEAK_END_HOUR) return '7x8';
  const weekend = wall.weekday === 0 || wall.weekday === 6;
  return weekend || isNercHoliday(wall.date) ? '2x16' : 'on_peak';
}

/** True when an interval of bucket `bucket` passes filter `filter`. */
export function inPeakFilter(bucket: PeakBucket, filter: PeakFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'off_peak') return bucket !== 'on_peak';
  return bucket === filter;
}
