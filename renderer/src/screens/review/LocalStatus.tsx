import type { PullRecord } from '../../../../shared/bridge/contract.js';
import { formatCount } from '../../lib/format.js';
import { hrefs } from '../../lib/router.js';
import { formatDuration } from '../../features/workspace/PullStatus.js';

const rows = (n: number) => `${formatCount(n)} ${n === 1 ? 'row' : 'rows'}`;

/** Props of {@link LocalStatus}: the local pull, and Cancel while it converts (or, for older reviews, reads). */
export interface LocalStatusProps {
  pull: PullRecord;
  onCancel: () => void;
  cancelling: boolean;
}

/**
 * A local review's status (docs/workspace.md#local-review-pulls). While its files are read directly: the conversion's
 * progress (share of the files, speed, time left) with Cancel, then how it ended; the review keeps answering from the
 * files when the conversion is cancelled or fails. A file that cannot be read says why and leads back to the Library.
 * Unlike a query's status, nothing is charged.
 */
export function LocalStatus({ pull, onCancel, cancelling }: LocalStatusProps) {
  const why = pull.error?.trim().replace(/\.$/, '');
  const direct = pull.local?.source === 'files';
  if (pull.state === 'running') {
    const p = pull.progress;
    const total = pull.local?.bytes ?? 0;
    const share = p && total > 0 ? Math.min(1, p.bytes / total) : 0;
    // Before the first part is written there is no speed yet, but the files to convert are known.
    const figures = [
      `${formatCount(p?.pages ?? 0)} of ${formatCount(pull.local?.files ?? 0)} files`,
      ...(p ? [`${formatCount(Math.round(p.rowsPerSecond))} rows/s`] : []),
      ...(p && p.etaSeconds !== null ? [`about ${formatDuration(p.etaSeconds)} left`] : []),
    ];
    return (
      <div className="pull-status running" data-testid="pull-status" data-state="running">
        <span className="spinner" aria-hidden="true" />
        <span className="pull-status-text" role="status" aria-live="polite">
          <strong>{direct ? 'Answering from the downloaded files.' : 'Reading the downloaded files…'}</strong>{' '}
          {direct && 'Converting them for faster sorts and filters: '}
          <span data-testid="pull-progress">{figures.join(' · ')}</span>
          {/* Under the words, so they keep the line's width on a narrow window. */}
          {direct && (
            <progress className="convert-progress" max={1} value={share} aria-label="Conversion" data-testid="convert-progress" />
          )}
        </span>
        <button type="button" onClick={onCancel} disabled={cancelling} data-testid="cancel-pull">
          {cancelling ? 'Cancelling…' : direct ? 'Cancel conversion' : 'Cancel'}
        </button>
      </div>
    );
  }
  if (direct) {
    const text =
      pull.state === 'cancelled'
        ? 'Conversion cancelled: the review reads the downloaded files directly, so each sort or filter reads them again.'
        : `${why ?? 'The conversion stopped'}. Each sort or filter reads the files again.`;
    return (
      <p className="pull-status partial" data-testid="pull-status" data-state={pull.state} role="status">
        {text}
      </p>
    );
  }
  if (pull.state === 'failed')
    return (
      <div className="pull-status failed" data-testid="pull-status" data-state="failed" role="alert">
        <span>
          The files could not be read{why ? `: ${why}` : ''}. <a href={hrefs.library}>Back to the Library</a> to verify or
          download them again.
        </span>
      </div>
    );
  const text =
    pull.state === 'complete'
      ? `Complete: ${rows(pull.rows)} from ${formatCount(pull.local?.files ?? 0)} files${pull.local?.source === 'parquet' ? ', converted for fast reads' : ''}.`
      : pull.state === 'cancelled'
        ? `Cancelled after ${rows(pull.rows)}: only part of the files is shown.`
        : `Partial: reading stopped after ${rows(pull.rows)}${why ? ` (${why})` : ''}.`;
  return (
    <p
      className={`pull-status ${pull.state === 'complete' ? 'done' : 'partial'}`}
      data-testid="pull-status"
      data-state={pull.state}
      role="status"
    >
      {text}
    </p>
  );
}
