import { createFakeWatchlist, fakeWatchlistVerbs } from './fakeWatchlist.js';
import type { FakeWatchlist } from './fakeWatchlist.js';
import type {
  BridgeCallOptions,
  ColumnValuesResult,
  ConnectionTest,
  ContractResults,
  DisplaySettings,
  GridscopeApi,
  ProfilesState,
  QueryEstimate,
  UsageActivity,
  QueryPage,
  RequestStatus,
  Verb,
  VerbInput,
} from '../../../shared/bridge/contract.js';
import type { GsError, Result } from '../../../shared/errors.js';
import type { AuditRow, Dataset } from '../../../shared/schemas/dataset.js';
import type { ApiUsage } from '../../../shared/schemas/usage.js';
import type { DatasetUpdate } from '../../../shared/schemas/updates.js';
import { originOf } from '../../../shared/url.js';
import { FREE_TIER_LIMITS, auditRow, dataset, usage } from '../../../shared/test-support/fixtures.js';
import { createFakeWorkspace, fakeWorkspaceVerbs } from './fakeWorkspace.js';
import type { FakeWorkspace } from './fakeWorkspace.js';
import { fakeGridVerbs } from './fakeGrid.js';
import { createFakeDownloads, fakeDownloadVerbs } from './fakeDownloads.js';
import type { FakeDownloads } from './fakeDownloads.js';
import type { FakeGridAnswers } from './fakeGrid.js';

/**
 * A catalogue dataset: the shared fixture with an `interval_start_utc` and a `shadow_price` column, no subseries, available
 * 2023-11-05T05:00Z to 2023-11-08T04:00Z (across New York's DST change) and 1 234 rows; tests override what they assert on.
 */
export function makeDataset(over: Partial<Dataset> & Pick<Dataset, 'id' | 'name'>): Dataset {
  return dataset(over.id, {
    earliest_available_time_utc: '2023-11-05T05:00:00+00:00',
    latest_available_time_utc: '2023-11-08T04:00:00+00:00',
    primary_key_columns: ['interval_start_utc'],
    subseries_index_column: null,
    all_columns: [
      { name: 'interval_start_utc', type: 'TIMESTAMP', is_numeric: false, is_date: false, is_datetime: true },
      { name: 'shadow_price', type: 'DOUBLE PRECISION', is_numeric: true, is_date: false, is_datetime: false },
    ],
    number_of_rows_approximate: 1234,
    ...over,
  });
}

/** A small mixed-market catalogue. */
export const SAMPLE_DATASETS: Dataset[] = [
  makeDataset({
    id: 'pjm_marginal_value_day_ahead_hourly',
    name: 'PJM Marginal Value Day Ahead Hourly',
    number_of_rows_approximate: 387,
  }),
  makeDataset({
    id: 'pjm_marginal_value_real_time_5_min',
    name: 'PJM Marginal Value Real Time 5 Min',
    data_frequency: '5_MINUTES',
  }),
  makeDataset({
    id: 'nyiso_zonal_load_5_min',
    name: 'NYISO Zonal Load 5 Min',
    source: 'nyiso',
    description: 'Integrated **load** by zone.',
  }),
  makeDataset({
    id: 'isone_fuel_mix',
    name: 'ISO-NE Fuel Mix',
    source: 'isone',
    description: 'Generation by fuel type, synthetic gaps filled.',
  }),
];

/** A usage report with the free plan's limits, 12 requests and 125 000 rows used (tests override the figures they assert on). */
export function makeUsage(over: Partial<ApiUsage['current_period_usage']> = {}, plan = 'free'): ApiUsage {
  return usage({
    plan_name: plan,
    limits: { ...FREE_TIER_LIMITS },
    current_period_usage: { total_requests: 12, total_api_rows_returned: 125_000, ...over },
  });
}

/**
 * Mutable state behind {@link createFakeApi}. `*Inputs`/`*Options` record what a verb received; a `*Gate` holds its answer
 * until resolved (aborting answers `cancelled` at once); `failures` makes verbs fail; `usage: null` = usage unavailable.
 */
