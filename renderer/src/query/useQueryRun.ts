import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { QueryEstimate, QueryPage, VerbInput } from '../../../shared/bridge/contract.js';
import { callBridge } from '../lib/bridgeQuery.js';
import { useBridge } from '../lib/BridgeContext.js';
import { queryKeys } from '../lib/queries.js';
import { newRequestId, releaseRequestId } from '../lib/requestId.js';

/** What the form asks for: the `datasets:query` input without paging and request ids. */
export type QueryRequest = Omit<VerbInput<'datasets:query'>, 'cursor' | 'requestId' | 'pageSize'>;

/** Rows per page (one "Load more" step); below every plan's per-response limit. */
export const PAGE_SIZE = 1000;

/** Where a run is: pending calls carry the `requestId` the status line polls and Cancel aborts. */
export type Phase =
  | { kind: 'idle' }
  | { kind: 'estimating'; requestId: string }
  | { kind: 'confirm'; request: QueryRequest }
  | { kind: 'running'; requestId: string; more: boolean }
  | { kind: 'done' }
  | { kind: 'error'; error: unknown; failed: FailedStep };

/** What a failed run was doing, so `retry` can do it again. */
export type FailedStep =
  { kind: 'estimate'; request: QueryRequest } | { kind: 'page'; request: QueryRequest; previous: Loaded | null };

/** Rows loaded so far (all pages) and how to fetch the next page. */
export interface Loaded extends QueryPage {
  request: QueryRequest;
}

/**
 * The query explorer's flow (docs/desktop.md#the-query-page): estimate, confirm if it warns, then pages by cursor.
 * Each run has its own AbortController: a new run or leaving the page aborts the last, silently (unlike `cancel`).
 */
export function useQueryRun(datasetId: string) {
  const api = useBridge();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [estimate, setEstimate] = useState<QueryEstimate | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
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

  const fetchPage = useCallback(
    async (request: QueryRequest, previous: Loaded | null, run: AbortController) => {
      const requestId = newRequestId();
      setPhase({ kind: 'running', requestId, more: previous !== null });
      const pageSize = request.limit ? Math.min(PAGE_SIZE, request.limit) : PAGE_SIZE;
      try {
        const page = await callBridge(
          api,
          'datasets:query',
          {
            ...request,
            datasetId,
            pageSize,
            requestId,
            ...(previous?.cursor ? { cursor: previous.cursor } : {}),
          },
          { signal: run.signal },
        );
        if (run.signal.aborted) return;
        setLoaded(
          previous
            ? { ...previous, rows: [...previous.rows, ...page.rows], hasNextPage: page.hasNextPage, cursor: page.cursor }
            : { ...page, request },
        );
        setPhase({ kind: 'done' });
      } catch (error) {
        if (!run.signal.aborted) setPhase({ kind: 'error', error, failed: { kind: 'page', request, previous } });
      } finally {
        releaseRequestId(requestId);
        void queryClient.invalidateQueries({ queryKey: queryKeys.usage });
      }
    },
    [api, datasetId, queryClient],
  );

  const start = useCallback(
    async (request: QueryRequest) => {
      const run = newRun();
      const requestId = newRequestId();
      setPhase({ kind: 'estimating', requestId });
      setEstimate(null);
      setLoaded(null);
      // What changes the row count; columns and order do not.
      const { startTime, endTime, filter, limit, timezone } = request;
      let est: QueryEstimate;
      try {
        est = await callBridge(
          api,
          'datasets:estimate',
          {
            datasetId,
            requestId,
            ...(startTime ? { startTime } : {}),
            ...(endTime ? { endTime } : {}),
            ...(filter ? { filter } : {}),
            ...(limit !== undefined ? { limit } : {}),
            ...(timezone !== undefined ? { timezone } : {}),
          },
          { signal: run.signal },
        );
      } catch (error) {
        if (!run.signal.aborted) setPhase({ kind: 'error', error, failed: { kind: 'estimate', request } });
        return;
      } finally {
        releaseRequestId(requestId);
      }
      if (run.signal.aborted) return;
      setEstimate(est);
      if (est.warnings.length > 0) setPhase({ kind: 'confirm', request });
      else await fetchPage(request, null, run);
    },
    [api, datasetId, fetchPage, newRun],
  );

  const runAnyway = useCallback(() => {
    if (phase.kind === 'confirm') void fetchPage(phase.request, null, newRun());
  }, [phase, fetchPage, newRun]);

  const dismiss = useCallback(() => {
    newRun();
    setPhase({ kind: 'idle' });
  }, [newRun]);

  const loadMore = useCallback(() => {
    if (loaded?.hasNextPage) void fetchPage(loaded.request, loaded, newRun());
  }, [loaded, fetchPage, newRun]);

  const retry = useCallback(() => {
    if (phase.kind !== 'error') return;
    const { failed } = phase;
    if (failed.kind === 'estimate') void start(failed.request);
    else void fetchPage(failed.request, failed.previous, newRun());
  }, [phase, start, fetchPage, newRun]);

  const cancel = useCallback(() => {
    if (phase.kind === 'estimating' || phase.kind === 'running')
      void callBridge(api, 'requests:cancel', { requestId: phase.requestId }).catch(() => undefined);
  }, [api, phase]);

  return { phase, estimate, loaded, start, runAnyway, dismiss, loadMore, retry, cancel };
}
