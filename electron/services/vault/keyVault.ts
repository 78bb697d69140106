import { join } from 'node:path';
import { z } from 'zod';
import { WEAK_KEY_STORAGE_BACKEND, fail, isOrigin, ok } from '../../../shared/index.js';
import type { ProfileName, Result } from '../../../shared/index.js';
import { createSerialQueue, readJsonFile, writeFileAtomic } from '../common/fsutil.js';
import { createLogger } from '../common/logger.js';
import { forgetSecret, registerSecret } from '../common/redact.js';

/** A profile's key, without the key: `none` (absent or unreadable, logged), `set` for the asked origin, or `other-origin`. */
export type KeyStatus = { state: 'none' } | { state: 'set' } | { state: 'other-origin'; origin: string };

/**
 * Main-side store of API keys, each bound to the origin (`new URL(u).origin`, compared exactly) it was entered for
 * (docs/desktop.md#key-storage). Only `status` and `describe()` reach the bridge. Legacy `v: 1` entries are bound on first read.
 */
export interface KeyVault {
  /** The key of `profile` if entered for `origin`, else null (a mismatch logs both origins, never the key). */
  get(profile: ProfileName, origin: string): Promise<string | null>;
  /**
   * Stores `key` for `profile` bound to `origin`. Resolves `validation` (nothing stored) when the OS protects keys only
   * with a public password and `options.allowWeakStorage` is not set. @throws when it cannot be encrypted or written.
   */
  set(profile: ProfileName, key: string, origin: string, options?: KeySetOptions): Promise<Result<void>>;
  /** Deletes the key of `profile` (a no-op when there is none). @throws when the file cannot be written. */
  clear(profile: ProfileName): Promise<void>;
  /** Whether an entry is stored for `profile`, whatever its origin and even if it cannot be read. */
  has(profile: ProfileName): Promise<boolean>;
  /** Whether `get(profile, origin)` would return a key, and if not, why; binds a legacy entry to `origin`. Never throws for a bad entry. */
  status(profile: ProfileName, origin: string): Promise<KeyStatus>;
  /** Where keys are kept, in words for the Settings page. */
  describe(): string;
  /** A warning for the Settings page when keys are not protected by an OS keyring, else undefined. */
  warning?(): string | undefined;
}

/** Options of {@link KeyVault.set}: `allowWeakStorage` = the user ticked "Store anyway" for a keyring-less backend. */
export interface KeySetOptions {
  allowWeakStorage?: boolean | undefined;
}

/** The slice of Electron's async `safeStorage` API the vault uses; declared here so services/ never imports `electron`. */
export interface SafeStorageLike {
  encryptStringAsync(plainText: string): Promise<Buffer>;
  decryptStringAsync(encrypted: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }>;
  isAsyncEncryptionAvailable(): Promise<boolean>;
  getSelectedStorageBackend?(): string;
}

const Entry = z.object({ key: z.string().min(1), origin: z.string().min(1).refine(isOrigin, 'origin: scheme://host[:port]') });
type Entry = z.infer<typeof Entry>;

const BlobV2 = z.object({ v: z.literal(2), profiles: z.record(z.string(), z.unknown()) });
const BlobV1 = z.object({ v: z.literal(1), profiles: z.record(z.string(), z.string()) });

type Stored = { legacy: false; value: unknown } | { legacy: true; value: string };
type Blob = Map<string, Stored>;

const log = createLogger('keys');

interface Codec {
  /** Why this codec will not store a key without the user's opt-in, or undefined. */
  refusal?(options: KeySetOptions): string | undefined;
  encode(entry: Entry): Promise<unknown>;
  decode(stored: unknown): Promise<{ entry: Entry; reencode: boolean }>;
  decodeLegacy(stored: string): Promise<string>;
}

type Found = { entry: Entry } | null;

