import { useEffect, useState } from 'react';
import { keepPreviousData, useIsFetching, useQuery } from '@tanstack/react-query';
import type { PullQuery, QueryEstimate } from '../../../../shared/bridge/contract.js';
import { callBridge } from '../../lib/bridgeQuery.js';
import { useBridge } from '../../lib/BridgeContext.js';
import { queryKeys } from '../../lib/queries.js';
import { withRequestId } from '../../lib/requestId.js';
import { queryKey } from '../../features/workspace/queryAddress.js';
import { estimateInput } from './useQueryRun.js';

/** How long the form must stay unchanged before its estimate is asked for, in ms. */
export const ESTIMATE_DEBOUNCE_MS = 400;
/** How long an estimate stands for the same query (usage moves only with the queries the analyst runs), in ms. */
const ESTIMATE_FRESH_MS = 30_000;

/** The live estimate: the last answer (`of` = the {@link queryKey} of its query), and whether a newer one is coming. */
export interface LiveEstimate {
  estimate: QueryEstimate | null;
  of: string | null;
  /** The form's query changed since the answer, or its estimate is on its way. */
  pending: boolean;
  /** The last call's failure for the form's query, if it failed. */
  error: unknown;
  /** Whether the form's fields make a query at all (else there is nothing to estimate). */
  ready: boolean;
}

/**
 * `datasets:estimate` of `draft`, the form's checked query (null while it has a problem), asked for once the form has been
 * still for {@link ESTIMATE_DEBOUNCE_MS}; a newer draft aborts the call in flight (its signal reaches main), so only the
 * last one is answered. The last answer stays shown (with `of` naming its query) until the next arrives. Costs no
 * counted /v1 request once the page has the dataset (docs/desktop.md#usage-meter-and-quota-forecast).
 */
export function useLiveEstimate(draft: PullQuery | null, debounceMs = ESTIMATE_DEBOUNCE_MS): LiveEstimate {
  const api = useBridge();
  const [settled, setSettled] = useState<PullQuery | null>(draft);
  // Filter suggestions on their way size the filter: wait for them, and estimate again once they arrived.
  const valuesLoading =
    useIsFetching({ queryKey: [...queryKeys.datasets, 'columnValues', draft?.datasetId ?? settled?.datasetId] }) > 0;
  const [values, setValues] = useState({ loading: valuesLoading, loaded: 0 });
  if (values.loading !== valuesLoading)
    setValues({ loading: valuesLoading, loaded: valuesLoading ? values.loaded : values.loaded + 1 });
  const draftKey = queryKey(draft);
  const settledKey = queryKey(settled);
  useEffect(() => {
    if (draftKey === settledKey || valuesLoading) return;
    const timer = setTimeout(() => setSettled(draft), debounceMs);
    return () => clearTimeout(timer);
  }, [draft, draftKey, settledKey, debounceMs, valuesLoading]);
  const q = useQuery({
    queryKey: [...queryKeys.datasets, 'estimate', settledKey, values.loaded],
    queryFn: async ({ signal }) => {
      const estimate = await withRequestId((requestId) =>
        callBridge(api, 'datasets:estimate', estimateInput(settled!, requestId), { signal }),
      );
      return { of: settledKey, estimate };
    },
    // Only for the form as it stands: a query the form has since left is not asked about.
    enabled: settled !== null && settledKey === draftKey && !valuesLoading,
    staleTime: ESTIMATE_FRESH_MS,
    gcTime: ESTIMATE_FRESH_MS,
    retry: false,
    placeholderData: keepPreviousData,
  });
  const current = draft !== null && settledKey === draftKey;
  return {
    estimate: q.data?.estimate ?? null,
    of: q.data?.of ?? null,
    pending: draft !== null && (!current || q.isFetching),
    error: current && !q.isFetching ? q.error : null,
    ready: draft !== null,
  };
}
