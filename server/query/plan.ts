import type { DuckDBConnection } from '@duckdb/node-api';
import type { Binder } from './binder.js';
import type { ResultColumn } from './columns.js';
import type { RowFormat } from './format.js';

/**
 * The shapes a query's read is planned in: the relation (relation.ts builds it, resample.ts wraps it) and the plan of one
 * page (page.ts reads it; storage.ts and placement.ts read a key-ordered table). Kept apart from the code so those
 * modules depend on this one and never on each other in a circle.
 */

/** The rows a query selects before ordering and paging: a SELECT, its result columns (no `_local` ones yet) and ordering key. */
export interface Relation {
  sql: string;
  columns: ResultColumn[];
  keys: ResultColumn[]; // unique per row: the time index first (never NULL), then primary key or groups
  /** Set for a plain filtered scan (storage.ts may page it unsorted); `timeRangeOnly`: its only predicates are the time range. */
  scan?: { table: string; where: string[]; timeRangeOnly: boolean };
}

/** `WHERE a AND b`, or nothing. */
export const whereClause = (predicates: readonly string[]): string =>
  predicates.length === 0 ? '' : `WHERE ${predicates.map((p) => `(${p})`).join(' AND ')}`;

/** Where a sub-page starts: an offset, or after a key (null: from the first row). */
export type PageStart = { offset: number } | { after: (string | null)[] | null };

/** What a page reads and how. */
export interface PagePlan {
  relation: Relation;
  binder: Binder; // forked per statement
  format: RowFormat;
  order: 'asc' | 'desc';
  take: number; // page size, trimmed to the query's `limit`
  start: PageStart;
  stored: boolean; // the relation scans a table stored in key order (storage.ts)
  connections: DuckDBConnection[]; // used at once by storage.ts; the first is the main one
}
