import { z } from 'zod';
import type { Result } from '../errors.js';
import type { ApiUsage } from '../schemas/usage.js';
import type { AuditRow, Dataset, DatasetWithTimezone } from '../schemas/dataset.js';
import { COLUMN_VALUES_MAX_LIMIT } from '../schemas/columnValues.js';
import type { ClientColumnValuesResponse } from '../schemas/client-column-values.js';

/**
 * The bridge contract (CONVENTIONS.md §2): every verb the renderer may call, as
 * `domain:action` → zod input schema + result type. Main registers handlers for exactly these
 * keys, the preload builds `window.gridscope` from them, the web host routes `POST /bridge/<verb>`
 * by them. Inputs never carry a URL with a key or a file path; results never carry a key.
 */

/** Profile names: "embedded" runs our /v1 service in-process; "remote" calls a hosted /v1 API. */
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

/** What the renderer may know about the profiles: never a key, only whether one is set. */
export interface ProfilesState {
  active: ProfileName;
  /** `cacheTtlSeconds`: lifetime of cached /v1 GET responses of this profile; 0 = cache off (see `profiles:setCache`). */
  embedded: { status: 'starting' | 'running' | 'failed'; message?: string; cacheTtlSeconds?: number };
  /**
   * `keySet`: a key is stored for the origin of `baseUrl` (only such a key is ever sent).
   * `keyOrigin`: present only when a key is stored but was entered for another origin (e.g. the
   * settings file was edited to point elsewhere): that origin, e.g. "https://old.example.com";
   * `keySet` is then false and the key is not used until one is set for this server.
   */
  remote: { baseUrl: string; keySet: boolean; keyOrigin?: string; cacheTtlSeconds?: number };
  /** Where keys are kept, in words for the Settings page (e.g. "OS keychain via Electron safeStorage"). */
  keyStorage: string;
  /**
   * Set when keys are NOT protected by an OS keyring (Linux `safeStorage` backend `basic_text`):
   * a sentence the Settings page should show as a warning next to the key field.
   */
  keyStorageWarning?: string;
}

/**
 * Caller-chosen id of one bridge call, so it can be watched (`requests:status`) and cancelled
 * (`requests:cancel`) while it runs: 1–64 characters of `A-Z a-z 0-9 _ -` (e.g. a `crypto.randomUUID()`).
 */
export const RequestId = z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, 'requestId: 1-64 of A-Z, a-z, 0-9, _ and -');
export type RequestId = z.infer<typeof RequestId>;

/**
 * A data call in flight, as `requests:status` reports it. `attempt` is 1-based (the attempt now
 * running, or the one that will run after the wait); `retryInMs` and `reason` are set while
 * `state` is `retrying` (e.g. reason "Rate limit reached (429): Too Many Requests. Limit: 1 per 1
 * second." — the UI shows "Rate limited, retrying in 8 s"), else null.
 */
export interface RequestStatus {
  requestId: string;
  verb: Verb;
  state: 'running' | 'retrying';
  attempt: number;
  maxAttempts: number;
  retryInMs: number | null;
  reason: string | null;
  /** Epoch ms when the call started. */
  startedAt: number;
}

/**
 * ISO 8601 date or date-time: `2024-03-01`, `2024-03-01T05:00:00Z`, `2024-03-01 05:00`. Without an
 * offset it is read in the estimate's `timezone` when one is given (as the query reads it), else as UTC.
 */
export const EstimateTime = z
  .string()
  .trim()
  .regex(
    /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/,
    'time: ISO 8601 such as 2024-03-01 or 2024-03-01T00:00:00Z',
  );

/** `filter_operator` values of the dataset query (addendum "Dataset query"); `in` takes a comma list. */
export const ESTIMATE_FILTER_OPERATORS = ['=', '!=', '>', '>=', '<', '<=', 'in'] as const;

/** One filter as the dataset query takes it (`filter_column`, `filter_operator`, `filter_value`; `in` takes a comma list). */
export const EstimateFilter = z
  .object({
    column: z.string().min(1).max(200),
    operator: z.enum(ESTIMATE_FILTER_OPERATORS).default('='),
    value: z.string().max(10_000),
  })
  .strict();