export interface FakeState {
  datasets: Dataset[];
  audit: AuditRow[];
  profiles: ProfilesState;
  storedKeys: string[];
  keyTest: Omit<ConnectionTest, 'checkedAt'>;
  failures: Partial<Record<Verb, GsError>>;
  calls: Verb[];
  usage: ApiUsage | null;
  /** What `usage:activity` answers (main's count of counted /v1 requests); not recorded in `calls`, as it is polled. */
  activity: Omit<UsageActivity, 'now'>;
  estimate: Partial<QueryEstimate>;
  estimateInputs: VerbInput<'datasets:estimate'>[];
  estimateOptions: (BridgeCallOptions | undefined)[];
  statuses: RequestStatus[];
  pages: QueryPage[];
  queryInputs: VerbInput<'datasets:query'>[];
  queryOptions: (BridgeCallOptions | undefined)[];
  queryGate: Promise<void> | null;
  listGate: Promise<void> | null;
  listInputs: VerbInput<'datasets:list'>[];
  cancelled: string[];
  columnValues: Record<string, ColumnValuesResult['values']>;
  columnValuesInputs: VerbInput<'datasets:columnValues'>[];
  updates: DatasetUpdate[];
  /** The in-memory workspace behind `workspace:*` (see {@link FakeWorkspace}). */
  workspace: FakeWorkspace;
  /** What the grid verbs answer (constraints, locations, outages, overlap); a verb left out answers `not_found`. */
  grid: FakeGridAnswers;
  /** Inputs of the grid verbs, in call order. */
  gridInputs: { verb: string; input: unknown }[];
  /** Export files, the download queue and the library behind `exports:*`, `downloads:*` and `library:*`. */
  downloads: FakeDownloads;
  /** The display preferences `display:get` answers and `display:set` replaces (market time unless a test says UTC). */
  display: DisplaySettings;
  /** The watched items behind `watchlist:*`. */
  watchlist: FakeWatchlist;
}

