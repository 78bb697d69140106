import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileVault } from './keyVault.js';
import { setLogSink } from './logger.js';
import { DEFAULT_SETTINGS, SETTINGS_FILE, createProfiles } from './profiles.js';

let dir: string;
const make = () => createProfiles({ configDir: dir, vault: createFileVault(dir), embeddedStatus: () => ({ status: 'running' }) });

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
    await p.setRemoteUrl('https://example.com/api/v1/');
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
    expect(await p.settings()).toEqual({ v: 1, active: 'remote', remote: { baseUrl: 'https://example.com/v1', cacheTtlSeconds: 0 }, embedded: { cacheTtlSeconds: 0 } });
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

  it('refuses an invalid remote URL', async () => {
    await expect(make().setRemoteUrl('ftp://example.com')).rejects.toThrow();
  });
});
