import { z } from 'zod';
import type { PageMeta } from './common.js';
import { RESAMPLE_CONVERSION } from './dataset.js';
import type { AuditRow, Dataset, DatasetColumn, DatasetListResponse, DatasetWithTimezone } from './dataset.js';

/**
 * Client-side schemas: dataset bodies *as received from any /v1 server* (the hosted API, another
 * implementation, or our embedded server), normalised into the types the renderer uses.
 * The server keeps its strict output schemas (dataset.ts); these accept what the spec allows:
 * - nullable Dataset keys may be absent (→ null); unknown extra keys are ignored;
 * - names the hosted API used before the spec renamed them: `is_in_snowflake` → `is_in_warehouse`,
 *   `earliest_available_time` → `earliest_available_time_utc` (likewise `latest_available_time`,
 *   `last_checked_time`, `created_at`); the spec's name wins when both are sent;
 * - `all_columns[].is_numeric/is_date/is_datetime` may be absent (→ derived from `type`);
 * - `meta` may be partial or absent (spec endpoints 11 and 13 only promise `page`) → nulls;
 * - `dataset_metadata` and `data_timezone` may be absent.
 * A body with a wrong type where a value is given (e.g. `name: 5`, `data: "x"`) still fails.
 * Usage and query bodies as received: client-usage.ts, client-query.ts.
 */

/** A nullable value that may also be absent; absent reads as null. */
const nullish = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v): z.output<T> | null => v ?? null);

/** Numeric SQL type names (DuckDB and PostgreSQL spellings). */
const NUMERIC_TYPE = /^(DOUBLE|REAL|FLOAT|NUMERIC|DECIMAL|INT|INTEGER|BIGINT|SMALLINT|TINYINT|HUGEINT|UBIGINT|UINTEGER)\b/;

/**
 * One `all_columns` entry as received. Missing flags follow the catalogue's rules
 * (server/data/metadata.ts): `is_date` for DATE and TIMESTAMP…, `is_datetime` for TIMESTAMP….
 * The 2024 hosted API sent no `is_datetime` (rgridstatus sample).
 */
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

/** Dataset keys as received: the spec's names, the older hosted names, all but `id`/`name` optional. */
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

/** The spec's Dataset from the keys received (spec names first, then the older ones). */
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

/**
 * A Dataset as received (spec "Resources → Dataset"). Only `id` and `name` are required;
 * `all_columns` defaults to `[]`; `subseries_index_column` absent reads as null; `popularity_rank`
 * is kept only when sent. Output: {@link Dataset}, keys in the spec's order, extra keys dropped.
 */
export const ClientDataset = DatasetFields.transform(toDataset);

/** A Dataset plus `data_timezone` (IANA name), which defaults to `UTC`. Output: {@link DatasetWithTimezone}. */
export const ClientDatasetWithTimezone = z
  .object({ ...datasetFields, data_timezone: z.string().nullish() })
  .transform((d): DatasetWithTimezone => ({ ...toDataset(d), data_timezone: d.data_timezone ?? 'UTC' }));

/** `meta` as received: any subset of the spec's keys ("Pagination" §3), or none; missing → null. */
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

/** `status_code` of an envelope (required by the spec, but nothing reads it): absent → 200. */
export const ClientStatusCode = z.number().nullish().transform((s) => s ?? 200);

/**
 * `GET /v1/datasets` body as received (spec endpoint 11: `status_code`, `data`, `meta` with `page`,
 * `dataset_metadata` with `resample_conversion`). `dataset_metadata` and its keys default to the
 * spec's conversion map and `UTC`. Output: {@link DatasetListResponse}.
 */
export const ClientDatasetList = z
  .object({
    status_code: ClientStatusCode,
    data: z.array(ClientDataset),
    meta: ClientPageMeta,
    dataset_metadata: z
      .object({ resample_conversion: z.record(z.string(), z.number()).nullish(), data_timezone: z.string().nullish() })
      .nullish(),
  })
  .transform(
    (b): DatasetListResponse => ({
      status_code: b.status_code,
      data: b.data,
      meta: b.meta,
      dataset_metadata: {
        resample_conversion: b.dataset_metadata?.resample_conversion ?? { ...RESAMPLE_CONVERSION },
        data_timezone: b.dataset_metadata?.data_timezone ?? 'UTC',
      },
    }),
  );

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The dataset's zone named by a body: top-level `data_timezone`, else `dataset_metadata.data_timezone`,
 * else null (the callers read that as `UTC`).
 */
export function bodyTimezone<T>(body: { data_timezone?: T | null; dataset_metadata?: { data_timezone?: T | null } | null }): T | null {
  return body.data_timezone ?? body.dataset_metadata?.data_timezone ?? null;
}

/**
 * Where the dataset of a detail body is: the top level when it carries `id` (a bare Dataset, spec
 * endpoint 12, or our envelope with the fields on top), else `dataset_metadata` (an envelope only).
 * The zone: {@link bodyTimezone}, else `UTC`.
 */
function pickDataset(body: unknown): unknown {
  if (!isRecord(body)) return body;
  const meta = isRecord(body.dataset_metadata) ? body.dataset_metadata : undefined;
  const source = 'id' in body || !meta ? body : meta;
  return { ...source, data_timezone: bodyTimezone({ data_timezone: body.data_timezone, dataset_metadata: meta }) };
}

/**
 * `GET /v1/datasets/{id}` body as received: a bare Dataset (spec endpoint 12: "Response 200:
 * Dataset object") or the envelope our server and the official client's readers use
 * (`status_code`, `data`, `meta`, `dataset_metadata`). Output: {@link DatasetWithTimezone}.
 */
export const ClientDatasetDetail = z.unknown().transform(pickDataset).pipe(ClientDatasetWithTimezone);

/**
 * One audit row as received (spec "Dataset audit row"). `market_date` may carry a time part
 * (`2024-03-01T00:00:00`), which is dropped; counts are numbers.
 */
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

/** Normalised audit body: `dataset_metadata` is not read (the spec's endpoint 13 has none). */
export interface ClientAuditResponse {
  status_code: number;
  data: AuditRow[];
  meta: PageMeta;
}

/** `GET /v1/datasets/{id}/audit` body as received (spec endpoint 13: `status_code`, `data`, `meta` with `page`). */
export const ClientAudit = z
  .object({ status_code: ClientStatusCode, data: z.array(ClientAuditRow), meta: ClientPageMeta })
  .transform((b): ClientAuditResponse => b);
