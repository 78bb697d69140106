import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callBridge } from '../../lib/bridgeQuery.js';
import { withRequestId } from '../../lib/requestId.js';
import { useBridge } from '../../lib/BridgeContext.js';

/** Values asked for per request: enough for zones and hubs; longer lists are searched as one types. */
export const SUGGESTION_LIMIT = 100;
const SEARCH_DELAY_MS = 300;

/**
 * `datasets:columnValues` suggestions for `column`, most frequent first; [] when unknown (errors are silent: suggestions
 * are optional). Past {@link SUGGESTION_LIMIT} values, `typed` (debounced) is sent as `search`.
 */
export function useColumnValues(datasetId: string, column: string | null, typed: string): (string | number | boolean)[] {
  const api = useBridge();
  const [search, setSearch] = useState('');
  useEffect(() => {
    const t = setTimeout(() => setSearch(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(t);
  }, [typed]);

  // A server without the route answers 404: not retried, not re-asked on focus.
  const options = { staleTime: 5 * 60_000, gcTime: 10 * 60_000, retry: false, refetchOnWindowFocus: false } as const;
  const all = useQuery({
    ...options,
    queryKey: ['datasets', 'columnValues', datasetId, column, ''],
    queryFn: ({ signal }) =>
      withRequestId((requestId) =>
        callBridge(api, 'datasets:columnValues', { datasetId, column: column!, limit: SUGGESTION_LIMIT, requestId }, { signal }),
      ),
    enabled: column !== null,
  });
  const searching = column !== null && all.data?.truncated === true && search !== '';
  const found = useQuery({
    ...options,
    queryKey: ['datasets', 'columnValues', datasetId, column, search],
    queryFn: ({ signal }) =>
      withRequestId((requestId) =>
        callBridge(
          api,
          'datasets:columnValues',
          { datasetId, column: column!, search, limit: SUGGESTION_LIMIT, requestId },
          { signal },
        ),
      ),
    enabled: searching,
    placeholderData: keepPreviousData,
  });
  const data = searching && found.data?.column === column ? found.data : all.data;
  return column === null || !data ? [] : data.values.map((v) => v.value);
}
