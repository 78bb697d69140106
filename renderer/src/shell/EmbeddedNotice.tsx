import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ProfilesState } from '../../../shared/bridge/contract.js';
import { callBridge } from '../lib/bridgeQuery.js';
import { useBridge } from '../lib/BridgeContext.js';
import { queryKeys } from '../lib/queries.js';

/** How often the notice re-reads `profiles:get`, in ms: the embedded service can stop at any time. */
export const EMBEDDED_STATUS_POLL_MS = 5_000;

/**
 * The sentence to show for the embedded service's status, if any: its message when it failed, or
 * when it runs again after stopping unexpectedly (the only message a running service carries).
 * Nothing while the Remote profile is active, or for "starting" (first start, or a restart under way).
 */
export function embeddedNoticeText(state: ProfilesState | undefined): string | undefined {
  if (!state || state.active !== 'embedded') return undefined;
  const { status, message } = state.embedded;
  if (status === 'failed') return message ?? 'The embedded data service is not running.';
  return status === 'running' ? message : undefined;
}

/**
 * A small, non-blocking notice above the page when the embedded data service stopped unexpectedly
 * and was restarted, or could not be (re)started (docs/desktop.md, "The embedded /v1 service").
 * Reads `profiles:get` every {@link EMBEDDED_STATUS_POLL_MS} ms through the shared profiles query.
 * Dismiss hides that message; a new one (another restart) shows again.
 */
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
