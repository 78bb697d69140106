import type { ReactNode } from 'react';
import { CopyMenu } from '../../components/CopyMenu.js';
import { formatCount } from '../../lib/format.js';
import { zoneCaption } from '../../../../shared/time/format.js';

/** Props of {@link ResultsToolbar}: the row counts, the zone times are shown in, copy, the column menu and the actions. */
export interface ResultsToolbarProps {
  /** Rows after the filters; null until the first block answers. */
  total: number | null;
  /** Rows of the pull before the filters (stored so far while it runs). */
  unfiltered: number;
  filtered: boolean;
  running: boolean;
  /** The count is still being read: `total` is the rows known so far. */
  counting?: boolean;
  zone: string;
  canCopy: boolean;
  copying: boolean;
  /** Copies the selection as shown, or with `full` precision. */
  onCopy: (full: boolean) => void;
  columnMenu?: ReactNode;
  /** The "go to row" control, after the count. */
  goTo?: ReactNode;
  /** View options beside the count (the market-time options). */
  options?: ReactNode;
  actions?: ReactNode;
}

/** The line above the results table: how many rows the view holds (of how many), the zone, go to row, the view options, Copy and the actions. */
export function ResultsToolbar({
  total,
  unfiltered,
  filtered,
  running,
  counting = false,
  zone,
  canCopy,
  copying,
  onCopy,
  columnMenu,
  goTo,
  options,
  actions,
}: ResultsToolbarProps) {
  return (
    <div className="results-toolbar">
      <div className="results-count-line">
        <p className="results-count" data-testid="result-count" aria-live="polite">
          {total === null ? (
            'Reading rows…'
          ) : (
            <>
              <strong>{formatCount(total)}</strong>
              {counting ? '+ rows' : total === 1 ? ' row' : ' rows'}
              {filtered && !counting && unfiltered > 0 && ` (filtered from ${formatCount(unfiltered)})`}
              {running && ' so far'}
              {counting && ', counting…'}
            </>
          )}
          <span className="muted"> · times in {zone === 'UTC' ? 'UTC' : `market time (${zoneCaption(zone)}, ${zone})`}</span>
        </p>
        {goTo}
      </div>
      {options}
      <div className="results-actions">
        <button
          type="button"
          onClick={() => onCopy(false)}
          disabled={!canCopy || copying}
          title="Copy the selected cells as shown, for a spreadsheet (Ctrl/⌘+C)"
          data-testid="copy-cells"
        >
          {copying ? 'Copying…' : 'Copy'}
        </button>
        <CopyMenu
          testId="copy-menu"
          actions={[
            {
              label: 'Copy with full precision',
              onClick: () => onCopy(true),
              disabled: !canCopy || copying,
              testId: 'copy-cells-full',
            },
          ]}
        />
        {columnMenu}
        {actions}
      </div>
    </div>
  );
}
