import { ClientAudit, ClientColumnValues, ClientDatasetList, DatasetUpdatesResponse, fail, ok } from '../../../shared/index.js';
import type {
  AppInfo,
  ConnectionTest,
  ContractResults,
  ParsedInput,
  ProfileName,
  ProfilesState,
  Result,
  Verb,
} from '../../../shared/index.js';
import { testRemoteKey } from './keyTest.js';
import { currentUsage, datasetOf } from './fetchMetadata.js';
import type { EmbeddedServer } from '../embedded/embedded.js';
import { forecastQuery } from './forecast.js';
import { LONG_JOB_MS } from './jobs.js';
import type { FinishedJob, JobEnd } from './jobs.js';
import type { KeyVault } from '../vault/keyVault.js';
import { createLogger } from '../common/logger.js';
import { originOf } from '../profiles/profiles.js';
import type { Profiles } from '../profiles/profiles.js';
import { queryDataset } from './query.js';
import type { GetOptions, V1Proxy } from '../v1/proxy.js';
import { runTracked } from '../v1/requests.js';
import type { RequestRegistry } from '../v1/requests.js';
import type { ResponseCache } from '../v1/responseCache.js';
import type { MetadataCache, MetadataScope } from '../v1/metaCache.js';
import type { WorkspaceService } from '../workspace/service.js';
import type { DownloadManager } from '../downloads/types.js';
import { createWorkspaceHandlers } from './workspace.js';
import { createGridHandlers } from './grid.js';
import { createOverlapHandlers } from './overlap.js';
import { createDownloadHandlers } from './downloads.js';

export type { ParsedInput };

/** What a transport knows about a call: `signal` aborts it (→ `cancelled`) when the caller is gone (web host: browser closed). */
export interface CallContext {
  signal?: AbortSignal;
}

/** Exactly one handler per contract verb: the compiler rejects a missing or extra one. */
export type Handlers = { [V in Verb]: (input: ParsedInput<V>, ctx?: CallContext) => Promise<Result<ContractResults[V]>> };

export interface HandlerDeps {
  proxy: V1Proxy;
  profiles: Profiles;
  vault: KeyVault;
  embedded: EmbeddedServer;
  requests: RequestRegistry;
  /** Cleared per profile when its key changes: answers may depend on the plan. */
  cache?: ResponseCache;
  /** Filled by the verbs that fetch metadata, read by `datasets:estimate`; absent = nothing is kept. */
  metadata?: MetadataCache;
  info: () => AppInfo;
  /** The active profile's local workspace (the `workspace:*` verbs); absent: those verbs answer `internal`. */
  workspace?: WorkspaceService;
  /** The export download queue and library (`downloads:*`, `library:*`; `workspace:openLocal` reads its files). */
  downloads?: DownloadManager;
  /** The `data/` folder the embedded service reads (`locations:list` reads its pricing nodes); default: the repository's. */
  dataDir?: string;
  /** Told when a query or estimate of at least `longJobMs` (default {@link LONG_JOB_MS}) ends; a throw is logged, never answered. */
  onJobFinished?: (job: FinishedJob) => void;
  longJobMs?: number;
  now?: () => number;
}

interface JobReport<T> {
  name: string;
  detail: (value: T) => string;
}

const log = createLogger('handlers');
const count = (n: number): string => n.toLocaleString('en-US');

function map<A, B>(r: Result<A>, f: (a: A) => B): Result<B> {
  return r.ok ? ok(f(r.value)) : r;
}

// Dataset ids are already restricted to `[a-z0-9_]` by the contract; encoded anyway.
const seg = (id: string): string => encodeURIComponent(id);

