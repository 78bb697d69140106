import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WatchItem, WatchTarget } from '../../../../shared/bridge/watchlist.js';
import { callBridge } from '../../lib/bridgeQuery.js';
import { useBridge } from '../../lib/BridgeContext.js';
import { queryKeys } from '../../lib/queries.js';
import { withRequestId } from '../../lib/requestId.js';

// Under ['workspace']: the watchlist is kept in the active profile's workspace, so a profile switch resets it.
const keys = {
  list: [...queryKeys.workspace, 'watchlist', 'list'] as const,
  check: (days: number, lastDay: string) => [...queryKeys.workspace, 'watchlist', 'check', days, lastDay] as const,
  all: [...queryKeys.workspace, 'watchlist'] as const,
};

/** How long a look is shown before the page asks for another (ms): the grid screens' answer life. */
const LOOK_LIFE_MS = 5 * 60_000;

/** `watchlist:list`: the watched items with their last looks (no request to /v1); what a star reads. */
export function useWatchlist() {
  const api = useBridge();
  return useQuery({ queryKey: keys.list, queryFn: ({ signal }) => callBridge(api, 'watchlist:list', {}, { signal }) });
}

/**
 * `watchlist:check` over the `days` market days ending `lastDay`: a look at every item (docs/watchlist.md); the list's
 * answer is replaced by it, so the stars agree.
 */
export function useWatchlistCheck(days: number, lastDay: string) {
  const api = useBridge();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: keys.check(days, lastDay),
    queryFn: ({ signal }) =>
      withRequestId(async (requestId) => {
        const items = await callBridge(api, 'watchlist:check', { days, lastDay, requestId }, { signal });
        queryClient.setQueryData(keys.list, items);
        return items;
      }),
    staleTime: LOOK_LIFE_MS,
  });
}

function useWatchMutation<I>(run: (input: I) => Promise<unknown>, options: { lookAgain?: boolean } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      // A new item has no look yet: the Watchlist looks again when next shown (main's answers of the last minutes serve it).
      if (options.lookAgain) queryClient.removeQueries({ queryKey: [...keys.all, 'check'] });
      await queryClient.invalidateQueries({ queryKey: keys.list });
    },
  });
}

/** `watchlist:add`: stars a target (or answers the item already watching it). */
export function useStar() {
  const api = useBridge();
  return useWatchMutation((target: WatchTarget) => callBridge(api, 'watchlist:add', target), { lookAgain: true });
}

/** `watchlist:delete`. */
export function useUnstar() {
  const api = useBridge();
  return useWatchMutation((id: number) => callBridge(api, 'watchlist:delete', { id }));
}

/** `watchlist:rename`. */
export function useRenameWatch() {
  const api = useBridge();
  return useWatchMutation((input: { id: number; name: string }) => callBridge(api, 'watchlist:rename', input));
}

/** `watchlist:open`: the item's last look becomes what its next changes are counted from. */
export function useOpenWatch() {
  const api = useBridge();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number): Promise<WatchItem> => callBridge(api, 'watchlist:open', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keys.list }),
  });
}