function createJsonVault(file: string, codec: Codec, description: () => string, warning?: () => string | undefined): KeyVault {
  const serial = createSerialQueue();
  // Last origin mismatch warned about, so a burst of /v1 calls logs it once.
  let lastMismatch = '';

  async function read(): Promise<Blob> {
    let raw: unknown;
    try {
      raw = await readJsonFile(file);
    } catch (err) {
      log.warn(`key store ${file} is unreadable; treating it as empty`, err);
      return new Map();
    }
    if (raw === undefined) return new Map();
    const v2 = BlobV2.safeParse(raw);
    if (v2.success) return new Map(Object.entries(v2.data.profiles).map(([p, value]) => [p, { legacy: false, value }]));
    const v1 = BlobV1.safeParse(raw);
    if (v1.success) return new Map(Object.entries(v1.data.profiles).map(([p, value]) => [p, { legacy: true, value }]));
    log.warn(`key store ${file} has an unknown format; treating it as empty`);
    return new Map();
  }

  // Unbound legacy entries have no origin to write and are dropped (only `remote` stores keys, and it is bound first).
  async function write(blob: Blob): Promise<void> {
    const profiles: Record<string, unknown> = {};
    for (const [profile, stored] of blob) {
      if (stored.legacy) {
        log.warn(`the legacy (v1) key of profile ${profile} has no origin and was dropped; set it again`);
        continue;
      }
      profiles[profile] = stored.value;
    }
    await writeFileAtomic(file, `${JSON.stringify({ v: 2, profiles }, null, 2)}\n`, 0o600);
  }

  // Binds a legacy entry to `bindTo` and re-encrypts after an OS key rotation, rewriting the blob: call inside `serial`.
  async function lookup(profile: ProfileName, bindTo: string): Promise<Found> {
    const blob = await read();
    const stored = blob.get(profile);
    if (stored === undefined) return null;
    let entry: Entry;
    let rewrite: boolean;
    try {
      if (stored.legacy) {
        entry = { key: await codec.decodeLegacy(stored.value), origin: bindTo };
        rewrite = true;
      } else {
        ({ entry, reencode: rewrite } = await codec.decode(stored.value));
      }
    } catch (err) {
      log.warn(`the stored key of profile ${profile} cannot be read (undecryptable or altered); set it again`, err);
      return null;
    }
    registerSecret(entry.key);
    if (rewrite) {
      try {
        blob.set(profile, { legacy: false, value: await codec.encode(entry) });
        await write(blob);
        if (stored.legacy) log.info(`the legacy key of profile ${profile} is now bound to ${entry.origin}`);
      } catch (err) {
        // The entry stays as it was; it is bound (or re-encrypted) again on the next read.
        log.warn(`re-writing the key of profile ${profile} failed`, err);
      }
    }
    return { entry };
  }

  const vault: KeyVault = {
    get: (profile, origin) =>
      serial(async () => {
        const found = await lookup(profile, origin);
        if (!found) return null;
        if (found.entry.origin !== origin) {
          const pair = `${profile} ${found.entry.origin} ${origin}`;
          if (pair !== lastMismatch) {
            lastMismatch = pair;
            log.warn(
              `the stored key of profile ${profile} was entered for ${found.entry.origin}, not ${origin}: it is not sent there`,
            );
          }
          return null;
        }
        return found.entry.key;
      }),
    status: (profile, origin) =>
      serial(async (): Promise<KeyStatus> => {
        const found = await lookup(profile, origin);
        if (!found) return { state: 'none' };
        return found.entry.origin === origin ? { state: 'set' } : { state: 'other-origin', origin: found.entry.origin };
      }),
    set: (profile, key, origin, options = {}) =>
      serial(async (): Promise<Result<void>> => {
        registerSecret(key);
        const refused = codec.refusal?.(options);
        if (refused) return fail('validation', refused);
        const blob = await read();
        blob.set(profile, { legacy: false, value: await codec.encode(Entry.parse({ key, origin })) });
        await write(blob);
        return ok(undefined);
      }),
    clear: (profile) =>
      serial(async () => {
        const blob = await read();
        const stored = blob.get(profile);
        if (stored === undefined) return;
        blob.delete(profile);
        await write(blob);
        const key = stored.legacy
          ? await codec.decodeLegacy(stored.value).catch(() => undefined)
          : await codec.decode(stored.value).then(
              ({ entry }) => entry.key,
              () => undefined,
            );
        forgetSecret(key);
      }),
    has: (profile) => serial(async () => (await read()).has(profile)),
    describe: description,
    ...(warning ? { warning } : {}),
  };
  return vault;
}

/** File name of the web host's plain key store inside the config dir. */
export const FILE_VAULT_NAME = 'keys.json';
/** File name of the desktop's encrypted key store inside userData. */
export const SAFE_STORAGE_VAULT_NAME = 'keys.safestorage.json';