/** An in-memory {@link GridscopeApi} answering from {@link FakeState}; like the real bridge it never returns a key. */
export function createFakeApi(init: Partial<FakeState> = {}): { api: GridscopeApi; state: FakeState } {
  const state: FakeState = {
    datasets: SAMPLE_DATASETS,
    audit: [
      auditRow('2023-11-05', {
        number_of_datapoints: 120,
        number_of_unique_time_index_values: 25,
        number_of_unique_subseries_index_values: 12,
      }),
      auditRow('2023-11-06', { number_of_datapoints: 140, number_of_unique_subseries_index_values: 14 }),
    ],
    profiles: {
      active: 'embedded',
      embedded: { status: 'running' },
      remote: { baseUrl: 'https://api.gridstatus.io/v1', keySet: false },
      keyStorage: 'test vault',
    },
    storedKeys: [],
    keyTest: { state: 'accepted', message: 'The server accepted the key.', status: 200 },
    failures: {},
    calls: [],
    usage: null,
    activity: { ended: 0, inFlight: 0, lastEndedAt: null },
    estimate: {},
    estimateInputs: [],
    estimateOptions: [],
    statuses: [],
    pages: [
      {
        columns: ['interval_start_utc', 'shadow_price'],
        rows: [['2023-11-07T05:00:00+00:00', 12.5]],
        hasNextPage: false,
        cursor: null,
        datasetTimezone: 'America/New_York',
      },
    ],
    queryInputs: [],
    queryOptions: [],
    queryGate: null,
    listGate: null,
    listInputs: [],
    cancelled: [],
    columnValues: {},
    columnValuesInputs: [],
    updates: [],
    workspace: createFakeWorkspace(),
    grid: {},
    gridInputs: [],
    downloads: createFakeDownloads(),
    display: { times: 'market' },
    watchlist: createFakeWatchlist(),
    ...init,
  };
  const answer = <V extends Verb>(verb: V, value: () => ContractResults[V]): Promise<Result<ContractResults[V]>> => {
    state.calls.push(verb);
    const error = state.failures[verb];
    return Promise.resolve(error ? { ok: false, error } : { ok: true, value: value() });
  };
  const profiles = (patch: (p: ProfilesState) => ProfilesState) => () => (state.profiles = patch(state.profiles));
  const find = (id: string) => state.datasets.find((d) => d.id === id);

  const api: GridscopeApi = {
    'app:info': (_: VerbInput<'app:info'>) =>
      answer('app:info', () => ({ name: 'Gridscope', version: '0.1.0', host: 'web', platform: 'linux', versions: {} })),
    'datasets:list': async (input) => {
      state.listInputs.push(input);
      if (state.listGate) await state.listGate;
      return answer('datasets:list', () => state.datasets);
    },
    'datasets:get': ({ datasetId }) => {
      const d = find(datasetId);
      if (!d) return Promise.resolve({ ok: false, error: { code: 'not_found', message: `No dataset ${datasetId}` } });
      return answer('datasets:get', () => ({ ...d, data_timezone: 'America/New_York' }));
    },
    'datasets:audit': () => answer('datasets:audit', () => state.audit),
    'usage:get': () => {
      const usage = state.usage;
      if (!usage) return Promise.resolve({ ok: false, error: { code: 'internal', message: 'not in fake' } });
      return answer('usage:get', () => usage);
    },
    'usage:activity': () => Promise.resolve({ ok: true, value: { ...state.activity, now: Date.now() } }),
    'profiles:get': () => answer('profiles:get', () => state.profiles),
    'profiles:setActive': ({ profile }) =>
      answer(
        'profiles:setActive',
        profiles((p) => ({ ...p, active: profile })),
      ),
    // Like the host: another origin deletes the key.
    'profiles:setRemoteUrl': ({ baseUrl }) =>
      answer(
        'profiles:setRemoteUrl',
        profiles((p) => {
          const keySet = p.remote.keySet && originOf(baseUrl) === originOf(p.remote.baseUrl);
          return { ...p, remote: { ...p.remote, baseUrl, keySet } };
        }),
      ),
    // Like the host: the key is stored, then tested; the outcome rides on the profile state.
    'keys:set': ({ key }) => {
      state.storedKeys.push(key);
      return answer(
        'keys:set',
        profiles((p) => ({ ...p, remote: { ...p.remote, keySet: true, connection: { ...state.keyTest, checkedAt: 0 } } })),
      );
    },
    'keys:test': () =>
      answer(
        'keys:test',
        profiles((p) => ({
          ...p,
          remote: { ...p.remote, ...(p.remote.keySet ? { connection: { ...state.keyTest, checkedAt: 1 } } : {}) },
        })),
      ),
    'keys:clear': () =>
      answer(
        'keys:clear',
        profiles((p) => {
          const { keyOrigin: _dropped, connection: _tested, ...remote } = p.remote;
          return { ...p, remote: { ...remote, keySet: false } };
        }),
      ),
    'datasets:estimate': (input, options) => {
      state.estimateInputs.push(input);
      state.estimateOptions.push(options);
      const { datasetId } = input;
      return answer('datasets:estimate', () => ({
        datasetId,
        estimatedRows: 0,
        basis: 'fake',
        remainingMonthlyRows: null,
        perResponseLimit: null,
        warnings: [],
        ...state.estimate,
      }));
    },
    'requests:status': ({ requestIds }) =>
      answer('requests:status', () => state.statuses.filter((s) => !requestIds || requestIds.includes(s.requestId))),
    'requests:cancel': ({ requestId }) => {
      state.cancelled.push(requestId);
      return answer('requests:cancel', () => ({ cancelled: true }));
    },
    'datasets:query': async (input, options) => {
      state.queryInputs.push(input);
      state.queryOptions.push(options);
      if (state.queryGate) {
        const signal = options?.signal;
        const aborted = new Promise<'aborted'>((resolve) => {
          if (signal?.aborted) resolve('aborted');
          signal?.addEventListener('abort', () => resolve('aborted'), { once: true });
        });
        if ((await Promise.race([state.queryGate, aborted])) === 'aborted') {
          state.calls.push('datasets:query');
          return { ok: false, error: { code: 'cancelled', message: 'The request was cancelled.' } };
        }
      }
      const page = state.pages[Math.min(state.queryInputs.length - 1, state.pages.length - 1)]!;
      return answer('datasets:query', () => page);
    },
    'profiles:setCache': ({ profile, ttlSeconds }) =>
      answer(
        'profiles:setCache',
        profiles((p) => ({ ...p, [profile]: { ...p[profile], cacheTtlSeconds: ttlSeconds } })),
      ),
    'cache:clear': () => answer('cache:clear', () => ({ removed: 0 })),
    'datasets:columnValues': (input) => {
      state.columnValuesInputs.push(input);
      const { datasetId, column, search = '', limit = 100 } = input;
      const matching = (state.columnValues[column] ?? []).filter((v) =>
        String(v.value).toLowerCase().includes(search.toLowerCase()),
      );
      return answer('datasets:columnValues', () => ({
        datasetId,
        column,
        values: matching.slice(0, limit),
        truncated: matching.length > limit,
      }));
    },
    'display:get': () => answer('display:get', () => state.display),
    'display:set': (next) => answer('display:set', () => (state.display = { ...next })),
    ...fakeWatchlistVerbs(state.watchlist, (verb) => state.calls.push(verb as Verb)),
    'datasets:updates': ({ datasetId, limit = 100 }) =>
      answer('datasets:updates', () => state.updates.filter((u) => u.dataset === datasetId).slice(0, limit)),
    ...fakeWorkspaceVerbs(state.workspace, {
      record: (verb) => state.calls.push(verb),
      failure: (verb) => state.failures[verb],
    }),
    ...fakeGridVerbs(state.grid, {
      record: (verb, input) => {
        state.calls.push(verb);
        state.gridInputs.push({ verb, input });
      },
      failure: (verb) => state.failures[verb],
    }),
    ...fakeDownloadVerbs(state.downloads, {
      record: (verb) => state.calls.push(verb),
      failure: (verb) => state.failures[verb],
    }),
  };
  return { api, state };
}
