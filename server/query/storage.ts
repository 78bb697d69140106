import type { DuckDBConnection } from '@duckdb/node-api';
import { storedInKeyOrder } from '../data/keyOrder.js';
import { ident, sqlString } from '../data/sql.js';
import { BLOCK_ROWS, readBlocks, type Subpage } from './blocks.js';
import type { ResultColumn } from './columns.js';
import { keyText } from './cursor.js';
import { placePage } from './placement.js';
import { whereClause, type PagePlan, type PageStart } from './plan.js';

/** Tables below this many rows always take the generic path (sorting them is cheap). */
export const STORED_MIN_ROWS = 50_000;

/**
 * Caches whether a table's `rowid` order is its key order (catalogue loaders sort), so pages need no sort
 * (bench/README.md). The build finds it once (server/data/keyOrder.ts); only data changed since is checked here.
 */
export class StorageOrder {
  private readonly known = new Map<string, Promise<boolean>>();

  /**
   * True when `table`'s rows are stored in `keys` order (ascending, NULLs first) and DuckDB keeps insertion order;
   * `built` is the build's answer for these keys, if any; `revision` counts changes of the data (each is checked
   * afresh). DuckDB errors propagate and are not cached.
   */
  isKeyOrdered(
    conn: DuckDBConnection,
    table: string,
    keys: readonly ResultColumn[],
    facts: { built?: boolean | undefined; revision?: number } = {},
  ): Promise<boolean> {
    const id = `${table}|${keys.map((key) => key.name).join(',')}|${facts.revision ?? 0}`;
    let found = this.known.get(id);
    if (!found) {
      found = check(conn, table, keys, facts.built);
      this.known.set(id, found);
      found.catch(() => this.known.delete(id));
    }
    return found;
  }
}

async function check(conn: DuckDBConnection, table: string, keys: readonly ResultColumn[], built?: boolean): Promise<boolean> {
  const keep = (await conn.runAndReadAll(`SELECT current_setting('preserve_insertion_order')`)).getRowsJS()[0]?.[0];
  if (keep !== true || built === false) return false;
  return (
    built ??
    storedInKeyOrder(
      conn,
      table,
      keys.map((key) => key.name),
    )
  );
}

/** Sub-page of a key-ordered table: page.ts's rows, each part rendered while scanning, on its own connection. */
export async function readStoredSubpage(plan: PagePlan, start: PageStart, n: number): Promise<Subpage> {
  const { relation, format, connections } = plan;
  const table = relation.scan!.table;
  const binder = plan.binder.fork();
  const placed = await placePage(plan, start, n, binder);
  if (placed === null) return { blocks: [], rows: 0, more: false, lastKey: null };
  const desc = plan.order === 'desc';
  const last = desc ? 'arg_min_null' : 'arg_max_null';
  const keys = relation.keys.map((key, i) => `${keyText(key, `${last}(${ident(key.name)}, rowid)`)} AS __k${i}`);
  const direction = desc ? 'DESC' : 'ASC';
  const read = (part: number) => {
    const [low, high] = [placed.cuts[part], placed.cuts[part + 1]];
    // rowids are integers read from DuckDB, never request text: safe as SQL literals.
    const bounds = [...(low != null ? [`rowid >= ${low}`] : []), ...(high != null ? [`rowid < ${high}`] : [])];
    const sql = `
      SELECT rowid // ${BLOCK_ROWS} AS __block, CAST(count(*) AS INTEGER) AS __rows,
        encode(string_agg(${format.rowSql}, ${sqlString(format.separator)} ORDER BY rowid ${direction})) AS __text,
        false AS __more, ${keys.join(', ')}
      FROM ${table} ${whereClause([...placed.where, ...bounds])}
      GROUP BY __block ORDER BY __block ${direction}`;
    return readBlocks(connections[part % connections.length]!, sql, binder);
  };
  const results = await Promise.all(Array.from({ length: placed.cuts.length - 1 }, (_, part) => read(part)));
  const ordered = desc ? results.reverse() : results;
  const subpage: Subpage = {
    blocks: ordered.flatMap((part) => part.blocks),
    rows: ordered.reduce((sum, part) => sum + part.rows, 0),
    more: placed.more,
    lastKey: ordered.findLast((part) => part.rows > 0)?.lastKey ?? null,
  };
  if (placed.expected !== null && subpage.rows !== placed.expected) {
    throw new Error(`storage-order page of ${table} has ${subpage.rows} rows, expected ${placed.expected}`);
  }
  return subpage;
}
