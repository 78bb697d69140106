import type { DownloadTotals as Totals } from '../../../../shared/bridge/contract.js';
import { files, formatBytes, rateText } from '../../features/downloads/format.js';
import { ProgressBar } from './ProgressBar.js';

/** The queue in one bar: overall progress, bytes of the total, speed, time left, and files by outcome. */
export function DownloadTotals({ totals }: { totals: Totals }) {
  const moving = totals.active > 0;
  const tone = totals.failed > 0 && !moving ? 'failed' : !moving && totals.paused > 0 ? 'paused' : moving ? 'running' : 'done';
  const parts = [
    `${totals.completed} done`,
    ...(totals.active > 0 ? [`${totals.active} active`] : []),
    ...(totals.paused > 0 ? [`${totals.paused} paused`] : []),
    ...(totals.failed > 0 ? [`${totals.failed} failed`] : []),
  ];
  return (
    <section className="card dl-totals" aria-label="All downloads" data-testid="downloads-totals">
      <ProgressBar fraction={totals.fraction} label="All downloads" tone={tone} />
      <p className="dl-totals-line">
        <strong>
          {formatBytes(totals.bytesWritten)} of {formatBytes(totals.expectedBytes)}
        </strong>
        {moving && rateText(totals.bytesPerSecond, totals.etaSeconds)}
        <span className="muted">
          {' · '}
          {files(totals.files)}: {parts.join(', ')}
        </span>
      </p>
    </section>
  );
}
