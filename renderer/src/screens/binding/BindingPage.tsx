import { useMemo, useState } from 'react';
import { ErrorState } from '../../components/ErrorState.js';
import { toGsError } from '../../lib/bridgeQuery.js';
import { hrefs, navigate, replaceRoute } from '../../lib/router.js';
import { usePull } from '../../features/workspace/workspaceQueries.js';
import { BindingForm } from './BindingForm.js';
import type { BindingRequest } from './bindingForm.js';
import { bindingProblemsOf } from './bindingProblems.js';
import { BindingResults } from './BindingResults.js';
import { bindingSearch, readBindingRoute } from './route.js';
import { describeBinding } from './describeBinding.js';
import { useStartBindingPull } from './useBindingPull.js';
import { datasetName } from '../../features/constraints/constraintDatasets.js';
import { useConstraintDatasets } from '../../features/constraints/useConstraintDatasets.js';
import { gridSearch } from '../../features/constraints/gridChoice.js';
import { useMarketTime } from '../../features/time/useMarketTime.js';
import './binding.css';

/**
 * Binding constraints (`#/binding?dataset=…&start=…&end=…&threshold=…&limit=…&pull=…`): the binding rows of a
 * constraint dataset over a window, above a shadow-price threshold, pulled into the workspace
 * (`workspace:pullBinding`, docs/api.md#binding-rows) and shown with the explorer's table, chart and exports. The
 * address keeps the pull, so a reload or Back reopens the same rows without a new request. With rows shown, the form
 * folds to a summary line and the results fill the window, as on the query page.
 */
export function BindingPage({ search }: { search: string }) {
  const route = useMemo(() => readBindingRoute(search), [search]);
  const start = useStartBindingPull();
  const [sent, setSent] = useState<BindingRequest | null>(null);
  const pullQ = usePull(route.pullId);
  const pull = pullQ.data;

  const pullRows = (request: BindingRequest) => {
    setSent(request);
    start.mutate(request, {
      onSuccess: (record) => navigate(hrefs.binding(bindingSearch({ ...request, pullId: record.id, view: null }))),
    });
  };
  // A refusal by a field: the call's (bridge or service), else a failed pull's error text.
  const failedPull = pull?.state === 'failed' && pull.error ? new Error(pull.error) : null;
  const problems = start.isError
    ? bindingProblemsOf(start.error, sent?.threshold ?? null)
    : bindingProblemsOf(failedPull, pull?.binding?.priceThreshold ?? route.threshold);
  const formKey = gridSearch(route.choice, { threshold: route.threshold, limit: route.limit });
  const datasetText = datasetName(useConstraintDatasets({ mode: 'cached' }).options, route.choice.datasetId);
  const time = useMarketTime(route.choice.market);
  // A new pull folds the form away, so the table has the window; a refusal by a field opens it again.
  const [fold, setFold] = useState({ pullId: route.pullId, open: route.pullId === null });
  if (fold.pullId !== route.pullId) setFold({ pullId: route.pullId, open: route.pullId === null });
  const open = fold.open || Object.keys(problems).length > 0;
  const shown = pull?.kind === 'binding' ? pull : null;

  return (
    <article
      className={shown ? 'page binding-page with-results' : 'page binding-page'}
      aria-labelledby="binding-title"
      data-testid="binding-page"
    >
      <header className="page-header">
        <h1 id="binding-title">Binding constraints</h1>
        {!shown && (
          <p className="muted page-intro">
            The rows of a constraint dataset in which a constraint bound, with its contingency and shadow price ($/MWh), pulled
            into the workspace: sort, filter, chart and export them offline.
          </p>
        )}
      </header>
      <details
        className="query-form-box binding-form-box"
        open={open}
        onToggle={(e) => {
          const now = (e.currentTarget as HTMLDetailsElement).open;
          if (now !== open) setFold({ ...fold, open: now });
        }}
      >
        <summary>
          <span className="summary-title">{open ? 'Rows to pull' : 'Edit'}</span>
          <span className="muted summary-text" data-testid="binding-summary">
            {describeBinding(route, datasetText, time.zone)}
          </span>
        </summary>
        <BindingForm key={formKey} route={route} busy={start.isPending} onPull={pullRows} serverProblems={problems} />
      </details>
      {start.isError && Object.keys(problems).length === 0 && (
        <ErrorState
          error={start.error}
          heading="The binding rows were not pulled"
          verb="workspace:pullBinding"
          {...(sent ? { onRetry: () => pullRows(sent) } : {})}
        />
      )}
      {start.isPending && (
        <p className="pull-status running" role="status">
          <span className="spinner" aria-hidden="true" /> Starting the pull…
        </p>
      )}
      {route.pullId !== null && pullQ.isError && (
        <p className="notice" role="status" data-testid="pull-missing">
          These rows are no longer in the workspace ({toGsError(pullQ.error).message}) Pull them again.
        </p>
      )}
      {pull?.kind === 'query' && (
        <p className="notice" role="status" data-testid="pull-missing">
          Pull {pull.id} is a dataset query, not binding rows: <a href={hrefs.history}>open it from the history</a>.
        </p>
      )}
      {pull?.kind === 'local' && (
        <p className="notice" role="status" data-testid="pull-missing">
          Pull {pull.id} holds downloaded files, not binding rows:{' '}
          <a href={hrefs.review(`pull=${pull.id}`)}>open it for offline review</a>.
        </p>
      )}
      {shown && (
        <BindingResults
          pull={shown}
          limit={route.limit}
          view={route.view}
          onViewChange={(view) => replaceRoute(hrefs.binding(bindingSearch({ ...route, view })))}
        />
      )}
    </article>
  );
}
