import { useQuery } from '@tanstack/react-query';
import type { RequestStatus } from '../../../shared/bridge/contract.js';
import { callBridge } from '../lib/bridgeQuery.js';
import { useBridge } from '../lib/BridgeContext.js';

/** How often a pending call's state is polled (docs/desktop.md "Retry state in the UI"), in ms. */
export const STATUS_POLL_MS = 500;

/**
 * One line for a call in flight: "Rate limited — retrying in 8 s (attempt 2 of 4)" while the proxy
 * waits to retry, else "Running… (attempt 2 of 4)" / the idle label.
 */
export function describeStatus(status: RequestStatus | undefined, label: string): string {
  if (!status) return label;
  const attempt = `(attempt ${status.attempt} of ${status.maxAttempts})`;
  if (status.state === 'retrying') {
    const why = status.reason && /\b429\b|rate limit/i.test(status.reason) ? 'Rate limited' : 'Temporary failure';
    const secs = Math.max(1, Math.ceil((status.retryInMs ?? 0) / 1000));
    return `${why} — retrying in ${secs} s ${attempt}`;
  }
  return status.attempt > 1 ? `${label} ${attempt}` : label;
}

/** Props of {@link RequestStatusLine}. */
export interface RequestStatusLineProps {
  requestId: string;
  /** What is running, e.g. "Estimating…" or "Running query…". */
  label: string;
  onCancel: () => void;
}

/**
 * Polls `requests:status` for one `requestId` every {@link STATUS_POLL_MS} while mounted (the
 * parent mounts it only while the call is pending), shows its retry state and a Cancel button.
 * `data-verb` names the verb the host reports for the call (absent until the first status), so
 * tests can tell the estimate's retries from the query's.
 */
export function RequestStatusLine({ requestId, label, onCancel }: RequestStatusLineProps) {
  const api = useBridge();
  const status = useQuery({
    queryKey: ['requests', 'status', requestId],
    queryFn: ({ signal }) => callBridge(api, 'requests:status', { requestIds: [requestId] }, { signal }),
    refetchInterval: STATUS_POLL_MS,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const mine = status.data?.find((s) => s.requestId === requestId);
  const retrying = mine?.state === 'retrying';
  return (
    <div
      className={retrying ? 'request-status retrying' : 'request-status'}
      data-testid="request-status"
      data-state={mine?.state ?? 'pending'}
      data-verb={mine?.verb}
    >
      <span className="spinner" aria-hidden="true" />
      <span role="status" aria-live="polite" data-testid="request-status-text">
        {describeStatus(mine, label)}
      </span>
      {retrying && mine.reason && <span className="muted request-reason">{mine.reason}</span>}
      <button type="button" onClick={onCancel} data-testid="cancel-request">
        Cancel
      </button>
    </div>
  );
}
