import { join } from 'node:path';
import { z } from 'zod';
import { DEFAULT_REMOTE_BASE_URL, MAX_CACHE_TTL_SECONDS, ProfileName, RemoteBaseUrl } from '../../shared/index.js';
import type { ProfilesState } from '../../shared/index.js';
import { createSerialQueue, readJsonFile, writeFileAtomic } from './fsutil.js';
import type { KeyVault } from './keyVault.js';
import { createLogger } from './logger.js';

/**
 * Profile settings: which /v1 server the app talks to ("embedded" in-process or "remote" hosted)
 * and the Remote base URL, persisted as `<configDir>/settings.json`. Keys are not settings: they
 * live in the {@link KeyVault}; {@link Profiles.state} only reports whether one is set. The Remote
 * key belongs to the origin of the Remote URL it was entered for: moving the URL to another origin
 * deletes it, so a key is never sent to a host the user did not give it to.
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
   * differs from the stored URL's, the Remote key is deleted from the vault first (the key was
   * given for the old host); a path change on the same origin keeps it.
   * @throws ZodError for a URL `RemoteBaseUrl` refuses (nothing changes); the vault's error when the
   *   key cannot be deleted (the URL is then not changed either).
   */
  setRemoteUrl(baseUrl: string): Promise<Settings>;
  /** Sets the cache lifetime of `profile`'s GET responses (0 = off). */
  setCacheTtl(profile: ProfileName, ttlSeconds: number): Promise<Settings>;
  /** What the renderer may know: active profile, embedded status, Remote URL, `keySet`, cache TTLs, key storage (and its warning). */
  state(): Promise<ProfilesState>;
}

const log = createLogger('profiles');

/** `scheme://host[:port]` of a URL, normalised by WHATWG URL (case, default port); null when unparseable. */
function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

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
        const before = (await load()).remote.baseUrl;
        // Key first, URL second: a failure in between leaves no key rather than a key for the wrong host.
        if (originOf(url) !== originOf(before) && (await opts.vault.has('remote'))) {
          await opts.vault.clear('remote');
          log.info(`Remote origin changed (${originOf(before) ?? '?'} → ${originOf(url) ?? '?'}): the stored Remote key was deleted`);
        }
        return write((s) => ({ ...s, remote: { ...s.remote, baseUrl: url } }));
      }),
    setCacheTtl: (profile, ttlSeconds) => update((s) => ({ ...s, [profile]: { ...s[profile], cacheTtlSeconds: ttlSeconds } })),
    async state() {
      const s = await profiles.settings();
      const warning = opts.vault.warning?.();
      return {
        active: s.active,
        embedded: { ...opts.embeddedStatus(), cacheTtlSeconds: s.embedded.cacheTtlSeconds },
        remote: { baseUrl: s.remote.baseUrl, keySet: await opts.vault.has('remote'), cacheTtlSeconds: s.remote.cacheTtlSeconds },
        keyStorage: opts.vault.describe(),
        ...(warning ? { keyStorageWarning: warning } : {}),
      };
    },
  };
  return profiles;
}
