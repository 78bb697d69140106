import type { PullRecord } from '../../../shared/index.js';
import { pullTableName, quoteIdent, rowObjects } from './sql.js';
import type { Workspace } from './workspace.js';

/**
 * The merge of a refresh (docs/workspace.md#refresh-and-provenance): the staging table's rows replace the pull's rows
 * of the same primary key and add the others, in one transaction with the pull's counts, so a reader sees the pull
 * before or after, never between. The table stays in time index order, as a pull stores it.
 */

/** Rows a merge added (keys the pull did not hold) and replaced (same key, the server's current values). */
export interface MergeCounts {
  rowsAdded: number;
  rowsReplaced: number;
}

const count = async (conn: Parameters<Parameters<Workspace['write']>[0]>[0], sql: string): Promise<number> =>
  Number((await rowObjects(conn, `SELECT (${sql})::DOUBLE AS n`))[0]?.n ?? 0);

/**
 * Merges `staging` into pull `record`'s table by `key` (null: the refresh asked the whole query again, so every row is
 * replaced), adds `charged` to its rows charged, sets its row count, and marks it `complete` (a partial or cancelled
 * pull refreshed through its window's end holds every row of its query). Duplicate keys in `staging` (overlapping
 * pages) keep the row loaded last. @throws the DuckDB error; nothing is changed then.
 */
export function mergeRows(
  ws: Workspace,
  record: PullRecord,
  staging: string,
  key: readonly string[] | null,
  timeColumn: string,
  charged: number,
): Promise<MergeCounts> {
  const table = quoteIdent(pullTableName(record.id));
  const s = quoteIdent(staging);
  const time = quoteIdent(timeColumn);
  return ws.transaction(async (conn) => {
    const before = await count(conn, `SELECT count(*) FROM ${table}`);
    let counts: MergeCounts;
    if (key === null) {
      const fresh = await count(conn, `SELECT count(*) FROM ${s}`);
      await conn.run(`DELETE FROM ${table}`);
      await conn.run(`INSERT INTO ${table} SELECT * FROM ${s}`);
      counts = { rowsAdded: Math.max(0, fresh - before), rowsReplaced: Math.min(before, fresh) };
    } else {
      const keys = key.map(quoteIdent);
      const order = [time, ...keys.filter((k) => k !== time)].join(', ');
      await conn.run(`DELETE FROM ${s} WHERE rowid NOT IN (SELECT max(rowid) FROM ${s} GROUP BY ${keys.join(', ')})`);
      const earliest = `(SELECT min(${time}) FROM ${s})`;
      const latestBefore = await count(conn, `SELECT epoch_ms(max(${time})) FROM ${table}`);
      const match = keys.map((k) => `t.${k} IS NOT DISTINCT FROM s.${k}`).join(' AND ');
      const replaced = (
        await conn.run(`DELETE FROM ${table} t WHERE t.${time} >= ${earliest} AND EXISTS (SELECT 1 FROM ${s} s WHERE ${match})`)
      ).rowsChanged;
      const inserted = (await conn.run(`INSERT INTO ${table} SELECT * FROM ${s} ORDER BY ${order}`)).rowsChanged;
      counts = { rowsAdded: inserted - replaced, rowsReplaced: replaced };
      // Rows replaced before the last interval were appended at the end: rewrite the table in time order.
      const earliestMs = await count(conn, `SELECT epoch_ms(min(${time})) FROM ${s}`);
      if (inserted > 0 && before > 0 && earliestMs < latestBefore) {
        await conn.run(`CREATE OR REPLACE TABLE ${table} AS SELECT * FROM ${table} ORDER BY ${order}`);
      }
    }
    await conn.run(
      `UPDATE pulls SET rows = (SELECT count(*) FROM ${table}), rows_charged = rows_charged + $2, state = 'complete',
         error = NULL WHERE id = $1`,
      [record.id, charged],
    );
    return counts;
  });
}
