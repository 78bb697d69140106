import type { ColumnFilter, TableColumn } from '../../../../shared/bridge/contract.js';
import type { ColumnFormat } from './cellFormat.js';
import { describeFilter } from './filters.js';

/** Props of {@link FilterChips}: the view's filters, the pull's columns and how each is written, the copy notice. */
export interface FilterChipsProps {
  filters: readonly ColumnFilter[];
  columns: readonly TableColumn[];
  /** `formats[i]` writes `columns[i]`: labels, units and the zone of times. */
  formats: readonly ColumnFormat[];
  notice: { text: string; error: boolean } | null;
  /** Opens filter `index` of `column` for a change, below the chip. */
  onEdit: (column: TableColumn, index: number, at: { top: number; left: number }) => void;
  onChange: (filters: ColumnFilter[]) => void;
}

/** The view's filters as chips (click to change, × to remove), "Clear filters", and what the last copy did. */
export function FilterChips({ filters, columns, formats, notice, onEdit, onChange }: FilterChipsProps) {
  if (filters.length === 0 && !notice) return null;
  return (
    <div className="results-chips">
      {filters.map((f, i) => {
        const at = columns.findIndex((c) => c.name === f.column);
        const column = columns[at];
        const text = describeFilter(f, column, formats[at]);
        return (
          <span key={i} className="filter-chip" data-testid="filter-chip">
            <button
              type="button"
              className="chip-text"
              title={`Change this filter (${f.column})`}
              onClick={(e) => {
                const r = e.currentTarget.getBoundingClientRect();
                if (column) onEdit(column, i, { top: r.bottom + 4, left: r.left });
              }}
            >
              {text}
            </button>
            <button
              type="button"
              className="chip-remove"
              aria-label={`Remove filter ${text}`}
              onClick={() => onChange(filters.filter((_f, j) => j !== i))}
            >
              ×
            </button>
          </span>
        );
      })}
      {filters.length > 0 && (
        <button type="button" className="link-button" onClick={() => onChange([])} data-testid="clear-filters">
          Clear filters
        </button>
      )}
      {notice && (
        <span className={notice.error ? 'copy-notice error' : 'copy-notice'} role="status" data-testid="copy-notice">
          {notice.text}
        </span>
      )}
    </div>
  );
}
