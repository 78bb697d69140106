import { fail, ok } from '../../../shared/index.js';
import type { ConnectionTest, ContractResults, ParsedInput, ProfileName, ProfilesState, Result } from '../../../shared/index.js';
import type { MetadataCache } from '../v1/metaCache.js';
import type { V1Proxy } from '../v1/proxy.js';
import type { ResponseCache } from '../v1/responseCache.js';
import type { TrafficMonitor } from '../v1/traffic.js';
import type { KeyVault } from '../vault/keyVault.js';
import { testRemoteKey } from './keyTest.js';
import { originOf } from './profiles.js';
import type { Profiles } from './profiles.js';

/** One method per profile, key and cache verb; each answers the new {@link ProfilesState} (`cache:clear`: the count). */
export interface ProfileService {
  state(): Promise<Result<ProfilesState>>;
  setActive(input: ParsedInput<'profiles:setActive'>): Promise<Result<ProfilesState>>;
  setRemoteUrl(input: ParsedInput<'profiles:setRemoteUrl'>): Promise<Result<ProfilesState>>;
  setKey(input: ParsedInput<'keys:set'>): Promise<Result<ProfilesState>>;
  clearKey(input: ParsedInput<'keys:clear'>): Promise<Result<ProfilesState>>;
  testKey(): Promise<Result<ProfilesState>>;
  setCache(input: ParsedInput<'profiles:setCache'>): Promise<Result<ProfilesState>>;
  clearCache(input: ParsedInput<'cache:clear'>): Promise<Result<ContractResults['cache:clear']>>;
}

export interface ProfileServiceOptions {
  profiles: Profiles;
  vault: KeyVault;
  proxy: V1Proxy;
  /** The embedded service, started in the background when its profile is active (electron/services/embedded). */
  embedded: { ensureStarted(): Promise<unknown> };
  /** Cleared per profile when its key changes: answers may depend on the plan. */
  cache?: ResponseCache;
  /** Dropped with the cache, and on a switch of the active profile. */
  metadata?: MetadataCache;
  /** The last outcome of each profile's requests, for `remote.health`; forgotten when the key or the URL changes. */
  traffic?: Pick<TrafficMonitor, 'health' | 'forget'>;
  /** Told whenever a profile's response cache is emptied (all profiles when undefined): kept /v1 answers elsewhere go too. */
  onCacheCleared?: (profile?: ProfileName) => Promise<void>;
  /** Told after the active profile changed in the settings (main switches the workspace to it). */
  onActiveChanged?: (profile: ProfileName) => Promise<void>;
  /** Epoch ms of a key test. */
  now?: () => number;
}

/**
 * The profiles, their keys and their caches (docs/desktop.md#key-storage, #the-response-cache). No method returns a
 * key: `setKey` only stores it in the vault, then tries it, so a mistyped key is reported when it is saved. The last
 * test is shown until the key or the Remote URL changes. Errors: `setKey` before a valid Remote URL → `validation`.
 */
export function createProfileService(opts: ProfileServiceOptions): ProfileService {
  const { profiles, vault, proxy } = opts;
  const now = opts.now ?? Date.now;

  let lastTest: (ConnectionTest & { baseUrl: string }) | undefined;
  const stateWithTest = async (): Promise<Result<ProfilesState>> => {
    const state = await profiles.state();
    const health = state.remote.keySet ? opts.traffic?.health('remote') : undefined;
    const remote = health ? { ...state.remote, health } : state.remote;
    if (!lastTest || lastTest.baseUrl !== state.remote.baseUrl || !state.remote.keySet) return ok({ ...state, remote });
    const { baseUrl: _url, ...connection } = lastTest;
    return ok({ ...state, remote: { ...remote, connection } });
  };
  const runTest = async (): Promise<void> => {
    lastTest = { ...(await testRemoteKey(proxy, now)), baseUrl: (await profiles.settings()).remote.baseUrl };
  };

  // Both the response cache and the metadata may depend on the key and URL.
  const clearCache = async (profile?: ProfileName): Promise<number> => {
    opts.metadata?.clear(profile);
    await opts.onCacheCleared?.(profile);
    return opts.cache ? opts.cache.clear(profile) : 0;
  };

  // Starts the embedded server in the background when it is the active profile.
  const warmUp = async (): Promise<void> => {
    if ((await profiles.settings()).active === 'embedded') void opts.embedded.ensureStarted().catch(() => undefined);
  };

  return {
    async state() {
      await warmUp();
      return stateWithTest();
    },

    async setActive({ profile }) {
      if ((await profiles.settings()).active !== profile) opts.metadata?.clear();
      await profiles.setActive(profile);
      await opts.onActiveChanged?.(profile);
      await warmUp();
      return stateWithTest();
    },

    // A new origin deletes the Remote key (profiles.ts); like clearKey, that empties the cache.
    async setRemoteUrl({ baseUrl }) {
      const { keyDeleted } = await profiles.setRemoteUrl(baseUrl);
      opts.traffic?.forget('remote');
      if (keyDeleted) await clearCache('remote');
      return stateWithTest();
    },

    async setKey({ profile, key, allowWeakStorage }) {
      const origin = originOf((await profiles.settings()).remote.baseUrl);
      if (!origin) return fail('validation', 'The Remote URL in settings is not a valid URL; save a base URL first.');
      // On a keyring-less Linux session the vault refuses unless the user ticked "Store anyway" (docs/desktop.md#key-storage).
      const stored = await vault.set(profile, key, origin, { allowWeakStorage });
      if (!stored.ok) return stored;
      await clearCache(profile);
      opts.traffic?.forget(profile);
      await runTest();
      return stateWithTest();
    },

    async clearKey({ profile }) {
      await vault.clear(profile);
      await clearCache(profile);
      opts.traffic?.forget(profile);
      lastTest = undefined;
      return stateWithTest();
    },

    async testKey() {
      await runTest();
      return stateWithTest();
    },

    async setCache({ profile, ttlSeconds }) {
      await profiles.setCacheTtl(profile, ttlSeconds);
      if (ttlSeconds === 0) await clearCache(profile);
      return stateWithTest();
    },

    clearCache: async ({ profile }) => ok({ removed: await clearCache(profile) }),
  };
}
