import { join } from 'node:path';
import { z } from 'zod';
import { DEFAULT_REMOTE_BASE_URL, MAX_CACHE_TTL_SECONDS, ProfileName, RemoteBaseUrl, originOf } from '../../../shared/index.js';
import type { ProfilesState } from '../../../shared/index.js';
import { createSerialQueue, readJsonFile, writeFileAtomic } from '../common/fsutil.js';
import type { KeyStatus, KeyVault } from '../vault/keyVault.js';
import { createLogger } from '../common/logger.js';

const CacheTtl = z.number().int().min(0).max(MAX_CACHE_TTL_SECONDS).default(0);

/** `settings.json` v1: active profile, Remote URL, cache TTLs in seconds (0 = off; defaulted so older files still parse). */
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

/** Which /v1 server the app talks to, and its settings; keys stay in the {@link KeyVault} (docs/desktop.md#key-storage). */
export interface Profiles {
  settings(): Promise<Settings>;
  setActive(profile: ProfileName): Promise<Settings>;
  /**
   * Stores the Remote URL (no trailing slash), first deleting a stored key entered for another origin; `keyDeleted` says so.
   * @throws ZodError for a URL `RemoteBaseUrl` refuses, or the vault's error; nothing changes then.
   */
  setRemoteUrl(baseUrl: string): Promise<{ settings: Settings; keyDeleted: boolean }>;
  setCacheTtl(profile: ProfileName, ttlSeconds: number): Promise<Settings>;
  /** What the renderer may know: no key, only `keySet` for the Remote URL's origin or the other `keyOrigin`. */
  state(): Promise<ProfilesState>;
}

const log = createLogger('profiles');

/** Re-exported from shared/url.ts for electron/services. */
export { originOf };

/** Message of a Remote /v1 call refused because the stored key was entered for `keyOrigin`, not `origin`. */
export const keyForOtherOriginMessage = (keyOrigin: string, origin: string): string =>
  `The stored API key belongs to ${keyOrigin}, not to ${origin}, so it was not sent. Enter the key for this server in Settings.`;

/** Profile store over `<configDir>/settings.json`; an unreadable or invalid file means {@link DEFAULT_SETTINGS} (logged). */
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

  // Call inside `serial`.
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
        // `status` binds a legacy key to the current URL first; an unreadable key falls back to the URL's origin.
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
