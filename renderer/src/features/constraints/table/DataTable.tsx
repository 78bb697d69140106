import { useEffect, useMemo, useRef, useState } from 'react';
import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';
import { flexRender, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import type { ColumnDef, ColumnPinningState, RowSelectionState, SortingState, VisibilityState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ColumnMenu } from './ColumnMenu.js';
import type { DataColumn } from './dataColumn.js';
import { rowsToCsv, saveCsv } from './csv.js';
import { sortRows } from './sortRows.js';
import { TableToolbar } from './TableToolbar.js';
import { useFitWidths } from './useFitWidths.js';
import { useTableCopy } from './useTableCopy.js';
import { HelpTip } from '../../../components/HelpTip.js';
import { ariaSort, SortMark } from '../../../components/SortableHead.js';
import './table.css';

/** Above this many rows only the visible ones are rendered (as the catalogue). */
export const VIRTUALIZE_ABOVE = 100;
const ROW_HEIGHT = 34;
const SELECT = '__select';
const SELECT_WIDTH = 36;

/** Props of {@link DataTable}. `rowIdAttribute` (e.g. `data-constraint-id`) carries each row's id for tests and links. */
export interface DataTableProps<T> {
  rows: readonly T[];
  columns: readonly DataColumn<T>[];
  rowId: (row: T) => string;
  /** Singular and plural of what a row is ("constraint", "constraints"). */
  noun: [string, string];
  testId: string;
  rowTestId: string;
  rowIdAttribute: string;
  initialSorting: SortingState;
  /** Column ids pinned left at first. */
  initialPinned: string[];
  /** Column ids hidden at first (the column menu shows them). */
  initialHidden?: string[];
  /** The row to highlight and scroll into view (linked selection). */
  highlightId?: string | null;
  empty: ReactNode;
  /** Rows of the table's foot (totals), each a cell per column id; kept in view under the rows. */
  footer?: readonly FooterRow[];
  footerTestId?: string;
  /** File name of "Export CSV" (the rows shown, in the shown order and columns, at full precision); no export without it. */
  exportName?: string;
}

/** A row of a {@link DataTable}'s foot: its cells by column id (a hidden column's cell is not shown), and `data-*` attributes. */
export interface FooterRow {
  id: string;
  cells: Partial<Record<string, ReactNode>>;
  data?: Record<`data-${string}`, string>;
}

/**
 * A client-side table of up to ~10,000 rows: TanStack Table for sorting (header buttons; rows without a value last),
 * column visibility and pinning and row selection; TanStack Virtual above {@link VIRTUALIZE_ABOVE} rows; rows copied as
 * TSV (selected, or all in the shown order and columns; Ctrl/⌘+C copies the selection) under a header line of raw
 * names, as shown or at full precision; with `exportName`, the rows shown saved as CSV; a `?` by a header whose column
 * has help.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { rows, columns, rowId, noun, testId, rowTestId, rowIdAttribute, highlightId, empty, footer, footerTestId, exportName } =
    props;
  const [sorting, setSorting] = useState<SortingState>(props.initialSorting);
  const [visibility, setVisibility] = useState<VisibilityState>(() =>
    Object.fromEntries((props.initialHidden ?? []).map((id) => [id, false])),
  );
  const [pinning, setPinning] = useState<ColumnPinningState>({ left: [SELECT, ...props.initialPinned] });
  const [selection, setSelection] = useState<RowSelectionState>({});
  const scrollRef = useRef<HTMLDivElement>(null);
  const byId = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns]);
  const sorted = useMemo(() => sortRows(rows, sorting, (r, id) => byId.get(id)?.value(r) ?? null), [rows, sorting, byId]);
  const nameOf = (row: T) => columns[0]?.copy(row) ?? rowId(row);

  const defs = useMemo<ColumnDef<T>[]>(
    () => [
      {
        id: SELECT,
        size: SELECT_WIDTH,
        enableSorting: false,
        enableHiding: false,
        header: ({ table }) => (
          <input
            type="checkbox"
            aria-label={`Select all ${noun[1]}`}
            checked={table.getIsAllRowsSelected()}
            ref={(el) => {
              if (el) el.indeterminate = table.getIsSomeRowsSelected();
            }}
            onChange={table.getToggleAllRowsSelectedHandler()}
          />
        ),
        cell: ({ row }) => (
          <input
            type="checkbox"
            aria-label={`Select ${columns[0]?.copy(row.original) ?? row.id}`}
            checked={row.getIsSelected()}
            onChange={row.getToggleSelectedHandler()}
          />
        ),
      },
      ...columns.map((c): ColumnDef<T> => ({
        id: c.id,
        accessorFn: c.value,
        header: c.label,
        size: c.width,
        enableHiding: c.hideable !== false,
        sortDescFirst: !!c.descFirst,
      })),
    ],
    [columns, noun],
  );

  const table = useReactTable({
    data: sorted,
    columns: defs,
    state: { sorting, columnVisibility: visibility, columnPinning: pinning, rowSelection: selection },
    onSortingChange: setSorting,
    onColumnVisibilityChange: setVisibility,
    onColumnPinningChange: setPinning,
    onRowSelectionChange: setSelection,
    getCoreRowModel: getCoreRowModel(),
    getRowId: rowId,
    manualSorting: true, // sortRows above: nulls last in both directions, stable ties
    enableSortingRemoval: false,
    enableMultiSort: false,
  });
  const shown = table.getRowModel().rows;
  const pinnedLeaves = table.getLeftVisibleLeafColumns();
  const leaves = [...pinnedLeaves, ...table.getCenterVisibleLeafColumns()];
  const fit = useFitWidths(scrollRef, leaves, pinnedLeaves, columns.find((c) => c.grow)?.id);
  const lastPinned = pinnedLeaves.at(-1)?.id;
  // Sticky offset and class of a pinned column, from the fitted widths (the layout is fixed).
  const pinStyle = (id: string): CSSProperties | undefined => {
    const left = fit.leftOf(id);
    return left === undefined ? undefined : { left };
  };
  const cellClass = (id: string): string | undefined => {
    const pin = fit.leftOf(id) === undefined ? '' : id === lastPinned ? 'cs-pinned cs-pinned-last' : 'cs-pinned';
    return [byId.get(id)?.numeric ? 'num' : '', pin].join(' ').trim() || undefined;
  };
  const copyColumns = leaves.filter((c) => byId.has(c.id)).map((c) => byId.get(c.id)!);
  const chosen = shown.filter((r) => r.getIsSelected());
  const copier = useTableCopy();

  const virtual = shown.length > VIRTUALIZE_ABOVE;
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    enabled: virtual,
  });

  // Scroll the highlighted row into view once per id (a row selected on the map), not on every re-render.
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (!highlightId || scrolledTo.current === highlightId) return;
    const index = shown.findIndex((r) => r.id === highlightId);
    if (index < 0) return;
    scrolledTo.current = highlightId;
    if (virtual) virtualizer.scrollToIndex(index, { align: 'center' });
    else
      [...(scrollRef.current?.querySelectorAll<HTMLElement>('tr[data-row-id]') ?? [])]
        .find((tr) => tr.dataset.rowId === highlightId)
        ?.scrollIntoView?.({ block: 'center' });
  }, [highlightId, shown, virtual, virtualizer]);

  const copySelected = (full = false) =>
    void copier.copy(
      chosen.map((r) => r.original),
      copyColumns,
      full,
    );
  const onKeyDown = (e: KeyboardEvent) => {
    const mod = e.ctrlKey || e.metaKey;
    if (mod && e.key.toLowerCase() === 'c' && chosen.length > 0) {
      e.preventDefault();
      copySelected();
    } else if (mod && e.key.toLowerCase() === 'a') {
      e.preventDefault();
      table.toggleAllRowsSelected(true);
    }
  };

  const items = virtual ? virtualizer.getVirtualItems() : null;
  const visible = items
    ? items.map((it) => ({ row: shown[it.index]!, index: it.index }))
    : shown.map((row, index) => ({ row, index }));
  const padTop = items?.[0]?.start ?? 0;
  const padBottom = items && items.length > 0 ? virtualizer.getTotalSize() - items.at(-1)!.end : 0;
  const headers = table.getHeaderGroups()[0]?.headers ?? [];

  return (
    <div className="cs-table">
      <TableToolbar
        shown={shown.length}
        selected={chosen.length}
        noun={noun}
        onCopySelected={copySelected}
        onCopyAll={(full) => void copier.copy(sorted, copyColumns, full)}
        notice={copier.notice}
        columnMenu={<ColumnMenu table={table} columns={byId} />}
        onExport={
          exportName
            ? () =>
                saveCsv(
                  exportName,
                  rowsToCsv(
                    shown.map((r) => r.original),
                    copyColumns,
                  ),
                )
            : undefined
        }
      />
      <div
        className="cs-table-scroll"
        ref={scrollRef}
        tabIndex={0}
        onKeyDown={onKeyDown}
        aria-label={`${noun[1]}: tick rows to select them, copy them with Ctrl or Command + C`}
      >
        <table
          className="data-table compact cs-data"
          data-testid={testId}
          aria-rowcount={shown.length + 1}
          style={{ width: fit.total }}
        >
          <colgroup>
            {headers.map((h) => (
              <col key={h.id} style={{ width: fit.widthOf(h.column.id) }} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {headers.map((h) => {
                const spec = byId.get(h.column.id);
                const dir = h.column.getIsSorted();
                return (
                  <th
                    key={h.id}
                    scope="col"
                    className={cellClass(h.column.id)}
                    style={pinStyle(h.column.id)}
                    aria-sort={spec ? ariaSort(dir) : undefined}
                  >
                    {spec ? (
                      <>
                        <button type="button" className="sort" title={spec.name} onClick={h.column.getToggleSortingHandler()}>
                          {spec.label}
                          <SortMark dir={dir} />
                        </button>
                        {spec.help && <HelpTip text={spec.help} about={spec.label} />}
                      </>
                    ) : (
                      flexRender(h.column.columnDef.header, h.getContext())
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {padTop > 0 && (
              <tr className="spacer" aria-hidden="true" style={{ height: padTop }}>
                <td colSpan={headers.length} />
              </tr>
            )}
            {visible.map(({ row, index }) => {
              const highlighted = row.id === highlightId;
              return (
                <tr
                  key={row.id}
                  data-testid={rowTestId}
                  data-row-id={row.id}
                  {...{ [rowIdAttribute]: row.id }}
                  data-index={index}
                  ref={virtual ? virtualizer.measureElement : undefined}
                  aria-rowindex={index + 2}
                  aria-current={highlighted ? 'true' : undefined}
                  className={highlighted ? 'cs-highlight' : undefined}
                  title={highlighted ? `${nameOf(row.original)}: selected on the map` : undefined}
                >
                  {row.getVisibleCells().map((cell) => {
                    const spec = byId.get(cell.column.id);
                    return (
                      <td key={cell.id} className={cellClass(cell.column.id)} style={pinStyle(cell.column.id)}>
                        {spec ? spec.cell(row.original) : flexRender(cell.column.columnDef.cell, cell.getContext())}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
            {padBottom > 0 && (
              <tr className="spacer" aria-hidden="true" style={{ height: padBottom }}>
                <td colSpan={headers.length} />
              </tr>
            )}
          </tbody>
          {footer && footer.length > 0 && shown.length > 0 && (
            <tfoot data-testid={footerTestId}>
              {footer.map((f) => (
                <tr key={f.id} {...f.data}>
                  {headers.map((h) => (
                    <td key={h.id} className={cellClass(h.column.id)} style={pinStyle(h.column.id)}>
                      {f.cells[h.column.id]}
                    </td>
                  ))}
                </tr>
              ))}
            </tfoot>
          )}
        </table>
        {shown.length === 0 && <div className="empty-state">{empty}</div>}
      </div>
    </div>
  );
}
