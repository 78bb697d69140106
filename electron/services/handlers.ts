import type { z } from 'zod';
import { ApiUsage, AuditResponse, DatasetDetailResponse, DatasetListResponse, ok } from '../../shared/index.js';
import type { AppInfo, ContractResults, Result, Verb, contractInputs } from '../../shared/index.js';
import type { EmbeddedServer } from './embedded.js';
import type { KeyVault } from './keyVault.js';
import type { Profiles } from './profiles.js';
import type { V1Proxy } from './proxy.js';

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
  info: () => AppInfo;
}

function map<A, B>(r: Result<A>, f: (a: A) => B): Result<B> {
  return r.ok ? ok(f(r.value)) : r;
}

/** Path segment of a dataset id (already restricted to `[a-z0-9_]` by the contract; encoded anyway). */
const seg = (id: string): string => encodeURIComponent(id);

/** Builds the handlers over the given services. */
export function createHandlers(deps: HandlerDeps): Handlers {
  const { proxy, profiles, vault, embedded } = deps;

  /** Starts the embedded server in the background when it is the active profile (lazy start). */
  const warmUp = async (): Promise<void> => {
    if ((await profiles.settings()).active === 'embedded') void embedded.ensureStarted().catch(() => undefined);
  };

  return {
    'app:info': async () => ok(deps.info()),

    'datasets:list': async () => map(await proxy.get('/datasets', {}, DatasetListResponse), (body) => body.data),

    'datasets:get': async ({ datasetId }) =>
      map(await proxy.get(`/datasets/${seg(datasetId)}`, {}, DatasetDetailResponse), (body) => {
        // The detail body repeats the dataset inside an envelope; the renderer wants the dataset.
        const { status_code: _s, data: _d, meta: _m, dataset_metadata: _dm, ...dataset } = body;
        return dataset;
      }),

    'datasets:audit': async ({ datasetId }) =>
      map(await proxy.get(`/datasets/${seg(datasetId)}/audit`, {}, AuditResponse), (body) => body.data),

    'usage:get': async () => proxy.get('/api_usage', {}, ApiUsage),

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
      return ok(await profiles.state());
    },

    'keys:clear': async ({ profile }) => {
      await vault.clear(profile);
      return ok(await profiles.state());
    },
  };
}
