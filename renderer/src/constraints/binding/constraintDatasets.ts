import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { callBridge } from '../../lib/bridgeQuery.js';
import { useBridge } from '../../lib/BridgeContext.js';
import { useDatasetList } from '../../lib/queries.js';
import { withRequestId } from '../../lib/requestId.js';

/** A constraint dataset offered in the grid pages' dataset selects. */
export interface ConstraintDatasetOption {
  id: string;
  /** The catalogue's name, else the id. */
  name: string;
  /** True when it has shadow prices (costs, threshold); false when known to have none; null when unknown. */
  priced: boolean | null;
}

// Constraints most recently seen first: enough of them name every dataset that still has rows.
const SAMPLE = { limit: 1000, sortColumn: 'latest_seen_utc', sortOrder: 'desc' } as const;

/**
 * The constraint datasets (docs/api.md#constraint-list): every `available_datasets` entry of the constraints and the
 * priced datasets of `dataset_metadata` (market → rt/da → dataset), named from the catalogue. A dataset absent from
 * the metadata while the metadata is present has no shadow price column.
 */
export function useConstraintDatasets() {
  const api = useBridge();
  const catalogue = useDatasetList();
  const q = useQuery({
    queryKey: ['datasets', 'grid', 'constraint-datasets'] as const,
    queryFn: ({ signal }) =>
      withRequestId((requestId) => callBridge(api, 'constraints:list', { ...SAMPLE, requestId }, { signal })),
    staleTime: 5 * 60_000,
  });
  const names = catalogue.data;
  const options = useMemo((): ConstraintDatasetOption[] => {
    if (!q.data) return [];
    const priced = new Set<string>();
    for (const kinds of Object.values(q.data.datasetMetadata ?? {}))
      for (const specs of Object.values(kinds)) for (const s of specs) priced.add(s.dataset_id);
    const ids = new Set(priced);
    for (const c of q.data.constraints) for (const id of c.available_datasets ?? []) ids.add(id);
    const known = q.data.datasetMetadata !== null;
    return [...ids]
      .map((id) => ({
        id,
        name: names?.find((d) => d.id === id)?.name ?? id,
        priced: priced.has(id) ? true : known ? false : null,
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [q.data, names]);
  return { options, query: q };
}
