import type { ReactNode } from 'react';
import { shortDatasetLabel } from '../constraintDatasets.js';
import type { ConstraintDataset } from '../constraintDatasets.js';
import type { SortValue } from './sortRows.js';

/**
 * A column of a {@link DataTable}: `label` is its header in words with its unit (and its sort button's accessible
 * name), `name` the raw name shown on hover and written as the copied header (docs/vocabulary.md), `help` what a `?` by
 * the header explains; `value` what it sorts by, `cell` what it shows, `copy` what a TSV copy writes (the shown
 * precision) and `copyFull` what "Copy with full precision" writes (default `copy`); `width` in CSS px (the table lays
 * out fixed, so pinned columns know their offsets). The `grow` column also takes the room the table's box has beyond
 * the widths.
 */
export interface DataColumn<T> {
  id: string;
  label: string;
  name?: string;
  help?: string;
  value: (row: T) => SortValue;
  cell: (row: T) => ReactNode;
  copy: (row: T) => string;
  copyFull?: (row: T) => string;
  width: number;
  grow?: boolean;
  numeric?: boolean;
  /** False for the column that names the row (it cannot be hidden). */
  hideable?: boolean;
  /** The first click sorts descending (costs: highest first). */
  descFirst?: boolean;
}

/** The datasets a row was seen in, in words and in the datasets' order (real-time, day-ahead, others). */
export function datasetWords(ids: readonly string[] | null, datasets: readonly ConstraintDataset[]): string[] {
  const rank = (id: string) => {
    const i = datasets.findIndex((d) => d.id === id);
    return i < 0 ? datasets.length : i;
  };
  return [...(ids ?? [])]
    .sort((a, b) => rank(a) - rank(b))
    .map((id) => {
      const d = datasets.find((x) => x.id === id);
      return d ? shortDatasetLabel(d) : id;
    });
}

/** The datasets a constraint or contingency was seen in, as short words ("Real-time · Day-ahead"); the names as tooltip. */
export function DatasetList({ ids, datasets }: { ids: readonly string[] | null; datasets: readonly ConstraintDataset[] }) {
  if (!ids || ids.length === 0) return <span className="muted">—</span>;
  const title = ids.map((id) => datasets.find((d) => d.id === id)?.name ?? id).join('\n');
  return (
    <span className="cs-datasets" title={title}>
      {datasetWords(ids, datasets).join(' · ')}
    </span>
  );
}
