import type { DuckDBValue } from '@duckdb/node-api';
import { fail, ok } from '../../../shared/index.js';
import type { ParsedInput, Result, RowsPage } from '../../../shared/index.js';
import { jsonSafe, jsonValueSql } from './columns.js';
import { orderClause } from './filters.js';
import { quoteIdent, rowObjects } from './sql.js';
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

/** Most rows one read answers. */
export const MAX_PAGE_ROWS = 10_000;

const wholeNumber = (v: unknown, min: number, max: number): v is number =>
  Number.isSafeInteger(v) && (v as number) >= min && (v as number) <= max;

/**
 * Reads a page of pull `pullId`. Both statements run in one read transaction, so `totalRows` and
 * `rows` agree while a pull appends.
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
  if (!wholeNumber(limit, 1, MAX_PAGE_ROWS)) return fail('validation', `limit: a whole number from 1 to ${MAX_PAGE_ROWS}`);
  try {
    return ok(
      await ws.read(async (conn) => {
        await conn.run('BEGIN TRANSACTION');
        try {
          const { table, columns, state } = await pullTable(conn, pullId);
          const page: RowsPage = { pullId, state, columns, rows: [], offset, totalRows: 0 };
          if (columns.length === 0) return page;
          const params: DuckDBValue[] = [];
          const where = await viewWhere(conn, table, columns, options, params);
          const order = orderClause(columns, options.sort);
          const from = `FROM ${quoteIdent(table)} ${where}`;
          page.totalRows = Number((await rowObjects(conn, `SELECT CAST(count(*) AS DOUBLE) AS n ${from}`, params))[0]?.n ?? 0);
          // The page's rowids first, from the sort and filter columns alone; then only those rows are rendered
          // (rendering before the top-N formats every row: 20× slower on 1M rows). LIMIT and OFFSET are checked
          // integers written into the SQL: DuckDB plans a top-N only for constants.
          const rowids = `SELECT rowid ${from} ${order} LIMIT ${limit} OFFSET ${offset}`;
          const sql = `SELECT ${columns.map(jsonValueSql).join(', ')} FROM ${quoteIdent(table)} WHERE rowid IN (${rowids}) ${order}`;
          const bigints = columns.flatMap((c, i) => (c.type === 'BIGINT' ? [i] : []));
          page.rows = (await conn.runAndReadAll(sql, params)).getRowsJson().map((row) => jsonSafe(row as unknown[], bigints));
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
