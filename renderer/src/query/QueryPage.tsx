import { useMemo } from 'react';
import { ErrorState } from '../components/ErrorState.js';
import { fieldErrorOf } from '../components/fieldErrors.js';
import { toGsError } from '../lib/bridgeQuery.js';
import { Skeleton } from '../components/Skeleton.js';
import { formatCount } from '../lib/format.js';
import { useDataset } from '../lib/queries.js';
import { hrefs } from '../lib/router.js';
import { EstimatePanel } from './EstimatePanel.js';
import { QueryForm } from './QueryForm.js';
import type { QueryFormMemory } from './QueryForm.js';
import { RequestStatusLine } from './RequestStatusLine.js';
import { ResultsTable } from './ResultsTable.js';
import { useQueryRun } from './useQueryRun.js';

/**
 * Query explorer (`#/datasets/<id>/query`, docs/desktop.md#the-query-page): form, estimate, retry state and Cancel,
 * rows page by page. A refusal of one field is shown by it; any other failure in the error panel.
 */
export function QueryPage({ datasetId, formMemory }: { datasetId: string; formMemory?: QueryFormMemory }) {
  const q = useDataset(datasetId);
  const run = useQueryRun(datasetId);
  const { phase, estimate, loaded } = run;
  const busy = phase.kind === 'estimating' || phase.kind === 'running';
  const fieldError = useMemo(() => (phase.kind === 'error' ? (fieldErrorOf(toGsError(phase.error)) ?? null) : null), [phase]);

  return (
    <article className="page query" aria-labelledby="query-title" data-testid="query-page">
      <nav className="breadcrumb" aria-label="Breadcrumb">
        <a href={hrefs.dataset(datasetId)} data-testid="back-to-dataset">
          ← {q.data?.name ?? datasetId}
        </a>
      </nav>
      <header className="page-header">
        <h1 id="query-title">Query {q.data && <span className="muted">{q.data.name}</span>}</h1>
      </header>
      {q.isPending && <Skeleton label="Loading dataset…" />}
      {q.isError && <ErrorState error={q.error} what={`dataset ${datasetId}`} onRetry={() => void q.refetch()} />}
      {q.data && (
        <QueryForm
          dataset={q.data}
          busy={busy}
          onSubmit={(r) => void run.start(r)}
          serverError={fieldError}
          {...(formMemory ? { memory: formMemory } : {})}
        />
      )}
      {estimate && (
        <EstimatePanel
          estimate={estimate}
          {...(phase.kind === 'confirm' ? { confirm: { onRunAnyway: run.runAnyway, onDismiss: run.dismiss } } : {})}
        />
      )}
      {phase.kind === 'estimating' && (
        <RequestStatusLine key={phase.requestId} requestId={phase.requestId} label="Estimating…" onCancel={run.cancel} />
      )}
      {phase.kind === 'running' && (
        <RequestStatusLine
          key={phase.requestId}
          requestId={phase.requestId}
          label={phase.more ? 'Loading more rows…' : 'Running query…'}
          onCancel={run.cancel}
        />
      )}
      {phase.kind === 'error' && !fieldError && (
        <ErrorState
          error={phase.error}
          heading="The query did not run"
          verb={phase.failed.kind === 'estimate' ? 'datasets:estimate' : 'datasets:query'}
          onRetry={run.retry}
        />
      )}
      {loaded && (
        <section className="card results" aria-labelledby="results-title">
          <h2 id="results-title">
            Results{' '}
            <span className="muted" data-testid="result-count">
              ({formatCount(loaded.rows.length)} {loaded.rows.length === 1 ? 'row' : 'rows'} loaded
              {loaded.hasNextPage ? ', more available' : ''}; data time zone {loaded.datasetTimezone})
            </span>
          </h2>
          {loaded.rows.length === 0 ? (
            <p className="muted" data-testid="results-empty">
              No rows in this window.
            </p>
          ) : (
            <ResultsTable columns={loaded.columns} rows={loaded.rows} />
          )}
          {loaded.hasNextPage && (
            <div className="actions">
              <button type="button" onClick={run.loadMore} disabled={busy} data-testid="load-more">
                Load more
              </button>
            </div>
          )}
        </section>
      )}
    </article>
  );
}
