import { z } from 'zod';
import type { PageMeta } from './common.js';
import { RESAMPLE_CONVERSION } from './dataset.js';
import type { AuditRow, Dataset, DatasetColumn, DatasetListResponse, DatasetWithTimezone } from './dataset.js';

const nullish = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v): z.output<T> | null => v ?? null);

const NUMERIC_TYPE = /^(DOUBLE|REAL|FLOAT|NUMERIC|DECIMAL|INT|INTEGER|BIGINT|SMALLINT|TINYINT|HUGEINT|UBIGINT|UINTEGER)\b/;

/** One `all_columns` entry as received; missing flags are derived from `type` as server/data/metadata.ts does. */
export const ClientDatasetColumn = z
  .object({
    name: z.string(),
    type: z.string(),
    is_numeric: z.boolean().nullish(),
    is_date: z.boolean().nullish(),
    is_datetime: z.boolean().nullish(),
  })
  .transform((c): DatasetColumn => {
    const type = c.type.trim().toUpperCase();
    const isTimestamp = type.startsWith('TIMESTAMP');
    return {
      name: c.name,
      type: c.type,
      is_numeric: c.is_numeric ?? NUMERIC_TYPE.test(type),
      is_date: c.is_date ?? (isTimestamp || type === 'DATE'),
      is_datetime: c.is_datetime ?? isTimestamp,
    };
  });

const time = nullish(z.string());
const text = nullish(z.string());
const flag = nullish(z.boolean());

const datasetFields = {
  id: z.string(),
  name: z.string(),
  description: text,
  earliest_available_time_utc: time,
  earliest_available_time: time,
  latest_available_time_utc: time,
  latest_available_time: time,
  source: text,
  last_checked_time_utc: time,
  last_checked_time: time,
  primary_key_columns: nullish(z.array(z.string())),
  publish_time_column: text,
  time_index_column: text,
  subseries_index_column: text,
  all_columns: nullish(z.array(ClientDatasetColumn)),
  number_of_rows_approximate: nullish(z.number()),
  table_type: text,
  is_in_warehouse: flag,
  is_in_snowflake: flag,
  data_frequency: text,
  source_url: text,
  publication_frequency: text,
  is_published: flag,
  created_at_utc: time,
  created_at: time,
  status: text,
  popularity_rank: z.number().nullish(),
};
const DatasetFields = z.object(datasetFields);

const toDataset = (d: z.output<typeof DatasetFields>): Dataset => ({
  id: d.id,
  name: d.name,
  description: d.description,
  earliest_available_time_utc: d.earliest_available_time_utc ?? d.earliest_available_time,
  latest_available_time_utc: d.latest_available_time_utc ?? d.latest_available_time,
  source: d.source,
  last_checked_time_utc: d.last_checked_time_utc ?? d.last_checked_time,
  primary_key_columns: d.primary_key_columns,
  publish_time_column: d.publish_time_column,
  time_index_column: d.time_index_column,
  subseries_index_column: d.subseries_index_column,
  all_columns: d.all_columns ?? [],
  number_of_rows_approximate: d.number_of_rows_approximate,
  table_type: d.table_type,
  is_in_warehouse: d.is_in_warehouse ?? d.is_in_snowflake,
  data_frequency: d.data_frequency,
  source_url: d.source_url,
  publication_frequency: d.publication_frequency,
  is_published: d.is_published,
  created_at_utc: d.created_at_utc ?? d.created_at,
  status: d.status,
  ...(d.popularity_rank !== undefined ? { popularity_rank: d.popularity_rank } : {}),
});

/** A Dataset as received from any /v1 server, older names mapped (docs/desktop.md#reading-v1-bodies-from-any-server). */
export const ClientDataset = DatasetFields.transform(toDataset);

/** A Dataset plus `data_timezone` (IANA name), which defaults to `UTC`. */
export const ClientDatasetWithTimezone = z
  .object({ ...datasetFields, data_timezone: z.string().nullish() })
  .transform((d): DatasetWithTimezone => ({ ...toDataset(d), data_timezone: d.data_timezone ?? 'UTC' }));

/** `meta` as received: any subset of {@link PageMeta}'s keys, or none; missing → null. */
export const ClientPageMeta = z
  .object({
    page: nullish(z.number()),
    limit: nullish(z.number()),
    page_size: nullish(z.number()),
    hasNextPage: nullish(z.boolean()),
    cursor: nullish(z.string()),
  })
  .nullish()
  .transform((m): PageMeta => m ?? { page: null, limit: null, page_size: null, hasNextPage: null, cursor: null });

/** `status_code` of an envelope, which nothing reads: absent → 200. */
export const ClientStatusCode = z
  .number()
  .nullish()
  .transform((s) => s ?? 200);

/** `GET /v1/datasets` body as received; absent `dataset_metadata` keys read as {@link RESAMPLE_CONVERSION} and `UTC`. */
export const ClientDatasetList = z
  .object({
    status_code: ClientStatusCode,
    data: z.array(ClientDataset),
    meta: ClientPageMeta,
    dataset_metadata: z
      .object({ resample_conversion: z.record(z.string(), z.number()).nullish(), data_timezone: z.string().nullish() })
      .nullish(),
  })
  .transform((b): DatasetListResponse => ({
    status_code: b.status_code,
    data: b.data,
    meta: b.meta,
    dataset_metadata: {
      resample_conversion: b.dataset_metadata?.resample_conversion ?? { ...RESAMPLE_CONVERSION },
      data_timezone: b.dataset_metadata?.data_timezone ?? 'UTC',
    },
  }));

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The zone a body names: top-level `data_timezone`, else `dataset_metadata.data_timezone`, else null. */
export function bodyTimezone<T>(body: {
  data_timezone?: T | null;
  dataset_metadata?: { data_timezone?: T | null } | null;
}): T | null {
  return body.data_timezone ?? body.dataset_metadata?.data_timezone ?? null;
}

function pickDataset(body: unknown): unknown {
  if (!isRecord(body)) return body;
  const meta = isRecord(body.dataset_metadata) ? body.dataset_metadata : undefined;
  const source = 'id' in body || !meta ? body : meta;
  return { ...source, data_timezone: bodyTimezone({ data_timezone: body.data_timezone, dataset_metadata: meta }) };
}

/** `GET /v1/datasets/{id}` body as received: a bare Dataset, or an envelope with it on top or in `dataset_metadata`. */
export const ClientDatasetDetail = z.unknown().transform(pickDataset).pipe(ClientDatasetWithTimezone);

/** One audit row as received; a time part of `market_date` (`2024-03-01T00:00:00`) is dropped. */
export const ClientAuditRow = z
  .object({
    market_date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}/, 'expected a market date YYYY-MM-DD')
      .transform((s) => s.slice(0, 10)),
    number_of_datapoints: z.number(),
    number_of_unique_time_index_values: z.number(),
    number_of_unique_subseries_index_values: z.number(),
    number_of_unique_publish_times_on_publish_date: z.number(),
  })
  .transform((r): AuditRow => r);

/** Normalised audit body; `dataset_metadata` is not read. */
export interface ClientAuditResponse {
  status_code: number;
  data: AuditRow[];
  meta: PageMeta;
}

/** `GET /v1/datasets/{id}/audit` body as received → {@link ClientAuditResponse}. */
export const ClientAudit = z
  .object({ status_code: ClientStatusCode, data: z.array(ClientAuditRow), meta: ClientPageMeta })
  .transform((b): ClientAuditResponse => b);
