import { useState } from 'react';
import type { ReactNode } from 'react';
import { flexRender, getCoreRowModel, getSortedRowModel, useReactTable } from '@tanstack/react-table';
import type { ColumnDef, SortingState } from '@tanstack/react-table';
import { SortableHead } from '../../components/SortableHead.js';

/** Props of {@link SortTable}: rows in the service's order until a header is clicked; `footer` is the `<tfoot>` row. */
export interface SortTableProps<T> {
  rows: T[];
  columns: ColumnDef<T>[];
  rowId: (row: T) => string;
  testId: string;
  caption: string;
  footer?: ReactNode;
  busy?: boolean;
  /** Extra attributes of the table (e.g. `data-group`). */
  data?: Record<`data-${string}`, string>;
  /** A class of the scrolling box besides `table-wrap` (e.g. a narrower width). */
  className?: string;
}

/**
 * A compact sortable table (TanStack Table, header buttons with `aria-sort`; nulls sort last) in a scrolling box. The
 * grid pages' answers are hundreds of rows, not the workspace's millions, so every row is rendered.
 */
export function SortTable<T>(props: SortTableProps<T>) {
  const { rows, columns, rowId, testId, caption, footer, busy = false, data, className } = props;
  const [sorting, setSorting] = useState<SortingState>([]);
  const table = useReactTable({
    data: rows,
    columns,
    state: { sorting },
    onSortingChange: setSorting,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getRowId: rowId,
  });
  return (
    <div className={className ? `table-wrap ${className}` : 'table-wrap'}>
      <table className="data-table compact" data-testid={testId} aria-busy={busy} {...data}>
        <caption className="visually-hidden">{caption}</caption>
        <SortableHead table={table} />
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} data-row-id={row.id}>
              {row.getVisibleCells().map((cell) => (
                <td key={cell.id} className={cell.column.columnDef.meta?.className}>
                  {flexRender(cell.column.columnDef.cell, cell.getContext())}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {footer && <tfoot>{footer}</tfoot>}
      </table>
    </div>
  );
}
