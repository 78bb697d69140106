import type { ReactNode } from 'react';
import type { SortValue } from './sortRows.js';

/**
 * A column of a {@link DataTable}: `label` is its header (and its sort button's accessible name), `value` what it
 * sorts by, `cell` what it shows, `copy` what a TSV copy writes; `width` in CSS px (the table lays out fixed, so
 * pinned columns know their offsets).
 */
export interface GridColumn<T> {
  id: string;
  label: string;
  value: (row: T) => SortValue;
  cell: (row: T) => ReactNode;
  copy: (row: T) => string;
  width: number;
  numeric?: boolean;
  /** False for the column that names the row (it cannot be hidden). */
  hideable?: boolean;
  /** The first click sorts descending (costs: highest first). */
  descFirst?: boolean;
}

const costFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A cost or price with two decimals and thousands separators (`12,345.67`); null → an em dash. */
export const formatMoney = (n: number | null | undefined): string => (n === null || n === undefined ? '—' : costFormat.format(n));

/** The dataset ids a constraint or contingency was seen in, as code chips; none → an em dash. */
export function DatasetList({ ids }: { ids: readonly string[] | null }) {
  if (!ids || ids.length === 0) return <span className="muted">—</span>;
  return (
    <span className="cs-datasets" title={ids.join('\n')}>
      {ids.map((id) => (
        <code key={id}>{id}</code>
      ))}
    </span>
  );
}
