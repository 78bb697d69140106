import type { ReactNode } from 'react';
import { CopyMenu } from '../../../components/CopyMenu.js';
import { formatCount } from '../../../lib/format.js';
import type { CopyNotice } from './useTableCopy.js';

/** Props of {@link TableToolbar}: counts, the copy actions and what they said, and the column menu. */
export interface TableToolbarProps {
  shown: number;
  selected: number;
  noun: [string, string];
  /** Copies the selected rows as shown, or with `full` precision. */
  onCopySelected: (full: boolean) => void;
  onCopyAll: (full: boolean) => void;
  notice: CopyNotice | null;
  columnMenu: ReactNode;
  /** Saves the rows shown as a CSV file; no Export button without it. */
  onExport?: (() => void) | undefined;
}

/**
 * The line above a {@link DataTable}: "74 constraints, 2 selected", Copy selected, Copy all (as shown; the ▾ copies with
 * full precision), Export CSV where the table offers it, Columns; the copy notice.
 */
export function TableToolbar(props: TableToolbarProps) {
  const { shown, selected, noun, onCopySelected, onCopyAll, notice, columnMenu, onExport } = props;
  return (
    <div className="cs-table-toolbar">
      <p className="count" aria-live="polite">
        {formatCount(shown)} {shown === 1 ? noun[0] : noun[1]}
        {selected > 0 && `, ${formatCount(selected)} selected`}
      </p>
      {notice && (
        <p className={notice.error ? 'cs-copy-notice error' : 'cs-copy-notice'} role="status" data-testid="copy-notice">
          {notice.text}
        </p>
      )}
      <div className="cs-table-actions">
        <button type="button" disabled={selected === 0} onClick={() => onCopySelected(false)}>
          Copy selected
        </button>
        <button type="button" disabled={shown === 0} onClick={() => onCopyAll(false)}>
          Copy all
        </button>
        <CopyMenu
          actions={[
            { label: 'Copy selected with full precision', disabled: selected === 0, onClick: () => onCopySelected(true) },
            { label: 'Copy all with full precision', disabled: shown === 0, onClick: () => onCopyAll(true) },
          ]}
        />
        {onExport && (
          <button type="button" disabled={shown === 0} onClick={onExport} data-testid="export-csv">
            Export CSV
          </button>
        )}
        {columnMenu}
      </div>
    </div>
  );
}
