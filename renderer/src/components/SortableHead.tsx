import { flexRender } from '@tanstack/react-table';
import type { RowData, SortDirection, Table } from '@tanstack/react-table';
import { HelpTip } from './HelpTip.js';

// Declaration merging must repeat the library's type parameters, used or not.
/* eslint-disable @typescript-eslint/no-unused-vars */
declare module '@tanstack/react-table' {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The column's raw name, shown on hover over its header (docs/vocabulary.md). */
    name?: string;
    /** What a `?` by the header explains. */
    help?: string;
  }
}
/* eslint-enable @typescript-eslint/no-unused-vars */

/** `aria-sort` of a column sorted `dir` (TanStack's `getIsSorted()`). */
export function ariaSort(dir: SortDirection | false): 'ascending' | 'descending' | 'none' {
  return dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : 'none';
}

/** The ▲/▼ after a sorted column's label, with its place in a multi-column sort (hidden from screen readers: `aria-sort` says it). */
export function SortMark({ dir, order = null }: { dir: SortDirection | false; order?: number | null }) {
  return (
    <span className="sort-mark" aria-hidden="true">
      {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : ''}
      {order !== null && <sup>{order}</sup>}
    </span>
  );
}

/**
 * A TanStack table's `<thead>` where every header is a sort button: its label (the column's `meta.name` on hover),
 * ▲/▼, `aria-sort`, a `?` with `meta.help`, and the column's `meta.className` on the cell (the catalogue and the
 * location tables).
 */
export function SortableHead<T>({ table }: { table: Table<T> }) {
  return (
    <thead>
      {table.getHeaderGroups().map((hg) => (
        <tr key={hg.id}>
          {hg.headers.map((h) => {
            const dir = h.column.getIsSorted();
            const meta = h.column.columnDef.meta;
            const header = h.column.columnDef.header;
            return (
              <th key={h.id} scope="col" className={meta?.className} aria-sort={ariaSort(dir)}>
                <button type="button" className="sort" title={meta?.name} onClick={h.column.getToggleSortingHandler()}>
                  {flexRender(header, h.getContext())}
                  <SortMark dir={dir} />
                </button>
                {meta?.help && <HelpTip text={meta.help} about={typeof header === 'string' ? header : h.column.id} />}
              </th>
            );
          })}
        </tr>
      ))}
    </thead>
  );
}
