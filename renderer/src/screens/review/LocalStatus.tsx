import type { PullRecord } from '../../../../shared/bridge/contract.js';
import { formatCount } from '../../lib/format.js';
import { hrefs } from '../../lib/router.js';
import { formatDuration } from '../../features/workspace/PullStatus.js';

const rows = (n: number) => `${formatCount(n)} ${n === 1 ? 'row' : 'rows'}`;

/** Props of {@link LocalStatus}: the local pull, and Cancel while it reads. */
export interface LocalStatusProps {
  pull: PullRecord;
  onCancel: () => void;
  cancelling: boolean;
}

/**
 * A local pull's progress while the files are read (rows so far, speed, time left) with Cancel, then one sentence on
 * how it ended; a failed read says why and leads back to the Library. Unlike a query's status, nothing is charged.
 */
export function LocalStatus({ pull, onCancel, cancelling }: LocalStatusProps) {
  const why = pull.error?.trim().replace(/\.$/, '');
  if (pull.state === 'running') {
    const p = pull.progress;
    const figures = p
      ? [
          rows(p.rows),
          `${formatCount(Math.round(p.rowsPerSecond))} rows/s`,
          ...(p.etaSeconds !== null ? [`about ${formatDuration(p.etaSeconds)} left`] : []),
        ]
      : [];
    return (
      <div className="pull-status running" data-testid="pull-status" data-state="running">
        <span className="spinner" aria-hidden="true" />
        <span className="pull-status-text" role="status" aria-live="polite">
          <strong>Reading the downloaded files…</strong> <span data-testid="pull-progress">{figures.join(' · ')}</span>
        </span>
        <button type="button" onClick={onCancel} disabled={cancelling} data-testid="cancel-pull">
          {cancelling ? 'Cancelling…' : 'Cancel'}
        </button>
      </div>
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
      ? `Complete: ${rows(pull.rows)} from ${formatCount(pull.local?.files ?? 0)} files.`
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