/**
 * Forecast of a dataset query's cost (`datasets:estimate`), from the dataset metadata:
 * rows ≈ intervals in the window (frequency) × subseries, or for irregular data rows-per-second of
 * the availability window × the window. `basis` says how it was computed, in words.
 * `remainingMonthlyRows` / `perResponseLimit` are null when the plan has no such limit (or usage
 * could not be read). `warnings` are sentences for the UI: over the remaining monthly rows, over
 * the per-response limit (the query needs several pages), an unknown factor, and so on.
 */
export interface QueryEstimate {
  datasetId: string;
  estimatedRows: number;
  basis: string;
  remainingMonthlyRows: number | null;
  perResponseLimit: number | null;
  warnings: string[];
}

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
    startTime: EstimateTime.optional(),
    endTime: EstimateTime.optional(),
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

/**
 * One page of `datasets:query`: `columns` is the header row, `rows` the value rows in the same
 * order (timestamps as ISO 8601 strings in UTC). `cursor` fetches the next page while `hasNextPage`.
 */
export interface QueryPage {
  columns: string[];
  rows: unknown[][];
  hasNextPage: boolean;
  cursor: string | null;
  /** The dataset's `data_timezone` (e.g. `US/Eastern`). */
  datasetTimezone: string;
}

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

/**
 * `datasets:columnValues`: distinct non-null values of a column, most frequent first
 * (`GET /datasets/{id}/columns/{column}/values`, ours). `count` is the rows holding the value, null
 * when the server does not say; `truncated` is true when more values matched than `limit`.
 */
export interface ColumnValuesResult extends Pick<ClientColumnValuesResponse, 'values' | 'truncated'> {
  datasetId: string;
  column: string;
}

/** Commands the desktop menu sends to the page (`window.gridscope.onCommand`). */
export const APP_COMMANDS = ['focus-search', 'open-settings'] as const;
export type AppCommand = (typeof APP_COMMANDS)[number];

/**
 * Events main pushes to the page, beside the request/response verbs. Only the desktop preload
 * implements them (the web host has no menu), so the renderer calls them optionally:
 * `window.gridscope.onCommand?.((command) => …)`. The function returns an unsubscribe function.
 */
export interface GridscopeEvents {
  onCommand(listener: (command: AppCommand) => void): () => void;
}

/** IPC channel main → preload for {@link AppCommand}s (not a verb: the page cannot invoke it). */
export const APP_COMMAND_CHANNEL = 'gridscope:command';

/** Version and host facts for the About box and diagnostics. */
export interface AppInfo {
  name: string;
  version: string;
  host: 'desktop' | 'web';
  platform: string;
  versions: Record<string, string>;
}

const Empty = z.object({}).strict();
/** Input of a data verb without parameters: only the optional {@link RequestId}. */
const DataEmpty = z.object({ requestId: RequestId.optional() }).strict();

/**
 * Verb → input schema. Every input is a strict object so unknown fields are rejected. Data verbs
 * (those that call /v1) accept an optional `requestId` for `requests:status` / `requests:cancel`.
 */
export const contractInputs = {
  'app:info': Empty,
  'datasets:list': DataEmpty,
  'datasets:get': z.object({ datasetId: DatasetId, requestId: RequestId.optional() }).strict(),
  'datasets:audit': z.object({ datasetId: DatasetId, requestId: RequestId.optional() }).strict(),
  'datasets:estimate': z
    .object({
      datasetId: DatasetId,
      startTime: EstimateTime.optional(),
      endTime: EstimateTime.optional(),
      filter: EstimateFilter.optional(),
      /** The query's row `limit` (as `datasets:query` takes it): the estimate never exceeds it. */
      limit: z.number().int().min(1).max(MAX_QUERY_LIMIT).optional(),
      /** The query's `timezone`: times without an offset are read in it (as the query reads them). */
      timezone: QueryTimezone.optional(),
      requestId: RequestId.optional(),
    })
    .strict(),
  'usage:get': DataEmpty,
  'requests:status': z.object({ requestIds: z.array(RequestId).max(100).optional() }).strict(),
  'requests:cancel': z.object({ requestId: RequestId }).strict(),
  'profiles:get': Empty,
  'profiles:setActive': z.object({ profile: ProfileName }).strict(),
  'profiles:setRemoteUrl': z.object({ baseUrl: RemoteBaseUrl }).strict(),
  'keys:set': z
    .object({
      profile: z.literal('remote'),
      // Sent as the `x-api-key` header: printable ASCII only, so a pasted newline or NUL is refused
      // here with a clear message rather than failing every /v1 call later.
      key: z.string().trim().min(8).max(512).regex(/^[\x21-\x7E]+$/, 'key: printable ASCII without spaces (as the key was issued)'),
    })
    .strict(),
  'keys:clear': z.object({ profile: z.literal('remote') }).strict(),
  'profiles:setCache': z.object({ profile: ProfileName, ttlSeconds: z.number().int().min(0).max(MAX_CACHE_TTL_SECONDS) }).strict(),
  'cache:clear': z.object({ profile: ProfileName.optional() }).strict(),
  'datasets:query': QueryInput,
  'datasets:columnValues': ColumnValuesInput,
} as const;

