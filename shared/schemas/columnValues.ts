import { z } from 'zod';
import { queryInteger } from './request-params.js';

/** Most values one column-values response may carry (docs/api.md#column-values); `limit` above it → 422. */
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

/** `search`: case-insensitive substring of the value's text (empty = all). */
export const ColumnValuesQuery = z.object({
  search: z.string().optional(),
  limit: queryInteger(1, COLUMN_VALUES_MAX_LIMIT).default(100),
});
export type ColumnValuesQuery = z.infer<typeof ColumnValuesQuery>;

export const ColumnValuesPath = z.object({ dataset_id: z.string(), column: z.string() });
