import type { DuckDBBlobValue, DuckDBConnection } from '@duckdb/node-api';
import type { Binder } from './binder.js';

/**
 * Reading rendered rows back from DuckDB. A page statement returns one row per block of about
 * {@link BLOCK_ROWS} rendered rows, already joined into one text in DuckDB: Node then handles a few
 * large buffers per page instead of a value per cell (see bench/README.md for why).
 */

/** Rows per block of text. */
export const BLOCK_ROWS = 2048;

/** Rendered rows read by one or more block statements, in output order. */
export interface Subpage {
  /** Blocks of row text (rows joined by the format's separator), as UTF-8 bytes. */
  blocks: Buffer[];
  rows: number;
  /** True when a row follows the last one. */
  more: boolean;
  /** Key of the last row, as text (null for SQL NULL), or null without rows. */
  lastKey: (string | null)[] | null;
}

/**
 * Runs a block statement whose columns are `(block, rows, text BLOB, more, key0, key1, ...)`, one
 * row per block in output order, and collects its blocks.
 */
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
