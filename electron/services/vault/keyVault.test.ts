import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setLogSink } from '../common/logger.js';
import {
  BASIC_TEXT_WARNING,
  FILE_VAULT_NAME,
  SAFE_STORAGE_VAULT_NAME,
  WEAK_STORAGE_REFUSAL,
  createFileVault,
  createSafeStorageVault,
} from './keyVault.js';
import type { SafeStorageLike } from './keyVault.js';

const KEY = 'gs_TestKey_1234567890abcdefXYZ';
const ORIGIN = 'https://api.example.com';
const OTHER = 'http://127.0.0.1:8787';

/** A fake safeStorage that really transforms bytes: marker + XOR, so plaintext never hits disk. */
function fakeSafeStorage(
  opts: { available?: boolean; backend?: string; rotate?: boolean } = {},
): SafeStorageLike & { calls: string[] } {
  const calls: string[] = [];
  const MARK = Buffer.from('FAKEENC1');
  const xor = (b: Buffer): Buffer => Buffer.from(b.map((x) => x ^ 0x5a));
  return {
    calls,
    isAsyncEncryptionAvailable: async () => opts.available ?? true,
    encryptStringAsync: async (s) => {
      calls.push('encrypt');
      return Buffer.concat([MARK, xor(Buffer.from(s, 'utf8'))]);
    },
    decryptStringAsync: async (b) => {
      calls.push('decrypt');
      if (!b.subarray(0, MARK.length).equals(MARK)) throw new Error('not ours');
      return { result: xor(b.subarray(MARK.length)).toString('utf8'), shouldReEncrypt: opts.rotate ?? false };
    },
    getSelectedStorageBackend: () => opts.backend ?? 'gnome_libsecret',
  };
}

/** Encrypts like {@link fakeSafeStorage}, for blobs written by hand. */
const fakeEncrypt = (plain: string): string =>
  Buffer.concat([Buffer.from('FAKEENC1'), Buffer.from(Buffer.from(plain, 'utf8').map((x) => x ^ 0x5a))]).toString('base64');
const fakeDecrypt = (b64: string): string =>
  Buffer.from(
    Buffer.from(b64, 'base64')
      .subarray(8)
      .map((x) => x ^ 0x5a),
  ).toString('utf8');

let dir: string;
const logged: string[] = [];
beforeAll(() => setLogSink((_level, line) => void logged.push(line), 'info'));
afterAll(() => setLogSink());
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'gs-vault-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('file vault (web host)', () => {
  it('round-trips, reports has, and clears', async () => {
    const vault = createFileVault(join(dir, 'cfg'));
    expect(await vault.has('remote')).toBe(false);
    expect(await vault.get('remote', ORIGIN)).toBeNull();
    await vault.set('remote', KEY, ORIGIN);
    expect(await vault.has('remote')).toBe(true);
    expect(await vault.get('remote', ORIGIN)).toBe(KEY);
    expect(await createFileVault(join(dir, 'cfg')).get('remote', ORIGIN)).toBe(KEY);
    await vault.clear('remote');
    expect(await vault.has('remote')).toBe(false);
    expect(await vault.get('remote', ORIGIN)).toBeNull();
  });

  it.skipIf(process.platform === 'win32')('writes the file with mode 0600 in a 0700 dir, without temp leftovers', async () => {
    const cfg = join(dir, 'cfg');
    const vault = createFileVault(cfg);
    await vault.set('remote', KEY, ORIGIN);
    await vault.set('remote', `${KEY}2`, ORIGIN);
    expect((await stat(join(cfg, FILE_VAULT_NAME))).mode & 0o777).toBe(0o600);
    expect((await stat(cfg)).mode & 0o777).toBe(0o700);
    const { readdir } = await import('node:fs/promises');
    expect(await readdir(cfg)).toEqual([FILE_VAULT_NAME]);
  });

  it('stores a versioned blob and says where keys live', async () => {
    const vault = createFileVault(dir);
    await vault.set('remote', KEY, ORIGIN);
    expect(JSON.parse(await readFile(join(dir, FILE_VAULT_NAME), 'utf8'))).toEqual({
      v: 2,
      profiles: { remote: { key: KEY, origin: ORIGIN } },
    });
    expect(vault.describe()).toBe('file readable only by your user (web host; no OS keychain)');
  });

  it('treats a corrupt or future-version file as empty, and set() repairs it', async () => {
    await writeFile(join(dir, FILE_VAULT_NAME), '{"v":3,"profiles":{"remote":"x"}}');
    const vault = createFileVault(dir);
    expect(await vault.get('remote', ORIGIN)).toBeNull();
    await writeFile(join(dir, FILE_VAULT_NAME), 'not json');
    expect(await vault.has('remote')).toBe(false);
    await vault.set('remote', KEY, ORIGIN);
    expect(await vault.get('remote', ORIGIN)).toBe(KEY);
    expect(logged.some((l) => l.includes('unknown format') && l.includes(dir))).toBe(true);
  });

  it('serialises concurrent writes', async () => {
    const vault = createFileVault(dir);
    await Promise.all(Array.from({ length: 10 }, (_, i) => vault.set('remote', `${KEY}-${i}`, ORIGIN)));
    expect(await vault.get('remote', ORIGIN)).toBe(`${KEY}-9`);
  });
});

