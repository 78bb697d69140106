import { useQuery } from '@tanstack/react-query';
import { callBridge } from '../../lib/bridgeQuery.js';
import { useBridge } from '../../lib/BridgeContext.js';
import { queryKeys } from '../../lib/queries.js';
import { withRequestId } from '../../lib/requestId.js';

/** `exports:list` of a dataset, every year at once; under `['datasets']`, so a profile switch reads it again. */
export function useExportList(datasetId: string | null) {
  const api = useBridge();
  return useQuery({
    queryKey: [...queryKeys.datasets, 'exports', datasetId] as const,
    enabled: datasetId !== null,
    queryFn: ({ signal }) =>
      withRequestId((requestId) => callBridge(api, 'exports:list', { datasetId: datasetId!, requestId }, { signal })),
  });
}
