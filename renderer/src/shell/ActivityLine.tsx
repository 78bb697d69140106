import { useEffect, useState } from 'react';
import { useIsFetching, useQuery } from '@tanstack/react-query';
import type { RequestStatus, Verb } from '../../../shared/bridge/contract.js';
import { callBridge } from '../lib/bridgeQuery.js';
import { useBridge } from '../lib/BridgeContext.js';
import { pageRequestIds } from '../lib/requestId.js';
import { describeStatus, STATUS_POLL_MS } from '../features/requests/RequestStatusLine.js';

const LABELS: Partial<Record<Verb, string>> = {
  'datasets:list': 'Catalogue',
  'datasets:get': 'Dataset',
  'datasets:audit': 'Audit',
  'usage:get': 'Usage',
  'datasets:columnValues': 'Filter suggestions',
};

const LOCAL_KEYS = new Set(['requests', 'profiles', 'app']);

// The current stretch of /v1 fetching (`id`) and whether it has lasted STATUS_POLL_MS (`due`): quick fetches are never polled about.
function useSlowFetching(): { id: number; due: boolean } | null {
  const fetching = useIsFetching({ predicate: (q) => !LOCAL_KEYS.has(String(q.queryKey[0])) }) > 0;
  const [stretch, setStretch] = useState({ id: 0, active: false, due: false });
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
 * Status-bar line naming this page's background calls the proxy is retrying (docs/desktop.md#retries-timeouts-and-cancellation);
 * polls `requests:status` only after {@link STATUS_POLL_MS} of fetching; query-page verbs are left to that page.
 */
export function ActivityLine() {
  const api = useBridge();
  const period = useSlowFetching();
  const polling = period?.due === true;
  const status = useQuery({
    // Keyed by the stretch (gcTime 0), so `data` is never an earlier stretch's answer.
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
  if (!period || !polling || !status.data) return null;
  const mine = new Set(pageRequestIds());
  const retrying = status.data.filter(
    (s): s is RequestStatus & { verb: keyof typeof LABELS } =>
      s.state === 'retrying' && s.verb in LABELS && mine.has(s.requestId),
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
