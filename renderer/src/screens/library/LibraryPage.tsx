import { ErrorState } from '../../components/ErrorState.js';
import { Skeleton } from '../../components/Skeleton.js';
import { toGsError } from '../../lib/bridgeQuery.js';
import { hrefs } from '../../lib/router.js';
import { useLibrary, useLibraryAction } from '../../features/downloads/downloadQueries.js';
import { files, formatBytes } from '../../features/downloads/format.js';
import { LibraryDatasetCard } from './LibraryDatasetCard.js';
import '../../features/downloads/downloads.css';

/**
 * `#/library`: the downloaded export files on this computer, by dataset, read from disk (it works without the network).
 * Days of a dataset can be reviewed offline, verified again or deleted; "Rescan folder" rebuilds the index.
 */
export function LibraryPage() {
  const q = useLibrary();
  const rescan = useLibraryAction('library:rescan');
  const lib = q.data;
  const count = lib?.datasets.reduce((s, d) => s + d.files.length, 0) ?? 0;
  return (
    <article className="page library-page" aria-labelledby="library-title" data-testid="library-page">
      <header className="page-header">
        <h1 id="library-title">Library</h1>
        <p className="muted subtitle">
          Downloaded export files on this computer. Reviewing them reads the disk, not the network.
        </p>
      </header>
      {q.isPending && <Skeleton label="Reading the library…" rows={4} />}
      {q.isError && <ErrorState error={q.error} what="the library" verb="library:list" onRetry={() => void q.refetch()} />}
      {lib && (
        <>
          <div className="toolbar lib-total">
            <p className="count" data-testid="library-total">
              <strong>
                {files(count)} · {formatBytes(lib.totalBytes)}
              </strong>{' '}
              in <code className="dl-path">{lib.folder}</code>
            </p>
            <button type="button" onClick={() => rescan.mutate({})} disabled={rescan.isPending} data-testid="library-rescan">
              {rescan.isPending ? 'Scanning…' : 'Rescan folder'}
            </button>
          </div>
          {rescan.isError && (
            <p className="field-error" role="alert">
              {toGsError(rescan.error).message}
            </p>
          )}
          {lib.rebuilt && (
            <p className="notice" role="status" data-testid="library-rebuilt">
              The library’s index was missing or unreadable, so it was rebuilt by scanning the downloads folder. Re-verify files
              you are unsure of.
            </p>
          )}
          {lib.datasets.length === 0 ? (
            <div className="empty-state" data-testid="library-empty">
              <p>
                <strong>Nothing downloaded yet.</strong>
              </p>
              <p>
                Pick days of a dataset on the <a href={hrefs.exports()}>Exports</a> page and download them to review offline.
              </p>
            </div>
          ) : (
            lib.datasets.map((d) => (
              <LibraryDatasetCard key={d.datasetId} dataset={d} initiallyOpen={lib.datasets.length === 1} />
            ))
          )}
        </>
      )}
    </article>
  );
}