describe('safeStorage vault (desktop)', () => {
  it('round-trips through the async API and never writes the plaintext key', async () => {
    const safe = fakeSafeStorage();
    const vault = createSafeStorageVault(safe, dir);
    await vault.set('remote', KEY, ORIGIN);
    const onDisk = await readFile(join(dir, SAFE_STORAGE_VAULT_NAME), 'utf8');
    expect(onDisk).not.toContain(KEY);
    expect(Buffer.from(onDisk).includes(Buffer.from(KEY))).toBe(false);
    expect(onDisk).not.toContain(ORIGIN); // the origin is encrypted with the key
    const blob = JSON.parse(onDisk) as { v: number; profiles: Record<string, string> };
    expect(blob.v).toBe(2);
    expect(Object.keys(blob.profiles)).toEqual(['remote']);
    expect(
      Buffer.from(blob.profiles.remote ?? '', 'base64')
        .subarray(0, 8)
        .toString(),
    ).toBe('FAKEENC1');
    expect(fakeDecrypt(blob.profiles.remote ?? '')).toBe(JSON.stringify({ key: KEY, origin: ORIGIN }));
    expect(await vault.get('remote', ORIGIN)).toBe(KEY);
    expect(await vault.has('remote')).toBe(true);
    await vault.clear('remote');
    expect(await vault.get('remote', ORIGIN)).toBeNull();
    expect(safe.calls).toContain('encrypt');
    expect(safe.calls).toContain('decrypt');
  });

  it('refuses to store a key when encryption is unavailable', async () => {
    const vault = createSafeStorageVault(fakeSafeStorage({ available: false }), dir);
    await expect(vault.set('remote', KEY, ORIGIN)).rejects.toThrow(/not available/);
    expect(await vault.has('remote')).toBe(false);
  });

  it('re-encrypts when safeStorage asks for it', async () => {
    const safe = fakeSafeStorage({ rotate: true });
    const vault = createSafeStorageVault(safe, dir);
    await vault.set('remote', KEY, ORIGIN);
    safe.calls.length = 0;
    expect(await vault.get('remote', ORIGIN)).toBe(KEY);
    expect(safe.calls).toEqual(['decrypt', 'encrypt']);
  });

  it('returns null when the stored blob cannot be decrypted', async () => {
    for (const v of [1, 2]) {
      await writeFile(
        join(dir, SAFE_STORAGE_VAULT_NAME),
        JSON.stringify({ v, profiles: { remote: Buffer.from('junk').toString('base64') } }),
      );
      const vault = createSafeStorageVault(fakeSafeStorage(), dir);
      expect(await vault.get('remote', ORIGIN)).toBeNull();
      expect(await vault.status('remote', ORIGIN)).toEqual({ state: 'none' });
      expect(await vault.has('remote')).toBe(true); // still there: setRemoteUrl / keys:clear can delete it
    }
  });

  it('warns about the basic_text backend', () => {
    const weak = createSafeStorageVault(fakeSafeStorage({ backend: 'basic_text' }), dir, 'linux');
    expect(weak.describe()).toMatch(/basic_text.*obfuscated/);
    expect(weak.warning?.()).toBe(BASIC_TEXT_WARNING);
    const strong = createSafeStorageVault(fakeSafeStorage(), dir, 'linux');
    expect(strong.describe()).toMatch(/OS keychain via Electron safeStorage/);
    expect(strong.warning?.()).toBeUndefined();
  });

  it('on basic_text (Linux without a keyring) refuses to store a key unless the user opts in', async () => {
    const safe = fakeSafeStorage({ backend: 'basic_text' });
    const weak = createSafeStorageVault(safe, dir, 'linux');
    expect(await weak.set('remote', KEY, ORIGIN)).toEqual({
      ok: false,
      error: { code: 'validation', message: WEAK_STORAGE_REFUSAL },
    });
    expect(await weak.set('remote', KEY, ORIGIN, { allowWeakStorage: false })).toMatchObject({ ok: false });
    expect(WEAK_STORAGE_REFUSAL).toMatch(/^This Linux session has no keyring: .* publicly known password\. Tick 'Store anyway'/);
    expect(await weak.has('remote')).toBe(false);
    expect(safe.calls).not.toContain('encrypt');
    expect(await weak.set('remote', KEY, ORIGIN, { allowWeakStorage: true })).toEqual({ ok: true, value: undefined });
    expect(await weak.get('remote', ORIGIN)).toBe(KEY);
    expect(await readFile(join(dir, SAFE_STORAGE_VAULT_NAME), 'utf8')).not.toContain(KEY);
  });

  it('stores without an opt-in on a keyring backend, and off Linux (where the backend is not asked)', async () => {
    expect(await createSafeStorageVault(fakeSafeStorage(), dir, 'linux').set('remote', KEY, ORIGIN)).toEqual({
      ok: true,
      value: undefined,
    });
    const elsewhere = createSafeStorageVault(fakeSafeStorage({ backend: 'basic_text' }), dir, 'darwin');
    expect(await elsewhere.set('remote', `${KEY}2`, ORIGIN)).toMatchObject({ ok: true });
    expect(await elsewhere.get('remote', ORIGIN)).toBe(`${KEY}2`);
    expect(elsewhere.warning?.()).toBeUndefined();
  });

  it('holds one key per profile, each encrypted on its own', async () => {
    const vault = createSafeStorageVault(fakeSafeStorage(), dir);
    await vault.set('remote', KEY, ORIGIN);
    await vault.set('embedded', `${KEY}-embedded`, ORIGIN);
    expect(await vault.get('remote', ORIGIN)).toBe(KEY);
    expect(await vault.get('embedded', ORIGIN)).toBe(`${KEY}-embedded`);
    await vault.clear('embedded');
    expect(await vault.has('embedded')).toBe(false);
    expect(await vault.get('remote', ORIGIN)).toBe(KEY);
    const blob = JSON.parse(await readFile(join(dir, SAFE_STORAGE_VAULT_NAME), 'utf8')) as { profiles: Record<string, string> };
    expect(Object.keys(blob.profiles)).toEqual(['remote']);
  });
});

