import { useCallback, useEffect, useMemo, useState } from 'react';
import type { PullQuery, PullRecord } from '../../../../shared/bridge/contract.js';
import { ErrorState } from '../../components/ErrorState.js';
import { fieldErrorOf } from '../../components/fieldErrors.js';
import { toGsError } from '../../lib/bridgeQuery.js';
import { Skeleton } from '../../components/Skeleton.js';
import { useDataset } from '../../lib/queries.js';
import { queryHref, queryKey } from '../../features/workspace/queryAddress.js';
import { parseQuerySearch, sameQuery } from './route.js';
import { hrefs, navigate, replaceRoute } from '../../lib/router.js';
import { PullResults } from '../../features/workspace/PullResults.js';
import { RefreshNotice } from '../../features/workspace/RefreshNotice.js';
import { useMarketTime } from '../../features/time/useMarketTime.js';
import { PullStatus } from '../../features/workspace/PullStatus.js';
import { SaveQueryButton } from './SaveQueryButton.js';
import { useCancelPull, usePull } from '../../features/workspace/workspaceQueries.js';
import { EstimatePanel, EstimatePreview } from './EstimatePanel.js';
import { fieldsFromQuery } from './fieldsFromQuery.js';
import { QueryForm } from './QueryForm.js';
import type { QueryFormMemory } from './QueryForm.js';
import { describeQuery } from '../../features/workspace/describeQuery.js';
import { RequestStatusLine } from '../../features/requests/RequestStatusLine.js';
import { useQueryRun } from './useQueryRun.js';
import { useLiveEstimate } from './useLiveEstimate.js';
import './query.css';

/** Props of {@link QueryPage}: `search` is the route's query string (the query and the pull shown, see route.ts). */
export interface QueryPageProps {
  datasetId: string;
  search?: string;
  formMemory?: QueryFormMemory;
}

/**
 * Query explorer (`#/datasets/<id>/query?…`, docs/desktop.md#the-query-page): the form, its estimate, then a pull into
 * the workspace with its progress and Cancel, and the pulled rows as a table or chart. The address holds the query and
 * the pull (and the table's sort and filters), so reload and Back show the same form and rows, read from the workspace
 * without a new /v1 request.
 */
