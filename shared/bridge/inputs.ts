import { z } from 'zod';
import { COLUMN_VALUES_MAX_LIMIT } from '../schemas/columnValues.js';
import { FILTER_OPERATORS } from '../schemas/query.js';
import { TimeText } from '../time/schema.js';
import type { Verb } from './verbs.js';

/**
 * Input schemas of the bridge verbs: main parses every call with its verb's strict schema before a
 * handler runs, so unknown fields, paths and URLs with keys never reach a service.
 */

/** Profile names: "embedded" runs our /v1 service beside the app; "remote" calls a hosted /v1 API. */
export const ProfileName = z.enum(['embedded', 'remote']);
export type ProfileName = z.infer<typeof ProfileName>;

/** A dataset id as the catalogue spells it: lower-case letters, digits and underscores. */
export const DatasetId = z.string().min(1).max(200).regex(/^[a-z0-9_]+$/, 'dataset id: a-z, 0-9 and _ only');

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Remote base URL, e.g. `https://api.gridstatus.io/v1`: https (plain http only to a loopback host,
 * so a key never crosses a network unencrypted), no credentials, no query string or fragment.
 */
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

/**
 * An API key as it is sent in the `x-api-key` header: any length, printable ASCII without spaces,
 * so a pasted newline or NUL is refused here rather than failing every /v1 call later.
 */
export const ApiKeyText = z
  .string()
  .trim()
  .min(1, 'Paste the API key first.')
  .max(512, 'That is longer than any API key (512 characters at most).')
  .regex(/^[\x21-\x7E]+$/, 'An API key has no spaces or special characters: paste it exactly as it was issued.');

/**
 * Caller-chosen id of one bridge call, so it can be watched (`requests:status`) and cancelled
 * (`requests:cancel`) while it runs: 1–64 characters of `A-Z a-z 0-9 _ -` (e.g. a `crypto.randomUUID()`).
 */
export const RequestId = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'requestId: 1-64 of A-Z, a-z, 0-9, _ and -');
export type RequestId = z.infer<typeof RequestId>;


/** One filter as the dataset query takes it (`filter_column`, `filter_operator`, `filter_value`; `in` takes a comma list). */
export const EstimateFilter = z
  .object({
    column: z.string().min(1).max(200),
    operator: z.enum(FILTER_OPERATORS).default('='),
    value: z.string().max(10_000),
  })
  .strict();
export type EstimateFilter = z.output<typeof EstimateFilter>;

/** A column name as the catalogue spells it (`interval_start_utc`, `shadow_price`). */
export const ColumnName = z.string().min(1).max(200).regex(/^[A-Za-z0-9_]+$/, 'column: A-Z, a-z, 0-9 and _ only');

/**
 * `timezone` of a dataset query: an IANA zone (`America/Chicago`, `US/Eastern`) or `market` for the
 * dataset's `data_timezone`. Times without an offset are read in it; the query adds `<x>_local` columns.
 */
export const QueryTimezone = z.string().min(1).max(64).regex(/^[A-Za-z0-9_+\-/]+$/, 'timezone: an IANA zone or "market"');

/** Largest `limit` of `datasets:query` (rows across all pages). */
export const MAX_QUERY_LIMIT = 100_000;

/**
 * Largest `pageSize` of `datasets:query`: one page is read whole in main (the proxy reads at most
 * 32 MiB of JSON per answer), so pages stay small enough for wide datasets; `limit` spans pages.
 */
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
    /** `meta.cursor` of the previous page; absent (or empty) for the first page. */
    cursor: z.string().max(4000).regex(/^[A-Za-z0-9_=-]*$/, 'cursor: base64url').optional(),
    /** IANA zone or `market`; adds `<x>_local` columns. */
    timezone: QueryTimezone.optional(),
    requestId: RequestId.optional(),
  })
  .strict();

/** Input of `datasets:estimate`: the query's window, filter, row limit and zone. */
export const EstimateInput = z
  .object({
    datasetId: DatasetId,
    startTime: TimeText.optional(),
    endTime: TimeText.optional(),
    filter: EstimateFilter.optional(),
    /** The query's row `limit` (as `datasets:query` takes it): the estimate never exceeds it. */
    limit: z.number().int().min(1).max(MAX_QUERY_LIMIT).optional(),
    /** The query's `timezone`: times without an offset are read in it (as the query reads them). */
    timezone: QueryTimezone.optional(),
    requestId: RequestId.optional(),
  })
  .strict();

/** Input of `datasets:columnValues`: distinct values of one column, for filter suggestions. */
export const ColumnValuesInput = z
  .object({
    datasetId: DatasetId,
    column: ColumnName,
    /** Case-insensitive substring of the value's text; absent = all values. */
    search: z.string().max(200).optional(),
    /** Most values to return (the route's default is 100). */
    limit: z.number().int().min(1).max(COLUMN_VALUES_MAX_LIMIT).optional(),
    requestId: RequestId.optional(),
  })
  .strict();

const Empty = z.object({}).strict();
/** Input of a data verb without parameters: only the optional {@link RequestId}. */
const DataEmpty = z.object({ requestId: RequestId.optional() }).strict();
const DatasetRef = z.object({ datasetId: DatasetId, requestId: RequestId.optional() }).strict();
const RemoteOnly = z.object({ profile: z.literal('remote') }).strict();

/**
 * Verb → input schema. Every input is a strict object so unknown fields are rejected. Data verbs
 * (those that call /v1) accept an optional `requestId` for `requests:status` / `requests:cancel`.
 * `satisfies` makes a verb without a schema (or a schema without a verb) a compile error.
 */
export const contractInputs = {
  'app:info': Empty,
  'datasets:list': DataEmpty,
  'datasets:get': DatasetRef,
  'datasets:audit': DatasetRef,
  'datasets:estimate': EstimateInput,
  'usage:get': DataEmpty,
  'requests:status': z.object({ requestIds: z.array(RequestId).max(100).optional() }).strict(),
  'requests:cancel': z.object({ requestId: RequestId }).strict(),
  'profiles:get': Empty,
  'profiles:setActive': z.object({ profile: ProfileName }).strict(),
  'profiles:setRemoteUrl': z.object({ baseUrl: RemoteBaseUrl }).strict(),
  'keys:set': z.object({ profile: z.literal('remote'), key: ApiKeyText }).strict(),
  'keys:clear': RemoteOnly,
  'keys:test': RemoteOnly,
  'profiles:setCache': z.object({ profile: ProfileName, ttlSeconds: z.number().int().min(0).max(MAX_CACHE_TTL_SECONDS) }).strict(),
  'cache:clear': z.object({ profile: ProfileName.optional() }).strict(),
  'datasets:query': QueryInput,
  'datasets:columnValues': ColumnValuesInput,
} as const satisfies { [V in Verb]: z.ZodType };

/** The input type of a verb, as the renderer writes it (defaults not yet applied). */
export type VerbInput<V extends Verb> = z.input<(typeof contractInputs)[V]>;
/** A verb's input after its schema parsed it: what main's handlers receive. */
export type ParsedInput<V extends Verb> = z.output<(typeof contractInputs)[V]>;
