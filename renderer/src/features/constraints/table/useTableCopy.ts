import { useCallback, useState } from 'react';
import { formatCount } from '../../../lib/format.js';
import { writeClipboard } from '../../../lib/clipboard.js';
import { rowsToTsv } from './tsv.js';
import type { CopyColumn } from './tsv.js';

/** A line saying what was copied, or why nothing was. */
export interface CopyNotice {
  text: string;
  error: boolean;
}

/**
 * Copies rows of a table as TSV with a header line of raw names (spreadsheets paste it as cells), as shown or at full
 * precision, through the clipboard writer the results table uses; `notice` says what was copied, in its words.
 */
export function useTableCopy() {
  const [notice, setNotice] = useState<CopyNotice | null>(null);
  const copy = useCallback(async <T>(rows: readonly T[], columns: readonly CopyColumn<T>[], full = false) => {
    if (rows.length === 0) return;
    try {
      await writeClipboard(rowsToTsv(rows, columns, full));
      const n = columns.length;
      setNotice({
        text: `Copied ${formatCount(rows.length)} ${rows.length === 1 ? 'row' : 'rows'} × ${n} ${n === 1 ? 'column' : 'columns'}${full ? ' with full precision' : ''}.`,
        error: false,
      });
    } catch (error) {
      setNotice({ text: `Nothing was copied: ${error instanceof Error ? error.message : String(error)}`, error: true });
    }
  }, []);
  return { copy, notice };
}
