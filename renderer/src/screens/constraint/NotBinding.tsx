import type { PeakFilter } from '../../../../shared/time/peak.js';
import { PEAK_FILTER_LABELS } from '../../../../shared/time/peak.js';
import type { Constraint } from '../../../../shared/schemas/constraints.js';
import { formatInstant } from '../../../../shared/time/format.js';
import { useMarketTime } from '../../features/time/useMarketTime.js';
import { hrefs } from '../../lib/router.js';
import { gridSearch } from '../../features/constraints/gridChoice.js';
import type { GridChoice } from '../../features/constraints/gridChoice.js';
import { peakParams } from '../../features/constraints/peakChoice.js';
import { seenWindows } from './facts.js';

/** Props of {@link NotBinding}: the constraint (id, and its list entry when known) and the choice it did not bind in. */
export interface NotBindingProps {
  constraintId: string;
  constraint: Constraint | undefined;
  choice: GridChoice;
  peak: PeakFilter;
  /** The dataset in words ("Real-time — PJM Marginal Value Real Time 5 Min"). */
  datasetText: string;
}

/** Says plainly that the constraint did not bind in the window (and hours), and offers the windows where it was seen. */
export function NotBinding({ constraintId, constraint, choice, peak, datasetText }: NotBindingProps) {
  const { zone, marketZone } = useMarketTime(constraint?.market_id ?? choice.market);
  const { last, whole } = seenWindows(constraint, marketZone);
  const when = (iso: string | null | undefined) => formatInstant(iso, zone);
  const link = (w: { start: string; end: string }) => hrefs.constraint(constraintId, gridSearch({ ...choice, ...w }));
  const hours = peak === 'all' ? '' : ` in ${PEAK_FILTER_LABELS[peak].toLowerCase()} hours`;
  return (
    <div className="empty-state cs-not-binding" data-testid="not-binding">
      <p>
        It did not bind in {datasetText} between {when(choice.start)} and {when(choice.end)}
        {hours}.
        {peak !== 'all' && (
          <>
            {' '}
            <a href={hrefs.constraint(constraintId, gridSearch(choice, peakParams('all')))}>Count all hours</a>.
          </>
        )}
      </p>
      {last ? (
        <p>
          It was last seen {when(constraint?.latest_seen_utc)}
          {constraint?.earliest_seen_utc && ` (first seen ${when(constraint.earliest_seen_utc)})`}.{' '}
          <a href={link(last)} data-testid="last-seen-window">
            Show {when(last.start)} → {when(last.end)}
          </a>
          {whole && (
            <>
              {' or '}
              <a href={link(whole)} data-testid="seen-span-window">
                everything from first to last seen
              </a>
            </>
          )}
          .
        </p>
      ) : (
        <p>The constraint list does not say when it was seen.</p>
      )}
    </div>
  );
}
