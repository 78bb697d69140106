import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setLogSink } from './logger.js';
import { BASIC_TEXT_WARNING, FILE_VAULT_NAME, SAFE_STORAGE_VAULT_NAME, createFileVault, createSafeStorageVault } from './keyVault.js';
import type { SafeStorageLike } from './keyVault.js';

const KEY = 'gs_TestKey_1234567890abcdefXYZ';

/** A fake safeStorage that really transforms bytes: marker + XOR, so plaintext never hits disk. */
function fakeSafeStorage(opts: { available?: boolean; backend?: string; rotate?: boolean } = {}): SafeStorageLike & { calls: string[] } {
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

let dir: string;
const logged: string[] = [];
beforeAll(() => setLogSink((_level, line) => void logged.push(line)));
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
    expect(await vault.get('remote')).toBeNull();
    await vault.set('remote', KEY);
    expect(await vault.has('remote')).toBe(true);
    expect(await vault.get('remote')).toBe(KEY);
    // A second instance reads the same file.
    expect(await createFileVault(join(dir, 'cfg')).get('remote')).toBe(KEY);
    await vault.clear('remote');
    expect(await vault.has('remote')).toBe(false);
    expect(await vault.get('remote')).toBeNull();
  });

  it.skipIf(process.platform === 'win32')('writes the file with mode 0600 in a 0700 dir, without temp leftovers', async () => {
    const cfg = join(dir, 'cfg');
    const vault = createFileVault(cfg);
    await vault.set('remote', KEY);
    await vault.set('remote', `${KEY}2`);
    expect((await stat(join(cfg, FILE_VAULT_NAME))).mode & 0o777).toBe(0o600);
    expect((await stat(cfg)).mode & 0o777).toBe(0o700);
    const { readdir } = await import('node:fs/promises');
    expect(await readdir(cfg)).toEqual([FILE_VAULT_NAME]);
  });

  it('stores a versioned blob and says where keys live', async () => {
    const vault = createFileVault(dir);
    await vault.set('remote', KEY);
    expect(JSON.parse(await readFile(join(dir, FILE_VAULT_NAME), 'utf8'))).toEqual({ v: 1, profiles: { remote: KEY } });
    expect(vault.describe()).toBe('file readable only by your user (web host; no OS keychain)');
  });

  it('treats a corrupt or future-version file as empty, and set() repairs it', async () => {
    await writeFile(join(dir, FILE_VAULT_NAME), '{"v":2,"profiles":{"remote":"x"}}');
    const vault = createFileVault(dir);
    expect(await vault.get('remote')).toBeNull();
    await writeFile(join(dir, FILE_VAULT_NAME), 'not json');
    expect(await vault.has('remote')).toBe(false);
    await vault.set('remote', KEY);
    expect(await vault.get('remote')).toBe(KEY);
    expect(logged.some((l) => l.includes('unknown format') && l.includes(dir))).toBe(true);
  });

  it('serialises concurrent writes', async () => {
    const vault = createFileVault(dir);
    await Promise.all(Array.from({ length: 10 }, (_, i) => vault.set('remote', `${KEY}-${i}`)));
    expect(await vault.get('remote')).toBe(`${KEY}-9`);
  });
});

describe('safeStorage vault (desktop)', () => {
  it('round-trips through the async API and never writes the plaintext key', async () => {
    const safe = fakeSafeStorage();
    const vault = createSafeStorageVault(safe, dir);
    await vault.set('remote', KEY);
    const onDisk = await readFile(join(dir, SAFE_STORAGE_VAULT_NAME), 'utf8');
    expect(onDisk).not.toContain(KEY);
    expect(Buffer.from(onDisk).includes(Buffer.from(KEY))).toBe(false);
    const blob = JSON.parse(onDisk) as { v: number; profiles: Record<string, string> };
    expect(blob.v).toBe(1);
    expect(Object.keys(blob.profiles)).toEqual(['remote']);
    expect(Buffer.from(blob.profiles.remote ?? '', 'base64').subarray(0, 8).toString()).toBe('FAKEENC1');
    expect(await vault.get('remote')).toBe(KEY);
    expect(await vault.has('remote')).toBe(true);
    await vault.clear('remote');
    expect(await vault.get('remote')).toBeNull();
    expect(safe.calls).toContain('encrypt');
    expect(safe.calls).toContain('decrypt');
  });

  it('refuses to store a key when encryption is unavailable', async () => {
    const vault = createSafeStorageVault(fakeSafeStorage({ available: false }), dir);
    await expect(vault.set('remote', KEY)).rejects.toThrow(/not available/);
    expect(await vault.has('remote')).toBe(false);
  });

  it('re-encrypts when safeStorage asks for it', async () => {
    const safe = fakeSafeStorage({ rotate: true });
    const vault = createSafeStorageVault(safe, dir);
    await vault.set('remote', KEY);
    safe.calls.length = 0;
    expect(await vault.get('remote')).toBe(KEY);
    expect(safe.calls).toEqual(['decrypt', 'encrypt']);
  });

  it('returns null when the stored blob cannot be decrypted', async () => {
    await writeFile(join(dir, SAFE_STORAGE_VAULT_NAME), JSON.stringify({ v: 1, profiles: { remote: Buffer.from('junk').toString('base64') } }));
    expect(await createSafeStorageVault(fakeSafeStorage(), dir).get('remote')).toBeNull();
  });

  it.runIf(process.platform === 'linux')('warns about the basic_text backend', () => {
    const weak = createSafeStorageVault(fakeSafeStorage({ backend: 'basic_text' }), dir);
    expect(weak.describe()).toMatch(/basic_text.*obfuscated/);
    expect(weak.warning?.()).toBe(BASIC_TEXT_WARNING);
    const strong = createSafeStorageVault(fakeSafeStorage(), dir);
    expect(strong.describe()).toMatch(/OS keychain via Electron safeStorage/);
    expect(strong.warning?.()).toBeUndefined();
  });

  it('holds one key per profile, each encrypted on its own', async () => {
    const vault = createSafeStorageVault(fakeSafeStorage(), dir);
    await vault.set('remote', KEY);
    await vault.set('embedded', `${KEY}-embedded`);
    expect(await vault.get('remote')).toBe(KEY);
    expect(await vault.get('embedded')).toBe(`${KEY}-embedded`);
    await vault.clear('embedded');
    expect(await vault.has('embedded')).toBe(false);
    expect(await vault.get('remote')).toBe(KEY);
    const blob = JSON.parse(await readFile(join(dir, SAFE_STORAGE_VAULT_NAME), 'utf8')) as { profiles: Record<string, string> };
    expect(Object.keys(blob.profiles)).toEqual(['remote']);
  });
});