export function QueryPage({ datasetId, search = '', formMemory }: QueryPageProps) {
  const q = useDataset(datasetId);
  const route = useMemo(() => parseQuerySearch(datasetId, search), [datasetId, search]);
  const routeKey = queryKey(route.query);
  const [sent, setSent] = useState<{ query: string; pullId: number } | null>(null);
  const onPulled = useCallback((record: PullRecord) => {
    setSent({ query: queryKey(record.params), pullId: record.id });
    navigate(queryHref(record.params, record.id));
  }, []);
  const run = useQueryRun(onPulled);
  const { phase, estimate } = run;

  // A query arriving by the address (Back, History, a saved query) refills the form; one the form just ran does not.
  // A new pull folds the form away, so the table has the window.
  const [form, setForm] = useState({
    route: routeKey,
    pullId: route.pullId,
    version: 0,
    query: route.query,
    open: route.pullId === null,
  });
  if (form.route !== routeKey || form.pullId !== route.pullId) {
    const refill = form.route !== routeKey && sent?.query !== routeKey;
    setForm({
      route: routeKey,
      pullId: route.pullId,
      version: refill ? form.version + 1 : form.version,
      query: refill ? route.query : form.query,
      open: route.pullId === null,
    });
  }
  const [draft, setDraft] = useState<PullQuery | null>(null);
  // Only while the form is open: a folded form shows a pull, whose rows are known.
  const live = useLiveEstimate(form.open ? draft : null);
  const initialFields = useMemo(
    () => (q.data && form.query ? fieldsFromQuery(q.data, form.query) : undefined),
    [q.data, form.query],
  );
  useEffect(() => {
    if (initialFields) formMemory?.set(datasetId, initialFields);
  }, [formMemory, datasetId, initialFields]);

  const { start } = run;
  useEffect(() => {
    if (!route.run || !route.query || !q.data) return;
    replaceRoute(queryHref(route.query));
    void start(route.query);
  }, [route.run, route.query, q.data, start]);

  const pullQ = usePull(route.pullId);
  // Binding rows and downloaded files have no query to show or save: they open on their own pages.
  const queryPull = pullQ.data?.datasetId === datasetId && pullQ.data.kind === 'query' ? pullQ.data : undefined;
  // The address is the truth: a pull is shown only for the query that made it (a link a colleague sent names their pull).
  const foreign = queryPull && route.query && !sameQuery(route.query, queryPull.params) ? queryPull : undefined;
  const pull = foreign ? undefined : queryPull;
  // The form opens for the address's query, ready to run, once it is known that the pull is not shown.
  const [openedFor, setOpenedFor] = useState<number | null>(null);
  if (foreign && openedFor !== foreign.id) {
    setOpenedFor(foreign.id);
    setForm((current) => ({ ...current, open: true }));
  }
  const cancel = useCancelPull();
  const { zone } = useMarketTime(q.data?.source);
  const busy = phase.kind === 'estimating' || phase.kind === 'starting' || pull?.state === 'running';
  const fieldError = useMemo(
    () => (phase.kind === 'error' ? (fieldErrorOf(toGsError(phase.error), phase.failed.query) ?? null) : null),
    [phase],
  );
  const shownQuery: PullQuery | null = pull?.params ?? route.query;

  return (
    <article className="page query" aria-labelledby="query-title" data-testid="query-page">
      <header className="query-header">
        <nav className="breadcrumb" aria-label="Breadcrumb">
          <a href={hrefs.dataset(datasetId)} data-testid="back-to-dataset">
            ← Dataset details
          </a>
        </nav>
        {/* Until the catalogue names the dataset (or when it cannot), the id from the address says which one. */}
        <h1 id="query-title">Query {q.data ? <span className="muted">{q.data.name}</span> : <code>{datasetId}</code>}</h1>
      </header>
      {q.isPending && <Skeleton label="Loading dataset…" />}
      {q.isError && <ErrorState error={q.error} what="the dataset" onRetry={() => void q.refetch()} />}
      {route.problem && (
        <p className="notice" role="status" data-testid="route-problem">
          {route.problem} The form shows its defaults.
        </p>
      )}
      {foreign && (
        <p className="notice" role="status" data-testid="pull-foreign">
          Pull {foreign.id} was made by another query ({describeQuery(foreign.params)}), so its rows are not shown for this
          address. The form holds the address&apos;s query, ready to run.{' '}
          <a href={queryHref(foreign.params, foreign.id)}>Open pull {foreign.id} with its own query</a>
        </p>
      )}
      {q.data && (
        <details
          className="query-form-box"
          open={form.open}
          onToggle={(e) => {
            const open = (e.currentTarget as HTMLDetailsElement).open;
            if (open !== form.open) setForm({ ...form, open });
          }}
          data-testid="query-form-box"
        >
          <summary>
            <span className="summary-title">{form.open ? 'Query parameters' : 'Edit query'}</span>
            {shownQuery && (
              <span className="muted summary-text" data-testid="query-summary">
                {describeQuery(shownQuery)}
              </span>
            )}
          </summary>
          <QueryForm
            key={form.version}
            dataset={q.data}
            busy={busy}
            onRun={(query) => void run.start(query, live.of === queryKey(query) ? live.estimate : null)}
            onDraft={setDraft}
            beforeRun={phase.kind === 'idle' ? <EstimatePreview live={live} /> : null}
            serverError={fieldError}
            {...(initialFields ? { initial: initialFields } : {})}
            {...(formMemory ? { memory: formMemory } : {})}
          />
        </details>
      )}
      {estimate && (phase.kind !== 'idle' || (pull?.state === 'running' && pull.id === sent?.pullId)) && (
        <EstimatePanel
          estimate={estimate}
          {...(phase.kind === 'confirm' ? { confirm: { onRunAnyway: run.runAnyway, onDismiss: run.dismiss } } : {})}
        />
      )}
      {phase.kind === 'estimating' && (
        <RequestStatusLine key={phase.requestId} requestId={phase.requestId} label="Estimating…" onCancel={run.cancel} />
      )}
      {phase.kind === 'starting' && (
        <p className="pull-status running" role="status">
          <span className="spinner" aria-hidden="true" /> Starting the pull…
        </p>
      )}
      {phase.kind === 'error' && !fieldError && (
        <ErrorState
          error={phase.error}
          heading="The query did not run"
          verb={phase.failed.step === 'estimate' ? 'datasets:estimate' : 'workspace:pull'}
          onRetry={run.retry}
        />
      )}
      {route.pullId !== null && pullQ.isError && (
        <p className="notice" role="status" data-testid="pull-missing">
          This result is no longer in the workspace ({toGsError(pullQ.error).message}) Run the query again to pull it.
        </p>
      )}
      {pullQ.data && !queryPull && (
        <p className="notice" role="status" data-testid="pull-missing">
          {pullQ.data.kind === 'binding' ? (
            <>
              Pull {pullQ.data.id} holds binding rows:{' '}
              <a href={hrefs.binding(`pull=${pullQ.data.id}`)}>open it on the Binding page</a>.
            </>
          ) : pullQ.data.kind === 'local' ? (
            <>
              Pull {pullQ.data.id} holds downloaded files:{' '}
              <a href={hrefs.review(`pull=${pullQ.data.id}`)}>open it for offline review</a>.
            </>
          ) : (
            <>
              Pull {pullQ.data.id} is of another dataset ({pullQ.data.datasetId}).
            </>
          )}
        </p>
      )}
      {pull && q.data && (
        <>
          <div className="run-line">
            <PullStatus pull={pull} onCancel={() => cancel.mutate(pull.id)} cancelling={cancel.isPending} />
            {estimate && phase.kind === 'idle' && pull.state !== 'running' && pull.id === sent?.pullId && (
              <EstimatePanel estimate={estimate} compact />
            )}
          </div>
          {/* A pull this page just ran is current: only a reopened one is checked for dataset updates. */}
          <RefreshNotice pull={pull} zone={zone} check={pull.id !== sent?.pullId} />
          <PullResults
            key={pull.id}
            pull={pull}
            dataset={q.data}
            view={route.view}
            onViewChange={(view) => replaceRoute(queryHref(pull.params, pull.id, false, view))}
            extra={
              <SaveQueryButton
                key={pull.id}
                query={pull.params}
                suggestedName={`${q.data.name}, ${describeQuery(pull.params)}`}
              />
            }
          />
        </>
      )}
    </article>
  );
}
