import { z } from 'zod';

/**
 * Shapes shared by every /v1 resource (spec "Errors", "Pagination"; addendum "Other endpoints").
 * This module is the one source of these shapes for server/, electron/ and renderer/.
 */

/** ISO 8601 date-time string in UTC, e.g. `2024-03-01T00:00:00+00:00`. */
export const DateTimeString = z.string().describe('ISO 8601 date-time (UTC)');

/** Market date `YYYY-MM-DD`. */
export const DateString = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).describe('date YYYY-MM-DD');

/** Non-validation error body: `{ "detail": "<human-readable message>" }`. */
export const ErrorBody = z.object({ detail: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** One item of a FastAPI-style validation error. `loc` is e.g. `["query", "json_schema"]`. */
export const ValidationIssue = z.object({
  loc: z.array(z.union([z.string(), z.number().int()])),
  msg: z.string(),
  type: z.string(),
});
export type ValidationIssue = z.infer<typeof ValidationIssue>;

/** 422 body: `{ "detail": [ { loc, msg, type }, ... ] }`. */
export const ValidationErrorBody = z.object({ detail: z.array(ValidationIssue) });
export type ValidationErrorBody = z.infer<typeof ValidationErrorBody>;

/** `meta` of dataset endpoints (spec "Pagination" §3). All null on the catalogue list. */
export const PageMeta = z.object({
  page: z.number().int().nullable(),
  limit: z.number().int().nullable(),
  page_size: z.number().int().nullable(),
  hasNextPage: z.boolean().nullable(),
  cursor: z.string().nullable(),
});
export type PageMeta = z.infer<typeof PageMeta>;

/** `return_format` of dataset endpoints: `json` (default) or `csv`. */
export const ReturnFormat = z.enum(['json', 'csv']);
/** `json_schema` of dataset endpoints: rows as objects (default) or a header row then value rows. */
export const JsonSchemaShape = z.enum(['array-of-objects', 'array-of-arrays']);

/** Query-string boolean as FastAPI reads it: true/false, 1/0, yes/no, on/off (case-insensitive). */
export const QueryBoolean = z
  .string()
  .transform((s, ctx) => {
    const v = s.toLowerCase();
    if (['true', '1', 'yes', 'on'].includes(v)) return true;
    if (['false', '0', 'no', 'off'].includes(v)) return false;
    ctx.addIssue({ code: 'custom', message: 'Input should be a valid boolean, unable to interpret input' });
    return z.NEVER;
  });

/** Query parameters common to the dataset endpoints 11–13: return_format, download, json_schema. */
export const DatasetFormatQuery = z.object({
  return_format: ReturnFormat.default('json'),
  download: QueryBoolean.default(false),
  json_schema: JsonSchemaShape.default('array-of-objects'),
});
export type DatasetFormatQuery = z.infer<typeof DatasetFormatQuery>;
