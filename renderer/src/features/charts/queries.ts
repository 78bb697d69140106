import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { VerbInput } from '../../../../shared/bridge/contract.js';
import { callBridge } from '../../lib/bridgeQuery.js';
import { useBridge } from '../../lib/BridgeContext.js';

/** Values the series picker lists (the verb's maximum), most frequent first. */
export const PICKER_VALUE_LIMIT = 1000;

/**
 * `workspace:values` of the series column, largest peak |`rankBy`| first (most frequent first without `rankBy`); idle
 * while `column` is null.
 */
export function useSeriesValues(pullId: number, column: string | null, revision: number | string = 0, rankBy?: string) {
  const api = useBridge();
  return useQuery({
    queryKey: ['workspace', 'values', pullId, column, PICKER_VALUE_LIMIT, revision, rankBy ?? null] as const,
    queryFn: ({ signal }) =>
      callBridge(
        api,
        'workspace:values',
        { pullId, column: column!, limit: PICKER_VALUE_LIMIT, ...(rankBy ? { rankBy } : {}) },
        { signal },
      ),
    enabled: column !== null,
    staleTime: Infinity,
  });
}

/**
 * `workspace:series` for one view of the chart, with the `request` it answers; idle while `input` is null. The last
 * answer stays on screen while the next one (zoom, pan, resize, other series) loads.
 */
export function useSeries(input: VerbInput<'workspace:series'> | null, revision: number | string = 0) {
  const api = useBridge();
  return useQuery({
    queryKey: ['workspace', 'series', input, revision] as const,
    queryFn: async ({ signal }) => ({ request: input!, ...(await callBridge(api, 'workspace:series', input!, { signal })) }),
    enabled: input !== null,
    placeholderData: keepPreviousData,
    staleTime: Infinity,
  });
}
