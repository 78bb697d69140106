import { z } from 'zod';
import { queryInteger } from './request-params.js';

/**
 * Column values **(ours)**; spec endpoint 16 "returns the unique values in a column", shape suggested
 * by the addendum): `GET /v1/datasets/{dataset_id}/columns/{column}/values?search=&limit=`, for
 * filter suggestions. Values are ordered by count (descending), then value.
 */

/** Most values one response may carry; `limit` above it → 422. */
export const COLUMN_VALUES_MAX_LIMIT = 10_000;

/** One distinct non-null value and how many rows hold it. Timestamps as `2024-03-01T00:00:00+00:00`. */
export const ColumnValue = z.object({
  value: z.union([z.string(), z.number(), z.boolean()]),
  count: z.number().int(),
});
export type ColumnValue = z.infer<typeof ColumnValue>;

/** The body: `truncated` is true when more values matched than `limit`. */
export const ColumnValuesResponse = z.object({
  dataset_id: z.string(),
  column: z.string(),
  values: z.array(ColumnValue),
  truncated: z.boolean(),
});
export type ColumnValuesResponse = z.infer<typeof ColumnValuesResponse>;

/** `search`: case-insensitive substring of the value's text (empty = all); `limit`: 1..10000, default 100. */
export const ColumnValuesQuery = z.object({
  search: z.string().optional(),
  limit: queryInteger(1, COLUMN_VALUES_MAX_LIMIT).default(100),
});
export type ColumnValuesQuery = z.infer<typeof ColumnValuesQuery>;

/** Path of the column-values endpoint. */
export const ColumnValuesPath = z.object({ dataset_id: z.string(), column: z.string() });
