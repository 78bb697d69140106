import { z } from 'zod';
import { QueryBoolean } from './common.js';
import { parseTimeText } from '../time/grammar.js';

/**
 * Query-string parameter types of the constraint, outage and export endpoints (spec "Endpoints":
 * "Invalid parameter values yield 422"). Each parses the raw query string and, when it fails, raises
 * a custom issue whose `params.fastapi_type` names the pydantic error type (`int_parsing`,
 * `greater_than_equal`, `less_than_equal`, `float_parsing`, `datetime_from_date_parsing`,
 * `date_from_datetime_parsing`), so server/validation.ts answers exactly as FastAPI would.
 * `.meta()` gives each its JSON-schema shape for the OpenAPI document. A `.default()` added by the
 * caller is not lost: zod's input-side JSON Schema drops defaults of transforming schemas like these,
 * so server/openapi.ts takes each parameter's default from the output side (openapi.test.ts checks).
 */

type Ctx = z.core.$RefinementCtx<string>;

function fail(ctx: Ctx, type: string, message: string): never {
  ctx.addIssue({ code: 'custom', message, params: { fastapi_type: type } });
  return z.NEVER as never;
}

/**
 * An integer in `[min, max]`, e.g. `limit`. Output: number.
 * Errors: `int_parsing`, `greater_than_equal`, `less_than_equal`.
 */
export function queryInteger(min: number, max: number) {
  return z
    .string()
    .transform((raw, ctx) => {
      const text = raw.trim();
      if (!/^[+-]?\d+$/.test(text)) return fail(ctx, 'int_parsing', 'Input should be a valid integer, unable to parse string as an integer');
      const value = Number(text);
      if (value < min) return fail(ctx, 'greater_than_equal', `Input should be greater than or equal to ${min}`);
      if (value > max) return fail(ctx, 'less_than_equal', `Input should be less than or equal to ${max}`);
      return value;
    })
    .meta({ type: 'integer', minimum: min, maximum: max });
}

/** A finite number, e.g. `price_threshold` ($/MWh). Error: `float_parsing`. */
export const QueryNumber = z
  .string()
  .transform((raw, ctx) => {
    const value = raw.trim() === '' ? Number.NaN : Number(raw);
    if (!Number.isFinite(value)) return fail(ctx, 'float_parsing', 'Input should be a valid number, unable to parse string as a number');
    return value;
  })
  .meta({ type: 'number' });

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Parses a date or date-time of the time grammar (docs/api.md#time-grammar) to epoch milliseconds,
 * or `undefined`. Without an offset it is UTC; a `+` the query string decoded to a space is read back.
 */
export function parseIsoDateTime(raw: string): number | undefined {
  try {
    return parseTimeText(raw, { zone: 'UTC', decodedPlus: true }).epochMs;
  } catch {
    return undefined;
  }
}

/**
 * A date-time parameter (docs/api.md#time-grammar). Output: the instant as an ISO
 * string in UTC with milliseconds (`2024-01-01T05:00:00.000Z`). Error: `datetime_from_date_parsing`.
 */
export const QueryDateTime = z
  .string()
  .transform((raw, ctx) => {
    const millis = parseIsoDateTime(raw);
    if (millis === undefined) return fail(ctx, 'datetime_from_date_parsing', 'Input should be a valid datetime or date, unable to parse');
    return new Date(millis).toISOString();
  })
  .meta({ type: 'string', format: 'date-time' });

/** A calendar date `YYYY-MM-DD` (e.g. `export_date`). Output: the same string. Error: `date_from_datetime_parsing`. */
export const QueryDate = z
  .string()
  .transform((raw, ctx) => {
    const time = DATE.test(raw) ? Date.parse(`${raw}T00:00:00Z`) : Number.NaN;
    const valid = !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === raw;
    if (!valid) return fail(ctx, 'date_from_datetime_parsing', 'Input should be a valid date in the format YYYY-MM-DD');
    return raw;
  })
  .meta({ type: 'string', format: 'date' });

/** A query-string boolean (true/false, 1/0, yes/no, on/off), with its OpenAPI shape. */
export const QueryFlag = QueryBoolean.meta({ type: 'boolean' });

/**
 * `sort_order` of the list-style constraint endpoints (spec: enum asc | desc, "desc when omitted":
 * the default is `desc`, also in the OpenAPI document). With `sort_column` it orders that column;
 * without it (ours, the spec is silent) it orders the first key of the default ordering, `desc` being
 * that key's default direction (server/data/constraints/list.ts). Each endpoint describes its own
 * default ordering ({@link sortOrder}).
 */
export const SortOrder = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof SortOrder>;

/**
 * The `sort_order` parameter of one list endpoint: default `desc`, described with `firstKeys`, what
 * the endpoint's default ordering puts first (e.g. `most relevant / latest first`).
 */
export function sortOrder(firstKeys: string) {
  return SortOrder.default('desc').describe(
    `direction of sort_column (desc when omitted); without sort_column, of the default ordering's first key: desc = the default (${firstKeys}), asc = its reverse`,
  );
}
