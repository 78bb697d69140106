import { useState } from 'react';
import type { DownloadBatch, DownloadItem } from '../../../../shared/bridge/contract.js';
import { ErrorState } from '../../components/ErrorState.js';
import { hrefs, navigate } from '../../lib/router.js';
import { useOpenLocal } from '../../features/downloads/downloadQueries.js';
import { files, formatBytes } from '../../features/downloads/format.js';

/** How many ended batches are announced at once (the newest). */
const SHOWN = 3;

/** One sentence for an ended batch: `7 files of PJM … downloaded, 254 KB.` or what failed or was cancelled. */
export function batchSentence(batch: DownloadBatch, bytes: number | null): string {
  const size = bytes !== null && bytes > 0 ? `, ${formatBytes(bytes)}` : '';
  const of = `of ${batch.datasetName}`;
  if (batch.state === 'completed') return `${files(batch.completed)} ${of} downloaded${size}.`;
  if (batch.state === 'failed')
    return `${batch.completed} of ${files(batch.files)} ${of} downloaded${size}; ${batch.failed} failed (see below).`;
  return `Download ${of} cancelled${batch.completed > 0 ? ` after ${files(batch.completed)}${size}` : ''}.`;
}

/**
 * Notices for the batches (one "Download" on the Exports page each) that have ended, newest first: what arrived, with
 * "Review offline" (the batch's downloaded days opened in the workspace) and "Open library". Dismissed notices stay
 * hidden while the page is open; "Clear finished" ends a batch's notice with its files.
 */
export function BatchNotices({ batches, items }: { batches: DownloadBatch[]; items: DownloadItem[] }) {
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(new Set());
  const open = useOpenLocal();
  // A batch whose files were all cleared from the list (or queued again in a later batch) has nothing left to announce.
  const listed = new Set(items.map((i) => i.batchId));
  const ended = batches.filter((b) => b.state !== 'running' && !dismissed.has(b.id) && listed.has(b.id)).slice(0, SHOWN);
  if (ended.length === 0) return null;
  return (
    <div className="dl-batches">
      {ended.map((batch) => {
        const done = items.filter((i) => i.batchId === batch.id && i.state === 'completed');
        const bytes = done.length > 0 ? done.reduce((s, i) => s + i.bytesWritten, 0) : null;
        const dates = done.map((i) => i.date).sort();
        return (
          <div
            key={batch.id}
            className={`dl-batch ${batch.state}`}
            role="status"
            data-testid="download-batch"
            data-state={batch.state}
          >
            <p className="dl-batch-text">{batchSentence(batch, bytes)}</p>
            <span className="row-actions">
              {dates.length > 0 && (
                <button
                  type="button"
                  className="primary"
                  disabled={open.isPending}
                  onClick={() =>
                    open.mutate(
                      { datasetId: batch.datasetId, dates },
                      { onSuccess: (pull) => navigate(hrefs.review(`pull=${pull.id}`)) },
                    )
                  }
                >
                  Review offline
                </button>
              )}
              <a className="button-link" href={hrefs.library}>
                Open library
              </a>
              <button
                type="button"
                className="dl-dismiss"
                aria-label="Dismiss"
                title="Dismiss"
                onClick={() => setDismissed(new Set([...dismissed, batch.id]))}
              >
                ×
              </button>
            </span>
          </div>
        );
      })}
      {open.isError && <ErrorState error={open.error} heading="The files could not be opened" verb="workspace:openLocal" />}
    </div>
  );
}
