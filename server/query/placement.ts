import type { DuckDBConnection } from '@duckdb/node-api';
import { ident } from '../data/sql.js';
import type { Binder } from './binder.js';
import { BLOCK_ROWS } from './blocks.js';
import { afterKey } from './cursor.js';
import { whereClause, type PagePlan, type PageStart } from './plan.js';

/** `rowid` bounds of the parts (null: unbounded), predicates the parts still need, whether rows follow, row count when known. */
export interface Placement {
  cuts: (number | null)[];
  where: string[];
  more: boolean;
  expected: number | null;
}

async function scalar(conn: DuckDBConnection, sql: string, binder: Binder): Promise<number | null> {
  const value = (await conn.runAndReadAll(sql, binder.valuesFor(sql))).getRowsJS()[0]?.[0];
  return value === undefined || value === null ? null : Number(value);
}

function positions(plan: PagePlan, begin: number, end: number): number[] {
  const size = end - begin;
  return plan.connections.length > 1 && size >= 4 * BLOCK_ROWS ? [begin, begin + Math.floor(size / 2), end] : [begin, end];
}

// A time range's rows are consecutive in storage (time index first): rowid arithmetic, the cursor's key found by equality.
async function placeByArithmetic(
  plan: PagePlan,
  start: PageStart,
  n: number,
  binder: Binder,
): Promise<Placement | null | 'probe'> {
  const { table, where } = plan.relation.scan!;
  const conn = plan.connections[0]!;
  const first = await scalar(conn, `SELECT rowid FROM ${table} ${whereClause(where)} LIMIT 1`, binder);
  if (first === null) return null;
  const past = where.length === 0 ? null : `NOT (${where.map((p) => `(${p})`).join(' AND ')})`;
  const beyond =
    past === null ? null : await scalar(conn, `SELECT rowid FROM ${table} WHERE rowid > ${first} AND ${past} LIMIT 1`, binder);
  // rowids run 0 … count - 1: StorageOrder checked rowid = position for every row.
  const stop = beyond ?? (await scalar(conn, `SELECT count(*) FROM ${table}`, binder)) ?? first + 1;
  let [low, high] = [first, stop];
  if ('after' in start && start.after !== null) {
    const keys = plan.relation.keys;
    const equal = keys.map((key, i) =>
      start.after![i] === null ? `${ident(key.name)} IS NULL` : `${ident(key.name)} = ${binder.cast(start.after![i]!, key.type)}`,
    );
    const at = await scalar(conn, `SELECT rowid FROM ${table} ${whereClause(equal)} LIMIT 1`, binder);
    if (at === null) return 'probe';
    if (plan.order === 'asc') low = Math.max(low, at + 1);
    else high = Math.min(high, at);
  }
  const count = high - low;
  const offset = 'offset' in start ? start.offset : 0;
  const end = plan.order === 'asc' ? Math.min(offset + n, count) : count - offset;
  const begin = plan.order === 'asc' ? offset : Math.max(end - n, 0);
  if (end <= begin) return null;
  const more = plan.order === 'asc' ? offset + n < count : begin > 0;
  return { cuts: positions(plan, begin, end).map((p) => low + p), where: [], more, expected: end - begin };
}

// `LIMIT 1 OFFSET p` probes among the matching rows; only descending pages count them, to place themselves from the end.
async function placeByProbes(plan: PagePlan, start: PageStart, n: number, binder: Binder): Promise<Placement | null> {
  const { connections, relation } = plan;
  const { table } = relation.scan!;
  const after = 'after' in start && start.after !== null ? [afterKey(relation.keys, start.after, plan.order, binder)] : [];
  const where = [...relation.scan!.where, ...after];
  const matching = whereClause(where);
  const probe = (position: number, i: number) =>
    scalar(connections[i % connections.length]!, `SELECT rowid FROM ${table} ${matching} LIMIT 1 OFFSET ${position}`, binder);
  const offset = 'offset' in start ? start.offset : 0;
  // Storage positions [begin, end) among the matching rows; for ascending pages `end` may lie past the last row.
  let begin = offset;
  let end = offset + n;
  let total: number | null = null;
  if (plan.order === 'desc') {
    total = (await scalar(connections[0]!, `SELECT count(*) FROM ${table} ${matching}`, binder)) ?? 0;
    if (total - offset <= 0) return null;
    end = total - offset;
    begin = Math.max(end - n, 0);
  }
  // rowid at each cut, probed at once; null at position 0 (no bound needed) and past the last row.
  const cuts = await Promise.all(positions(plan, begin, end).map((p, i) => (p === 0 || p === total ? null : probe(p, i))));
  if (begin > 0 && cuts[0] === null) return null;
  const last = cuts.at(-1) ?? null;
  const inner = cuts.slice(1, -1).filter((cut): cut is number => cut !== null);
  const full = plan.order === 'desc' || last !== null;
  return {
    cuts: [cuts[0] ?? null, ...inner, last],
    where,
    more: plan.order === 'asc' ? last !== null : begin > 0,
    expected: full ? end - begin : null,
  };
}

/** Places a page of `n` rows of a key-ordered table from `start` in `rowid`s (bench/README.md); null when it is empty. */
export async function placePage(plan: PagePlan, start: PageStart, n: number, binder: Binder): Promise<Placement | null> {
  if (plan.relation.scan!.timeRangeOnly) {
    const placed = await placeByArithmetic(plan, start, n, binder);
    if (placed !== 'probe') return placed;
  }
  return placeByProbes(plan, start, n, binder);
}
