import { join } from 'node:path';
import { z } from 'zod';
import { DEFAULT_REMOTE_BASE_URL, MAX_CACHE_TTL_SECONDS, ProfileName, RemoteBaseUrl, originOf } from '../../../shared/index.js';
import type { ProfilesState } from '../../../shared/index.js';
import { createSerialQueue, readJsonFile, writeFileAtomic } from '../common/fsutil.js';
import type { KeyStatus, KeyVault } from '../vault/keyVault.js';
import { createLogger } from '../common/logger.js';

/**
 * Profile settings: which /v1 server the app talks to ("embedded" in-process or "remote" hosted)
 * and the Remote base URL, persisted as `<configDir>/settings.json`. Keys are not settings: they
 * live in the {@link KeyVault}; {@link Profiles.state} only reports whether one is set. The Remote
 * key belongs to the origin of the Remote URL it was entered for: the vault stores that origin with
 * the key and hands the key out for it only (so a settings.json edited to point elsewhere gets no
 * key), and moving the URL to another origin through {@link Profiles.setRemoteUrl} deletes it.
 */

/** Cache lifetime of a profile's /v1 GETs in seconds; 0 = cache off (the default). */
const CacheTtl = z.number().int().min(0).max(MAX_CACHE_TTL_SECONDS).default(0);

/**
 * Persisted settings, version 1. `cacheTtlSeconds` was added later as optional fields with a
 * default, so files written before it still parse.
 */
export const Settings = z.object({
  v: z.literal(1),
  active: ProfileName,
  remote: z.object({ baseUrl: RemoteBaseUrl, cacheTtlSeconds: CacheTtl }),
  embedded: z.object({ cacheTtlSeconds: CacheTtl }).default({ cacheTtlSeconds: 0 }),
});
export type Settings = z.infer<typeof Settings>;

/** Settings of a fresh install: embedded profile, default Remote URL, no cache. */
export const DEFAULT_SETTINGS: Settings = {
  v: 1,
  active: 'embedded',
  remote: { baseUrl: DEFAULT_REMOTE_BASE_URL, cacheTtlSeconds: 0 },
  embedded: { cacheTtlSeconds: 0 },
};

/** File name of the settings inside the config dir. */
export const SETTINGS_FILE = 'settings.json';

/** Status of the embedded server as the Settings page shows it. */
export type EmbeddedStatus = ProfilesState['embedded'];

export interface Profiles {
  /** Current settings (read once from disk, then cached). */
  settings(): Promise<Settings>;
  setActive(profile: ProfileName): Promise<Settings>;
  /**
   * Stores the Remote base URL without a trailing slash. When its origin (scheme, host, port)
   * differs from the origin the stored Remote key was entered for (normally the stored URL's), the
   * key is deleted from the vault first (it was given for another host); a path change on the key's
   * origin keeps it, and so does moving back to the key's origin after settings.json was edited.
   * @returns the new settings and `keyDeleted`: whether a stored key was deleted (the caller then
   *   drops what was cached with it).
   * @throws ZodError for a URL `RemoteBaseUrl` refuses (nothing changes); the vault's error when the
   *   key cannot be deleted (the URL is then not changed either).
   */
  setRemoteUrl(baseUrl: string): Promise<{ settings: Settings; keyDeleted: boolean }>;
  /** Sets the cache lifetime of `profile`'s GET responses (0 = off). */
  setCacheTtl(profile: ProfileName, ttlSeconds: number): Promise<Settings>;
  /**
   * What the renderer may know: active profile, embedded status, Remote URL, `keySet` (a key is
   * stored for the Remote URL's origin) or `keyOrigin` (the other origin a stored key belongs to),
   * cache TTLs, key storage (and its warning).
   */
  state(): Promise<ProfilesState>;
}

const log = createLogger('profiles');

/** Re-exported for electron/services (the one definition lives in shared/url.ts). */
export { originOf };

