import type { CSSProperties, Ref } from 'react';
import type { DownloadItem } from '../../../../shared/bridge/contract.js';
import type { QueueCommand } from '../../features/downloads/downloadQueries.js';
import { formatBytes, rateText } from '../../features/downloads/format.js';
import { ProgressBar } from './ProgressBar.js';
import { PROBLEM_ADVICE, STATE_TONE, STATE_WORDS } from '../../features/downloads/states.js';

/** Props of {@link DownloadRow}; `style`, `ref` and `index` place it in a virtual list. */
export interface DownloadRowProps {
  item: DownloadItem;
  onCommand: (command: QueueCommand) => void;
  onReveal: (item: DownloadItem) => void;
  busy: boolean;
  style?: CSSProperties;
  ref?: Ref<HTMLLIElement>;
  index?: number;
}

const BAR_TONE = { completed: 'done', failed: 'failed', cancelled: 'paused', paused: 'paused' } as const;

/** What to write about bytes: `12 KB of 38 KB`, or just what arrived while the size is unknown. */
function byteText(item: DownloadItem): string {
  const written = formatBytes(item.bytesWritten);
  if (item.state === 'completed') return formatBytes(item.expectedBytes ?? item.bytesWritten);
  return item.expectedBytes === null ? written : `${written} of ${formatBytes(item.expectedBytes)}`;
}

/**
 * One queued file: dataset name and date, progress with bytes, speed and time left, its state, why it waits, and when
 * it failed what went wrong and what to do (by its `problem`). Actions fit the state: Pause or Resume, Cancel, Retry,
 * and "Show in folder" once complete.
 */
export function DownloadRow({ item, onCommand, onReveal, busy, style, ref, index }: DownloadRowProps) {
  const ids = [item.id];
  const what = `${item.date} of ${item.datasetName}`;
  const running = item.state === 'running';
  const fraction = item.state === 'completed' ? 1 : item.expectedBytes ? item.bytesWritten / item.expectedBytes : null;
  const problem = item.state === 'failed' && item.problem ? PROBLEM_ADVICE[item.problem] : null;
  const canRetry = item.state === 'cancelled' || (item.state === 'failed' && (problem?.retry ?? true));
  return (
    <li
      ref={ref}
      style={style}
      data-index={index}
      className={`dl-item ${item.state}`}
      data-testid={`download-item-${item.datasetId}-${item.date}`}
      data-state={item.state}
    >
      <div className="dl-item-head">
        <span className="dl-item-name">
          <span className="strong">{item.datasetName}</span> <span className="mono">{item.date}</span>
        </span>
        <span className={`badge ${STATE_TONE[item.state]}`}>{STATE_WORDS[item.state]}</span>
      </div>
      <ProgressBar
        fraction={fraction}
        label={`Download of ${what}`}
        tone={BAR_TONE[item.state as keyof typeof BAR_TONE] ?? 'running'}
      />
      <div className="dl-item-foot">
        <span className="muted small dl-figures">
          {byteText(item)}
          {running && rateText(item.bytesPerSecond, item.etaSeconds)}
          {item.attempts > 1 && ` · attempt ${item.attempts}`}
        </span>
        <span className="row-actions">
          {(item.state === 'queued' || running) && (
            <button
              type="button"
              disabled={busy}
              onClick={() => onCommand({ verb: 'downloads:pause', ids })}
              aria-label={`Pause ${what}`}
            >
              Pause
            </button>
          )}
          {item.state === 'paused' && (
            <button
              type="button"
              disabled={busy}
              onClick={() => onCommand({ verb: 'downloads:resume', ids })}
              aria-label={`Resume ${what}`}
            >
              Resume
            </button>
          )}
          {canRetry && (
            <button
              type="button"
              disabled={busy}
              onClick={() => onCommand({ verb: 'downloads:retry', ids })}
              aria-label={`Retry ${what}`}
            >
              Retry
            </button>
          )}
          {(item.state === 'queued' ||
            running ||
            item.state === 'paused' ||
            item.state === 'verifying' ||
            item.state === 'failed') && (
            <button
              type="button"
              disabled={busy}
              onClick={() => onCommand({ verb: 'downloads:cancel', ids })}
              aria-label={`Cancel ${what}`}
            >
              Cancel
            </button>
          )}
          {item.state === 'completed' && (
            <button type="button" onClick={() => onReveal(item)} aria-label={`Show in folder: ${what}`}>
              Show in folder
            </button>
          )}
        </span>
      </div>
      {item.waiting && item.state !== 'failed' && <p className="dl-waiting">{item.waiting}</p>}
      {item.state === 'failed' && (
        <div className="dl-failure" data-testid="download-failure" data-problem={item.problem ?? undefined}>
          {item.error && <p className="dl-error">{item.error}</p>}
          {problem && <p className="dl-advice">{problem.advice}</p>}
        </div>
      )}
    </li>
  );
}
