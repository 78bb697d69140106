import { z } from 'zod';
import { DateString, DateTimeString, PageMeta } from './common.js';

/** Column types the catalogue reports: TIMESTAMP, VARCHAR, DOUBLE PRECISION, INTEGER, BIGINT, TEXT, DATE. */
export const ColumnType = z.string().describe('SQL type name, e.g. TIMESTAMP, VARCHAR, DOUBLE PRECISION');

export const DatasetColumn = z.object({
  name: z.string(),
  type: ColumnType,
  is_numeric: z.boolean(),
  is_date: z.boolean(),
  is_datetime: z.boolean(),
});
export type DatasetColumn = z.infer<typeof DatasetColumn>;

/** Dataset `status`; only `active` is observed. */
export const DatasetStatus = z.string().nullable();

/** A dataset as listed and returned (docs/api.md#dataset-list); `data_frequency` e.g. `1_HOUR`, `5_MINUTES`, `IRREGULAR`. */
export const Dataset = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  earliest_available_time_utc: DateTimeString.nullable(),
  latest_available_time_utc: DateTimeString.nullable(),
  source: z.string().nullable(),
  last_checked_time_utc: DateTimeString.nullable(),
  primary_key_columns: z.array(z.string()).nullable(),
  publish_time_column: z.string().nullable(),
  time_index_column: z.string().nullable(),
  subseries_index_column: z.string().nullable().optional(),
  all_columns: z.array(DatasetColumn),
  number_of_rows_approximate: z.number().int().nullable(),
  table_type: z.string().nullable(),
  is_in_warehouse: z.boolean().nullable(),
  data_frequency: z.string().nullable(),
  source_url: z.string().nullable(),
  publication_frequency: z.string().nullable(),
  is_published: z.boolean().nullable(),
  created_at_utc: DateTimeString.nullable(),
  status: DatasetStatus,
  popularity_rank: z.number().int().nullable().optional(),
});
export type Dataset = z.infer<typeof Dataset>;

/** A dataset plus the IANA zone of its market (`UTC` when it has none): `dataset_metadata` of query responses. */
export const DatasetWithTimezone = Dataset.extend({ data_timezone: z.string() });
export type DatasetWithTimezone = z.infer<typeof DatasetWithTimezone>;

/** Seconds per frequency key; `IRREGULAR` is -1. */
export const RESAMPLE_CONVERSION = {
  '1_MINUTE': 60,
  '5_MINUTES': 300,
  '15_MINUTES': 900,
  '1_HOUR': 3600,
  '1_DAY': 86400,
  '1_DAY_MARKET': 86400,
  '1_WEEK': 604800,
  '1_MONTH': 2592000,
  '1_YEAR': 31536000,
  IRREGULAR: -1,
} as const satisfies Record<string, number>;

/** `dataset_metadata` of the catalogue list: the conversion map and the catalogue's zone (`UTC`). */
export const CatalogueMetadata = z.object({
  resample_conversion: z.record(z.string(), z.number().int()),
  data_timezone: z.string(),
});

/** `GET /v1/datasets` JSON body with `json_schema=array-of-objects`. */
export const DatasetListResponse = z.object({
  status_code: z.number().int(),
  data: z.array(Dataset),
  meta: PageMeta,
  dataset_metadata: CatalogueMetadata,
});
export type DatasetListResponse = z.infer<typeof DatasetListResponse>;

/** `GET /v1/datasets/{id}` body: the fields on top plus the envelope the official client reads (docs/api.md#dataset-detail). */
export const DatasetDetailResponse = DatasetWithTimezone.extend({
  status_code: z.number().int(),
  data: z.array(z.unknown()),
  meta: PageMeta,
  dataset_metadata: DatasetWithTimezone,
});
export type DatasetDetailResponse = z.infer<typeof DatasetDetailResponse>;

/** One audit row per market date (docs/api.md#dataset-audit). */
export const AuditRow = z.object({
  market_date: DateString,
  number_of_datapoints: z.number().int(),
  number_of_unique_time_index_values: z.number().int(),
  number_of_unique_subseries_index_values: z.number().int(),
  number_of_unique_publish_times_on_publish_date: z.number().int(),
});
export type AuditRow = z.infer<typeof AuditRow>;

/** `GET /v1/datasets/{id}/audit` JSON body with `json_schema=array-of-objects`. */
export const AuditResponse = z.object({
  status_code: z.number().int(),
  data: z.array(AuditRow),
  meta: PageMeta,
  dataset_metadata: DatasetWithTimezone,
});
export type AuditResponse = z.infer<typeof AuditResponse>;

export const DatasetPath = z.object({ dataset_id: z.string() });
