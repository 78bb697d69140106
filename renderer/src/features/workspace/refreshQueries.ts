import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callBridge } from '../../lib/bridgeQuery.js';
import { useBridge } from '../../lib/BridgeContext.js';
import { queryKeys } from '../../lib/queries.js';
import { workspaceKeys } from './workspaceQueries.js';

/** TanStack key of a pull's dataset changes (under the workspace's keys: reset with the profile). */
export const changesKey = (pullId: number) => [...queryKeys.workspace, 'changes', pullId] as const;

/** How long a check answers before the page asks main again (main caches /v1's answer as long). */
const CHANGES_STALE_MS = 10 * 60_000;

/**
 * `workspace:changes` for a reopened pull: whether its dataset has update records since (docs/workspace.md#refresh-and-provenance).
 * `enabled` false (a pull this page just ran, or one still running) sends nothing. A failed check is not retried.
 */
export function usePullChanges(pullId: number, enabled: boolean) {
  const api = useBridge();
  return useQuery({
    queryKey: changesKey(pullId),
    enabled,
    queryFn: ({ signal }) => callBridge(api, 'workspace:changes', { pullId }, { signal }),
    staleTime: CHANGES_STALE_MS,
    retry: false,
  });
}

/**
 * `workspace:refresh`: answers the refresh's history entry; meanwhile the pull is polled for its `refreshing` figures
 * (usePull), then the pull, its rows, its history and usage are read again.
 */
export function useRefreshPull() {
  const api = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: workspaceKeys.refresh,
    mutationFn: (pullId: number) => callBridge(api, 'workspace:refresh', { pullId }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.workspace });
      void queryClient.invalidateQueries({ queryKey: queryKeys.usage });
    },
  });
}
