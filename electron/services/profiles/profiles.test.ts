import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileVault } from '../vault/keyVault.js';
import type { KeyVault } from '../vault/keyVault.js';
import { setLogSink } from '../common/logger.js';
import { DEFAULT_SETTINGS, SETTINGS_FILE, createProfiles, originOf } from './profiles.js';

let dir: string;
const REMOTE_KEY = 'remote-key-bound-to-an-origin';
const API = 'https://api.example.com';
const DEFAULT_ORIGIN = 'https://api.gridstatus.io';
const makeWith = (vault: KeyVault) => createProfiles({ configDir: dir, vault, embeddedStatus: () => ({ status: 'running' }) });
const make = () => makeWith(createFileVault(dir));

beforeEach(async () => {
  setLogSink(() => undefined);
  dir = await mkdtemp(join(tmpdir(), 'gs-profiles-'));
});
afterEach(async () => {
  setLogSink();
  await rm(dir, { recursive: true, force: true });
});

describe('profiles', () => {
  it('starts from defaults and persists changes (0600, versioned)', async () => {
    expect(await make().settings()).toEqual(DEFAULT_SETTINGS);
    const p = make();
    await p.setActive('remote');
    expect(await p.setRemoteUrl('https://example.com/api/v1/')).toEqual({
      settings: {
        v: 1,
        active: 'remote',
        remote: { baseUrl: 'https://example.com/api/v1', cacheTtlSeconds: 0 },
        embedded: { cacheTtlSeconds: 0 },
      },
      keyDeleted: false,
    });
    const onDisk = JSON.parse(await readFile(join(dir, SETTINGS_FILE), 'utf8')) as unknown;
    expect(onDisk).toEqual({
      v: 1,
      active: 'remote',
      remote: { baseUrl: 'https://example.com/api/v1', cacheTtlSeconds: 0 },
      embedded: { cacheTtlSeconds: 0 },
    });
    if (process.platform !== 'win32') expect((await stat(join(dir, SETTINGS_FILE))).mode & 0o777).toBe(0o600);
    expect((await make().state()).remote).toEqual({ baseUrl: 'https://example.com/api/v1', keySet: false, cacheTtlSeconds: 0 });
  });

  it('reads a file written before cache settings existed, and keeps a TTL per profile', async () => {
    await writeFile(join(dir, SETTINGS_FILE), '{"v":1,"active":"remote","remote":{"baseUrl":"https://example.com/v1"}}');
    const p = make();
    expect(await p.settings()).toEqual({
      v: 1,
      active: 'remote',
      remote: { baseUrl: 'https://example.com/v1', cacheTtlSeconds: 0 },
      embedded: { cacheTtlSeconds: 0 },
    });
    await p.setCacheTtl('remote', 3600);
    await p.setRemoteUrl('https://other.example/v1');
    const state = await make().state();
    expect(state.remote).toEqual({ baseUrl: 'https://other.example/v1', keySet: false, cacheTtlSeconds: 3600 });
    expect(state.embedded.cacheTtlSeconds).toBe(0);
    await expect(p.setCacheTtl('embedded', -1)).rejects.toThrow();
  });

  it('falls back to defaults on a corrupt or foreign file, and repairs it on change', async () => {
    await writeFile(join(dir, SETTINGS_FILE), '{"v":1,"active":"elsewhere"}');
    expect(await make().settings()).toEqual(DEFAULT_SETTINGS);
    await writeFile(join(dir, SETTINGS_FILE), '{');
    const p = make();
    expect((await p.state()).active).toBe('embedded');
    await p.setActive('remote');
    expect((await make().settings()).active).toBe('remote');
  });

  it('refuses an invalid remote URL, and keeps the key when it does', async () => {
    const vault = createFileVault(dir);
    await vault.set('remote', REMOTE_KEY, DEFAULT_ORIGIN);
    await expect(makeWith(vault).setRemoteUrl('ftp://example.com')).rejects.toThrow();
    expect(await vault.get('remote', DEFAULT_ORIGIN)).toBe(REMOTE_KEY);
  });
});

