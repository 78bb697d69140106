import type { TimeDisplay } from '../../../../shared/bridge/display.js';
import { zoneNameAt } from '../../../../shared/time/format.js';
import { marketClock } from '../../../../shared/time/market.js';
import type { MarketClock } from '../../../../shared/time/market.js';

/**
 * The zone a screen shows and reads its times in (docs/market-time.md): its market's own time by default, UTC when the
 * user switched to UTC or when the market is not in the table of market zones (then the screen says so).
 */
export interface MarketTime {
  /** IANA zone of what is shown and typed: the market's (`US/Eastern`) or `UTC`. */
  zone: string;
  /** The market's clock, whatever is shown; undefined for a market not in the table. */
  clock: MarketClock | undefined;
  /** True when times are shown in UTC (chosen, or no market clock). */
  utc: boolean;
  /** The zone presets and market days are counted in: the market's, UTC without one. */
  marketZone: string;
}

/** The {@link MarketTime} of `market` (any common spelling) under the user's choice `times`. */
export function marketTimeOf(market: string | null | undefined, times: TimeDisplay): MarketTime {
  const clock = marketClock(market);
  const utc = times === 'utc' || !clock;
  return { zone: utc ? 'UTC' : clock.zone, clock, utc, marketZone: clock?.zone ?? 'UTC' };
}

/** The shown zone's name at `epochMs` (`EDT`, `EST`, `UTC`), or its prevailing name (`EPT`) when no instant is known. */
export function zoneWord(time: MarketTime, epochMs?: number | null): string {
  if (time.utc) return 'UTC';
  if (epochMs === null || epochMs === undefined || !Number.isFinite(epochMs)) return time.clock!.prevailing;
  return zoneNameAt(time.zone, epochMs);
}