/** One handler per bridge verb, on input `dispatch` parsed; no handler returns a key (`keys:set` only stores it in the vault). */
export function createHandlers(deps: HandlerDeps): Handlers {
  const { proxy, profiles, vault, embedded, requests } = deps;
  const now = deps.now ?? Date.now;
  const longJobMs = deps.longJobMs ?? LONG_JOB_MS;

  function reportJob<T>(job: JobReport<T>, startedAt: number, result: Result<T> | undefined): void {
    if (!deps.onJobFinished || now() - startedAt < longJobMs) return;
    const state: JobEnd = result?.ok ? 'completed' : result?.error.code === 'cancelled' ? 'cancelled' : 'failed';
    const detail = result === undefined ? undefined : result.ok ? job.detail(result.value) : result.error.message;
    try {
      deps.onJobFinished({ name: job.name, state, startedAt, ...(detail ? { detail } : {}) });
    } catch (err) {
      log.warn(`reporting the end of "${job.name}" failed`, err);
    }
  }

  // A data verb as a request `requests:status` lists and `requests:cancel` or `ctx.signal` aborts; `job` reports long ones.
  async function tracked<T>(
    verb: Verb,
    requestId: string | undefined,
    ctx: CallContext | undefined,
    run: (call: GetOptions) => Promise<Result<T>>,
    job?: JobReport<T>,
  ): Promise<Result<T>> {
    const startedAt = now();
    let result: Result<T> | undefined;
    try {
      result = await runTracked(requests, verb, requestId, ctx?.signal, run);
      return result;
    } finally {
      if (job) reportJob(job, startedAt, result);
    }
  }

  // The last key test, shown until the key or the Remote URL changes.
  let lastTest: (ConnectionTest & { baseUrl: string }) | undefined;
  const stateWithTest = async (): Promise<ProfilesState> => {
    const state = await profiles.state();
    if (!lastTest || lastTest.baseUrl !== state.remote.baseUrl || !state.remote.keySet) return state;
    const { baseUrl: _url, ...connection } = lastTest;
    return { ...state, remote: { ...state.remote, connection } };
  };

  // Both the response cache and the metadata may depend on the key and URL.
  const clearCache = async (profile?: ProfileName): Promise<number> => {
    deps.metadata?.clear(profile);
    return deps.cache ? deps.cache.clear(profile) : 0;
  };
  const metadata = async (): Promise<MetadataScope | null> => (deps.metadata ? deps.metadata.scope() : null);

  // Starts the embedded server in the background when it is the active profile.
  const warmUp = async (): Promise<void> => {
    if ((await profiles.settings()).active === 'embedded') void embedded.ensureStarted().catch(() => undefined);
  };

  return {
    'app:info': async () => ok(deps.info()),

    // Bodies are read leniently, whichever /v1 server sent them (docs/desktop.md#reading-v1-bodies-from-any-server).
    'datasets:list': ({ requestId }, ctx) =>
      tracked('datasets:list', requestId, ctx, async (call) =>
        map(await proxy.get('/datasets', {}, ClientDatasetList, call), (body) => body.data),
      ),

    // Each answer is kept as the estimate's metadata, as are audit, column values and usage answers.
    'datasets:get': ({ datasetId, requestId }, ctx) =>
      tracked('datasets:get', requestId, ctx, async (call) => {
        return datasetOf(proxy, await metadata(), datasetId, call, true);
      }),

    // A refusal (`forbidden`: the plan has no audit) is kept too: the estimate then says why it has no counts.
    'datasets:audit': ({ datasetId, requestId }, ctx) =>
      tracked('datasets:audit', requestId, ctx, async (call) => {
        const meta = await metadata();
        const r = await proxy.get(`/datasets/${seg(datasetId)}/audit`, {}, ClientAudit, call);
        if (r.ok) meta?.putAudit(datasetId, { rows: r.value.data });
        else if (r.error.code === 'forbidden') meta?.putAudit(datasetId, { refused: r.error.code });
        return map(r, (body) => body.data);
      }),

    'datasets:estimate': ({ requestId, ...input }, ctx) =>
      tracked('datasets:estimate', requestId, ctx, async (call) => forecastQuery(proxy, input, call, await metadata()), {
        name: `Estimate of ${input.datasetId}`,
        detail: (e) => `≈ ${count(e.estimatedRows)} rows`,
      }),

    // Usage must be current: never from the cache.
    'usage:get': ({ requestId }, ctx) =>
      tracked('usage:get', requestId, ctx, async (call) => {
        return currentUsage(proxy, await metadata(), call);
      }),

    'requests:status': async ({ requestIds }) => ok(requests.status(requestIds)),

    'requests:cancel': async ({ requestId }) => ok({ cancelled: requests.cancel(requestId) }),

    'profiles:get': async () => {
      await warmUp();
      return ok(await stateWithTest());
    },

    'profiles:setActive': async ({ profile }) => {
      if ((await profiles.settings()).active !== profile) deps.metadata?.clear();
      await profiles.setActive(profile);
      await deps.workspace?.useProfile(profile);
      await warmUp();
      return ok(await stateWithTest());
    },

    // A new origin deletes the Remote key (profiles.ts); like keys:clear, that empties the cache.
    'profiles:setRemoteUrl': async ({ baseUrl }) => {
      const { keyDeleted } = await profiles.setRemoteUrl(baseUrl);
      if (keyDeleted) await clearCache('remote');
      return ok(await stateWithTest());
    },

    // Tried at once, so a mistyped key is reported when it is saved, not at the first query.
    'keys:set': async ({ profile, key, allowWeakStorage }) => {
      const origin = originOf((await profiles.settings()).remote.baseUrl);
      if (!origin) return fail('validation', 'The Remote URL in settings is not a valid URL; save a base URL first.');
      const stored = await vault.set(profile, key, origin, { allowWeakStorage });
      if (!stored.ok) return stored;
      await clearCache(profile);
      lastTest = { ...(await testRemoteKey(proxy, now)), baseUrl: (await profiles.settings()).remote.baseUrl };
      return ok(await stateWithTest());
    },

    'keys:clear': async ({ profile }) => {
      await vault.clear(profile);
      await clearCache(profile);
      lastTest = undefined;
      return ok(await stateWithTest());
    },

    'keys:test': async () => {
      lastTest = { ...(await testRemoteKey(proxy, now)), baseUrl: (await profiles.settings()).remote.baseUrl };
      return ok(await stateWithTest());
    },

    'profiles:setCache': async ({ profile, ttlSeconds }) => {
      await profiles.setCacheTtl(profile, ttlSeconds);
      if (ttlSeconds === 0) await clearCache(profile);
      return ok(await stateWithTest());
    },

    'cache:clear': async ({ profile }) => ok({ removed: await clearCache(profile) }),

    // An answer whose dataset_metadata differs from the cached body drops that dataset's metadata.
    'datasets:query': ({ requestId, ...input }, ctx) =>
      tracked(
        'datasets:query',
        requestId,
        ctx,
        async (call) => {
          const meta = await metadata();
          return queryDataset(proxy, input, call, (m) => meta?.checkQueryMetadata(input.datasetId, m));
        },
        {
          name: `Query of ${input.datasetId}`,
          detail: (page) =>
            `${count(page.rows.length)} ${page.rows.length === 1 ? 'row' : 'rows'}${page.hasNextPage ? ', more available' : ''}`,
        },
      ),

    // Our route (a server without it answers 404, which the page ignores); not data rows, so no row quota.
    'datasets:columnValues': ({ datasetId, column, search, limit, requestId }, ctx) =>
      tracked('datasets:columnValues', requestId, ctx, async (call) => {
        const meta = await metadata();
        const r = await proxy.get(
          `/datasets/${seg(datasetId)}/columns/${encodeURIComponent(column)}/values`,
          { search, limit },
          ClientColumnValues,
          call,
        );
        if (r.ok)
          meta?.putValues(datasetId, column, { search: search ?? '', values: r.value.values, truncated: r.value.truncated });
        return map(r, (body) => ({
          datasetId: body.dataset_id ?? datasetId,
          column: body.column ?? column,
          values: body.values,
          truncated: body.truncated,
        }));
      }),

    // Newest first, for the dataset page's update history; not data rows.
    'datasets:updates': ({ datasetId, limit, requestId }, ctx) =>
      tracked('datasets:updates', requestId, ctx, async (call) =>
        map(
          await proxy.get(
            `/dataset-updates/${seg(datasetId)}`,
            { order: 'desc', limit: limit ?? 100 },
            DatasetUpdatesResponse,
            call,
          ),
          (body) => body.data,
        ),
      ),

    ...createWorkspaceHandlers(deps),
    ...createGridHandlers(deps),
    ...createOverlapHandlers(deps),
    ...createDownloadHandlers(deps),
  };
}
