import { useMemo } from 'react';
import type { LibraryState, PullRecord } from '../../../../shared/bridge/contract.js';
import { Skeleton } from '../../components/Skeleton.js';
import { toGsError } from '../../lib/bridgeQuery.js';
import { hrefs, replaceRoute } from '../../lib/router.js';
import { PullResults } from '../../features/workspace/PullResults.js';
import { useCancelPull, usePull } from '../../features/workspace/workspaceQueries.js';
import { useLibrary } from '../../features/downloads/downloadQueries.js';
import { formatBytes, formatDateRange } from '../../features/downloads/format.js';
import { datasetFromPull } from './localDataset.js';
import { LocalStatus } from './LocalStatus.js';
import { readReviewRoute, reviewSearch } from './route.js';
import '../../features/downloads/downloads.css';

/** The banner's sentence: which days of which dataset, how much, from where, and that no network is used. */
function Banner({ pull, name }: { pull: PullRecord; name: string }) {
  const local = pull.local;
  const dates = local?.dates ?? [];
  const range = formatDateRange(dates[0] ?? null, dates.at(-1) ?? null);
  const size = local ? formatBytes(local.bytes) : '—';
  // The same sentence as the banner's, for its tooltip where a short window cuts it to one line.
  const whole = `Local files: ${dates.length} downloaded ${dates.length === 1 ? 'day' : 'days'} of ${name} (${range}), ${size} from ${local?.folder ?? '—'}. Read from disk — no network is used.`;
  return (
    <div className="review-banner" role="note" data-testid="review-banner">
      <span className="review-icon" aria-hidden="true">
        ⛁
      </span>
      <p title={whole}>
        <strong>Local files:</strong> {dates.length} downloaded {dates.length === 1 ? 'day' : 'days'} of <strong>{name}</strong> (
        {range}), {size} from <code className="dl-path">{local?.folder ?? '—'}</code>. Read from disk — no network is used.
      </p>
    </div>
  );
}

/** The dataset's name and metadata from the library (offline), else built from the pull's columns. */
function useLocalDataset(pull: PullRecord | undefined, library: LibraryState | undefined, libraryDone: boolean) {
  return useMemo(() => {
    if (!pull) return null;
    const entry = library?.datasets.find((d) => d.datasetId === pull.datasetId);
    const name = entry?.metadata?.name ?? entry?.datasetName ?? pull.datasetId;
    if (entry?.metadata) return { name, dataset: entry.metadata, guessed: false };
    // Until the library answers, the metadata may still come: wait rather than flash a guess.
    return libraryDone ? { name, dataset: datasetFromPull(pull, name), guessed: true } : { name, dataset: null, guessed: false };
  }, [pull, library, libraryDone]);
}

/**
 * `#/review?pull=…&view=…`: downloaded days opened in the workspace (a `local` pull, `workspace:openLocal`) with the
 * explorer's table, chart and exports. The dataset's metadata comes from the library, so nothing here needs the
 * network; the table's sort and filters live in the address like the other result pages.
 */
export function ReviewPage({ search }: { search: string }) {
  const route = useMemo(() => readReviewRoute(search), [search]);
  const pullQ = usePull(route.pullId);
  const library = useLibrary();
  const cancel = useCancelPull();
  const pull = pullQ.data;
  const local = pull?.kind === 'local' ? pull : undefined;
  const shown = useLocalDataset(local, library.data, !library.isPending);
  // A review still read from its files has every row: the table shows it as complete while the conversion runs.
  const shownPull = local?.local?.source === 'files' ? { ...local, state: 'complete' as const, progress: undefined } : local;
  const empty =
    local?.local?.source === 'none' || (local?.state === 'failed' && local.local?.source !== 'files' && local.rows === 0);

  return (
    <article
      className={local ? 'page review-page with-results' : 'page review-page'}
      aria-labelledby="review-title"
      data-testid="review-page"
    >
      <header className="page-header">
        <nav className="breadcrumb" aria-label="Breadcrumb">
          <a href={hrefs.library}>← Library</a>
        </nav>
        <h1 id="review-title">Offline review{shown ? <span className="muted"> · {shown.name}</span> : null}</h1>
      </header>
      {route.pullId === null && (
        <p className="notice" role="status" data-testid="pull-missing">
          No files are open. Choose days in the <a href={hrefs.library}>Library</a> and press “Review offline”.
        </p>
      )}
      {pullQ.isPending && route.pullId !== null && <Skeleton label="Opening the files…" rows={4} />}
      {pullQ.isError && (
        <p className="notice" role="status" data-testid="pull-missing">
          These files are no longer open in the workspace ({toGsError(pullQ.error).message}) Open them again from the{' '}
          <a href={hrefs.library}>Library</a>.
        </p>
      )}
      {pull && !local && (
        <p className="notice" role="status" data-testid="pull-missing">
          Pull {pull.id} was not read from downloaded files: <a href={hrefs.history}>open it from the history</a>.
        </p>
      )}
      {local && shown && (
        <>
          <Banner pull={local} name={shown.name} />
          <div className="run-line">
            <LocalStatus pull={local} onCancel={() => cancel.mutate(local.id)} cancelling={cancel.isPending} />
          </div>
          {shown.guessed && shown.dataset && !empty && (
            <p className="muted small review-guess" data-testid="review-guessed">
              The dataset’s description was not kept with these files: times are shown in UTC and the chart uses{' '}
              {shown.dataset.time_index_column ?? 'no time column'}.
            </p>
          )}
          {!empty && shown.dataset && shownPull && (
            <PullResults
              key={local.id}
              pull={shownPull}
              dataset={shown.dataset}
              view={route.view}
              onViewChange={(view) => replaceRoute(hrefs.review(reviewSearch({ pullId: local.id, view })))}
            />
          )}
          {!shown.dataset && !empty && <Skeleton label="Reading the library…" rows={3} />}
        </>
      )}
    </article>
  );
}
