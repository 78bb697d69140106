import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProfilesState } from '../../../shared/bridge/contract.js';
import { callBridge } from './bridgeQuery.js';
import { useBridge } from './BridgeContext.js';
import { withRequestId } from './requestId.js';

/** TanStack query keys; everything under `['datasets']` depends on the active profile and is reset when it changes. */
export const queryKeys = {
  datasets: ['datasets'] as const,
  list: ['datasets', 'list'] as const,
  detail: (id: string) => ['datasets', 'detail', id] as const,
  audit: (id: string) => ['datasets', 'audit', id] as const,
  usage: ['datasets', 'usage'] as const,
  profiles: ['profiles'] as const,
  /** The active profile's workspace (pulls, rows, saved queries): reset with the profile too. */
  workspace: ['workspace'] as const,
  appInfo: ['app', 'info'] as const,
};

/** `datasets:list` — the catalogue of the active profile. */
export function useDatasetList() {
  const api = useBridge();
  return useQuery({
    queryKey: queryKeys.list,
    queryFn: ({ signal }) => withRequestId((requestId) => callBridge(api, 'datasets:list', { requestId }, { signal })),
  });
}

/** `datasets:get` — one dataset with its market's time zone. */
export function useDataset(datasetId: string) {
  const api = useBridge();
  return useQuery({
    queryKey: queryKeys.detail(datasetId),
    queryFn: ({ signal }) => withRequestId((requestId) => callBridge(api, 'datasets:get', { datasetId, requestId }, { signal })),
  });
}

/** `datasets:audit` — one row per market date. */
export function useDatasetAudit(datasetId: string) {
  const api = useBridge();
  return useQuery({
    queryKey: queryKeys.audit(datasetId),
    queryFn: ({ signal }) =>
      withRequestId((requestId) => callBridge(api, 'datasets:audit', { datasetId, requestId }, { signal })),
  });
}

/** How often the status-bar usage meter re-reads `/v1/api_usage`, in ms. */
export const USAGE_REFRESH_MS = 60_000;

/** `usage:get` — plan, limits and this month's usage; refreshed every minute and after each query. */
export function useUsage() {
  const api = useBridge();
  return useQuery({
    queryKey: queryKeys.usage,
    queryFn: ({ signal }) => withRequestId((requestId) => callBridge(api, 'usage:get', { requestId }, { signal })),
    staleTime: 0,
    retry: false,
    refetchInterval: USAGE_REFRESH_MS,
  });
}

/** `profiles:get` — active profile, remote URL, whether a key is set (never the key). */
export function useProfiles() {
  const api = useBridge();
  return useQuery({
    queryKey: queryKeys.profiles,
    queryFn: ({ signal }) => callBridge(api, 'profiles:get', {}, { signal }),
    staleTime: 0,
  });
}

/** `app:info` — version and host for the Settings footer. */
export function useAppInfo() {
  const api = useBridge();
  return useQuery({
    queryKey: queryKeys.appInfo,
    queryFn: ({ signal }) => callBridge(api, 'app:info', {}, { signal }),
    staleTime: Infinity,
  });
}

/** A profile-verb mutation; on success caches the new {@link ProfilesState} and resets every dataset and workspace query. */
export function useProfileMutation<TVars>(run: (vars: TVars) => Promise<ProfilesState>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (state) => {
      queryClient.setQueryData(queryKeys.profiles, state);
      void queryClient.resetQueries({ queryKey: queryKeys.datasets });
      void queryClient.resetQueries({ queryKey: queryKeys.workspace });
    },
  });
}
