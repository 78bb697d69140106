import { z } from 'zod';
import { DateTimeString } from './common.js';
import { queryInteger } from './request-params.js';

/**
 * Dataset updates (spec "Dataset update record", endpoint 16; addendum "Other endpoints" for the
 * paths and the body): `GET /v1/dataset-updates/{dataset_id}` and `GET /v1/dataset-updates`.
 */

/** One update of one dataset: when, how many rows were inserted and updated, and whether it was a backfill. */
export const DatasetUpdate = z.object({
  /** Record id (ours: a positive integer, stable for a given build). */
  id: z.number().int(),
  dataset: z.string(),
  time_utc: DateTimeString,
  num_rows_inserted: z.number().int(),
  num_rows_updated: z.number().int(),
  is_backfill: z.boolean(),
});
export type DatasetUpdate = z.infer<typeof DatasetUpdate>;

/** Body of both dataset-updates endpoints. */
export const DatasetUpdatesResponse = z.object({ data: z.array(DatasetUpdate) });
export type DatasetUpdatesResponse = z.infer<typeof DatasetUpdatesResponse>;

/** Query of both endpoints: `limit` (≥ 1, default none: all records) and `order` by `time_utc` then `id`. */
export const DatasetUpdatesQuery = z.object({
  limit: queryInteger(1, Number.MAX_SAFE_INTEGER).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type DatasetUpdatesQuery = z.infer<typeof DatasetUpdatesQuery>;
