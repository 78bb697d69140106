import { z } from 'zod';
import { JsonSchemaShape, QueryBoolean, ReturnFormat } from './common.js';
import { DatasetWithTimezone } from './dataset.js';
import { queryInteger } from './request-params.js';

/** `time_comparison`: operator applied to `time`. */
export const TIME_COMPARISONS = ['=', '>', '>=', '<', '<='] as const;
export type TimeComparison = (typeof TIME_COMPARISONS)[number];

/** `filter_operator` values; `in` takes a comma list in `filter_value`. */
export const FILTER_OPERATORS = ['=', '!=', '>', '>=', '<', '<=', 'in'] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** `resample_function` values; stddev and variance are the sample statistics. */
export const RESAMPLE_FUNCTIONS = ['mean', 'sum', 'min', 'max', 'count', 'stddev', 'variance'] as const;
export type ResampleFunction = (typeof RESAMPLE_FUNCTIONS)[number];

/** Shorthand `resample_frequency` values; `N minute(s)` … `N year(s)` are accepted too (docs/query.md#resampling). */
export const RESAMPLE_FREQUENCY_SHORTHANDS = ['5min', '15min', '30min', '1h', '1d', '1w', '1M'] as const;

/** The `N unit(s)` form of `resample_frequency`: N of 1–5 digits, then minute, hour, day, week, month or year (any case). */
export const RESAMPLE_FREQUENCY_COUNTED = /^(\d{1,5})\s*(minute|hour|day|week|month|year)s?$/i;

/** True when `text` (trimmed) is a `resample_frequency` the server accepts: a shorthand, or `N unit(s)` with N ≥ 1. */
export function isResampleFrequency(text: string): boolean {
  const t = text.trim();
  if ((RESAMPLE_FREQUENCY_SHORTHANDS as readonly string[]).includes(t)) return true;
  const m = RESAMPLE_FREQUENCY_COUNTED.exec(t);
  return m !== null && Number(m[1]) >= 1;
}

/** Calendar unit of a `resample_frequency`. */
export type ResampleUnit = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

/** Nominal seconds of one unit, as the data service tells up- from downsampling (a month is 30 days, a year 365). */
export const RESAMPLE_UNIT_SECONDS: Record<ResampleUnit, number> = {
  minute: 60,
  hour: 3600,
  day: 86_400,
  week: 604_800,
  month: 2_592_000,
  year: 31_536_000,
};

const SHORTHAND_PARTS: Record<(typeof RESAMPLE_FREQUENCY_SHORTHANDS)[number], [number, ResampleUnit]> = {
  '5min': [5, 'minute'],
  '15min': [15, 'minute'],
  '30min': [30, 'minute'],
  '1h': [1, 'hour'],
  '1d': [1, 'day'],
  '1w': [1, 'week'],
  '1M': [1, 'month'],
};

/** A `resample_frequency` as `count` × `unit` (`1M` is one month, `2 hours` two hours); null when the server refuses it. */
export function readResampleFrequency(text: string): { count: number; unit: ResampleUnit } | null {
  const shorthand = SHORTHAND_PARTS[text as keyof typeof SHORTHAND_PARTS];
  if (shorthand) return { count: shorthand[0], unit: shorthand[1] };
  const m = RESAMPLE_FREQUENCY_COUNTED.exec(text.trim());
  const count = Number(m?.[1]);
  return m && count >= 1 ? { count, unit: m[2]!.toLowerCase() as ResampleUnit } : null;
}

/** One term of a `latest_before:` offset (docs/query.md#forecast-vintages), e.g. `-1 day`, `6 hours`; global, for matchAll. */
export const PUBLISH_OFFSET_TERM = /([+-]?\d{1,6})\s*(minute|hour|day|week)s?/gi;

/** True when `text` is a `latest_before:` offset: one or more {@link PUBLISH_OFFSET_TERM} terms and nothing else. */
export function isPublishOffset(text: string): boolean {
  const t = text.trim();
  return t.match(PUBLISH_OFFSET_TERM) !== null && t.replace(PUBLISH_OFFSET_TERM, '').trim() === '';
}

/** `order` of the rows: by time index, then primary key. */
export const QueryOrder = z.enum(['asc', 'desc']);

const atLeast = (min: number) => queryInteger(min, Number.MAX_SAFE_INTEGER);

// An empty value counts as absent: `start_time=` is no bound.
const OptionalText = z
  .string()
  .optional()
  .transform((text) => (text === undefined || text.trim() === '' ? undefined : text.trim()));

/** Dataset query parameters, syntax only (422); the server checks them against the dataset (400; docs/query.md). */
export const DatasetQueryParams = z.object({
  start_time: OptionalText,
  end_time: OptionalText,
  time: OptionalText,
  time_comparison: z.enum(TIME_COMPARISONS).default('='),
  publish_time: OptionalText,
  publish_time_start: OptionalText,
  publish_time_end: OptionalText,
  filter_column: OptionalText,
  filter_value: z.string().optional(),
  filter_operator: OptionalText, // text: ignored without filter_column
  columns: OptionalText,
  order: QueryOrder.default('asc'),
  limit: atLeast(0).optional(),
  page: atLeast(1).default(1),
  page_size: atLeast(1).optional(),
  cursor: z.string().optional(), // even empty: its presence selects cursor pagination
  timezone: OptionalText,
  resample_frequency: OptionalText,
  resample_by: OptionalText,
  resample_function: z.enum(RESAMPLE_FUNCTIONS).default('mean'),
  return_format: ReturnFormat.default('json'),
  json_schema: JsonSchemaShape.default('array-of-objects'),
  download: QueryBoolean.default(false),
});
export type DatasetQueryParams = z.infer<typeof DatasetQueryParams>;

export const DatasetQueryHeaders = z.object({
  'x-stream': z.string().optional().describe('`true` (any case) streams the JSON body as it is read; other values do not'),
});

/** `meta` of a query response: the page served and how to get the next one (docs/api.md#pagination). */
export const QueryMeta = z.object({
  page: z.number().int(),
  page_size: z.number().int(),
  limit: z.number().int().nullable(),
  hasNextPage: z.boolean(),
  cursor: z.string().nullable(),
});
export type QueryMeta = z.infer<typeof QueryMeta>;

/** JSON body of the query; timestamps as `2024-03-01T00:00:00+00:00` (docs/api.md#dataset-query). */
export const DatasetQueryResponse = z.object({
  status_code: z.number().int(),
  data: z.array(z.unknown()),
  meta: QueryMeta,
  dataset_metadata: DatasetWithTimezone,
});
export type DatasetQueryResponse = z.infer<typeof DatasetQueryResponse>;

/** A cursor token, base64url of this JSON: ordering key columns, last row's key (null = SQL NULL), rows served so far. */
export const QueryCursorToken = z.object({
  columns: z.array(z.string()).min(1),
  values: z.array(z.string().max(1000).nullable()),
  total_rows_returned_so_far: z.number().int().min(0),
});
export type QueryCursorToken = z.infer<typeof QueryCursorToken>;
