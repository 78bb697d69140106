import { addDays, marketDateOf, marketDaysWindow } from './market.js';
import type { MarketDate } from './market.js';

/**
 * Window presets as market days (docs/market-time.md#presets): whole days of market time, each a half-open UTC window
 * `[first day 00:00, day after the last 00:00)` — 04:00Z→04:00Z on EDT days, 05:00Z→05:00Z on EST days for PJM.
 */

/** The presets every window picker offers. */
export type MarketDayPreset = 'yesterday' | 'today' | 'last7' | 'monthToDate' | 'lastMonth';

/** The presets in offered order, with their labels in words. */
export const MARKET_DAY_PRESETS: readonly { id: MarketDayPreset; label: string }[] = [
  { id: 'today', label: 'Today' },
  { id: 'yesterday', label: 'Yesterday' },
  { id: 'last7', label: 'Last 7 market days' },
  { id: 'monthToDate', label: 'Month to date' },
  { id: 'lastMonth', label: 'Last month' },
];

/** First and last market day (inclusive) of `preset`, counted from the market day containing `nowMs`. */
export function presetDays(preset: MarketDayPreset, nowMs: number, zone: string): { first: MarketDate; last: MarketDate } {
  const today = marketDateOf(nowMs, zone);
  switch (preset) {
    case 'today':
      return { first: today, last: today };
    case 'yesterday': {
      const y = addDays(today, -1);
      return { first: y, last: y };
    }
    case 'last7':
      // The seven whole market days before today: today is still running.
      return { first: addDays(today, -7), last: addDays(today, -1) };
    case 'monthToDate':
      return { first: `${today.slice(0, 8)}01`, last: today };
    case 'lastMonth': {
      const firstOfThis = `${today.slice(0, 8)}01`;
      const lastOfPrevious = addDays(firstOfThis, -1);
      return { first: `${lastOfPrevious.slice(0, 8)}01`, last: lastOfPrevious };
    }
  }
}

/** `preset` as a half-open UTC window (ISO with `Z`) of market time `zone`, from the market day containing `nowMs`. */
export function presetWindow(preset: MarketDayPreset, nowMs: number, zone: string): { start: string; end: string } {
  const { first, last } = presetDays(preset, nowMs, zone);
  return marketDaysWindow(first, last, zone);
}
