import { ident, sqlString } from '../data/sql.js';
import type { Binder } from './binder.js';
import { BLOCK_ROWS, readBlocks, type Subpage } from './blocks.js';
import { afterKey, keyText, orderBy } from './cursor.js';
import { whereClause, type PagePlan, type PageStart } from './plan.js';
import { readStoredSubpage } from './storage.js';

/** Rows per sub-page (one statement): memory stays bounded whatever the page size, and a stream sends each as it is read. */
export const SUBPAGE_ROWS = 50_000;

/** How a page ended: rows served, whether a row follows the last one, and the last row's key. */
export interface PageOutcome {
  rows: number;
  hasNext: boolean;
  lastKey: (string | null)[] | null;
}

/** Rendered rows of one sub-page: blocks of text and how many rows they hold. */
export interface PageChunk {
  blocks: Buffer[];
  rows: number;
}

function startPredicates(plan: PagePlan, start: PageStart, binder: Binder): string[] {
  return 'after' in start && start.after !== null ? [afterKey(plan.relation.keys, start.after, plan.order, binder)] : [];
}

/** Generic sub-page: sort the relation's rows, number them, render blocks by row number (tables in key order: storage.ts). */
async function readSortedSubpage(plan: PagePlan, start: PageStart, n: number): Promise<Subpage> {
  const conn = plan.connections[0]!;
  const { relation, format } = plan;
  const binder = plan.binder.fork();
  const where = startPredicates(plan, start, binder);
  const offset = 'offset' in start ? start.offset : 0;
  const order = orderBy(relation.keys, plan.order);
  const keys = relation.keys.map(
    (key, i) => `${keyText(key, `arg_max_null(${ident(key.name)}, __rn) FILTER (WHERE __rn < ${n})`)} AS __k${i}`,
  );
  // LIMIT/OFFSET are integers computed here (never request text): DuckDB plans a top-N only for constants.
  const sql = `
    WITH __page AS (
      SELECT * FROM (${relation.sql}) AS __relation ${whereClause(where)}
      ORDER BY ${order} LIMIT ${n + 1} OFFSET ${offset}
    ), __numbered AS (
      SELECT *, row_number() OVER (ORDER BY ${order}) - 1 AS __rn FROM __page
    )
    SELECT CAST(__rn // ${BLOCK_ROWS} AS INTEGER) AS __block,
      CAST(count(*) FILTER (WHERE __rn < ${n}) AS INTEGER) AS __rows,
      encode(string_agg(${format.rowSql}, ${sqlString(format.separator)} ORDER BY __rn) FILTER (WHERE __rn < ${n})) AS __text,
      bool_or(__rn >= ${n}) AS __more,
      ${keys.join(', ')}
    FROM __numbered GROUP BY __block ORDER BY __block`;
  return readBlocks(conn, sql, binder);
}

/** Reads a page sub-page by sub-page (each after the previous one's last key), yielding their rows; `run` wraps each read. */
export async function* readPage(
  plan: PagePlan,
  run: <T>(work: () => Promise<T>) => Promise<T>,
): AsyncGenerator<PageChunk, PageOutcome> {
  const outcome: PageOutcome = { rows: 0, hasNext: false, lastKey: null };
  let start = plan.start;
  let remaining = plan.take;
  while (remaining > 0) {
    const n = Math.min(remaining, SUBPAGE_ROWS);
    const subpage = await run(() => (plan.stored ? readStoredSubpage : readSortedSubpage)(plan, start, n));
    outcome.rows += subpage.rows;
    remaining -= subpage.rows;
    if (subpage.lastKey) outcome.lastKey = subpage.lastKey;
    if (subpage.rows > 0) yield { blocks: subpage.blocks, rows: subpage.rows };
    if (subpage.rows < n) break;
    if (remaining === 0) outcome.hasNext = subpage.more;
    start = { after: outcome.lastKey };
  }
  return outcome;
}
