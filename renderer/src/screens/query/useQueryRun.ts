import { useCallback, useEffect, useRef, useState } from 'react';
import type { PullQuery, PullRecord, QueryEstimate } from '../../../../shared/bridge/contract.js';
import { MAX_QUERY_LIMIT } from '../../../../shared/bridge/contract.js';
import { callBridge } from '../../lib/bridgeQuery.js';
import { useBridge } from '../../lib/BridgeContext.js';
import { newRequestId, releaseRequestId } from '../../lib/requestId.js';
import { useStartPull } from '../../features/workspace/workspaceQueries.js';

/** Where a run is before its pull exists: the estimate's `requestId` is what the status line polls and Cancel aborts. */
export type Phase =
  | { kind: 'idle' }
  | { kind: 'estimating'; requestId: string }
  | { kind: 'confirm'; query: PullQuery }
  | { kind: 'starting'; query: PullQuery }
  | { kind: 'error'; error: unknown; failed: { step: 'estimate' | 'pull'; query: PullQuery } };

/**
 * The `datasets:estimate` input of a pull: what changes its row count (window, filter, limit, zone, resampling, vintage),
 * not columns, order or the aggregation.
 */
export function estimateInput(query: PullQuery, requestId: string) {
  const { datasetId, startTime, endTime, filter, limit, timezone } = query;
  const { resampleFrequency, resampleBy, publishTime, publishTimeStart, publishTimeEnd } = query;
  const shape = { resampleFrequency, resampleBy, publishTime, publishTimeStart, publishTimeEnd };
  return {
    datasetId,
    requestId,
    ...(startTime ? { startTime } : {}),
    ...(endTime ? { endTime } : {}),
    ...(filter ? { filter } : {}),
    // The estimate takes at most one query's worth; above that it sizes the whole window.
    ...(limit !== undefined && limit <= MAX_QUERY_LIMIT ? { limit } : {}),
    ...(timezone !== undefined ? { timezone } : {}),
    ...Object.fromEntries(Object.entries(shape).filter(([, v]) => v !== undefined)),
  };
}

/**
 * The query page's Run (docs/desktop.md#the-query-page): estimate, wait for "Run anyway" when it warns, then start a pull
 * in the workspace (`workspace:pull`) and hand its record to `onPulled`; the pull goes on in main. A new run or leaving
 * the page aborts a pending estimate silently (unlike `cancel`).
 */
export function useQueryRun(onPulled: (record: PullRecord) => void) {
  const api = useBridge();
  const { mutateAsync: startPull } = useStartPull();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [estimate, setEstimate] = useState<QueryEstimate | null>(null);
  const current = useRef<AbortController | null>(null);

  const newRun = useCallback(() => {
    current.current?.abort();
    const run = new AbortController();
    current.current = run;
    return run;
  }, []);

  useEffect(
    () => () => {
      current.current?.abort();
      current.current = null;
    },
    [],
  );

  const pull = useCallback(
    async (query: PullQuery, est: QueryEstimate | null, run: AbortController) => {
      setPhase({ kind: 'starting', query });
      const expected = est && !est.upperBound ? Math.min(est.estimatedRows, query.limit ?? Infinity) : undefined;
      try {
        const record = await startPull({ query, ...(expected !== undefined ? { expectedRows: expected } : {}) });
        if (run.signal.aborted) return;
        setPhase({ kind: 'idle' });
        onPulled(record);
      } catch (error) {
        if (!run.signal.aborted) setPhase({ kind: 'error', error, failed: { step: 'pull', query } });
      }
    },
    [startPull, onPulled],
  );

  // `known`: the form's live estimate of this very query, which spares asking again.
  const start = useCallback(
    async (query: PullQuery, known?: QueryEstimate | null) => {
      const run = newRun();
      let est: QueryEstimate;
      if (known) est = known;
      else {
        const requestId = newRequestId();
        setPhase({ kind: 'estimating', requestId });
        setEstimate(null);
        try {
          est = await callBridge(api, 'datasets:estimate', estimateInput(query, requestId), { signal: run.signal });
        } catch (error) {
          if (!run.signal.aborted) setPhase({ kind: 'error', error, failed: { step: 'estimate', query } });
          return;
        } finally {
          releaseRequestId(requestId);
        }
        if (run.signal.aborted) return;
      }
      setEstimate(est);
      if (est.warnings.length > 0) setPhase({ kind: 'confirm', query });
      else await pull(query, est, run);
    },
    [api, newRun, pull],
  );

  const runAnyway = useCallback(() => {
    if (phase.kind === 'confirm') void pull(phase.query, estimate, newRun());
  }, [phase, estimate, pull, newRun]);

  const dismiss = useCallback(() => {
    newRun();
    setPhase({ kind: 'idle' });
  }, [newRun]);

  const retry = useCallback(() => {
    if (phase.kind !== 'error') return;
    const { step, query } = phase.failed;
    if (step === 'estimate') void start(query);
    else void pull(query, estimate, newRun());
  }, [phase, estimate, start, pull, newRun]);

  const cancel = useCallback(() => {
    if (phase.kind === 'estimating')
      void callBridge(api, 'requests:cancel', { requestId: phase.requestId }).catch(() => undefined);
  }, [api, phase]);

  return { phase, estimate, start, runAnyway, dismiss, retry, cancel };
}
