import { useIsFetching, useQuery } from '@tanstack/react-query';
import type { RequestStatus, Verb } from '../../../shared/bridge/contract.js';
import { callBridge } from '../lib/bridgeQuery.js';
import { useBridge } from '../lib/BridgeContext.js';
import { describeStatus, STATUS_POLL_MS } from '../query/RequestStatusLine.js';

/** What the status bar calls each background data verb (the query page shows its own verbs' state). */
const LABELS: Partial<Record<Verb, string>> = {
  'datasets:list': 'Catalogue',
  'datasets:get': 'Dataset',
  'datasets:audit': 'Audit',
  'usage:get': 'Usage',
  'datasets:columnValues': 'Filter suggestions',
};

/** Query keys whose fetches are not /v1 calls (the status poll itself, profiles, app info). */
const LOCAL_KEYS = new Set(['requests', 'profiles', 'app']);

/**
 * The status bar's activity line (issue 5: retry state visible in the UI for every /v1 call, not
 * only the query page's). While any /v1-backed query is fetching it polls `requests:status` every
 * {@link STATUS_POLL_MS} and shows each background call the proxy is waiting to retry, e.g.
 * "Catalogue: Rate limited — retrying in 3 s (attempt 2 of 4)"; it renders nothing otherwise.
 * Calls of `datasets:query` / `datasets:estimate` are left to the query page's own status line.
 */
export function ActivityLine() {
  const api = useBridge();
  const fetching = useIsFetching({ predicate: (q) => !LOCAL_KEYS.has(String(q.queryKey[0])) });
  const status = useQuery({
    queryKey: ['requests', 'status', 'all'],
    queryFn: ({ signal }) => callBridge(api, 'requests:status', {}, { signal }),
    enabled: fetching > 0,
    refetchInterval: fetching > 0 ? STATUS_POLL_MS : false,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  if (fetching === 0) return null;
  const retrying = (status.data ?? []).filter((s): s is RequestStatus & { verb: keyof typeof LABELS } => s.state === 'retrying' && s.verb in LABELS);
  if (retrying.length === 0) return null;
  return (
    <span className="activity-line request-status retrying" role="status" aria-live="polite" data-testid="activity-line">
      <span className="spinner" aria-hidden="true" />
      {retrying.map((s) => (
        <span key={s.requestId} data-testid="activity-item" data-verb={s.verb}>
          {LABELS[s.verb]}: {describeStatus(s, '')}
        </span>
      ))}
    </span>
  );
}
