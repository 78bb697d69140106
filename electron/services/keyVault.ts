import { join } from 'node:path';
import { z } from 'zod';
import type { ProfileName } from '../../shared/index.js';
import { createSerialQueue, readJsonFile, writeFileAtomic } from './fsutil.js';
import { createLogger } from './logger.js';
import { forgetSecret, registerSecret } from './redact.js';

/**
 * Where API keys live (CONVENTIONS.md §5). Only main-side code holds a vault; nothing it returns
 * crosses the bridge except `has()` (as `keySet`) and `describe()`.
 */
export interface KeyVault {
  /** The key of `profile`, or null when none is set (or the stored one cannot be read any more). */
  get(profile: ProfileName): Promise<string | null>;
  set(profile: ProfileName, key: string): Promise<void>;
  clear(profile: ProfileName): Promise<void>;
  has(profile: ProfileName): Promise<boolean>;
  /** Where keys are kept, in words for the Settings page. */
  describe(): string;
  /** A warning for the Settings page when keys are not protected by an OS keyring, else undefined. */
  warning?(): string | undefined;
}

/**
 * The slice of Electron's `safeStorage` the vault uses (async API of Electron 45; the sync calls
 * are deprecated). Declared here so services/ never imports `electron`.
 */
export interface SafeStorageLike {
  encryptStringAsync(plainText: string): Promise<Buffer>;
  decryptStringAsync(encrypted: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }>;
  isAsyncEncryptionAvailable(): Promise<boolean>;
  getSelectedStorageBackend?(): string;
}

/**
 * On-disk blob, versioned so a future format is never misread: `{ v: 1, profiles: { remote: "…" } }`.
 * One entry per profile name: each profile holds its own key (today only `remote` sets one; the
 * embedded server's key is generated per run and never stored).
 */
const Blob = z.object({ v: z.literal(1), profiles: z.record(z.string(), z.string()) });
type Blob = z.infer<typeof Blob>;

const log = createLogger('keys');

interface Codec {
  encode(key: string): Promise<string>;
  /** Returns the key and whether it should be re-encoded (rotated OS key). */
  decode(stored: string): Promise<{ key: string; reencode: boolean }>;
}

function createJsonVault(file: string, codec: Codec, description: () => string, warning?: () => string | undefined): KeyVault {
  const serial = createSerialQueue();

  async function read(): Promise<Blob> {
    let raw: unknown;
    try {
      raw = await readJsonFile(file);
    } catch (err) {
      log.warn(`key store ${file} is unreadable; treating it as empty`, err);
      return { v: 1, profiles: {} };
    }
    if (raw === undefined) return { v: 1, profiles: {} };
    const parsed = Blob.safeParse(raw);
    if (!parsed.success) {
      log.warn(`key store ${file} has an unknown format; treating it as empty`);
      return { v: 1, profiles: {} };
    }
    return parsed.data;
  }

  const write = (blob: Blob): Promise<void> => writeFileAtomic(file, `${JSON.stringify(blob, null, 2)}\n`, 0o600);

  const vault: KeyVault = {
    get: (profile) =>
      serial(async () => {
        const stored = (await read()).profiles[profile];
        if (stored === undefined) return null;
        try {
          const { key, reencode } = await codec.decode(stored);
          registerSecret(key);
          if (reencode) {
            const blob = await read();
            blob.profiles[profile] = await codec.encode(key);
            await write(blob);
          }
          return key;
        } catch (err) {
          log.warn(`the stored key of profile ${profile} cannot be decrypted; set it again`, err);
          return null;
        }
      }),
    set: (profile, key) =>
      serial(async () => {
        registerSecret(key);
        const blob = await read();
        blob.profiles[profile] = await codec.encode(key);
        await write(blob);
      }),
    clear: (profile) =>
      serial(async () => {
        const blob = await read();
        if (!(profile in blob.profiles)) return;
        const stored = blob.profiles[profile];
        delete blob.profiles[profile];
        await write(blob);
        if (stored !== undefined) await codec.decode(stored).then(({ key }) => forgetSecret(key), () => undefined);
      }),
    has: (profile) => serial(async () => (await read()).profiles[profile] !== undefined),
    describe: description,
    ...(warning ? { warning } : {}),
  };
  return vault;
}

/** File name of the web host's plain key store inside the config dir. */
export const FILE_VAULT_NAME = 'keys.json';
/** File name of the desktop's encrypted key store inside userData. */
export const SAFE_STORAGE_VAULT_NAME = 'keys.safestorage.json';

/**
 * Web host vault: keys in `<dir>/keys.json`, mode 0600 in a 0700 dir, written via temp + rename.
 * No encryption: there is no OS keychain without Electron; the file mode is the protection.
 */
export function createFileVault(dir: string): KeyVault {
  return createJsonVault(
    join(dir, FILE_VAULT_NAME),
    { encode: async (key) => key, decode: async (key) => ({ key, reencode: false }) },
    () => 'file readable only by your user (web host; no OS keychain)',
  );
}

/**
 * Desktop vault: keys encrypted with Electron `safeStorage` (async API), stored base64 in
 * `<dir>/keys.safestorage.json`. `set` throws when encryption is unavailable rather than
 * storing a key in clear. On Linux without a keyring the backend is `basic_text`; describe() says so.
 */
export function createSafeStorageVault(safeStorage: SafeStorageLike, dir: string): KeyVault {
  const codec: Codec = {
    async encode(key) {
      if (!(await safeStorage.isAsyncEncryptionAvailable())) {
        throw new Error('OS encryption (Electron safeStorage) is not available, so the key was not saved.');
      }
      return (await safeStorage.encryptStringAsync(key)).toString('base64');
    },
    async decode(stored) {
      const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(Buffer.from(stored, 'base64'));
      return { key: result, reencode: shouldReEncrypt };
    },
  };
  const backend = (): string | undefined => {
    try {
      // Linux-only API; absent or throwing elsewhere.
      return process.platform === 'linux' ? safeStorage.getSelectedStorageBackend?.() : undefined;
    } catch {
      return undefined;
    }
  };
  return createJsonVault(
    join(dir, SAFE_STORAGE_VAULT_NAME),
    codec,
    () => {
      const b = backend();
      if (b === 'basic_text') {
        return 'Electron safeStorage with the basic_text backend: no OS keyring was found, so the key is only obfuscated on disk';
      }
      return b && b !== 'unknown' ? `OS keychain via Electron safeStorage (${b})` : 'OS keychain via Electron safeStorage';
    },
    () => (backend() === 'basic_text' ? BASIC_TEXT_WARNING : undefined),
  );
}

/** Shown in Settings when Linux has no keyring (safeStorage backend `basic_text`). */
export const BASIC_TEXT_WARNING =
  'No OS keyring (GNOME Keyring, KWallet) was found: your API key is stored obfuscated, not encrypted. ' +
  'Anyone who can read your user files can recover it. Install and unlock a keyring, then set the key again.';
