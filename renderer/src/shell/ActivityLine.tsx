import { useEffect, useState } from 'react';
import { useIsFetching, useQuery } from '@tanstack/react-query';
import type { RequestStatus, Verb } from '../../../shared/bridge/contract.js';
import { callBridge } from '../lib/bridgeQuery.js';
import { useBridge } from '../lib/BridgeContext.js';
import { pageRequestIds } from '../lib/requestId.js';
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
 * When the current stretch of /v1-backed fetching began (`since`, ms) and whether it has lasted
 * {@link STATUS_POLL_MS} yet (`due`); null while nothing is fetching. Quick fetches (most usage
 * refreshes and suggestion lookups) end before they are due, so they are never polled about.
 */
function useSlowFetching(): { since: number; due: boolean } | null {
  const fetching = useIsFetching({ predicate: (q) => !LOCAL_KEYS.has(String(q.queryKey[0])) }) > 0;
  const [period, setPeriod] = useState<{ since: number; due: boolean } | null>(null);
  // A new stretch starts when fetching starts (state adjusted while rendering, not in an effect).
  if (fetching && period === null) setPeriod({ since: Date.now(), due: false });
  if (!fetching && period !== null) setPeriod(null);
  const since = period?.since;
  useEffect(() => {
    if (since === undefined) return;
    const timer = setTimeout(() => setPeriod((p) => (p?.since === since ? { since, due: true } : p)), STATUS_POLL_MS);
    return () => clearTimeout(timer);
  }, [since]);
  return fetching ? period : null;
}

/**
 * The status bar's activity line (issue 5: retry state visible in the UI for every /v1 call, not
 * only the query page's). Once /v1-backed queries have been fetching for {@link STATUS_POLL_MS} it
 * polls `requests:status` every {@link STATUS_POLL_MS} for the calls this page issued (not another
 * tab's on the web host) and shows each background call the proxy is waiting to retry, e.g.
 * "Catalogue: Rate limited — retrying in 3 s (attempt 2 of 4)"; it renders nothing otherwise.
 * Statuses from an earlier stretch of fetching are never shown (each stretch polls afresh).
 * Calls of `datasets:query` / `datasets:estimate` are left to the query page's own status line.
 */
export function ActivityLine() {
  const api = useBridge();
  const period = useSlowFetching();
  const polling = period?.due === true;
  const status = useQuery({
    // Keyed by the stretch, so a new one starts without the last one's answers.
    queryKey: ['requests', 'status', 'page', period?.since ?? null],
    queryFn: ({ signal }) => {
      const requestIds = pageRequestIds();
      return requestIds.length === 0 ? Promise.resolve([]) : callBridge(api, 'requests:status', { requestIds }, { signal });
    },
    enabled: polling,
    refetchInterval: polling ? STATUS_POLL_MS : false,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  if (!period || !polling || status.dataUpdatedAt < period.since) return null;
  const mine = new Set(pageRequestIds());
  const retrying = (status.data ?? []).filter(
    (s): s is RequestStatus & { verb: keyof typeof LABELS } => s.state === 'retrying' && s.verb in LABELS && mine.has(s.requestId),
  );
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
