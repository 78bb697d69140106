import type { CSSProperties } from 'react';
import type { Header } from '@tanstack/react-table';
import type { TableColumn, TableView } from '../../../../shared/bridge/contract.js';
import { HelpTip } from '../../components/HelpTip.js';
import { ariaSort, SortMark } from '../../components/SortableHead.js';
import type { ColumnFormat } from './cellFormat.js';

/** Props of {@link HeaderCell}: the TanStack header, the pulled column and its format, its filters, the filter opener. */
export interface HeaderCellProps {
  header: Header<unknown[], unknown>;
  column: TableColumn;
  format: ColumnFormat;
  filters: number;
  sortCount: number;
  /** Px the pinned columns start from the left. */
  pinOffset: number;
  onFilter: (at: { top: number; left: number }) => void;
}

/** Sticky-left offset of a pinned column (after `offset` px of row numbers), else nothing. */
export function pinStyle(header: Pick<Header<unknown[], unknown>, 'column'>, offset = 0): CSSProperties | undefined {
  return header.column.getIsPinned() === 'left' ? { left: offset + header.column.getStart('left') } : undefined;
}

/**
 * One column header, its label in words with its unit (the raw name on hover, docs/vocabulary.md): click sorts
 * (ascending, descending, off), Shift-click adds the column to the sort; a `?` explains a cost or a shift factor; the
 * funnel opens the column's filter; the right edge resizes (double-click resets the width).
 */
export function HeaderCell({ header, column, format, filters, sortCount, pinOffset, onFilter }: HeaderCellProps) {
  const numeric = format.numeric;
  const label = format.label;
  const c = header.column;
  const dir = c.getIsSorted();
  const order = sortCount > 1 && dir ? c.getSortIndex() + 1 : null;
  const pinned = c.getIsPinned() === 'left';
  return (
    <th
      scope="col"
      className={[numeric ? 'num' : '', pinned ? 'pinned' : ''].join(' ').trim() || undefined}
      style={pinStyle(header, pinOffset)}
      aria-sort={ariaSort(dir)}
      data-column={column.name}
    >
      <div className="th-inner">
        <button
          type="button"
          className="sort"
          onClick={c.getToggleSortingHandler()}
          title={`${column.name}: sort by this column; Shift-click to add it to the sort`}
          data-testid={`sort-${column.name}`}
        >
          <span className="th-name" aria-label={label}>
            <span className="th-label">{format.head.label}</span>
            {format.head.unit && <span className="th-unit">({format.head.unit})</span>}
          </span>
          <SortMark dir={dir} order={order} />
        </button>
        {format.help && <HelpTip text={format.help} about={label} testId={`help-${column.name}`} />}
        <button
          type="button"
          className={filters > 0 ? 'filter-toggle active' : 'filter-toggle'}
          aria-label={filters > 0 ? `Filter ${label} (${filters} active)` : `Filter ${label}`}
          title={`Filter ${label}`}
          data-testid={`filter-${column.name}`}
          onClick={(e) => {
            const r = e.currentTarget.getBoundingClientRect();
            onFilter({ top: r.bottom + 4, left: r.left - 140 });
          }}
        >
          <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
            <path d="M1.5 2h13l-5 6v5l-3 1.5V8z" fill="currentColor" />
          </svg>
        </button>
      </div>
      <div
        className={c.getIsResizing() ? 'resizer resizing' : 'resizer'}
        onMouseDown={header.getResizeHandler()}
        onTouchStart={header.getResizeHandler()}
        onDoubleClick={() => c.resetSize()}
        role="separator"
        aria-orientation="vertical"
        aria-label={`Resize ${label}`}
      />
    </th>
  );
}

/** Props of {@link ResultsTableHeader}: the TanStack headers in display order, the pull's columns and formats, the view. */
export interface ResultsTableHeaderProps {
  headers: Header<unknown[], unknown>[];
  columns: readonly TableColumn[];
  formats: readonly ColumnFormat[];
  /** `order[j]`: the pull's column index of display column `j`. */
  order: readonly number[];
  view: TableView;
  /** Width of the row-number gutter, px. */
  gutter: number;
  onFilter: (column: TableColumn, at: { top: number; left: number }) => void;
}

/** The results table's header row: the row-number gutter's corner, then one {@link HeaderCell} per column, in display order. */
export function ResultsTableHeader({ headers, columns, formats, order, view, gutter, onFilter }: ResultsTableHeaderProps) {
  return (
    <thead>
      <tr>
        <th scope="col" className="row-number" style={{ width: gutter }}>
          <span className="visually-hidden">Row</span>
          <span aria-hidden="true">#</span>
        </th>
        {headers.map((h, j) => {
          const column = columns[order[j]!]!;
          return (
            <HeaderCell
              key={h.id}
              header={h}
              column={column}
              format={formats[order[j]!]!}
              filters={view.filters.filter((f) => f.column === column.name).length}
              sortCount={view.sort.length}
              pinOffset={gutter}
              onFilter={(at) => onFilter(column, at)}
            />
          );
        })}
      </tr>
    </thead>
  );
}