/**
 * Message of a /v1 call on the Remote profile when the stored key was entered for `keyOrigin`, not
 * for `origin` (the server the call would go to): the call is not made.
 */
export const keyForOtherOriginMessage = (keyOrigin: string, origin: string): string =>
  `The stored API key belongs to ${keyOrigin}, not to ${origin}, so it was not sent. Enter the key for this server in Settings.`;

/**
 * Profile store over `<configDir>/settings.json`. An unreadable or invalid file falls back to
 * {@link DEFAULT_SETTINGS} (logged) and is rewritten on the next change.
 */
export function createProfiles(opts: { configDir: string; vault: KeyVault; embeddedStatus: () => EmbeddedStatus }): Profiles {
  const file = join(opts.configDir, SETTINGS_FILE);
  const serial = createSerialQueue();
  let cached: Settings | undefined;

  async function load(): Promise<Settings> {
    if (cached) return cached;
    let raw: unknown;
    try {
      raw = await readJsonFile(file);
    } catch (err) {
      log.warn(`settings ${file} are unreadable; using defaults`, err);
    }
    const parsed = raw === undefined ? undefined : Settings.safeParse(raw);
    if (parsed && !parsed.success) log.warn(`settings ${file} are invalid; using defaults`);
    cached = parsed?.success ? parsed.data : structuredClone(DEFAULT_SETTINGS);
    return cached;
  }

  /** Applies `change` and persists it; call inside `serial`. */
  async function write(change: (s: Settings) => Settings): Promise<Settings> {
    const next = Settings.parse(change(structuredClone(await load())));
    await writeFileAtomic(file, `${JSON.stringify(next, null, 2)}\n`, 0o600);
    cached = next;
    return next;
  }
  const update = (change: (s: Settings) => Settings): Promise<Settings> => serial(() => write(change));

  const profiles: Profiles = {
    settings: () => serial(load),
    setActive: (profile) => update((s) => ({ ...s, active: profile })),
    setRemoteUrl: (baseUrl) =>
      serial(async () => {
        const url = RemoteBaseUrl.parse(baseUrl.replace(/\/+$/, ''));
        const before = originOf((await load()).remote.baseUrl);
        const after = originOf(url);
        // The origin the stored key belongs to (this binds a legacy key to the current URL first);
        // unknown when it cannot be read, then the URL's origin change decides as before.
        const key = before ? await opts.vault.status('remote', before) : ({ state: 'none' } as const);
        const keyOrigin = key.state === 'other-origin' ? key.origin : before;
        // Key first, URL second: a failure in between leaves no key rather than a key for the wrong host.
        const keyDeleted = keyOrigin !== after && (await opts.vault.has('remote'));
        if (keyDeleted) {
          await opts.vault.clear('remote');
          log.info(`Remote origin changed (${keyOrigin ?? '?'} → ${after ?? '?'}): the stored Remote key was deleted`);
        }
        return { settings: await write((s) => ({ ...s, remote: { ...s.remote, baseUrl: url } })), keyDeleted };
      }),
    setCacheTtl: (profile, ttlSeconds) => update((s) => ({ ...s, [profile]: { ...s[profile], cacheTtlSeconds: ttlSeconds } })),
    async state() {
      const s = await profiles.settings();
      const warning = opts.vault.warning?.();
      const origin = originOf(s.remote.baseUrl);
      const key: KeyStatus = origin ? await opts.vault.status('remote', origin) : { state: 'none' };
      return {
        active: s.active,
        embedded: { ...opts.embeddedStatus(), cacheTtlSeconds: s.embedded.cacheTtlSeconds },
        remote: {
          baseUrl: s.remote.baseUrl,
          keySet: key.state === 'set',
          ...(key.state === 'other-origin' ? { keyOrigin: key.origin } : {}),
          cacheTtlSeconds: s.remote.cacheTtlSeconds,
        },
        keyStorage: opts.vault.describe(),
        ...(warning ? { keyStorageWarning: warning } : {}),
      };
    },
  };
  return profiles;
}
