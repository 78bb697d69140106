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
 * The current stretch of /v1-backed fetching: its number (`id`, one more per stretch) and whether
 * it has lasted {@link STATUS_POLL_MS} yet (`due`); null while nothing is fetching. Quick fetches
 * (most usage refreshes and suggestion lookups) end before they are due, so they are never polled about.
 */
function useSlowFetching(): { id: number; due: boolean } | null {
  const fetching = useIsFetching({ predicate: (q) => !LOCAL_KEYS.has(String(q.queryKey[0])) }) > 0;
  const [stretch, setStretch] = useState({ id: 0, active: false, due: false });
  // A new stretch starts when fetching starts (state adjusted while rendering, not in an effect).
  if (fetching !== stretch.active) setStretch({ id: fetching ? stretch.id + 1 : stretch.id, active: fetching, due: false });
  const current = stretch.active ? stretch.id : undefined;
  useEffect(() => {
    if (current === undefined) return;
    const timer = setTimeout(() => setStretch((s) => (s.active && s.id === current ? { ...s, due: true } : s)), STATUS_POLL_MS);
    return () => clearTimeout(timer);
  }, [current]);
  return fetching && stretch.active ? { id: stretch.id, due: stretch.due } : null;
}

/**
 * The status bar's activity line (docs/desktop.md "Retries, timeouts and cancellation": the retry
 * state of every /v1 call is visible, not only the query page's). Once /v1-backed queries have
 * been fetching for {@link STATUS_POLL_MS} it polls `requests:status` every {@link STATUS_POLL_MS}
 * for the calls this page issued (not another tab's on the web host) and shows each background call the proxy is waiting to retry, e.g.
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
    queryKey: ['requests', 'status', 'page', period?.id ?? null],
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
  // Each stretch has its own query (gcTime 0), so `data` is never an earlier stretch's answer.
  if (!period || !polling || !status.data) return null;
  const mine = new Set(pageRequestIds());
  const retrying = status.data.filter(
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
