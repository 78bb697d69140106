import { useMemo } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContractResults } from '../../../../shared/bridge/contract.js';
import { callBridge } from '../../lib/bridgeQuery.js';
import { useBridge } from '../../lib/BridgeContext.js';
import { queryKeys } from '../../lib/queries.js';
import { withRequestId } from '../../lib/requestId.js';
import { constraintDatasets } from './constraintDatasets.js';
import type { ConstraintDataset, DatasetSource } from './constraintDatasets.js';

// Constraints most recently seen first: enough of them name every dataset that still has rows.
const SAMPLE = { limit: 1000, sortColumn: 'latest_seen_utc', sortOrder: 'desc' } as const;

type ListAnswer = ContractResults['constraints:list'];

/**
 * The catalogue as far as another screen already read it: never fetched here, so naming a dataset costs a grid screen
 * no request (docs/desktop.md#the-request-budget); without it the names are read from the ids.
 */
function useCachedCatalogue() {
  const api = useBridge();
  return useQuery({
    queryKey: queryKeys.list,
    queryFn: ({ signal }) => withRequestId((requestId) => callBridge(api, 'datasets:list', { requestId }, { signal })),
    enabled: false,
  });
}

/**
 * How {@link useConstraintDatasets} may get the datasets: `fetch` asks for the sample when no list answer is at hand,
 * `cached` only reads an answer another query of this session already has (no request), `off` reads nothing.
 */
export type DatasetsMode = 'fetch' | 'cached' | 'off';

const LIST_KEY = ['datasets', 'grid', 'constraints:list'] as const;

/**
 * The constraint datasets every grid page offers, named from the catalogue when it is at hand; see
 * {@link constraintDatasets}. They come from any constraint list answer a screen already has (every one carries the
 * dataset metadata), and only when none is at hand — and `mode` is `fetch` — from one `constraints:list` sample, shared
 * by all pages for five minutes. `query` is that request.
 */
export function useConstraintDatasets({ mode = 'fetch' }: { mode?: DatasetsMode } = {}) {
  const api = useBridge();
  const queryClient = useQueryClient();
  const catalogue = useCachedCatalogue();
  const atHand = queryClient.getQueriesData<ListAnswer>({ queryKey: LIST_KEY }).some(([, data]) => !!data?.datasetMetadata);
  const enabled = mode === 'fetch' || (mode === 'cached' && atHand);
  const query = useQuery({
    queryKey: ['datasets', 'grid', 'constraint-datasets'] as const,
    queryFn: ({ signal }): Promise<ListAnswer> => {
      const known = queryClient.getQueriesData<ListAnswer>({ queryKey: LIST_KEY }).find(([, data]) => data?.datasetMetadata);
      if (known?.[1]) return Promise.resolve(known[1]);
      return withRequestId((requestId) => callBridge(api, 'constraints:list', { ...SAMPLE, requestId }, { signal }));
    },
    staleTime: 5 * 60_000,
    enabled,
  });
  const options = useMemo(() => constraintDatasets(query.data, catalogue.data), [query.data, catalogue.data]);
  return { options, query };
}

/**
 * The datasets named by one list answer (a screen's own), with the catalogue's names when it is at hand: the page's
 * Datasets column and dataset select read them without a second request.
 */
export function useDatasetsOf(source: DatasetSource | undefined): ConstraintDataset[] {
  const catalogue = useCachedCatalogue();
  return useMemo(() => constraintDatasets(source, catalogue.data), [source, catalogue.data]);
}
