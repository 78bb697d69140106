import { z } from 'zod';
import { COLUMN_VALUES_MAX_LIMIT } from '../schemas/columnValues.js';
import { FILTER_OPERATORS } from '../schemas/query.js';
import { TimeText } from '../time/schema.js';

/** `embedded` runs our /v1 service beside the app; `remote` calls a hosted /v1 API. */
export const ProfileName = z.enum(['embedded', 'remote']);
export type ProfileName = z.infer<typeof ProfileName>;

/** A dataset id as the catalogue spells it: lower-case letters, digits and underscores. */
export const DatasetId = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9_]+$/, 'dataset id: a-z, 0-9 and _ only');

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Remote base URL: https (http only to loopback, so a key never travels unencrypted), no credentials, query or fragment. */
export const RemoteBaseUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((s) => {
    try {
      const u = new URL(s);
      const secure = u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK_HOSTS.has(u.hostname));
      return secure && !u.username && !u.password && !u.search && !u.hash;
    } catch {
      return false;
    }
  }, 'base URL must be https (http only for localhost), without credentials or query, e.g. https://api.gridstatus.io/v1');

/** Default base URL of the Remote profile. */
export const DEFAULT_REMOTE_BASE_URL = 'https://api.gridstatus.io/v1';

/** Longest cache lifetime a profile may set: 30 days, in seconds. */
export const MAX_CACHE_TTL_SECONDS = 30 * 24 * 3600;

/** An `x-api-key` value: 1–512 printable ASCII, no spaces, so a pasted newline fails here rather than on every call. */
export const ApiKeyText = z
  .string()
  .trim()
  .min(1, 'Paste the API key first.')
  .max(512, 'That is longer than any API key (512 characters at most).')
  .regex(/^[\x21-\x7E]+$/, 'An API key has no spaces or special characters: paste it exactly as it was issued.');

/** Caller-chosen id of a call, for `requests:status` and `requests:cancel`: 1–64 of `A-Z a-z 0-9 _ -`. */
export const RequestId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'requestId: 1-64 of A-Z, a-z, 0-9, _ and -');
export type RequestId = z.infer<typeof RequestId>;

/** One dataset-query filter (`filter_column`, `filter_operator`, `filter_value`; `in` takes a comma list). */
export const EstimateFilter = z
  .object({
    column: z.string().min(1).max(200),
    operator: z.enum(FILTER_OPERATORS).default('='),
    value: z.string().max(10_000),
  })
  .strict();
export type EstimateFilter = z.output<typeof EstimateFilter>;

/** A column name as the catalogue spells it (`interval_start_utc`, `shadow_price`). */
export const ColumnName = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_]+$/, 'column: A-Z, a-z, 0-9 and _ only');

/** A query's `timezone`: an IANA zone or `market` (the dataset's `data_timezone`); see docs/query.md#time-range. */
export const QueryTimezone = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_+\-/]+$/, 'timezone: an IANA zone or "market"');

/** Largest `limit` of `datasets:query` (rows across all pages). */
export const MAX_QUERY_LIMIT = 100_000;

/** Largest `pageSize` of `datasets:query`: main reads a page whole (at most 32 MiB), so wide datasets need small pages. */
export const MAX_QUERY_PAGE_SIZE = 10_000;

/** Input of `datasets:query`: one page of a dataset query (docs/query.md), cursor-paginated. */
export const QueryInput = z
  .object({
    datasetId: DatasetId,
    startTime: TimeText.optional(),
    endTime: TimeText.optional(),
    columns: z.array(ColumnName).min(1).max(500).optional(),
    filter: EstimateFilter.optional(),
    order: z.enum(['asc', 'desc']).optional(),
    limit: z.number().int().min(1).max(MAX_QUERY_LIMIT).optional(),
    pageSize: z.number().int().min(1).max(MAX_QUERY_PAGE_SIZE).optional(),
    cursor: z
      .string()
      .max(4000)
      .regex(/^[A-Za-z0-9_=-]*$/, 'cursor: base64url')
      .optional(),
    timezone: QueryTimezone.optional(),
    requestId: RequestId.optional(),
  })
  .strict();

/** A pull's `publish_time`: `latest`, `latest_report`, `latest_before:<offset>` or a timestamp (docs/query.md#forecast-vintages). */
export const PublishTime = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine(
    (s) => s === 'latest' || s === 'latest_report' || /^latest_before(:.{1,40})?$/.test(s) || TimeText.safeParse(s).success,
    'Publish time: latest, latest report, latest before an offset, or a date-time.',
  );

/** A `resample_frequency` as typed (docs/query.md#resampling); the data service judges it. */
export const ResampleFrequencyText = z.string().trim().min(1).max(40);

/** `resample_by`: the grouping columns (docs/query.md#resampling). */
export const ResampleBy = z.array(ColumnName).max(20);

/**
 * Input of `datasets:estimate`: what sizes a query: its window, filter, row `limit` (the estimate never exceeds it), zone,
 * resampling and forecast vintage (docs/desktop.md#usage-meter-and-quota-forecast).
 */
export const EstimateInput = z
  .object({
    datasetId: DatasetId,
    startTime: TimeText.optional(),
    endTime: TimeText.optional(),
    filter: EstimateFilter.optional(),
    limit: z.number().int().min(1).max(MAX_QUERY_LIMIT).optional(),
    timezone: QueryTimezone.optional(),
    resampleFrequency: ResampleFrequencyText.optional(),
    resampleBy: ResampleBy.optional(),
    publishTime: PublishTime.optional(),
    publishTimeStart: TimeText.optional(),
    publishTimeEnd: TimeText.optional(),
    requestId: RequestId.optional(),
  })
  .strict();

/** Input of `datasets:columnValues`: `search` is a case-insensitive substring; `limit` defaults to 100 on the route. */
export const ColumnValuesInput = z
  .object({
    datasetId: DatasetId,
    column: ColumnName,
    search: z.string().max(200).optional(),
    limit: z.number().int().min(1).max(COLUMN_VALUES_MAX_LIMIT).optional(),
    requestId: RequestId.optional(),
  })
  .strict();
