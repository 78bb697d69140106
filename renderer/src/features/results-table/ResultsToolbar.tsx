import type { ReactNode } from 'react';
import { formatCount } from '../../lib/format.js';

/** Props of {@link ResultsToolbar}: the row counts, the zone times are shown in, the copy state and the caller's actions. */
export interface ResultsToolbarProps {
  /** Rows after the filters; null until the first block answers. */
  total: number | null;
  /** Rows of the pull before the filters (stored so far while it runs). */
  unfiltered: number;
  filtered: boolean;
  running: boolean;
  zone: string;
  canCopy: boolean;
  copying: boolean;
  onCopy: () => void;
  /** View options beside the count (the market-time options). */
  options?: ReactNode;
  actions?: ReactNode;
}

/** The line above the results table: how many rows the view holds (of how many), the zone, the view options, Copy and the actions. */
export function ResultsToolbar({
  total,
  unfiltered,
  filtered,
  running,
  zone,
  canCopy,
  copying,
  onCopy,
  options,
  actions,
}: ResultsToolbarProps) {
  return (
    <div className="results-toolbar">
      <p className="results-count" data-testid="result-count" aria-live="polite">
        {total === null ? (
          'Reading rows…'
        ) : (
          <>
            <strong>{formatCount(total)}</strong> {total === 1 ? 'row' : 'rows'}
            {filtered && ` (filtered from ${formatCount(unfiltered)})`}
            {running && ' so far'}
          </>
        )}
        <span className="muted"> · times in {zone}</span>
      </p>
      {options}
      <div className="results-actions">
        <button
          type="button"
          onClick={onCopy}
          disabled={!canCopy || copying}
          title="Copy the selected cells for a spreadsheet (Ctrl/⌘+C)"
          data-testid="copy-cells"
        >
          {copying ? 'Copying…' : 'Copy'}
        </button>
        {actions}
      </div>
    </div>
  );
}
