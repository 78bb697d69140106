import type { MouseEvent } from 'react';
import type { Header } from '@tanstack/react-table';
import type { VirtualItem } from '@tanstack/react-virtual';
import type { ColumnFormat } from './cellFormat.js';
import { pinStyle } from './ResultsTableHeader.js';
import { inRange } from './selection.js';
import type { CellRange } from './selection.js';

/** Props of {@link ResultsTableBody}: the rows on screen, the spacers around them, how to write each cell, the selection. */
export interface ResultsTableBodyProps {
  headers: Header<unknown[], unknown>[];
  formats: readonly ColumnFormat[];
  /** `order[j]`: the pull's column index of display column `j`. */
  order: readonly number[];
  items: VirtualItem[];
  padTop: number;
  padBottom: number;
  /** A row by its index in the view; undefined until its block arrives (the row shows as loading). */
  rowAt: (index: number) => unknown[] | undefined;
  selected: CellRange | null;
  onMouseDown: (e: MouseEvent) => void;
  onMouseOver: (e: MouseEvent) => void;
}

/**
 * The rows of the results table on screen, between two spacer rows that stand for the rows above and below, so the
 * scroll bar spans the whole view. Each cell carries its row and display column (`data-row`, `data-col`) for selection.
 */
export function ResultsTableBody(props: ResultsTableBodyProps) {
  const { headers, formats, order, items, padTop, padBottom, rowAt, selected } = props;
  const colCount = headers.length;
  return (
    <tbody onMouseDown={props.onMouseDown} onMouseOver={props.onMouseOver}>
      {padTop > 0 && (
        <tr className="spacer" aria-hidden="true" style={{ height: padTop }}>
          <td colSpan={colCount} />
        </tr>
      )}
      {items.map((it) => {
        const row = rowAt(it.index);
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
  );
}
