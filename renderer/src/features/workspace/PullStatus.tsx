import type { PullProgress, PullRecord } from '../../../../shared/bridge/contract.js';
import { formatCount } from '../../lib/format.js';

/** A duration in words for an ETA: `8 s`, `3 min`, `1 h 20 min`. */
export function formatDuration(seconds: number): string {
  const s = Math.max(1, Math.round(seconds));
  if (s < 90) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 90) return `${min} min`;
  return `${Math.floor(min / 60)} h ${min % 60} min`;
}

const rows = (n: number) => `${formatCount(n)} ${n === 1 ? 'row' : 'rows'}`;

/** One plain sentence for a pull that has ended: what is in the workspace and whether it is all of the query. */
export function endSentence(pull: PullRecord): string {
  const charged = `${formatCount(pull.rowsCharged)} charged to the plan`;
  const why = pull.error?.trim().replace(/\.$/, '');
  switch (pull.state) {
    case 'complete':
      return `Complete: ${rows(pull.rows)} in the workspace (${charged}).`;
    case 'cancelled':
      return `Cancelled after ${rows(pull.rows)}: the result is partial. The rows pulled so far are kept (${charged}).`;
    case 'partial':
      return `Partial: the pull stopped after ${rows(pull.rows)}${why ? ` (${why})` : ''}. The rows received are kept.`;
    case 'failed':
      return `The pull failed${why ? `: ${why}` : ''}.${pull.rows > 0 ? ` ${rows(pull.rows)} were received.` : ''}`;
    default:
      return '';
  }
}

/** Props of {@link PullStatus}; `onCancel` stops a running pull (`workspace:cancel`), `cancelling` while it is asked. */
export interface PullStatusProps {
  pull: PullRecord;
  onCancel: () => void;
  cancelling?: boolean;
}

/**
 * A pull's progress while it runs (rows, pages, speed, ETA, rows charged, the retry state) with Cancel; afterwards one
 * sentence saying whether the rows shown are the whole result.
 */
export function PullStatus({ pull, onCancel, cancelling = false }: PullStatusProps) {
  if (pull.state !== 'running') {
    const tone = pull.state === 'complete' ? 'done' : pull.state === 'failed' ? 'failed' : 'partial';
    return (
      <p className={`pull-status ${tone}`} data-testid="pull-status" data-state={pull.state} role="status">
        {endSentence(pull)}
      </p>
    );
  }
  return (
    <RunningStatus
      title="Pulling into the workspace…"
      progress={pull.progress}
      onCancel={onCancel}
      cancelling={cancelling}
      testId="pull"
    />
  );
}

/**
 * Props of {@link RunningStatus}: `progress` the live figures (absent until the first report), `testId` the prefix of
 * its test ids (`<testId>-status`, `-progress`, `-waiting`, `cancel-<testId>`).
 */
export interface RunningStatusProps {
  title: string;
  progress: PullProgress | undefined;
  onCancel: () => void;
  cancelling: boolean;
  cancelLabel?: string;
  testId: string;
}

/** A running job's line of pages from /v1 (a pull, a refresh): rows, pages, speed, ETA, rows charged, the retry state. */
export function RunningStatus({ title, progress: p, onCancel, cancelling, cancelLabel = 'Cancel', testId }: RunningStatusProps) {
  const figures = p
    ? [
        rows(p.rows),
        `${formatCount(p.pages)} ${p.pages === 1 ? 'page' : 'pages'}`,
        `${formatCount(Math.round(p.rowsPerSecond))} rows/s`,
        ...(p.etaSeconds !== null ? [`about ${formatDuration(p.etaSeconds)} left`] : []),
        `${formatCount(p.rowsCharged)} charged to the plan`,
      ]
    : [];
  return (
    <div
      className={p?.waiting ? 'pull-status running waiting' : 'pull-status running'}
      data-testid={`${testId}-status`}
      data-state="running"
    >
      <span className="spinner" aria-hidden="true" />
      <span className="pull-status-text" role="status" aria-live="polite">
        <strong>{title}</strong> <span data-testid={`${testId}-progress`}>{figures.join(' · ')}</span>
        {p?.waiting && (
          <>
            {' '}
            <span className="pull-waiting" data-testid={`${testId}-waiting`}>
              {p.waiting}
            </span>
          </>
        )}
      </span>
      <button type="button" onClick={onCancel} disabled={cancelling} data-testid={`cancel-${testId}`}>
        {cancelling ? 'Cancelling…' : cancelLabel}
      </button>
    </div>
  );
}
