import type { BindingWindowInfo } from '../../../../shared/bridge/binding.js';
import { PEAK_FILTER_LABELS } from '../../../../shared/time/peak.js';
import { formatCount } from '../../lib/format.js';
import type { ListState } from './route.js';

/** Props of {@link BoundSummary}: the page's state, the rows' counts, the window answered and how to show all rows. */
export interface BoundSummaryProps {
  state: ListState;
  /** Rows in the table; of them `bound` bound in the window; `listed` rows of the list after the market filter. */
  shown: number;
  bound: number;
  listed: number;
  window: BindingWindowInfo | undefined;
  datasetText: string;
  windowText: string;
  onShowAll: (showAll: boolean) => void;
}

/**
 * What the table shows, in a sentence: how many of the listed constraints (or contingencies) bound in which dataset,
 * window and hours; the switch to list every one; and a warning when the window held more binding rows than one /v1
 * answer does (every figure is then partial).
 */
export function BoundSummary({ state, shown, bound, listed, window, datasetText, windowText, onShowAll }: BoundSummaryProps) {
  const nouns = state.tab === 'constraints' ? 'constraints' : 'contingencies';
  const hours = state.peak === 'all' ? '' : `, ${PEAK_FILTER_LABELS[state.peak].toLowerCase()} hours only`;
  return (
    <div className="cs-bound-summary">
      <p className="muted" role="status" data-testid="bound-summary">
        {formatCount(bound)} of {formatCount(listed)} {nouns} bound in {datasetText}, {windowText}
        {hours}.{state.showAll && shown > bound ? ` Showing all ${formatCount(shown)}.` : ''}
      </p>
      <label className="choice-check cs-only-bound">
        <input type="checkbox" checked={!state.showAll} onChange={(e) => onShowAll(!e.target.checked)} data-testid="only-bound" />
        Only those that bound
      </label>
      {bound === 0 && !state.showAll && (
        <p className="notice" role="status" data-testid="none-bound">
          None bound in this window{hours}. Choose another window or hours, or list all {formatCount(listed)} {nouns}.
        </p>
      )}
      {window?.limitReached && (
        <p className="warning-box" data-testid="window-limit">
          The window holds more binding rows than one /v1 answer ({formatCount(window.rows)}): the figures count only those.
          Narrow the window for whole figures.
        </p>
      )}
    </div>
  );
}
