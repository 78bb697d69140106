import type { TableView } from '../../../../shared/bridge/workspace.js';
import { PEAK_FILTERS, PEAK_FILTER_LABELS } from '../../../../shared/time/peak.js';
import type { PeakFilter } from '../../../../shared/time/peak.js';
import { zoneCaption } from '../../../../shared/time/format.js';

/** Props of {@link ResultsTimeOptions}: the view, where a new one goes, the time index and what is known of market time. */
export interface ResultsTimeOptionsProps {
  view: TableView;
  onViewChange: (view: TableView) => void;
  /** The time index column (interval starts); null: no option applies. */
  timeColumn: string | null;
  /** The market's IANA zone; null when unknown (no option then). */
  marketZone: string | null;
  /** Hourly rows: hour ending can be shown. */
  hourly: boolean;
}

/**
 * The results toolbar's market-time options: a peak-bucket filter on the time index read in market time (on-peak,
 * off-peak, 2x16, 7x8: docs/market-time.md#peak-buckets, done in the workspace's SQL) and, for hourly rows, "Hour
 * ending", which writes the time index as market date and HE label (HE01–HE24, HE02* on the fall-back day).
 */
export function ResultsTimeOptions({ view, onViewChange, timeColumn, marketZone, hourly }: ResultsTimeOptionsProps) {
  if (!timeColumn || !marketZone) return null;
  const zoneName = zoneCaption(marketZone);
  const bucket: PeakFilter = view.peak?.bucket ?? 'all';
  return (
    <span className="results-time-options">
      <label
        className="inline-label"
        title={`Hours of the interval starts, read in market time (${zoneName}); NERC holidays are off-peak`}
      >
        <span>Hours</span>
        <select
          value={bucket}
          onChange={(e) => {
            const next = e.target.value as PeakFilter;
            const { peak: _dropped, ...rest } = view;
            onViewChange(next === 'all' ? rest : { ...rest, peak: { column: timeColumn, bucket: next, zone: marketZone } });
          }}
          data-testid="peak-filter"
        >
          {PEAK_FILTERS.map((f) => (
            <option key={f} value={f}>
              {PEAK_FILTER_LABELS[f]}
            </option>
          ))}
        </select>
      </label>
      {hourly && (
        <label className="inline-label" title={`The time index as market date and hour ending (${zoneName})`}>
          <input
            type="checkbox"
            checked={view.hourEnding === true}
            onChange={(e) => {
              const { hourEnding: _dropped, ...rest } = view;
              onViewChange(e.target.checked ? { ...rest, hourEnding: true } : rest);
            }}
            data-testid="hour-ending"
          />
          Hour ending
        </label>
      )}
    </span>
  );
}
