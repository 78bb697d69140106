import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { callBridge } from '../../lib/bridgeQuery.js';
import { useBridge } from '../../lib/BridgeContext.js';
import { useDatasetList } from '../../lib/queries.js';
import { withRequestId } from '../../lib/requestId.js';
import { constraintDatasets } from './constraintDatasets.js';
import type { ConstraintDataset, DatasetSource } from './constraintDatasets.js';

// Constraints most recently seen first: enough of them name every dataset that still has rows.
const SAMPLE = { limit: 1000, sortColumn: 'latest_seen_utc', sortOrder: 'desc' } as const;

/**
 * The constraint datasets every grid page offers (one `constraints:list` sample, shared by all pages for five minutes),
 * named from the catalogue; see {@link constraintDatasets}. `query` is the list request (its error, its Retry).
 */
export function useConstraintDatasets() {
  const api = useBridge();
  const catalogue = useDatasetList();
  const query = useQuery({
    queryKey: ['datasets', 'grid', 'constraint-datasets'] as const,
    queryFn: ({ signal }) =>
      withRequestId((requestId) => callBridge(api, 'constraints:list', { ...SAMPLE, requestId }, { signal })),
    staleTime: 5 * 60_000,
  });
  const options = useMemo(() => constraintDatasets(query.data, catalogue.data), [query.data, catalogue.data]);
  return { options, query };
}

/**
 * The datasets named by one list answer (the constraints page's own), with the catalogue's names: the page's Datasets
 * column reads them without a second request.
 */
export function useDatasetsOf(source: DatasetSource | undefined): ConstraintDataset[] {
  const catalogue = useDatasetList();
  return useMemo(() => constraintDatasets(source, catalogue.data), [source, catalogue.data]);
}
