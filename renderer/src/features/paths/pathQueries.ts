import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callBridge } from '../../lib/bridgeQuery.js';
import { useBridge } from '../../lib/BridgeContext.js';
import { withRequestId } from '../../lib/requestId.js';
import type { PathView } from './pathRoute.js';

/**
 * A path's congestion (`paths:congestion`, docs/paths.md), summed in main's workspace; the hours filter is applied
 * on the answer (it carries every bucket), so changing it asks nothing. Disabled until both ends differ and a side is
 * picked. Under ['datasets'], so a profile switch resets it (lib/queries.ts).
 */
export function usePathCongestion(v: PathView) {
  const api = useBridge();
  const ready = v.source !== v.sink && (v.rt !== null || v.da !== null);
  return useQuery({
    queryKey: ['datasets', 'grid', 'path', v.market, v.source, v.sink, v.rt, v.da, v.start, v.end, v.group],
    queryFn: ({ signal }) =>
      withRequestId((requestId) =>
        callBridge(
          api,
          'paths:congestion',
          {
            market: v.market,
            source: v.source,
            sink: v.sink,
            datasets: { rt: v.rt, da: v.da },
            window: { start: v.start, end: v.end },
            groupBy: v.group,
            requestId,
          },
          { signal },
        ),
      ),
    enabled: ready,
    placeholderData: keepPreviousData,
  });
}