const kinds = [
  { name: 'file vault', file: FILE_VAULT_NAME, make: () => createFileVault(dir), legacyEntry: (key: string) => key },
  {
    name: 'safeStorage vault',
    file: SAFE_STORAGE_VAULT_NAME,
    make: () => createSafeStorageVault(fakeSafeStorage(), dir),
    legacyEntry: fakeEncrypt,
  },
];

describe.each(kinds)('$name: every key is bound to the origin it was entered for', ({ file, make, legacyEntry }) => {
  const readBlob = async (): Promise<{ v: number; profiles: Record<string, unknown> }> =>
    JSON.parse(await readFile(join(dir, file), 'utf8')) as never;

  it('round-trips key and origin; another origin gets no key, only a status naming the stored origin', async () => {
    const vault = make();
    expect(await vault.status('remote', ORIGIN)).toEqual({ state: 'none' });
    await vault.set('remote', KEY, ORIGIN);
    expect(await vault.status('remote', ORIGIN)).toEqual({ state: 'set' });
    expect(await make().get('remote', ORIGIN)).toBe(KEY); // survives a restart
    logged.length = 0;
    expect(await vault.get('remote', OTHER)).toBeNull();
    expect(await vault.status('remote', OTHER)).toEqual({ state: 'other-origin', origin: ORIGIN });
    expect(await vault.has('remote')).toBe(true);
    // The refusal is logged once per pair of origins, naming both, never the key.
    await vault.get('remote', OTHER);
    const warnings = logged.filter((l) => l.includes('not sent there'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(ORIGIN);
    expect(warnings[0]).toContain(OTHER);
    expect(logged.join('\n')).not.toContain(KEY);
    await vault.set('remote', `${KEY}-2`, OTHER);
    expect(await vault.get('remote', ORIGIN)).toBeNull();
    expect(await vault.get('remote', OTHER)).toBe(`${KEY}-2`);
    expect((await readBlob()).v).toBe(2);
  });

  it('binds a v1 entry to the origin of its first read and rewrites the blob as v2', async () => {
    await writeFile(join(dir, file), JSON.stringify({ v: 1, profiles: { remote: legacyEntry(KEY) } }));
    const vault = make();
    expect(await vault.has('remote')).toBe(true);
    expect(await vault.status('remote', ORIGIN)).toEqual({ state: 'set' });
    const blob = await readBlob();
    expect(blob.v).toBe(2);
    expect(blob.profiles.remote).not.toEqual(legacyEntry(KEY));
    expect(logged.some((l) => l.includes(`now bound to ${ORIGIN}`))).toBe(true);
    // Bound once: a later read for another origin (settings edited after the upgrade) gets nothing.
    expect(await make().get('remote', OTHER)).toBeNull();
    expect(await make().get('remote', ORIGIN)).toBe(KEY);
  });

  it('a v1 entry first read by get() is bound too', async () => {
    await writeFile(join(dir, file), JSON.stringify({ v: 1, profiles: { remote: legacyEntry(KEY) } }));
    expect(await make().get('remote', OTHER)).toBe(KEY);
    expect(await make().status('remote', ORIGIN)).toEqual({ state: 'other-origin', origin: OTHER });
  });

  it('a v1 entry of another profile has no origin to be bound to: the migration drops it (logged)', async () => {
    await writeFile(
      join(dir, file),
      JSON.stringify({ v: 1, profiles: { remote: legacyEntry(KEY), embedded: legacyEntry(`${KEY}-e`) } }),
    );
    expect(await make().get('remote', ORIGIN)).toBe(KEY);
    expect(Object.keys((await readBlob()).profiles)).toEqual(['remote']);
    expect(logged.some((l) => l.includes('profile embedded has no origin and was dropped'))).toBe(true);
  });

  it('keys:clear of a v1 entry deletes it', async () => {
    await writeFile(join(dir, file), JSON.stringify({ v: 1, profiles: { remote: legacyEntry(KEY) } }));
    const vault = make();
    await vault.clear('remote');
    expect(await vault.has('remote')).toBe(false);
    expect(await readBlob()).toEqual({ v: 2, profiles: {} });
  });

  it('an altered v2 entry counts as no key', async () => {
    const notAnOrigin = [
      { key: KEY, origin: 'The stored key belongs to <b>me</b>' },
      { key: KEY, origin: `${ORIGIN}/path` },
    ];
    for (const entry of [{ key: KEY }, { origin: ORIGIN }, 42, '', legacyEntry(KEY), ...notAnOrigin]) {
      await writeFile(join(dir, file), JSON.stringify({ v: 2, profiles: { remote: entry } }));
      const vault = make();
      expect(await vault.get('remote', ORIGIN)).toBeNull();
      expect(await vault.status('remote', ORIGIN)).toEqual({ state: 'none' });
    }
  });
});

describe('safeStorage vault: the origin is under the encryption', () => {
  it('an entry that does not decrypt to {key, origin} is no key, also a v2 ciphertext moved into a v1 blob', async () => {
    const vault = createSafeStorageVault(fakeSafeStorage(), dir);
    await vault.set('remote', KEY, ORIGIN);
    const v2 = JSON.parse(await readFile(join(dir, SAFE_STORAGE_VAULT_NAME), 'utf8')) as { profiles: { remote: string } };
    // Downgrading the blob would otherwise read the JSON as a legacy "key" and bind it to any origin.
    await writeFile(join(dir, SAFE_STORAGE_VAULT_NAME), JSON.stringify({ v: 1, profiles: { remote: v2.profiles.remote } }));
    expect(await vault.get('remote', OTHER)).toBeNull();
    expect(await vault.status('remote', OTHER)).toEqual({ state: 'none' });
    for (const plain of ['{"key":"k-123456789"}', 'null', '{']) {
      await writeFile(join(dir, SAFE_STORAGE_VAULT_NAME), JSON.stringify({ v: 2, profiles: { remote: fakeEncrypt(plain) } }));
      expect(await vault.get('remote', ORIGIN)).toBeNull();
    }
    const failing = { ...fakeSafeStorage(), decryptStringAsync: async () => Promise.reject(new Error('keychain locked')) };
    await createSafeStorageVault(fakeSafeStorage(), dir).set('remote', KEY, ORIGIN);
    expect(await createSafeStorageVault(failing, dir).get('remote', ORIGIN)).toBeNull();
    expect(await createSafeStorageVault(failing, dir).status('remote', ORIGIN)).toEqual({ state: 'none' });
  });

  it('re-encrypting a rotated entry keeps its origin', async () => {
    const vault = createSafeStorageVault(fakeSafeStorage({ rotate: true }), dir);
    await vault.set('remote', KEY, ORIGIN);
    expect(await vault.get('remote', ORIGIN)).toBe(KEY);
    expect(await vault.get('remote', OTHER)).toBeNull();
    expect(await vault.status('remote', OTHER)).toEqual({ state: 'other-origin', origin: ORIGIN });
  });
});
