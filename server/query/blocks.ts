import type { DuckDBBlobValue, DuckDBConnection } from '@duckdb/node-api';
import type { Binder } from './binder.js';

/** Rows per block: DuckDB joins a block's rendered rows into one text, so Node handles a few large buffers (bench/README.md). */
export const BLOCK_ROWS = 2048;

/** Rendered rows read by one or more block statements, in output order. */
export interface Subpage {
  blocks: Buffer[]; // UTF-8 row text, rows joined by the format's separator
  rows: number;
  more: boolean; // a row follows the last one
  lastKey: (string | null)[] | null; // key of the last row as text (null for SQL NULL); null without rows
}

/** Runs a statement returning `(block, rows, text BLOB, more, key0, …)` per block in output order; collects its blocks. */
export async function readBlocks(conn: DuckDBConnection, sql: string, binder: Binder): Promise<Subpage> {
  const reader = await conn.runAndReadAll(sql, binder.valuesFor(sql));
  const result: Subpage = { blocks: [], rows: 0, more: false, lastKey: null };
  for (const row of reader.getRows()) {
    const count = Number(row[1]);
    if (row[3] === true) result.more = true;
    if (count === 0) continue;
    const bytes = (row[2] as DuckDBBlobValue).bytes;
    result.blocks.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    result.rows += count;
    result.lastKey = row.slice(4).map((value) => (value === null ? null : String(value)));
  }
  return result;
}
