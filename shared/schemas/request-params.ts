import { z } from 'zod';
import { QueryBoolean } from './common.js';
import { parseTimeText } from '../time/grammar.js';

type Ctx = z.core.$RefinementCtx<string>;

// `fastapi_type` names pydantic's error type, so server/validation.ts answers as FastAPI would (docs/api.md#errors).
function fail(ctx: Ctx, type: string, message: string): never {
  ctx.addIssue({ code: 'custom', message, params: { fastapi_type: type } });
  return z.NEVER as never;
}

/** A query-string integer in `[min, max]`, e.g. `limit`; 422 `int_parsing`, `greater_than_equal`, `less_than_equal`. */
export function queryInteger(min: number, max: number) {
  return z
    .string()
    .transform((raw, ctx) => {
      const text = raw.trim();
      if (!/^[+-]?\d+$/.test(text))
        return fail(ctx, 'int_parsing', 'Input should be a valid integer, unable to parse string as an integer');
      const value = Number(text);
      if (value < min) return fail(ctx, 'greater_than_equal', `Input should be greater than or equal to ${min}`);
      if (value > max) return fail(ctx, 'less_than_equal', `Input should be less than or equal to ${max}`);
      return value;
    })
    .meta({ type: 'integer', minimum: min, maximum: max });
}

/** A finite number, e.g. `price_threshold` ($/MWh); 422 `float_parsing`. */
export const QueryNumber = z
  .string()
  .transform((raw, ctx) => {
    const value = raw.trim() === '' ? Number.NaN : Number(raw);
    if (!Number.isFinite(value))
      return fail(ctx, 'float_parsing', 'Input should be a valid number, unable to parse string as a number');
    return value;
  })
  .meta({ type: 'number' });

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A date or date-time of docs/api.md#time-grammar (naive = UTC, decoded `+` read back) → epoch ms, else `undefined`. */
export function parseIsoDateTime(raw: string): number | undefined {
  try {
    return parseTimeText(raw, { zone: 'UTC', decodedPlus: true }).epochMs;
  } catch {
    return undefined;
  }
}

/** A date-time parameter → ISO UTC with ms (`2024-01-01T05:00:00.000Z`); 422 `datetime_from_date_parsing`. */
export const QueryDateTime = z
  .string()
  .transform((raw, ctx) => {
    const millis = parseIsoDateTime(raw);
    if (millis === undefined)
      return fail(ctx, 'datetime_from_date_parsing', 'Input should be a valid datetime or date, unable to parse');
    return new Date(millis).toISOString();
  })
  .meta({ type: 'string', format: 'date-time' });

/** A real calendar date `YYYY-MM-DD` (e.g. `export_date`), unchanged; 422 `date_from_datetime_parsing`. */
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

/** `sort_order` of the constraint and contingency lists (docs/api.md#constraint-list). */
export const SortOrder = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof SortOrder>;

/** `sort_order` of one list endpoint: default `desc`, described with `firstKeys`, what its default ordering puts first. */
export function sortOrder(firstKeys: string) {
  return SortOrder.default('desc').describe(
    `direction of sort_column (desc when omitted); without sort_column, of the default ordering's first key: desc = the default (${firstKeys}), asc = its reverse`,
  );
}
