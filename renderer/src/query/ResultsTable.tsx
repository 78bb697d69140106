import { useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { formatCell } from './cells.js';

/** Above this many rows only the visible ones are rendered. */
export const VIRTUALIZE_ABOVE = 100;
const ROW_HEIGHT = 31;

/** Query rows under a sticky header, cells via `formatCell`; virtualized with spacer rows above {@link VIRTUALIZE_ABOVE}. */
export function ResultsTable({ columns, rows }: { columns: string[]; rows: unknown[][] }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = rows.length > VIRTUALIZE_ABOVE;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 20,
    enabled: virtual,
  });
  const items = virtual ? virtualizer.getVirtualItems() : null;
  const visible = items ? items.map((it) => it.index) : rows.map((_r, i) => i);
  const padTop = items?.[0]?.start ?? 0;
  const padBottom = items && items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  // Headers are right-aligned too, judged from the first non-null value.
  const numeric = columns.map((_c, j) => typeof rows.find((r) => r[j] !== null && r[j] !== undefined)?.[j] === 'number');

  return (
    <div className="table-scroll query-results" ref={scrollRef} tabIndex={0} aria-label="Query results">
      <table className="grid compact" data-testid="results-table" aria-rowcount={rows.length + 1}>
        <thead>
          <tr>
            {columns.map((c, j) => (
              <th key={c} scope="col" className={numeric[j] ? 'num' : undefined}>
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {padTop > 0 && (
            <tr className="spacer" aria-hidden="true" style={{ height: padTop }}>
              <td colSpan={columns.length} />
            </tr>
          )}
          {visible.map((i) => (
            <tr
              key={i}
              data-index={i}
              data-testid="result-row"
              aria-rowindex={i + 2}
              ref={virtual ? virtualizer.measureElement : undefined}
            >
              {rows[i]!.map((v, j) => {
                const cell = formatCell(v);
                return (
                  <td key={j} className={cell.numeric ? 'num' : cell.empty ? 'muted' : 'nowrap'}>
                    {cell.text}
                  </td>
                );
              })}
            </tr>
          ))}
          {padBottom > 0 && (
            <tr className="spacer" aria-hidden="true" style={{ height: padBottom }}>
              <td colSpan={columns.length} />
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
