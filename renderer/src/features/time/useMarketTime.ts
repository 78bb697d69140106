import { useMemo } from 'react';
import { marketTimeOf } from './marketTime.js';
import type { MarketTime } from './marketTime.js';
import { useDisplaySettings } from './displayQueries.js';

/** The {@link MarketTime} of `market` under the user's time display (market time by default, or UTC). */
export function useMarketTime(market: string | null | undefined): MarketTime {
  const { times } = useDisplaySettings();
  return useMemo(() => marketTimeOf(market, times), [market, times]);
}
