import { MAX_EXPORT_DATES } from '../../../../shared/bridge/downloads.js';
import type { DownloadItem } from '../../../../shared/bridge/contract.js';
import { ErrorState } from '../../components/ErrorState.js';
import { Skeleton } from '../../components/Skeleton.js';
import { toGsError } from '../../lib/bridgeQuery.js';
import { hrefs } from '../../lib/router.js';
import { BatchNotices } from './BatchNotices.js';
import { ConfirmButton } from '../../components/ConfirmButton.js';
import { DownloadList } from './DownloadList.js';
import { useDownloads, useQueueCommand, useReveal } from '../../features/downloads/downloadQueries.js';
import { DownloadTotals } from './DownloadTotals.js';
import { FolderSettings } from './FolderSettings.js';
import { PROBLEM_ADVICE, isOpen } from '../../features/downloads/states.js';
import '../../features/downloads/downloads.css';

/** Failed items that Retry can help (a day no longer exported cannot come back). */
function retryable(items: DownloadItem[]): DownloadItem[] {
  return items.filter((i) => i.state === 'failed' && (i.problem === null || PROBLEM_ADVICE[i.problem].retry));
}

/**
 * `#/downloads`: the download queue in main (docs: shared/bridge/downloads.ts). Its folder and limits, the totals, a
 * notice per finished batch, bulk actions and every item with its own. Read every 500 ms while anything moves.
 */
export function DownloadsPage() {
  const q = useDownloads();
  const command = useQueueCommand();
  const reveal = useReveal();
  const state = q.data;
  const items = state?.items ?? [];
  const open = items.filter(isOpen);
  const moving = items.filter((i) => i.state === 'queued' || i.state === 'running');
  const failed = retryable(items);
  const finished = items.filter((i) => i.state === 'completed' || i.state === 'cancelled').length;
  const revealedPath = reveal.data && !reveal.data.revealed ? reveal.data.path : null;

  return (
    <article className="page downloads-page" aria-labelledby="downloads-title" data-testid="downloads-page">
      <header className="page-header">
        <h1 id="downloads-title">Downloads</h1>
        <p className="muted subtitle">
          Export files download here one day per file, resume after a pause or a lost connection, and are checked before they join
          the Library.
        </p>
      </header>
      {q.isPending && <Skeleton label="Reading the download queue…" rows={5} />}
      {q.isError && !state && (
        <ErrorState error={q.error} what="the download queue" verb="downloads:list" onRetry={() => void q.refetch()} />
      )}
      {state && (
        <>
          <FolderSettings state={state} />
          <BatchNotices batches={state.batches} items={items} />
          {items.length > 0 && <DownloadTotals totals={state.totals} />}
          {items.length > 0 && (
            <div className="toolbar dl-bulk" role="group" aria-label="All downloads">
              <button
                type="button"
                disabled={moving.length === 0 || command.isPending}
                onClick={() => command.mutate({ verb: 'downloads:pause' })}
              >
                Pause all
              </button>
              <button
                type="button"
                disabled={state.totals.paused === 0 || command.isPending}
                onClick={() => command.mutate({ verb: 'downloads:resume' })}
              >
                Resume all
              </button>
              <button
                type="button"
                disabled={failed.length === 0 || command.isPending}
                // Past the verb's most ids, none are named: every failed or cancelled item is queued again.
                onClick={() =>
                  command.mutate({
                    verb: 'downloads:retry',
                    ...(failed.length <= MAX_EXPORT_DATES ? { ids: failed.map((i) => i.id) } : {}),
                  })
                }
                data-testid="downloads-retry-failed"
              >
                Retry failed{failed.length > 0 ? ` (${failed.length})` : ''}
              </button>
              <ConfirmButton
                label="Cancel all"
                question={`Cancel ${open.length} ${open.length === 1 ? 'download' : 'downloads'}? Their partial files are deleted.`}
                yes="Yes, cancel"
                disabled={open.length === 0}
                busy={command.isPending}
                onConfirm={() => command.mutate({ verb: 'downloads:cancel' })}
                testId="downloads-cancel-all"
              />
              <button
                type="button"
                disabled={finished === 0 || command.isPending}
                onClick={() => command.mutate({ verb: 'downloads:clearFinished' })}
                title="Removes complete and cancelled items from this list; downloaded files stay in the Library."
              >
                Clear finished
              </button>
            </div>
          )}
          {(command.isError || reveal.isError) && (
            <p className="field-error" role="alert">
              {toGsError(command.error ?? reveal.error).message}
            </p>
          )}
          {revealedPath && (
            <p className="dl-note" data-testid="downloads-path">
              The file is at <code className="dl-path">{revealedPath}</code>
            </p>
          )}
          {items.length === 0 ? (
            <p className="empty-state" data-testid="downloads-empty">
              No downloads. Pick days on the <a href={hrefs.exports()}>Exports</a> page; downloaded files are kept in the{' '}
              <a href={hrefs.library}>Library</a>.
            </p>
          ) : (
            <DownloadList
              items={items}
              busy={command.isPending}
              onCommand={(c) => command.mutate(c)}
              onReveal={(item) => reveal.mutate({ datasetId: item.datasetId, date: item.date })}
            />
          )}
        </>
      )}
    </article>
  );
}
