import { QueryCursorToken } from '../../shared/index.js';
import { ident } from '../data/sql.js';
import { HttpError } from '../errors.js';
import type { Binder } from './binder.js';
import type { ResultColumn } from './columns.js';

const invalid = (why: string) => new HttpError(400, `Invalid cursor: ${why}`);

/** Encodes a cursor token for `meta.cursor`: base64url JSON of the last row's key and the rows served (docs/query.md#paging). */
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

/** Checks a token against the query's key columns and types. @throws HttpError 400 (the query changed, or a value is no key). */
export function checkCursor(token: { columns: string[]; values: (string | null)[] }, keys: readonly ResultColumn[]): void {
  const expected = keys.map((key) => key.name);
  if (token.columns.join(',') !== expected.join(',')) {
    throw invalid(`it orders by ${token.columns.join(', ')} but this query orders by ${expected.join(', ')}`);
  }
  token.values.forEach((value, i) => {
    const type = keys[i]!.type;
    if (value === null) return;
    const ok =
      type === 'TIMESTAMP'
        ? TIMESTAMP_TEXT.test(value)
        : type === 'DATE'
          ? DATE_TEXT.test(value)
          : ['DOUBLE PRECISION', 'INTEGER', 'BIGINT'].includes(type)
            ? NUMBER_TEXT.test(value) && (type === 'DOUBLE PRECISION' || /^[+-]?\d+$/.test(value))
            : true;
    if (!ok) throw invalid(`bad value for ${keys[i]!.name}`);
  });
}

/** SQL `ORDER BY` items of the key: ascending NULLS FIRST, or descending NULLS LAST. */
export function orderBy(keys: readonly ResultColumn[], order: 'asc' | 'desc', qualifier = ''): string {
  const direction = order === 'asc' ? 'ASC NULLS FIRST' : 'DESC NULLS LAST';
  return keys.map((key) => `${qualifier}${ident(key.name)} ${direction}`).join(', ');
}

/** SQL text of a key value for the next cursor; callers pass e.g. `arg_max_null(col, rowid)` so only that value is formatted. */
export function keyText(key: ResultColumn, expr = ident(key.name)): string {
  return key.type === 'TIMESTAMP' ? `strftime(${expr}, '%Y-%m-%d %H:%M:%S.%f')` : `CAST(${expr} AS VARCHAR)`;
}

/** Predicate of the rows strictly after `values` in key order; the first key is never NULL, so `k0 >= v0` lets DuckDB prune. */
export function afterKey(
  keys: readonly ResultColumn[],
  values: readonly (string | null)[],
  order: 'asc' | 'desc',
  binder: Binder,
): string {
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
