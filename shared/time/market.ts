import { wallTimeToEpoch, zoneOffsetMs } from './zones.js';

/**
 * Market time: each North American ISO's own clock (docs/market-time.md#market-zones). Every window, preset and label
 * in the app is read and shown in it by default; UTC is a switch.
 */

/** A market as /v1 names it in `market_id` (lowercase). */
export type KnownMarket = 'pjm' | 'nyiso' | 'isone' | 'miso' | 'spp' | 'ercot' | 'caiso';

/** One market's clock: its IANA zone (as the catalogue's `data_timezone` says it) and its name in words. */
export interface MarketClock {
  id: KnownMarket;
  /** The market's name as analysts write it, e.g. `ISO-NE`. */
  name: string;
  /** IANA zone of market time, e.g. `US/Eastern`. */
  zone: 'US/Eastern' | 'US/Central' | 'US/Pacific';
  /** Prevailing-time name: `EPT`, `CPT`, `PPT` (EST/EDT, CST/CDT, PST/PDT by season). */
  prevailing: 'EPT' | 'CPT' | 'PPT';
  standard: string;
  daylight: string;
}

const eastern = { zone: 'US/Eastern', prevailing: 'EPT', standard: 'EST', daylight: 'EDT' } as const;
const central = { zone: 'US/Central', prevailing: 'CPT', standard: 'CST', daylight: 'CDT' } as const;
const pacific = { zone: 'US/Pacific', prevailing: 'PPT', standard: 'PST', daylight: 'PDT' } as const;

/** The one table of market zones: PJM, NYISO, ISO-NE Eastern; MISO, SPP, ERCOT Central; CAISO Pacific. */
export const MARKET_CLOCKS: Readonly<Record<KnownMarket, MarketClock>> = {
  pjm: { id: 'pjm', name: 'PJM', ...eastern },
  nyiso: { id: 'nyiso', name: 'NYISO', ...eastern },
  isone: { id: 'isone', name: 'ISO-NE', ...eastern },
  miso: { id: 'miso', name: 'MISO', ...central },
  spp: { id: 'spp', name: 'SPP', ...central },
  ercot: { id: 'ercot', name: 'ERCOT', ...central },
  caiso: { id: 'caiso', name: 'CAISO', ...pacific },
};

/** The market ids in table order. */
export const MARKET_IDS = Object.keys(MARKET_CLOCKS) as KnownMarket[];

/**
 * The clock of a market named any common way (`pjm`, `PJM`, `ISO-NE`, `isone`, `ISONE`); undefined for an unknown one,
 * so a caller can fall back to UTC and say so rather than guess a zone.
 */
export function marketClock(market: string | null | undefined): MarketClock | undefined {
  if (!market) return undefined;
  const key = market.toLowerCase().replace(/[^a-z]/g, '');
  return (MARKET_CLOCKS as Record<string, MarketClock>)[key];
}

/** True when `zone` keeps daylight time at `epochMs` (its offset is larger than in mid-winter of that year). */
export function isDaylightTime(zone: string, epochMs: number): boolean {
  const year = new Date(epochMs).getUTCFullYear();
  const winter = Math.min(zoneOffsetMs(zone, Date.UTC(year, 0, 15)), zoneOffsetMs(zone, Date.UTC(year, 6, 15)));
  return zoneOffsetMs(zone, epochMs) > winter;
}

/** The zone abbreviation in force at `epochMs`: `EDT` in summer and `EST` in winter for PJM; `UTC` for no market. */
export function zoneAbbreviation(clock: MarketClock | undefined, epochMs: number): string {
  if (!clock) return 'UTC';
  return isDaylightTime(clock.zone, epochMs) ? clock.daylight : clock.standard;
}

/** A market date `YYYY-MM-DD`: the calendar day of market time an interval starts in. */
export type MarketDate = string;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `{year, month (1–12), day}` of a market date. @throws Error when `date` is not `YYYY-MM-DD` of a real day. */
export function parseMarketDate(date: MarketDate): { year: number; month: number; day: number } {
  const m = DATE.exec(date);
  const [year, month, day] = m ? [Number(m[1]), Number(m[2]), Number(m[3])] : [NaN, NaN, NaN];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (!m || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day)
    throw new Error(`'${date}' is not a market date: use YYYY-MM-DD, e.g. 2024-09-02`);
  return { year, month, day };
}

/** The date `days` calendar days after `date` (negative: before). */
export function addDays(date: MarketDate, days: number): MarketDate {
  const { year, month, day } = parseMarketDate(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** Epoch ms of 00:00 market time on `date` in `zone` (the market day's start; 04:00Z on an EDT day). */
export function marketDayStart(date: MarketDate, zone: string): number {
  const { year, month, day } = parseMarketDate(date);
  return wallTimeToEpoch(Date.UTC(year, month - 1, day), zone);
}

/**
 * The market day `date` as a half-open UTC window `[00:00, next 00:00)` of market time: 24 hours, 23 on the spring-forward
 * day and 25 on the fall-back day. ISO instants with `Z`.
 */
export function marketDayWindow(date: MarketDate, zone: string): { start: string; end: string } {
  return marketDaysWindow(date, date, zone);
}

/** Market days `first`…`last` (inclusive) as one half-open UTC window. @throws Error when `last` is before `first`. */
export function marketDaysWindow(first: MarketDate, last: MarketDate, zone: string): { start: string; end: string } {
  if (last < first) throw new Error(`The last market day (${last}) is before the first (${first}).`);
  return { start: isoZ(marketDayStart(first, zone)), end: isoZ(marketDayStart(addDays(last, 1), zone)) };
}

/** The market date (market-time calendar day) containing instant `epochMs`. */
export function marketDateOf(epochMs: number, zone: string): MarketDate {
  return new Date(epochMs + zoneOffsetMs(zone, epochMs)).toISOString().slice(0, 10);
}

/** Wall-clock parts of `epochMs` in `zone`: hour 0–23, minute, weekday 0 = Sunday … 6 = Saturday, and the market date. */
export function wallParts(epochMs: number, zone: string): { date: MarketDate; hour: number; minute: number; weekday: number } {
  const wall = new Date(epochMs + zoneOffsetMs(zone, epochMs));
  return {
    date: wall.toISOString().slice(0, 10),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    weekday: wall.getUTCDay(),
  };
}

/** An instant as ISO 8601 UTC with `Z`, whole seconds without a fraction: `2024-09-02T04:00:00Z`. */
export function isoZ(epochMs: number): string {
  const text = new Date(epochMs).toISOString();
  return text.endsWith('.000Z') ? `${text.slice(0, -5)}Z` : text;
}