/** Verb → result value type (wrapped in {@link Result} on the wire). */
export interface ContractResults {
  'app:info': AppInfo;
  'datasets:list': Dataset[];
  'datasets:get': DatasetWithTimezone;
  'datasets:audit': AuditRow[];
  'datasets:estimate': QueryEstimate;
  'usage:get': ApiUsage;
  /** The calls in flight that carry a requestId (all, or those of `requestIds`); finished ones are absent. */
  'requests:status': RequestStatus[];
  /** `cancelled: false` when no call with that id is in flight (already finished or unknown). */
  'requests:cancel': { cancelled: boolean };
  'profiles:get': ProfilesState;
  'profiles:setActive': ProfilesState;
  'profiles:setRemoteUrl': ProfilesState;
  'keys:set': ProfilesState;
  'keys:clear': ProfilesState;
  'profiles:setCache': ProfilesState;
  /** How many cached responses were deleted (of one profile, or of all). */
  'cache:clear': { removed: number };
  /** One page of rows of a dataset query. */
  'datasets:query': QueryPage;
  /** Distinct values of one column (filter suggestions). */
  'datasets:columnValues': ColumnValuesResult;
}

/** A verb name, e.g. `datasets:list`. */
export type Verb = keyof typeof contractInputs;
/** The input type of a verb. */
export type VerbInput<V extends Verb> = z.input<(typeof contractInputs)[V]>;

/** All verbs, in contract order. */
export const VERBS = Object.keys(contractInputs) as Verb[];

/** Type guard: is `s` a contract verb? */
export function isVerb(s: string): s is Verb {
  return Object.prototype.hasOwnProperty.call(contractInputs, s);
}

/**
 * Per-call options of a bridge function, beside the verb's input.
 * `signal` aborts the call from the page's side: the web host's HTTP transport passes it to
 * `fetch`, the host sees the connection close and aborts the call (and its /v1 request), which
 * then answers `cancelled`. Electron IPC cannot carry a signal (an AbortSignal does not cross
 * `contextBridge`), so the desktop transport gives the call a `requestId` and sends
 * `requests:cancel` for it when the signal aborts; `requestId` + `requests:cancel` also cancel
 * a call explicitly on both transports.
 */
export interface BridgeCallOptions {
  signal?: AbortSignal;
}

/**
 * The API the renderer sees as `window.gridscope`: one async function per verb. Each resolves to a
 * {@link Result}; none rejects for a /v1 or validation failure (an aborted call answers `cancelled`).
 */
export type GridscopeApi = {
  [V in Verb]: (input: VerbInput<V>, options?: BridgeCallOptions) => Promise<Result<ContractResults[V]>>;
};

/** What the desktop preload exposes as `window.gridscope`: the verbs, plus the events (optional: absent in the web host). */
export type GridscopeWindowApi = GridscopeApi & Partial<GridscopeEvents>;

/** HTTP transport of the web host: `POST {BRIDGE_PATH}/<verb>` with the JSON input as body. */
export const BRIDGE_PATH = '/bridge';
/** Header the web host requires on bridge calls, so a cross-site form or image cannot reach them. */
export const BRIDGE_HEADER = 'x-gridscope-bridge';
