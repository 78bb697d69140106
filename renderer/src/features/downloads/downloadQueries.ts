import { useEffect, useRef } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MAX_EXPORT_DATES } from '../../../../shared/bridge/downloads.js';
import type { DownloadsState, LibraryState, PullRecord, VerbInput } from '../../../../shared/bridge/contract.js';
import { callBridge } from '../../lib/bridgeQuery.js';
import { useBridge } from '../../lib/BridgeContext.js';
import { workspaceKeys } from '../workspace/workspaceQueries.js';

/** How often the queue is read while a download is queued, running or verifying, in ms. */
export const ACTIVE_POLL_MS = 500;
/** How often the queue is read otherwise (to notice downloads started elsewhere), in ms. */
export const IDLE_POLL_MS = 3000;

/**
 * TanStack keys of the queue and the library. Neither is under `['datasets']`: the downloads folder and its files do not
 * belong to a profile, so switching profile keeps them.
 */
export const downloadKeys = {
  queue: ['downloads', 'queue'] as const,
  library: ['downloads', 'library'] as const,
};

/**
 * `downloads:list`, polled every {@link ACTIVE_POLL_MS} while anything is active and every {@link IDLE_POLL_MS}
 * otherwise. When more files complete, the library is read again (the calendar's "Downloaded" marks come from it).
 */
export function useDownloads() {
  const api = useBridge();
  const queryClient = useQueryClient();
  const q = useQuery({
    queryKey: downloadKeys.queue,
    queryFn: ({ signal }) => callBridge(api, 'downloads:list', {}, { signal }),
    refetchInterval: (query) => ((query.state.data?.totals.active ?? 0) > 0 ? ACTIVE_POLL_MS : IDLE_POLL_MS),
    staleTime: 0,
    retry: false,
  });
  const completed = q.data?.totals.completed;
  const seen = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (completed === undefined) return;
    if (seen.current !== undefined && completed > seen.current)
      void queryClient.invalidateQueries({ queryKey: downloadKeys.library });
    seen.current = completed;
  }, [completed, queryClient]);
  return q;
}

/**
 * `downloads:start` for any number of days: one call per {@link MAX_EXPORT_DATES} (the verb's most), in date order; the
 * last answer replaces the cached queue. A refusal part-way leaves the earlier days queued.
 */
export function useStartDownloads() {
  const api = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ datasetId, dates }: { datasetId: string; dates: string[] }) => {
      let state: DownloadsState | null = null;
      for (let i = 0; i < dates.length; i += MAX_EXPORT_DATES)
        state = await callBridge(api, 'downloads:start', { datasetId, dates: dates.slice(i, i + MAX_EXPORT_DATES) });
      if (!state) throw new Error('No days to download.');
      return state;
    },
    onSuccess: (state) => queryClient.setQueryData(downloadKeys.queue, state),
  });
}

/** A queue command: pause, resume, cancel or retry items (`ids`; none = every item), or clear the finished ones. */
export type QueueCommand =
  | { verb: 'downloads:pause' | 'downloads:resume' | 'downloads:cancel' | 'downloads:retry'; ids?: string[] }
  | { verb: 'downloads:clearFinished' };

/** Runs {@link QueueCommand}s; each answer (the new queue) replaces the cached one at once, before the next poll. */
export function useQueueCommand() {
  const api = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (c: QueueCommand) =>
      c.verb === 'downloads:clearFinished' ? callBridge(api, c.verb, {}) : callBridge(api, c.verb, c.ids ? { ids: c.ids } : {}),
    onSuccess: (state) => queryClient.setQueryData(downloadKeys.queue, state),
  });
}

/** `downloads:configure` (folder, concurrency, speed limit); the answer replaces the cached queue. */
export function useConfigureDownloads() {
  const api = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VerbInput<'downloads:configure'>) => callBridge(api, 'downloads:configure', input),
    onSuccess: (state) => {
      queryClient.setQueryData(downloadKeys.queue, state);
      void queryClient.invalidateQueries({ queryKey: downloadKeys.library });
    },
  });
}

/** `downloads:chooseFolder` (desktop dialog); a chosen folder replaces the cached queue and re-reads the library. */
export function useChooseFolder() {
  const api = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callBridge(api, 'downloads:chooseFolder', {}),
    onSuccess: ({ changed, ...state }) => {
      if (!changed) return;
      queryClient.setQueryData(downloadKeys.queue, state);
      void queryClient.invalidateQueries({ queryKey: downloadKeys.library });
    },
  });
}

/** `downloads:reveal`: the file manager at a file or the folder; `revealed: false` where none can open (web host). */
export function useReveal() {
  const api = useBridge();
  return useMutation({ mutationFn: (input: VerbInput<'downloads:reveal'>) => callBridge(api, 'downloads:reveal', input) });
}

/** `library:list`: the downloaded files by dataset (read from disk, no network). */
export function useLibrary() {
  const api = useBridge();
  return useQuery({
    queryKey: downloadKeys.library,
    queryFn: ({ signal }) => callBridge(api, 'library:list', {}, { signal }),
    staleTime: 0,
  });
}

/** `library:delete`, `library:verify` or `library:rescan` as a mutation; the answer replaces the cached library. */
export function useLibraryAction<V extends 'library:delete' | 'library:verify' | 'library:rescan'>(verb: V) {
  const api = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VerbInput<V>) => callBridge(api, verb, input) as Promise<LibraryState>,
    onSuccess: (state) => queryClient.setQueryData(downloadKeys.library, state),
  });
}

/** `workspace:openLocal`: downloaded days into a `local` pull; the record is cached so the review page shows it at once. */
export function useOpenLocal() {
  const api = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: VerbInput<'workspace:openLocal'>) => callBridge(api, 'workspace:openLocal', input),
    onSuccess: (record: PullRecord) => {
      queryClient.setQueryData(workspaceKeys.pull(record.id), record);
      void queryClient.invalidateQueries({ queryKey: workspaceKeys.allPulls });
    },
  });
}
