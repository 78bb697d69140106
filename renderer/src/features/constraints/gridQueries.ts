import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  BindingResults,
  ContractResults,
  GridResults,
  MapResults,
  OutageResults,
  VerbInput,
} from '../../../../shared/bridge/contract.js';
import { callBridge } from '../../lib/bridgeQuery.js';
import { useBridge } from '../../lib/BridgeContext.js';
import { withRequestId } from '../../lib/requestId.js';

/** A grid verb (constraints, locations, outages, overlap), a binding-window verb, an outage-object verb or a map verb. */
export type GridVerb = keyof GridResults | keyof BindingResults | keyof OutageResults | keyof MapResults;

/** A grid verb's input without the `requestId` the hook adds. */
export type GridInput<V extends GridVerb> = Omit<VerbInput<V>, 'requestId'>;

/**
 * Query key of a grid verb's answer. It lives under `['datasets']` because the answer depends on the active profile's
 * data service, and a profile change resets everything under that key (lib/queries.ts).
 */
export const gridKey = <V extends GridVerb>(verb: V, input: GridInput<V>) => ['datasets', 'grid', verb, input] as const;

/** Options of {@link useGridQuery}: `enabled` (default true); `keepPrevious` shows the last answer while a new one loads. */
export interface GridQueryOptions {
  enabled?: boolean;
  keepPrevious?: boolean;
}

/**
 * One grid verb as a TanStack query: the input is the key, so equal inputs share one answer across pages (the
 * constraint list of the list page and of the detail page, for instance). Errors are {@link BridgeError}s.
 */
export function useGridQuery<V extends GridVerb>(verb: V, input: GridInput<V>, options: GridQueryOptions = {}) {
  const api = useBridge();
  return useQuery<ContractResults[V]>({
    queryKey: gridKey(verb, input),
    queryFn: ({ signal }) =>
      withRequestId((requestId) => callBridge(api, verb, { ...input, requestId } as VerbInput<V>, { signal })),
    enabled: options.enabled ?? true,
    ...(options.keepPrevious ? { placeholderData: keepPreviousData } : {}),
  });
}
