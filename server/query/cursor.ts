import { QueryCursorToken } from '../../shared/index.js';
import { ident } from '../data/sql.js';
import { HttpError } from '../errors.js';
import type { Binder } from './binder.js';
import type { ResultColumn } from './columns.js';

/**
 * Cursor pagination (spec "Pagination" §2; addendum `cursor`): keyset pagination on the result's
 * ordering key (time index, then primary key or resampling groups). The token is base64url of JSON
 * `{"columns":[...],"values":[...],"total_rows_returned_so_far":N}`: the key of the last row served
 * (as text, NULL as null) and the rows served so far, so `limit` holds across pages. Rows sort with
 * NULLs first ascending (last descending); the predicate below continues exactly after the key.
 */

/** 400 for a token that is not one of ours, or not for this query. */
const invalid = (why: string) => new HttpError(400, `Invalid cursor: ${why}`);

/** Encodes a token for `meta.cursor`. */
export function encodeCursor(token: QueryCursorToken): string {
  return Buffer.from(JSON.stringify(token), 'utf8').toString('base64url');
}

/** Decodes a non-empty token. @throws HttpError 400 `Invalid cursor: ...`. */
export function decodeCursor(text: string): QueryCursorToken {
  if (!/^[A-Za-z0-9_-]+={0,2}$/.test(text) || text.length > 20_000) throw invalid('not a cursor from this API');
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid('not a cursor from this API');
  }
  const parsed = QueryCursorToken.safeParse(json);
  if (!parsed.success || parsed.data.values.length !== parsed.data.columns.length) throw invalid('malformed token');
  return parsed.data;
}

const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?$/;
const NUMBER_TEXT = /^[+-]?(\d+\.?\d*(e[+-]?\d+)?|inf|infinity|nan)$/i;
const DATE_TEXT = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Checks a decoded token against the query's key columns and value types.
 * @throws HttpError 400 when the columns differ (the query changed between pages) or a value cannot be a key.
 */
export function checkCursor(token: { columns: string[]; values: (string | null)[] }, keys: readonly ResultColumn[]): void {
  const expected = keys.map((key) => key.name);
  if (token.columns.join(',') !== expected.join(',')) {
    throw invalid(`it orders by ${token.columns.join(', ')} but this query orders by ${expected.join(', ')}`);
  }
  token.values.forEach((value, i) => {
    const type = keys[i]!.type;
    if (value === null) return;
    const ok =
      type === 'TIMESTAMP' ? TIMESTAMP_TEXT.test(value)
      : type === 'DATE' ? DATE_TEXT.test(value)
      : ['DOUBLE PRECISION', 'INTEGER', 'BIGINT'].includes(type) ? NUMBER_TEXT.test(value) && (type === 'DOUBLE PRECISION' || /^[+-]?\d+$/.test(value))
      : true;
    if (!ok) throw invalid(`bad value for ${keys[i]!.name}`);
  });
}

/** SQL `ORDER BY` items of the key: ascending NULLS FIRST, or descending NULLS LAST. */
export function orderBy(keys: readonly ResultColumn[], order: 'asc' | 'desc', qualifier = ''): string {
  const direction = order === 'asc' ? 'ASC NULLS FIRST' : 'DESC NULLS LAST';
  return keys.map((key) => `${qualifier}${ident(key.name)} ${direction}`).join(', ');
}

/**
 * SQL text of a key value for the next cursor (timestamps as `YYYY-MM-DD HH:MM:SS.ffffff`).
 * `expr` defaults to the key column; callers pass e.g. `arg_max_null(col, rowid)` so that only the
 * chosen value is formatted, not every row's.
 */
export function keyText(key: ResultColumn, expr = ident(key.name)): string {
  return key.type === 'TIMESTAMP' ? `strftime(${expr}, '%Y-%m-%d %H:%M:%S.%f')` : `CAST(${expr} AS VARCHAR)`;
}

/**
 * Predicate selecting the rows strictly after `values` in key order (values checked by
 * {@link checkCursor}). The first key is never NULL (the time index), which lets DuckDB prune
 * row groups with the extra `k0 >= v0` (or `<=`) conjunct.
 */
export function afterKey(keys: readonly ResultColumn[], values: readonly (string | null)[], order: 'asc' | 'desc', binder: Binder): string {
  const parts = keys.map((key, i) => {
    const column = ident(key.name);
    const value = values[i] ?? null;
    if (value === null) {
      return { after: order === 'asc' ? `${column} IS NOT NULL` : 'FALSE', equal: `${column} IS NULL` };
    }
    const bound = binder.cast(value, key.type);
    const after = order === 'asc' ? `${column} > ${bound}` : `(${column} < ${bound} OR ${column} IS NULL)`;
    return { after, equal: `${column} = ${bound}` };
  });
  let predicate = parts.at(-1)!.after;
  for (let i = parts.length - 2; i >= 0; i--) predicate = `${parts[i]!.after} OR (${parts[i]!.equal} AND (${predicate}))`;
  const first = values[0];
  if (first === null || first === undefined) return `(${predicate})`;
  const prune = `${ident(keys[0]!.name)} ${order === 'asc' ? '>=' : '<='} ${binder.cast(first, keys[0]!.type)}`;
  return `(${prune} AND (${predicate}))`;
}
