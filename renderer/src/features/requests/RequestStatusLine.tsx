import { useQuery } from '@tanstack/react-query';
import type { RequestStatus } from '../../../../shared/bridge/contract.js';
import { callBridge } from '../../lib/bridgeQuery.js';
import { useBridge } from '../../lib/BridgeContext.js';

/** How often a pending call's state is polled, in ms (docs/desktop.md#retries-timeouts-and-cancellation). */
export const STATUS_POLL_MS = 500;

/** A call in flight in words: "Rate limit reached (429) — retrying in 8 s (attempt 2 of 4)", else `label` (with the attempt after the 1st). */
export function describeStatus(status: RequestStatus | undefined, label: string): string {
  if (!status) return label;
  const attempt = `(attempt ${status.attempt} of ${status.maxAttempts})`;
  if (status.state === 'retrying') {
    const secs = Math.max(1, Math.ceil((status.retryInMs ?? 0) / 1000));
    return `${status.cause ?? 'Temporary failure'} — retrying in ${secs} s ${attempt}`;
  }
  return status.attempt > 1 ? `${label} ${attempt}` : label;
}

/** Props of {@link RequestStatusLine}; `label` says what runs, e.g. "Running query…". */
export interface RequestStatusLineProps {
  requestId: string;
  label: string;
  onCancel: () => void;
}

/** Polls `requests:status` for `requestId` while mounted; shows its retry state, a Cancel button and `data-verb` for tests. */
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
