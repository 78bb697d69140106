import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DisplaySettings, TimeDisplay } from '../../../../shared/bridge/display.js';
import { DEFAULT_DISPLAY } from '../../../../shared/bridge/display.js';
import { callBridge } from '../../lib/bridgeQuery.js';
import { useBridge } from '../../lib/BridgeContext.js';

/** TanStack key of the display preferences (not under a profile: they belong to the user). */
export const displayKey = ['display'] as const;

/** `display:get`: the user's display preferences; market time until they are read (and if they cannot be). */
export function useDisplaySettings(): DisplaySettings {
  const api = useBridge();
  const q = useQuery({
    queryKey: displayKey,
    queryFn: () => callBridge(api, 'display:get', {}),
    staleTime: Infinity,
    retry: false,
  });
  return q.data ?? DEFAULT_DISPLAY;
}

/** `display:set` for the time display: shown at once, kept by main; the old choice comes back if saving fails. */
export function useSetTimeDisplay() {
  const api = useBridge();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (times: TimeDisplay) => callBridge(api, 'display:set', { times }),
    onMutate: (times) => {
      const before = client.getQueryData<DisplaySettings>(displayKey);
      client.setQueryData<DisplaySettings>(displayKey, { ...(before ?? DEFAULT_DISPLAY), times });
      return { before };
    },
    onError: (_e, _times, context) => client.setQueryData(displayKey, context?.before ?? DEFAULT_DISPLAY),
    onSuccess: (saved) => client.setQueryData(displayKey, saved),
  });
}
