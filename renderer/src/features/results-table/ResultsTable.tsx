import { useEffect, useMemo, useRef, useState } from 'react';
import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { getCoreRowModel, useReactTable } from '@tanstack/react-table';
import type { ColumnDef, ColumnSizingState, SortingState, Updater } from '@tanstack/react-table';
import { observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import type { ColumnFilter, PullRecord, TableColumn } from '../../../../shared/bridge/contract.js';
import { toGsError } from '../../lib/bridgeQuery.js';
import { formatCount } from '../../lib/format.js';
import { columnFormats } from './cellFormat.js';
import { ColumnFilterPopover } from './ColumnFilterPopover.js';
import { describeFilter } from './filters.js';
import { GridHeaderCell, pinStyle } from './ResultsTableHeader.js';
import { inRange, rangeOf } from './selection.js';
import type { CellPos, CellSelection } from './selection.js';
import { useGridCopy } from './useResultsCopy.js';
import { BLOCK_ROWS, useRowBlocks } from './useRowBlocks.js';
import type { RowsView } from './useRowBlocks.js';

/** Height of a row, px (fixed: a million rows cannot each be measured). */
export const ROW_HEIGHT = 28;
/** How long the view must rest after a jump before its rows are read, in ms. */
export const SETTLE_MS = 80;
// Rows to lay out while the scroll area has no height yet (not laid out, or a DOM without layout).
const UNMEASURED_HEIGHT = 20 * ROW_HEIGHT;
const NO_ROWS: unknown[][] = [];

/** Props of {@link ResultsGrid}; `actions` sit in its toolbar (export, save). */
export interface ResultsGridProps {
  pull: PullRecord;
  view: RowsView;
  onViewChange: (view: RowsView) => void;
  /** IANA zone (or `UTC`) timestamps are shown and filtered in. */
  zone: string;
  keyColumns: ReadonlySet<string>;
  /** The time index column, pinned left. */
  timeColumn: string | null;
  actions?: ReactNode;
}

type Popover = { column: TableColumn; index: number | null; at: { top: number; left: number } };

// Wide enough for the header (name, sort mark, filter button) and, up to a cap, the sample's longest value.
function defaultWidth(column: TableColumn, sample: readonly unknown[]): number {
  const header = Math.round(column.name.length * 8.4) + 58;
  if (column.type === 'TIMESTAMPTZ') return Math.max(header, 212);
  if (column.type === 'DOUBLE' || column.type === 'BIGINT') return Math.max(header, 96);
  const longest = Math.max(...sample.map((v) => (v === null || v === undefined ? 1 : String(v).length)), 4);
  return Math.max(header, Math.min(340, Math.round(longest * 7.4) + 28));
}

const cellAt = (target: EventTarget): CellPos | null => {
  const td = (target as Element).closest?.('td[data-col]');
  if (!(td instanceof HTMLElement)) return null;
  return { row: Number(td.dataset.row), col: Number(td.dataset.col) };
};

/**
 * The rows of a pull in the workspace (docs/desktop.md#the-query-page): one scroll area, virtual rows read in blocks
 * of {@link BLOCK_ROWS} around the viewport, sort and filters done in SQL by main, the time column pinned left, columns
 * resizable, cells selectable (click, Shift-click, drag) and copied as TSV with Ctrl/⌘+C or Copy.
 */
export function ResultsGrid({ pull, view, onViewChange, zone, keyColumns, timeColumn, actions }: ResultsGridProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [range, setRange] = useState({ start: 0, end: BLOCK_ROWS });
  const blocks = useRowBlocks(pull, view, range.start, range.end);
  const readColumns = blocks.first?.columns;
  const columns = useMemo(() => (pull.columns.length > 0 ? pull.columns : (readColumns ?? [])), [pull.columns, readColumns]);
  // Decimals and default widths come from the first rows seen, then stay put while scrolling.
  const [sample, setSample] = useState<{ pullId: number; rows: unknown[][] } | null>(null);
  if (blocks.first && blocks.first.rows.length > 0 && sample?.pullId !== pull.id)
    setSample({ pullId: pull.id, rows: blocks.first.rows.slice(0, BLOCK_ROWS) });
  const sampleRows = sample?.pullId === pull.id ? sample.rows : NO_ROWS;
  const formats = useMemo(
    () => columnFormats(columns, sampleRows, { zone, keyColumns }),
    [columns, sampleRows, zone, keyColumns],
  );

  const [sizing, setSizing] = useState<ColumnSizingState>({});
  const defs = useMemo<ColumnDef<unknown[]>[]>(
    () =>
      columns.map((c, i) => ({
        id: c.name,
        accessorFn: (row: unknown[]) => row[i],
        header: c.name,
        size: defaultWidth(
          c,
          sampleRows.map((r) => r[i]),
        ),
        minSize: 56,
        maxSize: 1200,
      })),
    [columns, sampleRows],
  );
  const sorting: SortingState = view.sort.map((k) => ({ id: k.column, desc: !!k.desc }));
  const pinned = timeColumn && columns.some((c) => c.name === timeColumn) ? [timeColumn] : [];
  const table = useReactTable({
    data: NO_ROWS,
    columns: defs,
    getCoreRowModel: getCoreRowModel(),
    state: { sorting, columnSizing: sizing, columnPinning: { left: pinned } },
    onSortingChange: (u: Updater<SortingState>) => {
      const next = typeof u === 'function' ? u(sorting) : u;
      onViewChange({ ...view, sort: next.map((s) => ({ column: s.id, desc: s.desc })) });
    },
    onColumnSizingChange: setSizing,
    manualSorting: true,
    enableMultiSort: true,
    maxMultiSortColCount: 8,
    isMultiSortEvent: (e) => (e as { shiftKey?: boolean }).shiftKey === true,
    sortDescFirst: false,
    columnResizeMode: 'onChange',
  });
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const order = headers.map((h) => columns.findIndex((c) => c.name === h.column.id));

  const total = blocks.totalRows ?? 0;
  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    observeElementRect: (instance, cb) =>
      observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : { ...rect, height: UNMEASURED_HEIGHT })),
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = (items.at(-1)?.index ?? 0) + 1;
  // A scroll within reach of the rows read asks for the next rows at once; a jump far away (the scroll bar dragged, a
  // fling) waits until the view stays put for SETTLE_MS, so the blocks passed on the way are never read.
  useEffect(() => {
    if (range.start === first && range.end === last) return;
    const next = { start: first, end: Math.max(last, first + 1) };
    const reach = Math.max(BLOCK_ROWS, last - first);
    if (first < range.end + reach && last > range.start - reach) {
      setRange(next);
      return;
    }
    const timer = setTimeout(() => setRange(next), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [first, last, range]);
  const viewKey = JSON.stringify(view);
  useEffect(() => {
    scrollRef.current?.scrollTo?.({ top: 0 });
  }, [viewKey]);

  const [selection, setSelection] = useState<CellSelection | null>(null);
  const dragging = useRef(false);
  const selected = selection ? rangeOf(selection) : null;
  const copier = useGridCopy({ pullId: pull.id, view, formats, order, rowAt: blocks.rowAt });
  useEffect(() => {
    const up = () => (dragging.current = false);
    window.addEventListener('mouseup', up);
    return () => window.removeEventListener('mouseup', up);
  }, []);

  const [popover, setPopover] = useState<Popover | null>(null);
  const setFilters = (filters: ColumnFilter[]) => {
    setSelection(null);
    onViewChange({ ...view, filters });
  };

  const onMouseDown = (e: MouseEvent) => {
    const pos = e.button === 0 ? cellAt(e.target) : null;
    if (!pos) return;
    dragging.current = true;
    setSelection((s) => (e.shiftKey && s ? { anchor: s.anchor, focus: pos } : { anchor: pos, focus: pos }));
  };
  const onMouseOver = (e: MouseEvent) => {
    if (!dragging.current) return;
    const pos = cellAt(e.target);
    if (pos) setSelection((s) => (s && (s.focus.row !== pos.row || s.focus.col !== pos.col) ? { ...s, focus: pos } : s));
  };
  const onKeyDown = (e: KeyboardEvent) => {
    const mod = e.ctrlKey || e.metaKey;
    if (mod && e.key.toLowerCase() === 'c' && selection) {
      e.preventDefault();
      void copier.copy(selection);
    } else if (mod && e.key.toLowerCase() === 'a' && total > 0) {
      e.preventDefault();
      setSelection({ anchor: { row: 0, col: 0 }, focus: { row: total - 1, col: columns.length - 1 } });
    } else if (e.key === 'Escape') setSelection(null);
  };

  const filtered = view.filters.length > 0;
  const unfiltered = pull.progress?.rows ?? pull.rows;
  const error = blocks.error ? toGsError(blocks.error) : null;
  const padTop = items[0]?.start ?? 0;
  const padBottom = items.length > 0 ? virtualizer.getTotalSize() - items.at(-1)!.end : 0;
  const colCount = headers.length;

  return (
    <div className="results-grid">
      <div className="grid-toolbar">
        <p className="grid-count" data-testid="result-count" aria-live="polite">
          {blocks.totalRows === null ? (
            'Reading rows…'
          ) : (
            <>
              <strong>{formatCount(total)}</strong> {total === 1 ? 'row' : 'rows'}
              {filtered && ` (filtered from ${formatCount(unfiltered)})`}
              {pull.state === 'running' && ' so far'}
            </>
          )}
          <span className="muted"> · times in {zone}</span>
        </p>
        <div className="grid-actions">
          <button
            type="button"
            onClick={() => void copier.copy(selection)}
            disabled={!selection || copier.copying}
            title="Copy the selected cells for a spreadsheet (Ctrl/⌘+C)"
            data-testid="copy-cells"
          >
            {copier.copying ? 'Copying…' : 'Copy'}
          </button>
          {actions}
        </div>
      </div>
      {(filtered || copier.notice) && (
        <div className="grid-chips">
          {view.filters.map((f, i) => {
            const column = columns.find((c) => c.name === f.column);
            return (
              <span key={i} className="filter-chip" data-testid="filter-chip">
                <button
                  type="button"
                  className="chip-text"
                  title="Change this filter"
                  onClick={(e) => {
                    const r = e.currentTarget.getBoundingClientRect();
                    if (column) setPopover({ column, index: i, at: { top: r.bottom + 4, left: r.left } });
                  }}
                >
                  {describeFilter(f, column, zone)}
                </button>
                <button
                  type="button"
                  className="chip-remove"
                  aria-label={`Remove filter ${describeFilter(f, column, zone)}`}
                  onClick={() => setFilters(view.filters.filter((_f, j) => j !== i))}
                >
                  ×
                </button>
              </span>
            );
          })}
          {filtered && (
            <button type="button" className="link-button" onClick={() => setFilters([])} data-testid="clear-filters">
              Clear filters
            </button>
          )}
          {copier.notice && (
            <span className={copier.notice.error ? 'copy-notice error' : 'copy-notice'} role="status" data-testid="copy-notice">
              {copier.notice.text}
            </span>
          )}
        </div>
      )}
      {error && (
        <p className="grid-error" role="alert" data-testid="rows-error">
          The rows could not be read: {error.message}
        </p>
      )}
      <div
        className="grid-scroll"
        ref={scrollRef}
        tabIndex={0}
        onKeyDown={onKeyDown}
        aria-label="Query results: select cells with the mouse, copy with Ctrl or Command + C"
      >
        <table
          className="grid ws-grid"
          data-testid="results-table"
          aria-rowcount={total + 1}
          aria-colcount={colCount}
          style={{ width: table.getTotalSize() }}
        >
          <colgroup>
            {headers.map((h) => (
              <col key={h.id} style={{ width: h.getSize() }} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {headers.map((h, j) => {
                const column = columns[order[j]!]!;
                return (
                  <GridHeaderCell
                    key={h.id}
                    header={h}
                    column={column}
                    numeric={formats[order[j]!]?.numeric ?? false}
                    filters={view.filters.filter((f) => f.column === column.name).length}
                    sortCount={view.sort.length}
                    onFilter={(at) => setPopover({ column, index: null, at })}
                  />
                );
              })}
            </tr>
          </thead>
          <tbody onMouseDown={onMouseDown} onMouseOver={onMouseOver}>
            {padTop > 0 && (
              <tr className="spacer" aria-hidden="true" style={{ height: padTop }}>
                <td colSpan={colCount} />
              </tr>
            )}
            {items.map((it) => {
              const row = blocks.rowAt(it.index);
              return (
                <tr key={it.index} data-testid="result-row" aria-rowindex={it.index + 2} className={row ? undefined : 'loading'}>
                  {headers.map((h, j) => {
                    const k = order[j]!;
                    const f = formats[k];
                    const v = row?.[k];
                    const cls = [
                      f?.numeric ? 'num' : '',
                      v === null ? 'muted' : '',
                      h.column.getIsPinned() ? 'pinned' : '',
                      inRange(selected, it.index, j) ? 'selected' : '',
                    ]
                      .filter(Boolean)
                      .join(' ');
                    return (
                      <td key={h.id} data-row={it.index} data-col={j} className={cls || undefined} style={pinStyle(h)}>
                        {row && f ? f.text(v) : ''}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
            {padBottom > 0 && (
              <tr className="spacer" aria-hidden="true" style={{ height: padBottom }}>
                <td colSpan={colCount} />
              </tr>
            )}
          </tbody>
        </table>
        {blocks.totalRows === 0 && (
          <p className="grid-empty muted" data-testid="results-empty">
            {filtered ? 'No rows match these filters.' : pull.state === 'running' ? 'No rows yet.' : 'No rows in this result.'}
          </p>
        )}
      </div>
      {popover && (
        <ColumnFilterPopover
          key={`${popover.column.name}/${popover.index}`}
          pullId={pull.id}
          column={popover.column}
          zone={zone}
          editing={popover.index !== null ? view.filters[popover.index] : undefined}
          at={popover.at}
          onApply={(f) => {
            setPopover(null);
            setFilters(popover.index !== null ? view.filters.map((g, j) => (j === popover.index ? f : g)) : [...view.filters, f]);
          }}
          onRemove={
            popover.index !== null
              ? () => (setPopover(null), setFilters(view.filters.filter((_g, j) => j !== popover.index)))
              : undefined
          }
          onClose={() => setPopover(null)}
        />
      )}
    </div>
  );
}
