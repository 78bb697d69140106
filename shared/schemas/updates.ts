import { z } from 'zod';
import { DateTimeString } from './common.js';
import { queryInteger } from './request-params.js';

/**
 * One update of one dataset (docs/api.md#dataset-updates); `id` is stable for a given build. `start_time_utc` and
 * `end_time_utc` **(ours, optional)** bound the time index values the update wrote, `[start, end)`; absent or null when
 * unknown (the hosted API sends neither): a client then takes a backfill to touch any interval.
 */
export const DatasetUpdate = z.object({
  id: z.number().int(),
  dataset: z.string(),
  time_utc: DateTimeString,
  num_rows_inserted: z.number().int(),
  num_rows_updated: z.number().int(),
  is_backfill: z.boolean(),
  start_time_utc: DateTimeString.nullable().optional(),
  end_time_utc: DateTimeString.nullable().optional(),
});
export type DatasetUpdate = z.infer<typeof DatasetUpdate>;

export const DatasetUpdatesResponse = z.object({ data: z.array(DatasetUpdate) });
export type DatasetUpdatesResponse = z.infer<typeof DatasetUpdatesResponse>;

/** Query of both dataset-updates endpoints: no `limit` = all records; `order` by `time_utc` then `id`. */
export const DatasetUpdatesQuery = z.object({
  limit: queryInteger(1, Number.MAX_SAFE_INTEGER).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type DatasetUpdatesQuery = z.infer<typeof DatasetUpdatesQuery>;
