import { useMemo, useState } from 'react';
import { getCoreRowModel, useReactTable } from '@tanstack/react-table';
import type { ColumnDef, ColumnSizingState, SortingState, Updater, VisibilityState } from '@tanstack/react-table';
import type { PullRecord, RowsPage, TableColumn } from '../../../../shared/bridge/contract.js';
import { MAX_SORT_KEYS } from '../../../../shared/bridge/workspace.js';
import type { TableView } from '../../../../shared/bridge/workspace.js';
import { tableLayout } from '../../../../shared/vocabulary/index.js';
import { columnFormats } from './cellFormat.js';
import type { ColumnFormat } from './cellFormat.js';
import { BLOCK_ROWS } from './useRowBlocks.js';

const NO_ROWS: unknown[][] = [];

// Wide enough for the header (its label on at most two lines, sort mark, help, filter button) and, up to a cap, the
// sample's longest value.
function defaultWidth(column: TableColumn, format: ColumnFormat, sample: readonly unknown[]): number {
  const headChars = Math.max(format.head.label.length, (format.head.unit?.length ?? -2) + 2);
  const header = Math.round(headChars * 8.4) + (format.help ? 80 : 58);
  if (column.type === 'TIMESTAMPTZ' || column.type === 'TIMESTAMP' || /_local$/.test(column.name)) {
    const longest = Math.max(...sample.map((v) => format.text(v).length), 10);
    return Math.max(header, Math.round(longest * 7.9) + 26);
  }
  if (column.type === 'DOUBLE' || column.type === 'BIGINT') return Math.max(header, 96);
  const longest = Math.max(...sample.map((v) => (v === null || v === undefined ? 1 : String(v).length)), 4);
  return Math.max(header, Math.min(260, Math.round(longest * 7.4) + 28));
}

/** What {@link useResultsColumns} reads: the pull, its first block of rows, the view and how times and keys are shown. */
export interface ResultsColumnsInput {
  pull: PullRecord;
  /** The first block read (its columns stand in while a running pull lists none yet). */
  first: RowsPage | undefined;
  view: TableView;
  onViewChange: (view: TableView) => void;
  zone: string;
  keyColumns: ReadonlySet<string>;
  timeColumn: string | null;
}

/**
 * The results table's columns: the pulled columns in the vocabulary's layout (times, values, then bookkeeping; of a
 * `_utc`/`_local` pair the one not in the table's clock hidden until the column menu shows it), how each writes its
 * values, and the TanStack table that holds their widths, visibility and pinning and turns a click on a header into a
 * new sort of the view (up to {@link MAX_SORT_KEYS} keys, Shift adds one). The table holds no rows: the body reads them
 * by index. `order[j]` is the pull's column index of display column `j`.
 */
export function useResultsColumns({ pull, first, view, onViewChange, zone, keyColumns, timeColumn }: ResultsColumnsInput) {
  const readColumns = first?.columns;
  const columns = useMemo(() => (pull.columns.length > 0 ? pull.columns : (readColumns ?? [])), [pull.columns, readColumns]);
  const [sample, setSample] = useState<{ pullId: number; rows: unknown[][] } | null>(null);
  if (first && first.rows.length > 0 && sample?.pullId !== pull.id)
    setSample({ pullId: pull.id, rows: first.rows.slice(0, BLOCK_ROWS) });
  const sampleRows = sample?.pullId === pull.id ? sample.rows : NO_ROWS;
  const formats = useMemo(() => columnFormats(columns, { zone, keyColumns }), [columns, zone, keyColumns]);
  const layout = useMemo(() => tableLayout(columns, zone !== 'UTC'), [columns, zone]);

  const [sizing, setSizing] = useState<ColumnSizingState>({});
  // The user's choices in the column menu, over the layout's defaults; forgotten when another pull shows.
  const [shown, setShown] = useState<{ pullId: number; visibility: VisibilityState }>({ pullId: pull.id, visibility: {} });
  const choices = shown.pullId === pull.id ? shown.visibility : {};
  const visibility = useMemo(
    () => ({ ...Object.fromEntries(layout.hidden.map((name) => [name, false])), ...choices }),
    [layout, choices],
  );
  const defs = useMemo<ColumnDef<unknown[]>[]>(
    () =>
      layout.order.map((name) => {
        const i = columns.findIndex((c) => c.name === name);
        return {
          id: name,
          accessorFn: (row: unknown[]) => row[i],
          header: formats[i]!.label,
          size: defaultWidth(
            columns[i]!,
            formats[i]!,
            sampleRows.map((r) => r[i]),
          ),
          minSize: 56,
          maxSize: 1200,
        };
      }),
    [layout, columns, formats, sampleRows],
  );
  const sorting: SortingState = view.sort.map((k) => ({ id: k.column, desc: !!k.desc }));
  // The time index column stays at the left edge, or its twin in the table's clock (the layout puts that one first).
  const twin = timeColumn?.replace(/_utc$/, '_local');
  const pinned = layout.order.find((c) => (c === timeColumn || c === twin) && visibility[c] !== false);
  const table = useReactTable({
    data: NO_ROWS,
    columns: defs,
    getCoreRowModel: getCoreRowModel(),
    state: { sorting, columnSizing: sizing, columnPinning: { left: pinned ? [pinned] : [] }, columnVisibility: visibility },
    onSortingChange: (u: Updater<SortingState>) => {
      const next = typeof u === 'function' ? u(sorting) : u;
      onViewChange({ ...view, sort: next.map((s) => ({ column: s.id, desc: s.desc })) });
    },
    onColumnSizingChange: setSizing,
    onColumnVisibilityChange: (u: Updater<VisibilityState>) =>
      setShown({ pullId: pull.id, visibility: typeof u === 'function' ? u(visibility) : u }),
    manualSorting: true,
    enableMultiSort: true,
    maxMultiSortColCount: MAX_SORT_KEYS,
    isMultiSortEvent: (e) => (e as { shiftKey?: boolean }).shiftKey === true,
    sortDescFirst: false,
    columnResizeMode: 'onChange',
  });
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const order = headers.map((h) => columns.findIndex((c) => c.name === h.column.id));
  return { columns, formats, headers, order, table, totalWidth: table.getTotalSize() };
}
