import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ProfilesState } from '../../../shared/bridge/contract.js';
import { callBridge } from '../lib/bridgeQuery.js';
import { useBridge } from '../lib/BridgeContext.js';
import { queryKeys } from '../lib/queries.js';

/** How often the notice re-reads `profiles:get`, in ms. */
export const EMBEDDED_STATUS_POLL_MS = 5_000;

/** The embedded service's message when it failed or was restarted; undefined for Remote or while starting. */
export function embeddedNoticeText(state: ProfilesState | undefined): string | undefined {
  if (!state || state.active !== 'embedded') return undefined;
  const { status, message } = state.embedded;
  if (status === 'failed') return message ?? 'The embedded data service is not running.';
  return status === 'running' ? message : undefined;
}

/** A dismissible notice of an embedded service restart or failure (docs/desktop.md#the-embedded-v1-service). */
export function EmbeddedNotice({ pollMs = EMBEDDED_STATUS_POLL_MS }: { pollMs?: number }) {
  const api = useBridge();
  const { data } = useQuery({
    queryKey: queryKeys.profiles,
    queryFn: ({ signal }) => callBridge(api, 'profiles:get', {}, { signal }),
    staleTime: 0,
    refetchInterval: pollMs,
  });
  const [dismissed, setDismissed] = useState<string>();
  const text = embeddedNoticeText(data);
  if (!text || text === dismissed) return null;
  return (
    <div className="warning-box embedded-notice" role="status" data-testid="embedded-notice" data-status={data?.embedded.status}>
      <span>{text}</span>{' '}
      <button type="button" onClick={() => setDismissed(text)}>
        Dismiss
      </button>
    </div>
  );
}
