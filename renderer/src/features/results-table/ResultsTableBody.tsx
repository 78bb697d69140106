import type { MouseEvent } from 'react';
import type { Header } from '@tanstack/react-table';
import { formatCount } from '../../lib/format.js';
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
  /** The rows laid out: `[first, end)` of the view (0-based). */
  first: number;
  end: number;
  padTop: number;
  padBottom: number;
  /** A row by its index in the view; undefined until its block arrives (the row shows as loading). */
  rowAt: (index: number) => unknown[] | undefined;
  selected: CellRange | null;
  /** Px the pinned columns start from the left: the row-number gutter's width. */
  pinOffset: number;
  onMouseDown: (e: MouseEvent) => void;
  onMouseOver: (e: MouseEvent) => void;
}

/**
 * The rows of the results table on screen, between two spacer rows that stand for the rows above and below, so the
 * scroll bar spans the whole view. Each row starts with its number in the view (1-based, a row header pinned left);
 * each cell carries its row and display column (`data-row`, `data-col`) for selection.
 */
export function ResultsTableBody(props: ResultsTableBodyProps) {
  const { headers, formats, order, first, end, padTop, padBottom, rowAt, selected, pinOffset } = props;
  const colCount = headers.length + 1;
  const indexes = Array.from({ length: Math.max(0, end - first) }, (_v, i) => first + i);
  return (
    <tbody onMouseDown={props.onMouseDown} onMouseOver={props.onMouseOver}>
      {padTop > 0 && (
        <tr className="spacer" aria-hidden="true" style={{ height: padTop }}>
          <td colSpan={colCount} />
        </tr>
      )}
      {indexes.map((index) => {
        const row = rowAt(index);
        return (
          <tr key={index} data-testid="result-row" aria-rowindex={index + 2} className={row ? undefined : 'loading'}>
            <th scope="row" className="row-number" data-testid="row-number">
              {formatCount(index + 1)}
            </th>
            {headers.map((h, j) => {
              const k = order[j]!;
              const f = formats[k];
              const v = row?.[k];
              const cls = [
                f?.numeric ? 'num' : '',
                v === null ? 'muted' : '',
                h.column.getIsPinned() ? 'pinned' : '',
                inRange(selected, index, j) ? 'selected' : '',
              ]
                .filter(Boolean)
                .join(' ');
              return (
                <td key={h.id} data-row={index} data-col={j} className={cls || undefined} style={pinStyle(h, pinOffset)}>
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
