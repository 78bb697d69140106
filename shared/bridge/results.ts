import type { Result } from '../errors.js';
import type { ApiUsage } from '../schemas/usage.js';
import type { AuditRow, Dataset, DatasetWithTimezone } from '../schemas/dataset.js';
import type { DatasetUpdate } from '../schemas/updates.js';
import type { ClientColumnValuesResponse } from '../schemas/client-column-values.js';
import type { ProfileName } from './inputs.js';
import type { VerbInput } from './table.js';
import type { AppCommand, Verb } from './verbs.js';
import type { DisplayResults } from './display.js';
import type { WatchlistResults } from './watchlist.js';
import type { DownloadResults } from './downloads.js';
import type { BindingResults } from './binding.js';
import type { GridResults } from './grid.js';
import type { PathResults } from './paths.js';
import type { MapResults } from './map.js';
import type { RefreshResults } from './refresh.js';
import type { OutageResults } from './outages.js';
import type { WorkspaceResults } from './workspace.js';

/** Last Remote key test: `accepted` 200, `rejected` 401/403, `unreachable` no answer, `error` else; `checkedAt` epoch ms. */
export interface ConnectionTest {
  state: 'accepted' | 'rejected' | 'unreachable' | 'error';
  message: string;
  status?: number;
  checkedAt: number;
}

/**
 * The profiles as the renderer may see them, never a key (docs/desktop.md#key-storage); `cacheTtlSeconds` 0 = cache off.
 * `keyStorage` says in words where keys are kept, naming the OS backend ({@link isWeakKeyStorage}).
 */
export interface ProfilesState {
  active: ProfileName;
  embedded: { status: 'starting' | 'running' | 'failed'; message?: string; cacheTtlSeconds?: number };
  remote: {
    baseUrl: string;
    keySet: boolean;
    keyOrigin?: string;
    cacheTtlSeconds?: number;
    connection?: ConnectionTest;
    /** How the last request to the Remote server (a key test included) went, while the URL and key are unchanged. */
    health?: RemoteHealth;
  };
  keyStorage: string;
  keyStorageWarning?: string;
}

/**
 * A profile's server by its last request (docs/desktop.md#the-profile-badge): `ok` answered with the key accepted,
 * `rejected` answered 401, `unreachable` no answer (refused, timed out, DNS); `at` epoch ms; `message` the failure's.
 */
export interface RemoteHealth {
  state: 'ok' | 'rejected' | 'unreachable';
  at: number;
  message?: string;
}

/**
 * The app's counted /v1 requests (all but `/api_usage`): `ended` so far (each retry counts), `inFlight` now, the epoch ms
 * the last one ended and main's clock (`now`), so the usage meter re-reads `/api_usage` once they settle
 * (docs/desktop.md#usage-meter-and-quota-forecast).
 */
export interface UsageActivity {
  ended: number;
  inFlight: number;
  lastEndedAt: number | null;
  now: number;
}

/**
 * A data call in flight: `attempt` is 1-based, `startedAt` epoch ms; `retryInMs`, `reason` (the failure's message) and
 * `cause` (the same in a few words, `retryCause`) are null unless `retrying`.
 */
export interface RequestStatus {
  requestId: string;
  verb: Verb;
  state: 'running' | 'retrying';
  attempt: number;
  maxAttempts: number;
  retryInMs: number | null;
  reason: string | null;
  cause: string | null;
  startedAt: number;
}

/** A query's row forecast: `basis` explains it (and why it is only a ceiling when `upperBound`); null = no limit or unknown. */
export interface QueryEstimate {
  datasetId: string;
  estimatedRows: number;
  basis: string;
  upperBound?: boolean;
  remainingMonthlyRows: number | null;
  perResponseLimit: number | null;
  warnings: string[];
}

/** One page of `datasets:query` (timestamps as ISO 8601 UTC strings); `datasetTimezone` is the dataset's `data_timezone`. */
export interface QueryPage {
  columns: string[];
  rows: unknown[][];
  hasNextPage: boolean;
  cursor: string | null;
  datasetTimezone: string;
}

/** Distinct non-null values of a column, most frequent first (`count` null when unknown); `truncated` when more matched. */
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
export interface ContractResults
  extends
    WorkspaceResults,
    RefreshResults,
    GridResults,
    BindingResults,
    PathResults,
    MapResults,
    OutageResults,
    DownloadResults,
    DisplayResults,
    WatchlistResults {
  'app:info': AppInfo;
  'datasets:list': Dataset[];
  'datasets:get': DatasetWithTimezone;
  'datasets:audit': AuditRow[];
  'datasets:estimate': QueryEstimate;
  'usage:get': ApiUsage;
  'usage:activity': UsageActivity;
  'requests:status': RequestStatus[];
  'requests:cancel': { cancelled: boolean };
  'profiles:get': ProfilesState;
  'profiles:setActive': ProfilesState;
  'profiles:setRemoteUrl': ProfilesState;
  'keys:set': ProfilesState;
  'keys:clear': ProfilesState;
  'keys:test': ProfilesState;
  'profiles:setCache': ProfilesState;
  'cache:clear': { removed: number };
  'datasets:query': QueryPage;
  'datasets:columnValues': ColumnValuesResult;
  /** The dataset's update history, newest first (`GET /dataset-updates/{id}`; docs/api.md#dataset-updates). */
  'datasets:updates': DatasetUpdate[];
}

/** Per-call options: `signal` aborts the call (docs/desktop.md#retries-timeouts-and-cancellation). */
export interface BridgeCallOptions {
  signal?: AbortSignal;
}

/** `window.gridscope`: one function per verb, resolving to a {@link Result}; it never rejects for a /v1 or input failure. */
export type GridscopeApi = {
  [V in Verb]: (input: VerbInput<V>, options?: BridgeCallOptions) => Promise<Result<ContractResults[V]>>;
};

/** Events main pushes to the page (desktop only: the web host has no menu); `onCommand` returns an unsubscribe function. */
export interface GridscopeEvents {
  onCommand(listener: (command: AppCommand) => void): () => void;
}

/** What the desktop preload exposes as `window.gridscope`: the verbs, plus the events (absent in the web host). */
export type GridscopeWindowApi = GridscopeApi & Partial<GridscopeEvents>;

type SameKeys<A, B> = [Exclude<A, B> | Exclude<B, A>] extends [never] ? true : never;
/** Compile-time check: the result table names exactly the verbs. */
export const RESULTS_COVER_VERBS: SameKeys<keyof ContractResults, Verb> = true;

/** Electron safeStorage's Linux backend when no keyring answers: the key is encrypted with a publicly known password. */
export const WEAK_KEY_STORAGE_BACKEND = 'basic_text';

/**
 * Whether `ProfilesState.keyStorage` names the {@link WEAK_KEY_STORAGE_BACKEND}; then `keys:set` stores a key only with
 * `allowWeakStorage: true` (docs/desktop.md#key-storage).
 */
export function isWeakKeyStorage(keyStorage: string): boolean {
  return keyStorage.includes(WEAK_KEY_STORAGE_BACKEND);
}
