import { useEffect, useRef } from 'react';
import { useIsMutating, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PullQuery, PullRecord } from '../../../../shared/bridge/contract.js';
import { BridgeError, callBridge } from '../../lib/bridgeQuery.js';
import { useBridge } from '../../lib/BridgeContext.js';
import { queryKeys } from '../../lib/queries.js';

/** How often a running pull's progress is read, in ms. */
export const PULL_POLL_MS = 400;

/** TanStack keys of the workspace, all under {@link queryKeys.workspace} (reset when the profile changes). */
export const workspaceKeys = {
  pull: (id: number) => [...queryKeys.workspace, 'pull', id] as const,
  allPulls: [...queryKeys.workspace, 'pulls'] as const,
  pulls: (datasetId: string | null) => [...queryKeys.workspace, 'pulls', datasetId] as const,
  rows: (pullId: number) => [...queryKeys.workspace, 'rows', pullId] as const,
  values: (pullId: number, column: string) => [...queryKeys.workspace, 'values', pullId, column] as const,
  saved: [...queryKeys.workspace, 'saved'] as const,
  /** Mutation key of `workspace:refresh` (its variables are the pull's id). */
  refresh: [...queryKeys.workspace, 'refresh'] as const,
};

/**
 * One pull's record from `workspace:pulls`, polled every {@link PULL_POLL_MS} while it runs or a Refresh of it is
 * asked (its `refreshing` figures). When it ends, the history
 * lists and the usage meter are refreshed. An unknown id fails with `not_found` (deleted, or another profile's).
 */
export function usePull(pullId: number | null) {
  const api = useBridge();
  const queryClient = useQueryClient();
  const refreshing = useIsMutating({ mutationKey: workspaceKeys.refresh, predicate: (m) => m.state.variables === pullId }) > 0;
  const q = useQuery({
    queryKey: workspaceKeys.pull(pullId ?? 0),
    enabled: pullId !== null,
    queryFn: async ({ signal }) => {
      const [record] = await callBridge(api, 'workspace:pulls', { pullIds: [pullId!] }, { signal });
      if (!record) throw new BridgeError({ code: 'not_found', message: `Pull ${pullId} is not in this profile's workspace.` });
      return record;
    },
    refetchInterval: (query) => (query.state.data?.state === 'running' || refreshing ? PULL_POLL_MS : false),
    staleTime: (query) => (query.state.data?.state === 'running' || refreshing ? 0 : Infinity),
    retry: false,
  });
  const state = q.data?.state;
  const wasRunning = useRef(false);
  useEffect(() => {
    if (state === 'running') wasRunning.current = true;
    else if (state && wasRunning.current) {
      wasRunning.current = false;
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.allPulls });
      void queryClient.invalidateQueries({ queryKey: queryKeys.usage });
    }
  }, [state, queryClient]);
  return q;
}

/** Most pulls a history list shows. */
export const HISTORY_LIMIT = 200;

/** The workspace's pulls, newest first: all datasets, or one. */
export function usePullList(datasetId: string | null = null) {
  const api = useBridge();
  return useQuery({
    queryKey: workspaceKeys.pulls(datasetId),
    queryFn: ({ signal }) =>
      callBridge(api, 'workspace:pulls', { limit: HISTORY_LIMIT, ...(datasetId ? { datasetId } : {}) }, { signal }),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.some((p) => p.state === 'running') ? 2000 : false),
  });
}

/** The saved queries, newest first. */
export function useSavedQueries() {
  const api = useBridge();
  return useQuery({
    queryKey: workspaceKeys.saved,
    queryFn: ({ signal }) => callBridge(api, 'workspace:savedQueries', {}, { signal }),
    staleTime: 0,
  });
}

/** Starts a pull (`workspace:pull`); the new record is cached so the page shows it before the first poll. */
export function useStartPull() {
  const api = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { query: PullQuery; expectedRows?: number }) => callBridge(api, 'workspace:pull', input),
    onSuccess: (record: PullRecord) => {
      queryClient.setQueryData(workspaceKeys.pull(record.id), record);
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.allPulls });
    },
  });
}

/** `workspace:cancel`: the pull stops; its rows stay. Its record is read again at once. */
export function useCancelPull() {
  const api = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pullId: number) => callBridge(api, 'workspace:cancel', { pullId }),
    onSettled: (_r, _e, pullId) => void queryClient.invalidateQueries({ queryKey: workspaceKeys.pull(pullId) }),
  });
}

/** `workspace:deletePull`: the pull and its rows leave the workspace. */
export function useDeletePull() {
  const api = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pullId: number) => callBridge(api, 'workspace:deletePull', { pullId }),
    onSuccess: (_r, pullId) => {
      queryClient.removeQueries({ queryKey: workspaceKeys.pull(pullId) });
      queryClient.removeQueries({ queryKey: workspaceKeys.rows(pullId) });
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.allPulls });
    },
  });
}

/** Saves, renames and deletes saved queries; each refreshes the list. */
export function useSavedQueryMutations() {
  const api = useBridge();
  const queryClient = useQueryClient();
  const onSuccess = () => void queryClient.invalidateQueries({ queryKey: workspaceKeys.saved });
  return {
    save: useMutation({
      mutationFn: (input: { name: string; query: PullQuery }) => callBridge(api, 'workspace:saveQuery', input),
      onSuccess,
    }),
    rename: useMutation({
      mutationFn: (input: { id: number; name: string }) => callBridge(api, 'workspace:renameSaved', input),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: number) => callBridge(api, 'workspace:deleteSaved', { id }),
      onSuccess,
    }),
  };
}
