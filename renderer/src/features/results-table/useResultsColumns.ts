import { useMemo, useState } from 'react';
import { getCoreRowModel, useReactTable } from '@tanstack/react-table';
import type { ColumnDef, ColumnSizingState, SortingState, Updater } from '@tanstack/react-table';
import type { PullRecord, RowsPage, TableColumn } from '../../../../shared/bridge/contract.js';
import { MAX_SORT_KEYS } from '../../../../shared/bridge/workspace.js';
import type { TableView } from '../../../../shared/bridge/workspace.js';
import { columnFormats } from './cellFormat.js';
import { BLOCK_ROWS } from './useRowBlocks.js';

const NO_ROWS: unknown[][] = [];

// Wide enough for the header (name, sort mark, filter button) and, up to a cap, the sample's longest value.
function defaultWidth(column: TableColumn, sample: readonly unknown[]): number {
  const header = Math.round(column.name.length * 8.4) + 58;
  if (column.type === 'TIMESTAMPTZ') return Math.max(header, 212);
  if (column.type === 'DOUBLE' || column.type === 'BIGINT') return Math.max(header, 96);
  const longest = Math.max(...sample.map((v) => (v === null || v === undefined ? 1 : String(v).length)), 4);
  return Math.max(header, Math.min(340, Math.round(longest * 7.4) + 28));
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
 * The results table's columns: the pulled columns, how each writes its values (decimals and default widths from the
 * first rows seen, kept while scrolling), and the TanStack table that holds their order, widths and pinning and turns a
 * click on a header into a new sort of the view (up to {@link MAX_SORT_KEYS} keys, Shift adds one). The table holds no
 * rows: the body reads them by index. `order[j]` is the pull's column index of display column `j`.
 */
export function useResultsColumns({ pull, first, view, onViewChange, zone, keyColumns, timeColumn }: ResultsColumnsInput) {
  const readColumns = first?.columns;
  const columns = useMemo(() => (pull.columns.length > 0 ? pull.columns : (readColumns ?? [])), [pull.columns, readColumns]);
  const [sample, setSample] = useState<{ pullId: number; rows: unknown[][] } | null>(null);
  if (first && first.rows.length > 0 && sample?.pullId !== pull.id)
    setSample({ pullId: pull.id, rows: first.rows.slice(0, BLOCK_ROWS) });
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
    maxMultiSortColCount: MAX_SORT_KEYS,
    isMultiSortEvent: (e) => (e as { shiftKey?: boolean }).shiftKey === true,
    sortDescFirst: false,
    columnResizeMode: 'onChange',
  });
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const order = headers.map((h) => columns.findIndex((c) => c.name === h.column.id));
  return { columns, formats, headers, order, totalWidth: table.getTotalSize() };
}
