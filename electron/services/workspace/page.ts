import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import { fail, ok } from '../../../shared/index.js';
import type { ParsedInput, Result, RowsPage } from '../../../shared/index.js';
import { jsonSafe, jsonValueSql } from './columns.js';
import { orderClause } from './filters.js';
import { rowObjects } from './sql.js';
import { pullTable, readFailure } from './table.js';
import { viewWhere } from './viewWhere.js';
import type { Workspace } from './workspace.js';

/**
 * One page of a pull's rows for the results table: sorted and filtered in SQL (any column, also
 * those the API cannot filter), with bound parameters, so the renderer only ever holds the rows on
 * screen. A running pull can be read: the page shows the rows committed so far.
 */

/**
 * What to read (`workspace:rows` without the pull id): rows `offset … offset+limit` (defaults 0 and 200,
 * at most {@link MAX_PAGE_ROWS}) of the rows that pass `filters` and the `peak` bucket, in `sort` order.
 */
export type ReadRowsOptions = Omit<ParsedInput<'workspace:rows'>, 'pullId'>;

/**
 * Counts of views of local reviews read straight from their files, by workspace, pull and `FROM … WHERE` with its
 * values: each count parses every file, and the same view's pages (and the same filter after a sort) ask it again.
 */
const directCounts = new WeakMap<Workspace, Map<string, number>>();
const MAX_DIRECT_COUNTS = 64;

/** The cache key of a count: pull, `FROM … WHERE …` and its values. */
const countKey = (pullId: number, scope: string, params: DuckDBValue[]): string =>
  `${pullId}\u0000${scope}\u0000${JSON.stringify(params, (_, v: unknown) => (typeof v === 'bigint' ? String(v) : v))}`;

/**
 * Keeps `n` as the count of `scope` of a review read from its files. The first count of every row is the review's
 * size: history and the count's "filtered from" show it from then on.
 */
function keepCount(ws: Workspace, pullId: number, key: string, n: number, unfiltered: boolean): void {
  const cache = directCounts.get(ws) ?? new Map<string, number>();
  directCounts.set(ws, cache);
  if (cache.has(key)) return;
  if (cache.size >= MAX_DIRECT_COUNTS) cache.delete(cache.keys().next().value!);
  cache.set(key, n);
  if (unfiltered)
    void ws
      .write((c) => c.run("UPDATE pulls SET rows = $2 WHERE id = $1 AND kind = 'local' AND rows = 0", [pullId, n]))
      .catch(() => undefined);
}

/**
 * `count(*)` of `scope` (`FROM … WHERE …`); cached for relations without rowid (downloaded files, Parquet parts). An
 * `unfiltered` count of a local review is recorded as its rows when none are yet.
 */
async function countRows(
  ws: Workspace,
  pullId: number,
  conn: DuckDBConnection,
  scope: string,
  params: DuckDBValue[],
  hasRowid: boolean,
  unfiltered: boolean,
): Promise<number> {
  const count = async () => Number((await rowObjects(conn, `SELECT CAST(count(*) AS DOUBLE) AS n ${scope}`, params))[0]?.n ?? 0);
  if (hasRowid) return count();
  const key = countKey(pullId, scope, params);
  const known = directCounts.get(ws)?.get(key);
  if (known !== undefined) return known;
  const n = await count();
  keepCount(ws, pullId, key, n, unfiltered);
  return n;
}

/** Most rows one read answers. */
export const MAX_PAGE_ROWS = 10_000;

const wholeNumber = (v: unknown, min: number, max: number): v is number =>
  Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max;

/**
 * Reads a page of pull `pullId`. Both statements run in one read transaction, so `totalRows` and
 * `rows` agree while a pull appends. `limit: 0` reads the count alone. With `countLater`, a review read from its files
 * whose view was not counted yet answers the page at once, with the rows through it as `totalRows` and
 * `countPending` (unless the page was short, which ends the view).
 * @returns `not_found` for an unknown pull; `validation` for a bad offset, limit, column, operator or value;
 * `cancelled` once `signal` aborts (a read still waiting never starts).
 */
export async function readRows(
  ws: Workspace,
  pullId: number,
  options: ReadRowsOptions = {},
  signal?: AbortSignal,
): Promise<Result<RowsPage>> {
  const offset = options.offset ?? 0;
  const limit = options.limit ?? 200;
  if (!wholeNumber(offset, 0, Number.MAX_SAFE_INTEGER)) return fail('validation', 'offset: a whole number from 0');
  if (!wholeNumber(limit, 0, MAX_PAGE_ROWS)) return fail('validation', `limit: a whole number from 0 to ${MAX_PAGE_ROWS}`);
  try {
    return ok(
      await ws.read(async (conn) => {
        await conn.run('BEGIN TRANSACTION');
        try {
          const { from, columns, state, hasRowid } = await pullTable(conn, pullId);
          const page: RowsPage = { pullId, state, columns, rows: [], offset, totalRows: 0 };
          if (columns.length === 0) return page;
          const params: DuckDBValue[] = [];
          const where = await viewWhere(conn, from, columns, options, params);
          const order = orderClause(columns, options.sort, hasRowid);
          const scope = `FROM ${from} ${where}`;
          // A review read from its files counts by parsing every file: the page need not wait for that when asked so.
          const known = hasRowid ? undefined : directCounts.get(ws)?.get(countKey(pullId, scope, params));
          const later = options.countLater === true && !hasRowid && known === undefined && limit > 0;
          if (!later) page.totalRows = await countRows(ws, pullId, conn, scope, params, hasRowid, where === '');
          if (limit === 0) return page;
          // The page's rowids first, from the sort and filter columns alone; then only those rows are rendered
          // (rendering before the top-N formats every row: 20× slower on 1M rows). LIMIT and OFFSET are checked
          // integers written into the SQL: DuckDB plans a top-N only for constants. Files read directly have no rowid.
          const window = `${order} LIMIT ${limit} OFFSET ${offset}`;
          const rendered = columns.map(jsonValueSql).join(', ');
          const sql = hasRowid
            ? `SELECT ${rendered} FROM ${from} WHERE rowid IN (SELECT rowid FROM ${from} ${where} ${window}) ${order}`
            : `SELECT ${rendered} FROM ${from} ${where} ${window}`;
          const bigints = columns.flatMap((c, i) => (c.type === 'BIGINT' ? [i] : []));
          page.rows = (await conn.runAndReadAll(sql, params)).getRowsJson().map((row) => jsonSafe(row as unknown[], bigints));
          if (later) {
            page.totalRows = offset + page.rows.length;
            // A short page ends the view, so its count is known; else the rows through it are a lower bound.
            if (page.rows.length < limit && (page.rows.length > 0 || offset === 0))
              keepCount(ws, pullId, countKey(pullId, scope, params), page.totalRows, where === '');
            else page.countPending = true;
          }
          return page;
        } finally {
          await conn.run('COMMIT').catch(() => undefined);
        }
      }, signal),
    );
  } catch (error) {
    return readFailure(`read pull ${pullId}`, error);
  }
}
