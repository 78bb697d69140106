import { ClientApiUsage, ClientAudit, ClientColumnValues, ClientDatasetDetail, ClientDatasetList, fail, ok } from '../../../shared/index.js';
import type { AppInfo, ConnectionTest, ContractResults, ParsedInput, ProfileName, ProfilesState, Result, Verb } from '../../../shared/index.js';
import { testRemoteKey } from './keyTest.js';
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
import { RequestIdInUseError } from '../v1/requests.js';
import type { RequestRegistry } from '../v1/requests.js';
import type { ResponseCache } from '../v1/responseCache.js';
import type { MetadataCache, MetadataScope } from '../v1/metaCache.js';

/**
 * One handler per bridge verb (CONVENTIONS.md §2). Handlers receive input already parsed by
 * `dispatch` with the verb's schema, and answer a {@link Result}; none sees or returns a key except
 * `keys:set`, which only writes it to the vault, bound to the origin of the current Remote URL.
 */

export type { ParsedInput };

/** What a transport knows about one call besides its input. */
export interface CallContext {
  /**
   * Aborts the call when its caller is gone (the web host: the browser closed the connection).
   * Data verbs combine it with their `requests:cancel` signal; a call aborted by it answers `cancelled`.
   */
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
  /** The response cache (cleared per profile when its key changes: answers may depend on the plan). */
  cache?: ResponseCache;
  /**
   * Dataset bodies, audit counts, column values and usage per profile (v1/metaCache.ts), filled by
   * the verbs that fetch them and read by `datasets:estimate`; absent = nothing is kept.
   */
  metadata?: MetadataCache;
  info: () => AppInfo;
  /**
   * Told when a `datasets:query` or `datasets:estimate` call that took at least `longJobMs` ends,
   * whatever its end state (the desktop shows a notification, see electron/main/notify.ts).
   * A throw is logged and ignored: it never changes the verb's answer.
   */
  onJobFinished?: (job: FinishedJob) => void;
  /** Jobs shorter than this, in ms, are not reported (default {@link LONG_JOB_MS}). */
  longJobMs?: number;
  /** Epoch ms (injectable for tests; default Date.now). */
  now?: () => number;
}

/** How a tracked verb describes itself as a long job: its name and the outcome of a success. */
interface JobReport<T> {
  name: string;
  detail: (value: T) => string;
}

const log = createLogger('handlers');
const count = (n: number): string => n.toLocaleString('en-US');

function map<A, B>(r: Result<A>, f: (a: A) => B): Result<B> {
  return r.ok ? ok(f(r.value)) : r;
}

/** Path segment of a dataset id (already restricted to `[a-z0-9_]` by the contract; encoded anyway). */
const seg = (id: string): string => encodeURIComponent(id);

