import { createColumnHelper } from '@tanstack/react-table';
import type { RowData } from '@tanstack/react-table';
import type { Dataset } from '../../../../shared/schemas/dataset.js';
import { formatCount, formatSource, formatUtc, formatWindow } from '../../lib/format.js';
import { hrefs } from '../../lib/router.js';
import { compareFrequency, formatFrequency } from '../../features/datasets/frequency.js';

// Declaration merging must repeat the library's type parameters, used or not.
/* eslint-disable @typescript-eslint/no-unused-vars */
declare module '@tanstack/react-table' {
  interface TableMeta<TData extends RowData> {
    activeRowId?: string;
  }
  interface ColumnMeta<TData extends RowData, TValue> {
    /** On the header and the cells. */
    className?: string;
    /** On the cells only (a monospace value under a header in the table's font). */
    cellClassName?: string;
  }
}
/* eslint-enable @typescript-eslint/no-unused-vars */

const col = createColumnHelper<Dataset>();

// One end of the window; a narrow catalogue hides the time of day (catalogue.css), the title keeps it.
function WindowEnd({ iso, arrow }: { iso: string | null; arrow?: boolean }) {
  const text = formatUtc(iso);
  const cut = text.indexOf(' ');
  return (
    <span className="nowrap">
      {cut < 0 ? text : text.slice(0, cut)}
      {cut >= 0 && <span className="avail-time">{text.slice(cut)}</span>}
      {arrow && ' →'}
    </span>
  );
}

function Availability({ dataset: d }: { dataset: Dataset }) {
  if (!d.earliest_available_time_utc && !d.latest_available_time_utc) return <>—</>;
  return (
    <span title={formatWindow(d.earliest_available_time_utc, d.latest_available_time_utc)}>
      <WindowEnd iso={d.earliest_available_time_utc} arrow /> <WindowEnd iso={d.latest_available_time_utc} />
    </span>
  );
}

/**
 * Catalogue columns; sorting uses raw values (availability by earliest time, unknown rows last; frequency by duration,
 * `IRREGULAR` after the durations). `col-id` is the column a narrow catalogue hides (catalogue.css).
 */
export const catalogueColumns = [
  col.accessor('name', {
    header: 'Name',
    cell: (c) => (
      <a
        href={hrefs.dataset(c.row.original.id)}
        title={c.row.original.id}
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
  col.accessor((d) => formatFrequency(d.data_frequency), {
    id: 'frequency',
    header: 'Frequency',
    sortingFn: (a, b) => compareFrequency(a.original.data_frequency, b.original.data_frequency),
    meta: { className: 'col-frequency' },
  }),
  col.accessor((d) => d.earliest_available_time_utc ?? '', {
    id: 'availability',
    header: 'Availability',
    cell: (c) => <Availability dataset={c.row.original} />,
    meta: { className: 'col-availability' },
  }),
  col.accessor((d) => d.number_of_rows_approximate ?? -1, {
    id: 'rows',
    header: 'Rows',
    cell: (c) => formatCount(c.row.original.number_of_rows_approximate),
    sortDescFirst: true,
    meta: { className: 'num' },
  }),
];
