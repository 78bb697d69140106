import { addDays, marketDaysWindow } from '../../../shared/index.js';
import { marketZone } from '../bindingWindow/peakSql.js';

/** A look's two windows `[start, end)` (ISO `Z`): the current one and the previous one of equal length, just before it. */
export interface LookWindows {
  window: { start: string; end: string };
  previous: { start: string; end: string };
}

/**
 * The `days` whole market days ending with market day `lastDay` (inclusive) in `market`'s zone (UTC for a market
 * without one; docs/market-time.md#market-days), and the `days` market days before them: on DST days a window is an
 * hour shorter or longer, as the market's days are. @throws when `lastDay` is not a market day.
 */
export function lookWindows(market: string, days: number, lastDay: string): LookWindows {
  const zone = marketZone(market);
  return {
    window: marketDaysWindow(addDays(lastDay, 1 - days), lastDay, zone),
    previous: marketDaysWindow(addDays(lastDay, 1 - 2 * days), addDays(lastDay, -days), zone),
  };
}
