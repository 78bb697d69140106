import { useCallback, useState } from 'react';
import { callBridge } from '../../lib/bridgeQuery.js';
import { writeClipboard } from '../../lib/clipboard.js';
import { useBridge } from '../../lib/BridgeContext.js';
import { formatCount } from '../../lib/format.js';
import type { ColumnFormat } from './cellFormat.js';
import { MAX_COPY_ROWS, rangeOf, toTsv } from './selection.js';
import type { CellSelection } from './selection.js';
import type { TableView } from '../../../../shared/bridge/workspace.js';

const READ_ROWS = 10_000;

/** Inputs of {@link useResultsCopy}: the view the table shows, how its columns are written and ordered, the rows on hand. */
export interface ResultsCopySource {
  pullId: number;
  view: TableView;
  formats: readonly ColumnFormat[];
  order: readonly number[];
  rowAt: (index: number) => unknown[] | undefined;
}

/**
 * Copies the selected cells as TSV (spreadsheets paste it as cells), as shown (numbers at the shown precision) or, with
 * `full`, the stored values. Rows on screen are taken as they are; any others are read from the workspace in the
 * table's sort and filters, at most {@link MAX_COPY_ROWS} rows. `notice` says what was copied, or why not.
 */
export function useResultsCopy({ pullId, view, formats, order, rowAt }: ResultsCopySource) {
  const api = useBridge();
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const [copying, setCopying] = useState(false);

  const copy = useCallback(
    async (selection: CellSelection | null, full = false) => {
      if (!selection) return;
      const range = rangeOf(selection);
      const bottom = Math.min(range.bottom, range.top + MAX_COPY_ROWS - 1);
      setCopying(true);
      try {
        let rows: unknown[][] = [];
        for (let i = range.top; i <= bottom; i++) {
          const row = rowAt(i);
          if (!row) break;
          rows.push(row);
        }
        if (rows.length < bottom - range.top + 1) {
          rows = [];
          for (let offset = range.top; offset <= bottom; offset += READ_ROWS) {
            const limit = Math.min(READ_ROWS, bottom - offset + 1);
            const page = await callBridge(api, 'workspace:rows', {
              pullId,
              offset,
              limit,
              sort: view.sort,
              filters: view.filters,
            });
            rows.push(...page.rows);
            if (page.rows.length < limit) break;
          }
        }
        await writeClipboard(toTsv(rows, range, order, formats, full));
        const cols = range.right - range.left + 1;
        const cut = bottom < range.bottom ? ` (the first ${formatCount(MAX_COPY_ROWS)}; export for more)` : '';
        setNotice({
          text: `Copied ${formatCount(rows.length)} ${rows.length === 1 ? 'row' : 'rows'} × ${cols} ${cols === 1 ? 'column' : 'columns'}${full ? ' with full precision' : ''}${cut}.`,
          error: false,
        });
      } catch (error) {
        setNotice({ text: `Nothing was copied: ${error instanceof Error ? error.message : String(error)}`, error: true });
      } finally {
        setCopying(false);
      }
    },
    [api, pullId, view, formats, order, rowAt],
  );

  return { copy, copying, notice, clearNotice: () => setNotice(null) };
}
