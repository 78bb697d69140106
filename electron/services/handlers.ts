import type { z } from 'zod';
import { ApiUsage, AuditResponse, DatasetDetailResponse, DatasetListResponse, fail, ok } from '../../shared/index.js';
import type { AppInfo, ContractResults, ProfileName, Result, Verb, contractInputs } from '../../shared/index.js';
import type { EmbeddedServer } from './embedded.js';
import { forecastQuery } from './forecast.js';
import type { KeyVault } from './keyVault.js';
import type { Profiles } from './profiles.js';
import { queryDataset } from './query.js';
import type { GetOptions, V1Proxy } from './proxy.js';
import { RequestIdInUseError } from './requests.js';
import type { RequestRegistry } from './requests.js';
import type { ResponseCache } from './responseCache.js';

/**
 * One handler per bridge verb (CONVENTIONS.md §2). Handlers receive input already parsed by
 * `dispatch` with the verb's schema, and answer a {@link Result}; none sees or returns a key except
 * `keys:set`, which only writes it to the vault.
 */

/** A verb's input after its schema parsed it. */
export type ParsedInput<V extends Verb> = z.output<(typeof contractInputs)[V]>;

/** Exactly one handler per contract verb: the compiler rejects a missing or extra one. */
export type Handlers = { [V in Verb]: (input: ParsedInput<V>) => Promise<Result<ContractResults[V]>> };

export interface HandlerDeps {
  proxy: V1Proxy;
  profiles: Profiles;
  vault: KeyVault;
  embedded: EmbeddedServer;
  requests: RequestRegistry;
  /** The response cache (cleared per profile when its key changes: answers may depend on the plan). */
  cache?: ResponseCache;
  info: () => AppInfo;
}

function map<A, B>(r: Result<A>, f: (a: A) => B): Result<B> {
  return r.ok ? ok(f(r.value)) : r;
}

/** Path segment of a dataset id (already restricted to `[a-z0-9_]` by the contract; encoded anyway). */
const seg = (id: string): string => encodeURIComponent(id);

/** Builds the handlers over the given services. */
export function createHandlers(deps: HandlerDeps): Handlers {
  const { proxy, profiles, vault, embedded, requests } = deps;

  /**
   * Runs a data verb as a tracked request: its `requestId` (if any) is listed by `requests:status`
   * and cancellable by `requests:cancel`; the proxy gets the abort signal and reports retries.
   */
  async function tracked<T>(verb: Verb, requestId: string | undefined, run: (call: GetOptions) => Promise<Result<T>>): Promise<Result<T>> {
    let t;
    try {
      t = requests.begin(verb, requestId);
    } catch (err) {
      if (err instanceof RequestIdInUseError) return fail('validation', err.message);
      throw err;
    }
    try {
      return await run({ signal: t.signal, onProgress: t.onProgress });
    } finally {
      t.end();
    }
  }

  const clearCache = async (profile?: ProfileName): Promise<number> => (deps.cache ? deps.cache.clear(profile) : 0);

  /** Starts the embedded server in the background when it is the active profile (lazy start). */
  const warmUp = async (): Promise<void> => {
    if ((await profiles.settings()).active === 'embedded') void embedded.ensureStarted().catch(() => undefined);
  };

  return {
    'app:info': async () => ok(deps.info()),

    'datasets:list': ({ requestId }) =>
      tracked('datasets:list', requestId, async (call) => map(await proxy.get('/datasets', {}, DatasetListResponse, call), (body) => body.data)),

    'datasets:get': ({ datasetId, requestId }) =>
      tracked('datasets:get', requestId, async (call) =>
        map(await proxy.get(`/datasets/${seg(datasetId)}`, {}, DatasetDetailResponse, call), (body) => {
          // The detail body repeats the dataset inside an envelope; the renderer wants the dataset.
          const { status_code: _s, data: _d, meta: _m, dataset_metadata: _dm, ...dataset } = body;
          return dataset;
        }),
      ),

    'datasets:audit': ({ datasetId, requestId }) =>
      tracked('datasets:audit', requestId, async (call) =>
        map(await proxy.get(`/datasets/${seg(datasetId)}/audit`, {}, AuditResponse, call), (body) => body.data),
      ),

    'datasets:estimate': ({ requestId, ...input }) => tracked('datasets:estimate', requestId, (call) => forecastQuery(proxy, input, call)),

    // Usage must be current: never from the cache.
    'usage:get': ({ requestId }) => tracked('usage:get', requestId, (call) => proxy.get('/api_usage', {}, ApiUsage, { ...call, cache: false })),

    'requests:status': async ({ requestIds }) => ok(requests.status(requestIds)),

    'requests:cancel': async ({ requestId }) => ok({ cancelled: requests.cancel(requestId) }),

    'profiles:get': async () => {
      await warmUp();
      return ok(await profiles.state());
    },

    'profiles:setActive': async ({ profile }) => {
      await profiles.setActive(profile);
      await warmUp();
      return ok(await profiles.state());
    },

    'profiles:setRemoteUrl': async ({ baseUrl }) => {
      await profiles.setRemoteUrl(baseUrl);
      return ok(await profiles.state());
    },

    'keys:set': async ({ profile, key }) => {
      await vault.set(profile, key);
      await clearCache(profile);
      return ok(await profiles.state());
    },

    'keys:clear': async ({ profile }) => {
      await vault.clear(profile);
      await clearCache(profile);
      return ok(await profiles.state());
    },

    'profiles:setCache': async ({ profile, ttlSeconds }) => {
      await profiles.setCacheTtl(profile, ttlSeconds);
      if (ttlSeconds === 0) await clearCache(profile);
      return ok(await profiles.state());
    },

    'cache:clear': async ({ profile }) => ok({ removed: await clearCache(profile) }),

    'datasets:query': ({ requestId, ...input }) => tracked('datasets:query', requestId, (call) => queryDataset(proxy, input, call)),
  };
}
