import { useState } from 'react';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PullRecord, RowsPage, TableView } from '../../../../shared/bridge/contract.js';
import { callBridge } from '../../lib/bridgeQuery.js';
import { useBridge } from '../../lib/BridgeContext.js';
import { workspaceKeys } from '../workspace/workspaceQueries.js';
import { rowsView } from './tableView.js';

/** Rows per `workspace:rows` read: the table asks for the blocks its viewport (plus overscan) touches. */
export const BLOCK_ROWS = 200;
/** How long a block nobody shows stays cached, in ms: the renderer holds little more than the rows near the screen. */
export const BLOCK_GC_MS = 15_000;

/** The blocks (indexes) that rows `[start, end)` touch. */
export function blocksFor(start: number, end: number): number[] {
  const first = Math.floor(Math.max(0, start) / BLOCK_ROWS);
  const last = Math.floor(Math.max(start, end - 1) / BLOCK_ROWS);
  return Array.from({ length: Math.max(0, last - first + 1) }, (_v, i) => first + i);
}

/** What the table reads: a row by index (undefined until its block arrives), the filtered row count, the first error. */
export interface RowBlocks {
  rowAt(index: number): unknown[] | undefined;
  /** Rows after the filters; null until the first block answers; while `counting`, the rows known so far. */
  totalRows: number | null;
  /** True while the view's count is still being read (a local review read from its files answers rows first). */
  counting: boolean;
  /** The first block that arrived (for the columns' number formats). */
  first: RowsPage | undefined;
  error: unknown;
  fetching: boolean;
}

/**
 * Reads the rows `[start, end)` of `pull` in `view` from the workspace, {@link BLOCK_ROWS} at a time, each block a
 * TanStack query cached for {@link BLOCK_GC_MS}. The blocks are keyed on the pull's state and stored row count, so a
 * running pull's blocks are read again only when pages were stored (and once more when it ends), showing the rows
 * read before until the new ones answer, so the table does not empty in between.
 */
export function useRowBlocks(
  pull: Pick<PullRecord, 'id' | 'state' | 'rows'>,
  view: TableView,
  start: number,
  end: number,
): RowBlocks {
  const api = useBridge();
  const queryClient = useQueryClient();
  const pullId = pull.id;
  // `rows` counts the rows stored so far (it grows page by page while the pull runs): the same count, the same rows.
  const version = `${pull.state}/${pull.rows}`;
  const blocks = blocksFor(start, end);
  // Hour ending is drawn from the same rows: only what the workspace reads by keys the blocks.
  const viewKey = JSON.stringify(rowsView(view));
  // The newest rows cached for `block` of this view under an earlier count, shown while its new read runs.
  const earlier = (block: number): RowsPage | undefined => {
    let found: RowsPage | undefined;
    let foundAt = -1;
    for (const q of queryClient.getQueryCache().findAll({ queryKey: workspaceKeys.rows(pullId) })) {
      const [keyView, keyBlock] = q.queryKey.slice(-2);
      const data = q.state.data as RowsPage | undefined;
      if (keyView === viewKey && keyBlock === block && data && q.state.dataUpdatedAt > foundAt)
        [found, foundAt] = [data, q.state.dataUpdatedAt];
    }
    return found;
  };
  const results = useQueries({
    queries: blocks.map((block) => ({
      queryKey: [...workspaceKeys.rows(pullId), version, viewKey, block] as const,
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        callBridge(
          api,
          'workspace:rows',
          { pullId, offset: block * BLOCK_ROWS, limit: BLOCK_ROWS, countLater: true, ...rowsView(view) },
          { signal },
        ),
      staleTime: Infinity,
      gcTime: BLOCK_GC_MS,
      placeholderData: () => earlier(block),
      retry: false,
    })),
  });
  let newest: RowsPage | undefined;
  let newestAt = -1;
  for (const r of results) {
    if (r.data && r.dataUpdatedAt > newestAt) [newest, newestAt] = [r.data, r.dataUpdatedAt];
  }
  // A review read from its files shows its first rows before its count: the count alone is asked once they are shown.
  const pending = newest?.countPending === true;
  const counted = useQuery({
    queryKey: [...workspaceKeys.rows(pullId), version, viewKey, 'count'] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      callBridge(api, 'workspace:rows', { pullId, offset: 0, limit: 0, ...rowsView(view) }, { signal }),
    enabled: pending,
    staleTime: Infinity,
    gcTime: BLOCK_GC_MS,
    retry: false,
  });
  // The count of the view, kept while its blocks are replaced (a scroll to rows not read yet).
  const [kept, setKept] = useState<{ key: string; total: number } | null>(null);
  const current = counted.data?.totalRows ?? newest?.totalRows;
  const keptKey = `${version}|${viewKey}`;
  if (current !== undefined && (kept?.key !== keptKey || kept.total !== current)) setKept({ key: keptKey, total: current });
  const totalRows = current ?? (kept?.key === keptKey ? kept.total : null);

  return {
    rowAt: (index) => {
      const b = Math.floor(index / BLOCK_ROWS);
      const i = blocks.indexOf(b);
      const page = i < 0 ? undefined : results[i]!.data;
      return page?.rows[index - page.offset];
    },
    totalRows,
    counting: pending && counted.data === undefined && !counted.error,
    first: results.find((r) => r.data)?.data,
    error: results.find((r) => r.error)?.error ?? counted.error ?? null,
    fetching: results.some((r) => r.isFetching) || counted.isFetching,
  };
}
