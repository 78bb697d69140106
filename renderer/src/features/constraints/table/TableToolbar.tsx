import type { ReactNode } from 'react';
import { formatCount } from '../../../lib/format.js';
import type { CopyNotice } from './useTableCopy.js';

/** Props of {@link TableToolbar}: counts, the copy actions and what they said, and the column menu. */
export interface TableToolbarProps {
  shown: number;
  selected: number;
  noun: [string, string];
  onCopySelected: () => void;
  onCopyAll: () => void;
  notice: CopyNotice | null;
  columnMenu: ReactNode;
}

/** The line above a {@link DataTable}: "74 constraints, 2 selected", Copy selected, Copy all, Columns; the copy notice. */
export function TableToolbar({ shown, selected, noun, onCopySelected, onCopyAll, notice, columnMenu }: TableToolbarProps) {
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
        <button type="button" disabled={selected === 0} onClick={onCopySelected}>
          Copy selected
        </button>
        <button type="button" disabled={shown === 0} onClick={onCopyAll}>
          Copy all
        </button>
        {columnMenu}
      </div>
    </div>
  );
}
