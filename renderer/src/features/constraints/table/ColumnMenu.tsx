import type { Table } from '@tanstack/react-table';
import './table.css';

/**
 * Props of {@link ColumnMenu}: the TanStack table and each listed column's label (and raw name, shown on hover) by id;
 * `pinnable` false leaves out the Pin buttons.
 */
export interface ColumnMenuProps<T> {
  table: Table<T>;
  columns: ReadonlyMap<string, { label: string; name?: string | undefined }>;
  pinnable?: boolean;
  testId?: string;
}

/**
 * The table's column menu: show or hide each column (the naming column always shows) and pin it to the left edge,
 * where it stays while the table scrolls sideways, or unpin it.
 */
export function ColumnMenu<T>({ table, columns, pinnable = true, testId = 'column-menu' }: ColumnMenuProps<T>) {
  const leaves = table.getAllLeafColumns().filter((c) => columns.has(c.id));
  const hidden = leaves.filter((c) => !c.getIsVisible()).length;
  return (
    <details className="cs-column-menu" data-testid={testId}>
      <summary>Columns{hidden > 0 && <span className="muted"> ({hidden} hidden)</span>}</summary>
      <ul className="cs-column-list">
        {leaves.map((c) => {
          const spec = columns.get(c.id)!;
          const pinned = c.getIsPinned() === 'left';
          return (
            <li key={c.id}>
              <label title={c.getCanHide() ? spec.name : 'This column names the row and always shows'}>
                <input
                  type="checkbox"
                  checked={c.getIsVisible()}
                  disabled={!c.getCanHide()}
                  onChange={(e) => c.toggleVisibility(e.target.checked)}
                />{' '}
                {spec.label}
              </label>
              {pinnable && (
                <button
                  type="button"
                  className="cs-pin"
                  aria-pressed={pinned}
                  aria-label={`${pinned ? 'Unpin' : 'Pin'} ${spec.label}`}
                  title={pinned ? 'Let this column scroll with the others' : 'Keep this column at the left edge while scrolling'}
                  onClick={() => c.pin(pinned ? false : 'left')}
                >
                  {pinned ? 'Unpin' : 'Pin'}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
