import { z } from 'zod';

/** ISO 8601 date-time string in UTC, e.g. `2024-03-01T00:00:00+00:00`. */
export const DateTimeString = z.string().describe('ISO 8601 date-time (UTC)');

export const DateString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe('date YYYY-MM-DD');

/** Body of every error but 422: `{ "detail": "<message>" }` (docs/api.md#errors). */
export const ErrorBody = z.object({ detail: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** One item of a 422 body in the FastAPI shape; `loc` is e.g. `["query", "json_schema"]`. */
export const ValidationIssue = z.object({
  loc: z.array(z.union([z.string(), z.number().int()])),
  msg: z.string(),
  type: z.string(),
});
export type ValidationIssue = z.infer<typeof ValidationIssue>;

export const ValidationErrorBody = z.object({ detail: z.array(ValidationIssue) });
export type ValidationErrorBody = z.infer<typeof ValidationErrorBody>;

/** `meta` of the dataset endpoints (docs/api.md#pagination); all null on the catalogue list but `page`. */
export const PageMeta = z.object({
  page: z.number().int().nullable(),
  limit: z.number().int().nullable(),
  page_size: z.number().int().nullable(),
  hasNextPage: z.boolean().nullable(),
  cursor: z.string().nullable(),
});
export type PageMeta = z.infer<typeof PageMeta>;

export const ReturnFormat = z.enum(['json', 'csv']);
export const JsonSchemaShape = z.enum(['array-of-objects', 'array-of-arrays']);

/** Query-string boolean as FastAPI reads it: true/false, 1/0, yes/no, on/off (case-insensitive). */
export const QueryBoolean = z.string().transform((s, ctx) => {
  const v = s.toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(v)) return true;
  if (['false', '0', 'no', 'off'].includes(v)) return false;
  ctx.addIssue({ code: 'custom', message: 'Input should be a valid boolean, unable to interpret input' });
  return z.NEVER;
});

/** Format parameters of the dataset endpoints (docs/api.md#return-formats). */
export const DatasetFormatQuery = z.object({
  return_format: ReturnFormat.default('json'),
  download: QueryBoolean.default(false),
  json_schema: JsonSchemaShape.default('array-of-objects'),
});
export type DatasetFormatQuery = z.infer<typeof DatasetFormatQuery>;