/** Builds the handlers over the given services. */
export function createHandlers(deps: HandlerDeps): Handlers {
  const { proxy, profiles, vault, embedded, requests } = deps;
  const now = deps.now ?? Date.now;
  const longJobMs = deps.longJobMs ?? LONG_JOB_MS;

  /** Reports a finished job to `onJobFinished` when it ran for at least `longJobMs`. */
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

  /**
   * Runs a data verb as a tracked request: its `requestId` (if any) is listed by `requests:status`
   * and cancellable by `requests:cancel`, and `ctx.signal` (the caller went away) aborts it too;
   * the proxy gets the combined abort signal and reports retries. With `job`, a long call is
   * reported to `onJobFinished` when it ends.
   */
  async function tracked<T>(
    verb: Verb,
    requestId: string | undefined,
    ctx: CallContext | undefined,
    run: (call: GetOptions) => Promise<Result<T>>,
    job?: JobReport<T>,
  ): Promise<Result<T>> {
    let t;
    try {
      t = requests.begin(verb, requestId, ctx?.signal);
    } catch (err) {
      if (err instanceof RequestIdInUseError) return fail('validation', err.message);
      throw err;
    }
    const startedAt = now();
    let result: Result<T> | undefined;
    try {
      result = await run({ signal: t.signal, onProgress: t.onProgress });
      return result;
    } finally {
      t.end();
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

  /** Empties the response cache and the metadata of `profile` (or all): both may depend on the key and URL. */
  const clearCache = async (profile?: ProfileName): Promise<number> => {
    deps.metadata?.clear(profile);
    return deps.cache ? deps.cache.clear(profile) : 0;
  };
  /** The active profile's metadata, or null (no cache, no target). */
  const metadata = async (): Promise<MetadataScope | null> => (deps.metadata ? deps.metadata.scope() : null);

  /** Starts the embedded server in the background when it is the active profile (lazy start). */
  const warmUp = async (): Promise<void> => {
    if ((await profiles.settings()).active === 'embedded') void embedded.ensureStarted().catch(() => undefined);
  };

  return {
    'app:info': async () => ok(deps.info()),

    // /v1 bodies are read with the lenient client schemas (shared/schemas/client*.ts): a body
    // valid per the spec parses whichever /v1 server sent it, and is normalised for the renderer.
    'datasets:list': ({ requestId }, ctx) =>
      tracked('datasets:list', requestId, ctx, async (call) => map(await proxy.get('/datasets', {}, ClientDatasetList, call), (body) => body.data)),

    // A bare Dataset (spec endpoint 12) or our envelope: either way the dataset with its zone.
    // Each answer is kept as the estimate's metadata (so is each audit, column values and usage answer).
    'datasets:get': ({ datasetId, requestId }, ctx) =>
      tracked('datasets:get', requestId, ctx, async (call) => {
        const meta = await metadata();
        const r = await proxy.get(`/datasets/${seg(datasetId)}`, {}, ClientDatasetDetail, call);
        if (r.ok) meta?.putDataset(r.value);
        return r;
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
        const meta = await metadata();
        const r = await proxy.get('/api_usage', {}, ClientApiUsage, { ...call, cache: false });
        if (r.ok) meta?.putUsage(r.value);
        return r;
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
      await warmUp();
      return ok(await stateWithTest());
    },

    // A new origin deletes the Remote key (profiles.ts); like keys:clear, that empties the cache.
    'profiles:setRemoteUrl': async ({ baseUrl }) => {
      const { keyDeleted } = await profiles.setRemoteUrl(baseUrl);
      if (keyDeleted) await clearCache('remote');
      return ok(await stateWithTest());
    },

    // The key is bound to the origin of the Remote URL it is entered for (profiles.ts, keyVault.ts),
    // then tried at once, so a mistyped key is reported when it is saved, not at the first query.
    'keys:set': async ({ profile, key }) => {
      const origin = originOf((await profiles.settings()).remote.baseUrl);
      if (!origin) return fail('validation', 'The Remote URL in settings is not a valid URL; save a base URL first.');
      await vault.set(profile, key, origin);
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
      tracked('datasets:query', requestId, ctx, async (call) => {
        const meta = await metadata();
        return queryDataset(proxy, input, call, (m) => meta?.checkQueryMetadata(input.datasetId, m));
      }, {
        name: `Query of ${input.datasetId}`,
        detail: (page) => `${count(page.rows.length)} ${page.rows.length === 1 ? 'row' : 'rows'}${page.hasNextPage ? ', more available' : ''}`,
      }),

    // Filter suggestions (our route; a server without it answers 404, which the page ignores).
    // Not data rows: they do not count towards the monthly rows. Cached like the other GETs.
    'datasets:columnValues': ({ datasetId, column, search, limit, requestId }, ctx) =>
      tracked('datasets:columnValues', requestId, ctx, async (call) => {
        const meta = await metadata();
        const r = await proxy.get(`/datasets/${seg(datasetId)}/columns/${encodeURIComponent(column)}/values`, { search, limit }, ClientColumnValues, call);
        if (r.ok) meta?.putValues(datasetId, column, { search: search ?? '', values: r.value.values, truncated: r.value.truncated });
        return map(r, (body) => ({ datasetId: body.dataset_id ?? datasetId, column: body.column ?? column, values: body.values, truncated: body.truncated }));
      }),
  };
}
