import type { Result } from '../errors.js';
import type { ApiUsage } from '../schemas/usage.js';
import type { AuditRow, Dataset, DatasetWithTimezone } from '../schemas/dataset.js';
import type { ClientColumnValuesResponse } from '../schemas/client-column-values.js';
import type { ProfileName, VerbInput } from './inputs.js';
import type { AppCommand, Verb } from './verbs.js';

/** Result types of the bridge verbs, and the `window.gridscope` API typed from them. Types only. */

/**
 * Outcome of the last test call made with the Remote key (`keys:set`, `keys:test`): `accepted`
 * (the server answered 200), `rejected` (401/403: the key is wrong, revoked or lacks access),
 * `unreachable` (no answer: address, network, TLS) or `error` (any other answer). `message` is a
 * sentence for Settings; `checkedAt` is epoch ms.
 */
export interface ConnectionTest {
  state: 'accepted' | 'rejected' | 'unreachable' | 'error';
  message: string;
  status?: number;
  checkedAt: number;
}

/** What the renderer may know about the profiles: never a key, only whether one is set. */
export interface ProfilesState {
  active: ProfileName;
  /**
   * `status` of the embedded /v1 service process; `message` says why it failed or that it was
   * restarted. `cacheTtlSeconds`: lifetime of cached /v1 GET responses; 0 = cache off.
   */
  embedded: { status: 'starting' | 'running' | 'failed'; message?: string; cacheTtlSeconds?: number };
  /**
   * `keySet`: a key is stored for the origin of `baseUrl` (only such a key is ever sent).
   * `keyOrigin`: present only when a key is stored but was entered for another origin (e.g. the
   * settings file was edited to point elsewhere): that origin; `keySet` is then false.
   * `connection`: the last test of the stored key against `baseUrl`, when one ran this session.
   */
  remote: { baseUrl: string; keySet: boolean; keyOrigin?: string; cacheTtlSeconds?: number; connection?: ConnectionTest };
  /** Where keys are kept, in words for the Settings page (e.g. "OS keychain via Electron safeStorage"). */
  keyStorage: string;
  /** Set when keys are NOT protected by an OS keyring (Linux `basic_text`): a warning for Settings. */
  keyStorageWarning?: string;
}

/**
 * A data call in flight, as `requests:status` reports it. `attempt` is 1-based; `retryInMs` and
 * `reason` are set while `state` is `retrying` (the UI shows "Rate limited, retrying in 8 s"), else null.
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
 * Forecast of a dataset query's cost (`datasets:estimate`). `basis` says in words how it was
 * computed; `upperBound` is true when the figure is a ceiling rather than an estimate (the reason is
 * in `basis`). `remainingMonthlyRows` / `perResponseLimit` are null when the plan has no such limit
 * or usage could not be read. `warnings` are sentences for the UI.
 */
export interface QueryEstimate {
  datasetId: string;
  estimatedRows: number;
  basis: string;
  upperBound?: boolean;
  remainingMonthlyRows: number | null;
  perResponseLimit: number | null;
  warnings: string[];
}

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

/**
 * `datasets:columnValues`: distinct non-null values of a column, most frequent first. `count` is
 * the rows holding the value, null when the server does not say; `truncated` when more matched.
 */
export interface ColumnValuesResult extends Pick<ClientColumnValuesResponse, 'values' | 'truncated'> {
  datasetId: string;
  column: string;
}

/** Version and host facts for the About box and diagnostics. */
export interface AppInfo {
  name: string;
  version: string;
  host: 'desktop' | 'web';
  platform: string;
  versions: Record<string, string>;
}

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
  /** The key is stored, then tested: `remote.connection` says whether the server accepted it. */
  'keys:set': ProfilesState;
  'keys:clear': ProfilesState;
  /** Tests the stored Remote key against the Remote URL (`remote.connection`). */
  'keys:test': ProfilesState;
  'profiles:setCache': ProfilesState;
  /** How many cached responses were deleted (of one profile, or of all). */
  'cache:clear': { removed: number };
  /** One page of rows of a dataset query. */
  'datasets:query': QueryPage;
  /** Distinct values of one column (filter suggestions). */
  'datasets:columnValues': ColumnValuesResult;
}

/**
 * Per-call options of a bridge function. `signal` aborts the call from the page's side: the web
 * host's transport passes it to `fetch` (the host sees the connection close and aborts the /v1
 * request); Electron IPC cannot carry a signal, so the desktop transport sends `requests:cancel`
 * for the call's `requestId` when it aborts.
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

/**
 * Events main pushes to the page. Only the desktop preload implements them (the web host has no
 * menu), so the renderer calls them optionally. The function returns an unsubscribe function.
 */
export interface GridscopeEvents {
  onCommand(listener: (command: AppCommand) => void): () => void;
}

/** What the desktop preload exposes as `window.gridscope`: the verbs, plus the events (absent in the web host). */
export type GridscopeWindowApi = GridscopeApi & Partial<GridscopeEvents>;

/** Compile-time check: the result table names exactly the verbs. */
type SameKeys<A, B> = [Exclude<A, B> | Exclude<B, A>] extends [never] ? true : never;
export const RESULTS_COVER_VERBS: SameKeys<keyof ContractResults, Verb> = true;