/** Web host vault: plain `<dir>/keys.json`, mode 0600 in a 0700 dir (no OS keychain without Electron). */
export function createFileVault(dir: string): KeyVault {
  return createJsonVault(
    join(dir, FILE_VAULT_NAME),
    {
      encode: async (entry) => ({ key: entry.key, origin: entry.origin }),
      decode: async (stored) => ({ entry: Entry.parse(stored), reencode: false }),
      decodeLegacy: async (stored) => {
        if (stored.length === 0) throw new Error('empty key');
        return stored;
      },
    },
    () => 'file readable only by your user (web host; no OS keychain)',
  );
}

/**
 * Desktop vault: `<dir>/keys.safestorage.json`, each entry the `safeStorage` ciphertext of `{"key","origin"}` in base64.
 * `set` throws when encryption is unavailable rather than storing a key in clear, and refuses Linux's `basic_text`
 * backend (a public password) unless the user opted in (docs/desktop.md#key-storage). `platform`: for tests.
 */
export function createSafeStorageVault(
  safeStorage: SafeStorageLike,
  dir: string,
  platform: NodeJS.Platform = process.platform,
): KeyVault {
  const decrypt = async (stored: unknown): Promise<{ text: string; reencode: boolean }> => {
    if (typeof stored !== 'string' || stored.length === 0) throw new Error('not a base64 ciphertext');
    const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(Buffer.from(stored, 'base64'));
    return { text: result, reencode: shouldReEncrypt };
  };
  const asEntry = (text: string): Entry | null => {
    try {
      const parsed = Entry.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };
  const codec: Codec = {
    refusal: ({ allowWeakStorage }) =>
      backend() === WEAK_KEY_STORAGE_BACKEND && !allowWeakStorage ? WEAK_STORAGE_REFUSAL : undefined,
    async encode(entry) {
      if (!(await safeStorage.isAsyncEncryptionAvailable())) {
        throw new Error('OS encryption (Electron safeStorage) is not available, so the key was not saved.');
      }
      return (await safeStorage.encryptStringAsync(JSON.stringify({ key: entry.key, origin: entry.origin }))).toString('base64');
    },
    async decode(stored) {
      const { text, reencode } = await decrypt(stored);
      const entry = asEntry(text);
      if (!entry) throw new Error('the decrypted entry is not {key, origin}');
      return { entry, reencode };
    },
    async decodeLegacy(stored) {
      const { text } = await decrypt(stored);
      // A v2 ciphertext moved into a v1 blob would otherwise be read as a "key" holding the key.
      if (text.length === 0 || asEntry(text)) throw new Error('not a v1 key');
      return text;
    },
  };
  const backend = (): string | undefined => {
    try {
      // Linux-only API; absent or throwing elsewhere.
      return platform === 'linux' ? safeStorage.getSelectedStorageBackend?.() : undefined;
    } catch {
      return undefined;
    }
  };
  return createJsonVault(
    join(dir, SAFE_STORAGE_VAULT_NAME),
    codec,
    () => {
      const b = backend();
      if (b === WEAK_KEY_STORAGE_BACKEND) {
        // isWeakKeyStorage (the page's "Store anyway") reads the backend's name in this sentence.
        return `Electron safeStorage with the ${b} backend: no OS keyring was found, so the key is only obfuscated on disk`;
      }
      return b && b !== 'unknown' ? `OS keychain via Electron safeStorage (${b})` : 'OS keychain via Electron safeStorage';
    },
    () => (backend() === WEAK_KEY_STORAGE_BACKEND ? BASIC_TEXT_WARNING : undefined),
  );
}

/** Shown in Settings when Linux has no keyring (safeStorage backend `basic_text`). */
export const BASIC_TEXT_WARNING =
  'No OS keyring (GNOME Keyring, KWallet) was found: your API key is stored obfuscated, not encrypted. ' +
  'Anyone who can read your user files can recover it. Install and unlock a keyring, then set the key again.';

/** `keys:set`'s answer (`validation`) on the `basic_text` backend without the user's opt-in. */
export const WEAK_STORAGE_REFUSAL =
  'This Linux session has no keyring: the key would be stored with a publicly known password. ' +
  "Tick 'Store anyway' to store it like that, or install and unlock GNOME Keyring or KWallet and save the key again.";
