import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { QueryEstimate, QueryPage, VerbInput } from '../../../shared/bridge/contract.js';
import { callBridge } from '../lib/bridgeQuery.js';
import { useBridge } from '../lib/BridgeContext.js';
import { queryKeys } from '../lib/queries.js';
import { newRequestId, releaseRequestId } from '../lib/requestId.js';

/** What the form asks for: the `datasets:query` input without paging and request ids. */
export type QueryRequest = Omit<VerbInput<'datasets:query'>, 'cursor' | 'requestId' | 'pageSize'>;

/** Rows per page asked of /v1 (one "Load more" step); below every plan's per-response limit. */
export const PAGE_SIZE = 1000;

/** Where a run is: pending calls carry the `requestId` the status line polls and Cancel aborts. */
export type Phase =
  | { kind: 'idle' }
  | { kind: 'estimating'; requestId: string }
  | { kind: 'confirm'; request: QueryRequest }
  | { kind: 'running'; requestId: string; more: boolean }
  | { kind: 'done' }
  | { kind: 'error'; error: unknown; failed: FailedStep };

/** What a failed run was doing, so {@link useQueryRun}'s `retry` can do it again. */
export type FailedStep = { kind: 'estimate'; request: QueryRequest } | { kind: 'page'; request: QueryRequest; previous: Loaded | null };

/** Rows loaded so far (all pages) and how to fetch the next page. */
export interface Loaded extends QueryPage {
  request: QueryRequest;
}

/**
 * The query explorer's flow (docs/desktop.md "The query page"): `datasets:estimate` first; with warnings it stops at
 * `confirm` until {@link runAnyway}, else the query runs at once. Each call has a fresh
 * `requestId` (watched by the status line, aborted by {@link cancel}); pages accumulate via the
 * cursor ({@link loadMore}). The usage meter is refreshed after every query page.
 *
 * Each run (start, run anyway, load more, a retry) has its own AbortController, whose signal goes
 * to every call of the run: a new run aborts the previous one, and so does leaving the page
 * (unmount), so a superseded estimate or query stops on the host instead of still counting rows.
 * An aborted run just ends: its `cancelled` answer is not shown. ({@link cancel}, the user's
 * Cancel, is shown: the call then fails with `cancelled` through the error state.)
 */
export function useQueryRun(datasetId: string) {
  const api = useBridge();
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [estimate, setEstimate] = useState<QueryEstimate | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  /** The current run's controller; answers of a superseded (aborted) run are dropped. */
  const current = useRef<AbortController | null>(null);

  /** Aborts the run in progress, if any, and starts a new one. */
  const newRun = useCallback(() => {
    current.current?.abort();
    const run = new AbortController();
    current.current = run;
    return run;
  }, []);

  // Leaving the page aborts the pending call (the host then stops it and its /v1 request).
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
        setLoaded(previous ? { ...previous, rows: [...previous.rows, ...page.rows], hasNextPage: page.hasNextPage, cursor: page.cursor } : { ...page, request });
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

  /** Estimates `request`, then runs it unless the estimate warns. */
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

  /** Leaves the confirmation without running anything. */
  const dismiss = useCallback(() => {
    newRun();
    setPhase({ kind: 'idle' });
  }, [newRun]);

  const loadMore = useCallback(() => {
    if (loaded?.hasNextPage) void fetchPage(loaded.request, loaded, newRun());
  }, [loaded, fetchPage, newRun]);

  /** Does the failed step again: the estimate (and the query after it), or the page that failed. */
  const retry = useCallback(() => {
    if (phase.kind !== 'error') return;
    const { failed } = phase;
    if (failed.kind === 'estimate') void start(failed.request);
    else void fetchPage(failed.request, failed.previous, newRun());
  }, [phase, start, fetchPage, newRun]);

  /** Aborts the pending call; it then fails with `cancelled`, shown by the error state. */
  const cancel = useCallback(() => {
    if (phase.kind === 'estimating' || phase.kind === 'running') void callBridge(api, 'requests:cancel', { requestId: phase.requestId }).catch(() => undefined);
  }, [api, phase]);

  return { phase, estimate, loaded, start, runAnyway, dismiss, loadMore, retry, cancel };
}
