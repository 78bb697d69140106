import { useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, Ref } from 'react';
import { flexRender, getCoreRowModel, getSortedRowModel, useReactTable } from '@tanstack/react-table';
import type { SortingState } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Dataset } from '../../../../shared/schemas/dataset.js';
import { hrefs, navigate } from '../../lib/router.js';
import { catalogueColumns } from './columns.js';
import './catalogue.css';
import { SortableHead } from '../../components/SortableHead.js';

/** Above this many rows only the visible ones are rendered. */
export const VIRTUALIZE_ABOVE = 100;
const ROW_HEIGHT = 37;

/** Imperative handle so the search box can hand focus to the table (ArrowDown). */
export interface CatalogueTableHandle {
  focusFirstRow(): void;
}

/** Props of {@link CatalogueTable}: the filtered datasets and, while searching, each one's rank. */
export interface CatalogueTableProps {
  datasets: Dataset[];
  ranks?: ReadonlyMap<string, number>;
  ref?: Ref<CatalogueTableHandle>;
}

const cellClass = (meta: { className?: string; cellClassName?: string } | undefined): string | undefined =>
  [meta?.className, meta?.cellClassName].filter(Boolean).join(' ') || undefined;

const STEP: Record<string, number> = { ArrowDown: 1, ArrowUp: -1, PageDown: 10, PageUp: -10 };

/**
 * The catalogue grid: sortable, one roving tab stop, rows by rank then header sort (docs/desktop.md#the-catalogue).
 * Virtualized with spacer rows so the table keeps native semantics.
 */
export function CatalogueTable({ datasets, ranks, ref }: CatalogueTableProps) {
  const [sorting, setSorting] = useState<SortingState>([{ id: 'name', desc: false }]);
  const [activeId, setActiveId] = useState<string | null>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const focusPending = useRef<string | null>(null);

  const table = useReactTable({
    data: datasets,
    columns: catalogueColumns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: (d) => d.id,
    meta: { activeRowId: activeId ?? undefined },
  });
  const sortedRows = table.getRowModel().rows;
  const rows = useMemo(
    () => (ranks ? [...sortedRows].sort((a, b) => (ranks.get(a.id) ?? 0) - (ranks.get(b.id) ?? 0)) : sortedRows),
    [sortedRows, ranks],
  );
  const activeIndex = rows.findIndex((r) => r.id === activeId);

  const virtual = rows.length > VIRTUALIZE_ABOVE;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    enabled: virtual,
  });

  useEffect(() => {
    if (rows.length > 0 && activeIndex < 0) setActiveId(rows[0]!.id);
  }, [rows, activeIndex]);

  const focusPendingRow = (): boolean => {
    const id = focusPending.current;
    if (!id) return false;
    const rowEl = [...(scrollRef.current?.querySelectorAll<HTMLElement>('tr[data-row-id]') ?? [])].find(
      (tr) => tr.dataset.rowId === id,
    );
    const link = rowEl?.querySelector('a');
    if (!rowEl || !link) return false;
    focusPending.current = null;
    link.focus();
    if (!virtual) rowEl.scrollIntoView?.({ block: 'nearest' });
    return true;
  };

  // A virtual row may render only after the scroll: retry after each render until it is there.
  useEffect(() => {
    focusPendingRow();
  });

  const moveTo = (index: number) => {
    if (rows.length === 0) return;
    const i = Math.min(rows.length - 1, Math.max(0, index));
    focusPending.current = rows[i]!.id;
    setActiveId(rows[i]!.id);
    if (virtual) virtualizer.scrollToIndex(i, { align: 'auto' });
    focusPendingRow(); // already rendered (always, unless virtual): focus now; a no-op re-render is fine
  };

  useImperativeHandle(ref, () => ({ focusFirstRow: () => moveTo(0) }));

  const onKeyDown = (e: KeyboardEvent<HTMLTableSectionElement>) => {
    const from = Math.max(0, activeIndex);
    if (e.key in STEP) moveTo(from + STEP[e.key]!);
    else if (e.key === 'Home') moveTo(0);
    else if (e.key === 'End') moveTo(rows.length - 1);
    else return;
    e.preventDefault();
  };

  const items = virtual ? virtualizer.getVirtualItems() : null;
  const visible = items
    ? items.map((it) => ({ row: rows[it.index]!, index: it.index }))
    : rows.map((row, index) => ({ row, index }));
  const padTop = items?.[0]?.start ?? 0;
  const padBottom = items && items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  const colSpan = table.getVisibleLeafColumns().length;

  return (
    <div className="table-scroll" ref={scrollRef}>
      <table className="data-table catalogue-table" data-testid="catalogue-table" aria-rowcount={rows.length + 1}>
        <SortableHead table={table} />
        <tbody onKeyDown={onKeyDown}>
          {padTop > 0 && (
            <tr className="spacer" aria-hidden="true" style={{ height: padTop }}>
              <td colSpan={colSpan} />
            </tr>
          )}
          {visible.map(({ row, index }) => (
            <tr
              key={row.id}
              data-row-index={index}
              data-row-id={row.id}
              data-index={index}
              ref={virtual ? virtualizer.measureElement : undefined}
              data-testid="catalogue-row"
              aria-rowindex={index + 2}
              className={row.id === activeId ? 'active' : undefined}
              onFocus={() => setActiveId(row.id)}
              onClick={(e) => {
                if (!(e.target as Element).closest('a, button')) navigate(hrefs.dataset(row.id));
              }}
            >
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className={cellClass(cell.column.columnDef.meta)}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
          {padBottom > 0 && (
            <tr className="spacer" aria-hidden="true" style={{ height: padBottom }}>
              <td colSpan={colSpan} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
