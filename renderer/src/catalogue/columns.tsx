import { createColumnHelper } from '@tanstack/react-table';
import type { RowData } from '@tanstack/react-table';
import type { Dataset } from '../../../shared/schemas/dataset.js';
import { formatCount, formatSource, formatWindow } from '../lib/format.js';
import { hrefs } from '../lib/router.js';

// Declaration merging must repeat the library's type parameters, used or not.
/* eslint-disable @typescript-eslint/no-unused-vars */
declare module '@tanstack/react-table' {
  interface TableMeta<TData extends RowData> {
    activeRowId?: string;
  }
  interface ColumnMeta<TData extends RowData, TValue> {
    className?: string;
  }
}
/* eslint-enable @typescript-eslint/no-unused-vars */

const col = createColumnHelper<Dataset>();

/** Catalogue columns; sorting uses raw values (availability by earliest time, unknown rows last). */
export const catalogueColumns = [
  col.accessor('name', {
    header: 'Name',
    cell: (c) => (
      <a
        href={hrefs.dataset(c.row.original.id)}
        tabIndex={c.table.options.meta?.activeRowId === c.row.id ? 0 : -1}
        data-testid="dataset-link"
      >
        {c.getValue()}
      </a>
    ),
    meta: { className: 'col-name' },
  }),
  col.accessor('id', { header: 'ID', cell: (c) => <code>{c.getValue()}</code>, meta: { className: 'col-id' } }),
  col.accessor((d) => formatSource(d.source), { id: 'source', header: 'Source' }),
  col.accessor((d) => d.data_frequency ?? '—', { id: 'frequency', header: 'Frequency', meta: { className: 'mono' } }),
  col.accessor((d) => d.earliest_available_time_utc ?? '', {
    id: 'availability',
    header: 'Availability',
    cell: (c) => formatWindow(c.row.original.earliest_available_time_utc, c.row.original.latest_available_time_utc),
    meta: { className: 'nowrap' },
  }),
  col.accessor((d) => d.number_of_rows_approximate ?? -1, {
    id: 'rows',
    header: 'Rows',
    cell: (c) => formatCount(c.row.original.number_of_rows_approximate),
    sortDescFirst: true,
    meta: { className: 'num' },
  }),
];
