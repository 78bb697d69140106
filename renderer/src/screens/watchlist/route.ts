import { MAX_WATCH_DAYS } from '../../../../shared/bridge/watchlist.js';
import { addDays, marketClock, marketDateOf, parseMarketDate } from '../../../../shared/time/market.js';

/**
 * The Watchlist's address: `#/watchlist?days=7&last=2024-09-03` — a look covers the `days` market days ending with
 * market day `last` (each item in its market's time) against the `days` before. A bad or missing value reads as its
 * default: 7 days ending yesterday in PJM market time. Never throws.
 */

/** The lengths offered, in market days. */
export const DAY_CHOICES = [1, 2, 7, 14, 30] as const;
/** A first visit's length. */
export const DEFAULT_DAYS = 7;

/** The look asked for. */
export interface LookChoice {
  days: number;
  lastDay: string;
}

/** The embedded sample's market days (PJM Sep 2–3, 2024), so a first visit on the embedded service finds binding. */
export const SAMPLE_LOOK: LookChoice = { days: 2, lastDay: '2024-09-03' };

/** Yesterday as a market day of the default market (PJM), counted from `nowMs`. */
export function yesterday(nowMs: number): string {
  return addDays(marketDateOf(nowMs, marketClock('pjm')!.zone), -1);
}

function isDay(text: string | null): text is string {
  if (!text) return false;
  try {
    parseMarketDate(text);
    return true;
  } catch {
    return false;
  }
}

/** Reads a {@link LookChoice} from the address's search (without `?`). */
export function readLookChoice(search: string, nowMs: number): LookChoice {
  const p = new URLSearchParams(search);
  const days = Number(p.get('days'));
  const last = p.get('last');
  return {
    days: Number.isInteger(days) && days >= 1 && days <= MAX_WATCH_DAYS ? days : DEFAULT_DAYS,
    lastDay: isDay(last) ? last : yesterday(nowMs),
  };
}

/** The search string of `choice`. */
export function lookSearch(choice: LookChoice): string {
  return new URLSearchParams({ days: String(choice.days), last: choice.lastDay }).toString();
}
