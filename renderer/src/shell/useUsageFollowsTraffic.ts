import { useEffect, useRef } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { callBridge } from '../lib/bridgeQuery.js';
import { useBridge } from '../lib/BridgeContext.js';
import { queryKeys } from '../lib/queries.js';

/** How often the meter asks main about the app's /v1 traffic (a local call, no /v1 request), in ms. */
export const ACTIVITY_POLL_MS = 1_000;
/** How long the traffic must have been quiet before usage is read again, in ms. */
export const SETTLE_MS = 400;

/**
 * Keeps the usage meter equal to `/v1/api_usage` (docs/desktop.md#usage-meter-and-quota-forecast): polls `usage:activity`
 * and, once counted requests ended since the last read (the screens' and the background ones', such as the location
 * index) and none has been in flight for {@link SETTLE_MS}, reads usage again. `/api_usage` itself counts towards no limit.
 */
export function useUsageFollowsTraffic(pollMs = ACTIVITY_POLL_MS): void {
  const api = useBridge();
  const queryClient = useQueryClient();
  // Under `app`: the status bar's activity line does not count these local polls as /v1 fetching.
  const { data } = useQuery({
    queryKey: ['app', 'usageActivity'],
    queryFn: ({ signal }) => callBridge(api, 'usage:activity', {}, { signal }),
    refetchInterval: pollMs,
    staleTime: 0,
    retry: false,
  });
  const readAfter = useRef(0);
  useEffect(() => {
    if (!data || data.ended === readAfter.current || data.inFlight > 0) return;
    if (data.lastEndedAt !== null && data.now - data.lastEndedAt < SETTLE_MS) return;
    readAfter.current = data.ended;
    void queryClient.invalidateQueries({ queryKey: queryKeys.usage });
  }, [data, queryClient]);
}
