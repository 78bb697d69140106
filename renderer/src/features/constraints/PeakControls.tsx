import { PEAK_FILTERS, PEAK_FILTER_LABELS } from '../../../../shared/time/peak.js';
import type { PeakFilter } from '../../../../shared/time/peak.js';
import { marketClock } from '../../../../shared/time/market.js';
import { COST_SPLITS } from './peakChoice.js';
import type { CostSplit } from './peakChoice.js';
import './fields.css';

/** Props of {@link PeakControls}: the market (its clock names the hours), the filter, and the split where a table sums. */
export interface PeakControlsProps {
  market: string;
  peak: PeakFilter;
  onPeak: (peak: PeakFilter) => void;
  /** The costs' split; the select shows only when given. */
  split?: CostSplit;
  onSplit?: (split: CostSplit) => void;
  idPrefix: string;
}

/**
 * The time-of-use choices of a grid screen (docs/market-time.md#peak-buckets): which hours count (all, on-peak 5x16,
 * off-peak, 2x16, 7x8, read in the market's time and named so) and, on a table of costs, how to split them.
 */
export function PeakControls({ market, peak, onPeak, split, onSplit, idPrefix }: PeakControlsProps) {
  const clock = marketClock(market);
  const time = clock ? `${clock.name} market time (${clock.prevailing})` : 'UTC (no market time for this market)';
  return (
    <>
      <label className="choice-field peak-field" title={`Hours read in ${time}; NERC holidays are off-peak.`}>
        <span>Hours</span>
        <select
          id={`${idPrefix}-peak`}
          value={peak}
          onChange={(e) => onPeak(e.target.value as PeakFilter)}
          data-testid="peak-filter"
        >
          {PEAK_FILTERS.map((f) => (
            <option key={f} value={f}>
              {PEAK_FILTER_LABELS[f]}
            </option>
          ))}
        </select>
      </label>
      {split !== undefined && onSplit && (
        <label className="choice-field peak-field">
          <span>Split costs</span>
          <select
            id={`${idPrefix}-split`}
            value={split}
            onChange={(e) => onSplit(e.target.value as CostSplit)}
            data-testid="cost-split"
          >
            {COST_SPLITS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      )}
    </>
  );
}
