import { flexRender } from '@tanstack/react-table';
import type { SortDirection, Table } from '@tanstack/react-table';

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
 * A TanStack table's `<thead>` where every header is a sort button: its label, ▲/▼, `aria-sort`, and the column's
 * `meta.className` on the cell (the catalogue and the location tables).
 */
export function SortableHead<T>({ table }: { table: Table<T> }) {
  return (
    <thead>
      {table.getHeaderGroups().map((hg) => (
        <tr key={hg.id}>
          {hg.headers.map((h) => {
            const dir = h.column.getIsSorted();
            return (
              <th key={h.id} scope="col" className={h.column.columnDef.meta?.className} aria-sort={ariaSort(dir)}>
                <button type="button" className="sort" onClick={h.column.getToggleSortingHandler()}>
                  {flexRender(h.column.columnDef.header, h.getContext())}
                  <SortMark dir={dir} />
                </button>
              </th>
            );
          })}
        </tr>
      ))}
    </thead>
  );
}