describe('the Remote key is bound to the Remote URL origin', () => {
  it('a new host deletes the stored key, so it is never sent there; the state says "no key"', async () => {
    const vault = createFileVault(dir);
    const p = makeWith(vault);
    await p.setRemoteUrl('https://api.example.com/v1');
    await vault.set('remote', REMOTE_KEY, API);
    expect((await p.state()).remote.keySet).toBe(true);
    expect((await p.setRemoteUrl('https://evil.example.net/v1')).keyDeleted).toBe(true);
    expect(await vault.get('remote', API)).toBeNull();
    expect((await p.state()).remote).toMatchObject({ baseUrl: 'https://evil.example.net/v1', keySet: false });
    expect(await createFileVault(dir).has('remote')).toBe(false);
  });

  it.each([
    ['another port', 'https://api.example.com:8443/v1'],
    ['another scheme', 'http://localhost/v1'],
    ['a sub-domain', 'https://eu.api.example.com/v1'],
  ])('%s counts as another origin', async (_what, url) => {
    const vault = createFileVault(dir);
    const p = makeWith(vault);
    await p.setRemoteUrl('https://api.example.com/v1');
    await vault.set('remote', REMOTE_KEY, API);
    expect((await p.setRemoteUrl(url)).keyDeleted).toBe(true);
    expect(await vault.has('remote')).toBe(false);
  });

  it('the same origin keeps the key: another path, a trailing slash, upper case, the default port', async () => {
    const vault = createFileVault(dir);
    const p = makeWith(vault);
    await p.setRemoteUrl('https://api.example.com/v1');
    await vault.set('remote', REMOTE_KEY, API);
    for (const url of ['https://api.example.com/v2/', 'https://API.example.com/v1', 'https://api.example.com:443/api/v1']) {
      expect((await p.setRemoteUrl(url)).keyDeleted).toBe(false);
      expect(await vault.get('remote', API)).toBe(REMOTE_KEY);
      expect(originOf(url)).toBe(API);
    }
    expect((await p.state()).remote.keySet).toBe(true);
  });

  it('the first URL change away from the default host deletes a key set for the default', async () => {
    const vault = createFileVault(dir);
    await vault.set('remote', REMOTE_KEY, DEFAULT_ORIGIN); // entered for DEFAULT_REMOTE_BASE_URL
    expect((await makeWith(vault).setRemoteUrl('https://other.example/v1')).keyDeleted).toBe(true);
    expect(await vault.has('remote')).toBe(false);
  });
});

describe('state() reports the key of the Remote URL origin only', () => {
  it('a settings.json edited by hand to another host: keySet false and keyOrigin names the old one', async () => {
    const vault = createFileVault(dir);
    await vault.set('remote', REMOTE_KEY, API);
    await writeFile(
      join(dir, SETTINGS_FILE),
      JSON.stringify({ v: 1, active: 'remote', remote: { baseUrl: 'https://evil.example.net/v1' } }),
    );
    const state = await makeWith(vault).state();
    expect(state.remote).toEqual({ baseUrl: 'https://evil.example.net/v1', keySet: false, keyOrigin: API, cacheTtlSeconds: 0 });
    expect(JSON.stringify(state)).not.toContain(REMOTE_KEY);
    // Back on the origin the key was entered for, it is set again.
    await writeFile(
      join(dir, SETTINGS_FILE),
      JSON.stringify({ v: 1, active: 'remote', remote: { baseUrl: 'https://api.example.com/v2' } }),
    );
    expect((await makeWith(vault).state()).remote).toEqual({
      baseUrl: 'https://api.example.com/v2',
      keySet: true,
      cacheTtlSeconds: 0,
    });
  });

  it("after such an edit, setRemoteUrl back to the key's origin keeps the key; to any other origin deletes it", async () => {
    const vault = createFileVault(dir);
    await vault.set('remote', REMOTE_KEY, API);
    await writeFile(
      join(dir, SETTINGS_FILE),
      JSON.stringify({ v: 1, active: 'remote', remote: { baseUrl: 'https://evil.example.net/v1' } }),
    );
    const p = makeWith(vault);
    expect((await p.setRemoteUrl('https://api.example.com/v1')).keyDeleted).toBe(false);
    expect((await p.state()).remote.keySet).toBe(true);
    await writeFile(
      join(dir, SETTINGS_FILE),
      JSON.stringify({ v: 1, active: 'remote', remote: { baseUrl: 'https://evil.example.net/v1' } }),
    );
    // Any URL on an origin other than the key's deletes it, even a path change on the edited host.
    expect((await makeWith(vault).setRemoteUrl('https://evil.example.net/v2')).keyDeleted).toBe(true);
    expect(await vault.has('remote')).toBe(false);
  });

  it('a legacy (v1) key is bound to the URL it was used with before a URL change, then deleted with it', async () => {
    await writeFile(join(dir, 'keys.json'), JSON.stringify({ v: 1, profiles: { remote: REMOTE_KEY } }));
    const vault = createFileVault(dir);
    expect((await makeWith(vault).setRemoteUrl('https://other.example/v1')).keyDeleted).toBe(true);
    expect(await vault.has('remote')).toBe(false);
  });

  it('an unreadable key entry: keySet false, no keyOrigin', async () => {
    await writeFile(join(dir, 'keys.json'), JSON.stringify({ v: 2, profiles: { remote: { key: REMOTE_KEY } } }));
    expect((await make().state()).remote).toEqual({ baseUrl: 'https://api.gridstatus.io/v1', keySet: false, cacheTtlSeconds: 0 });
  });
});
