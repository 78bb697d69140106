import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { APP_COMMAND_CHANNEL, VERBS } from '../../shared/index.js';
import { electronState as m, emit } from '../test-support/electronMock.js';
import { WINDOW_STATE_FILE } from './windowState.js';

vi.mock('electron', async () => (await import('../test-support/electronMock.js')).electronModule());
vi.mock('electron-log/main', async () => (await import('../test-support/electronMock.js')).electronLogModule());
const updaterImports = vi.hoisted(() => ({ count: 0 }));
vi.mock('electron-updater', () => {
  updaterImports.count += 1;
  return { default: { autoUpdater: {} } };
});

m.userData = mkdtempSync(join(tmpdir(), 'gs-main-'));
// Last run's window was on a monitor that is gone, and maximized.
writeFileSync(
  join(m.userData, WINDOW_STATE_FILE),
  JSON.stringify({ x: 5000, y: 4000, width: 2400, height: 1400, maximized: true }),
);
delete process.env.ELECTRON_RENDERER_URL;
const PROFILE = join(m.userData, 'profile');
m.switches['user-data-dir'] = PROFILE;
const EMBEDDED_KEY = 'embedded-key-from-env-0001';
process.env.GRIDSCOPE_EMBEDDED_API_KEY = EMBEDDED_KEY;
await import('./index.js');
await vi.waitFor(() => expect(m.windows).toHaveLength(1));
const win = m.windows[0]!;

afterAll(() => rmSync(m.userData, { recursive: true, force: true }));

/** Every item of the installed menu, depth first. */
function menuItems(): MenuItemConstructorOptions[] {
  const walk = (items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] =>
    items.flatMap((i) => [i, ...(Array.isArray(i.submenu) ? walk(i.submenu as MenuItemConstructorOptions[]) : [])]);
  return walk((m.menu?.template ?? []) as MenuItemConstructorOptions[]);
}

describe('desktop main', () => {
  it('on ready: registers the bridge, opens one window on the built renderer, with the preload', () => {
    expect([...m.ipcHandlers.keys()].sort()).toEqual([...VERBS].sort());
    expect(win.loaded).toBe('app://gridscope/index.html');
    expect(String((win.options.webPreferences as { preload: string }).preload)).toMatch(/preload[/\\]index\.cjs$/);
  });

  it('an unpackaged run takes its profile from --user-data-dir, before the per-profile single-instance lock', () => {
    const lock = m.calls.indexOf('requestSingleInstanceLock');
    expect(m.calls.slice(0, lock)).toEqual([`setPath:userData:${PROFILE}`, `setPath:sessionData:${PROFILE}`]);
  });

  it('never loads the updater when unpackaged (development, tests, the desktop smoke test)', async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(updaterImports.count).toBe(0);
  });

  it('restores the remembered size clamped to the displays connected now, and the maximized state', () => {
    expect(win.options).toMatchObject({ width: 1920, height: 1040 });
    expect(win.options).not.toHaveProperty('x');
    expect(win.maximized).toBe(true);
  });

  it('follows the OS theme, with a matching background before the first paint', () => {
    expect(m.nativeTheme.themeSource).toBe('system');
    expect(win.options.backgroundColor).toBe('#0f1318'); // the mock's OS is dark
  });

  it('fills the About panel with versions and the data licences', () => {
    expect(m.about).toMatchObject({ applicationName: 'Gridscope', applicationVersion: '9.9.9' });
    expect(String(m.about?.credits)).toMatch(/BSD-3-Clause[\s\S]*AGPL-3\.0[\s\S]*ODbL-1\.0/);
    expect(String(m.about?.copyright)).toContain(`Node ${process.versions.node}`);
  });

  it('installs the menu; Find… and Settings… send commands to the window', () => {
    const items = menuItems();
    const byAccel = (a: string) => items.find((i) => i.accelerator === a);
    (byAccel('CmdOrCtrl+F')?.click as () => void)();
    (byAccel('CmdOrCtrl+,')?.click as () => void)();
    expect(win.contents.sent).toEqual([
      [APP_COMMAND_CHANNEL, 'focus-search'],
      [APP_COMMAND_CHANNEL, 'open-settings'],
    ]);
    (items.find((i) => i.label === 'Show Log Files')?.click as () => void)();
    expect(m.shownInFolder).toEqual(['/home/user/.config/Gridscope/logs/main.log']);
    (items.find((i) => i.label === 'Data Sources and Licences')?.click as () => void)();
    expect(m.openedPaths).toEqual(['/opt/Gridscope/resources/app.asar.unpacked/data/SOURCES.md']);
  });

  it('a second instance focuses the existing window', () => {
    win.minimized = true;
    emit(m.appListeners, 'second-instance');
    expect(win.minimized).toBe(false);
    expect(win.focused).toBe(1);
    expect(m.windows).toHaveLength(1);
  });

  it('saves the window bounds when it closes', async () => {
    emit(win.listeners, 'close');
    await vi.waitFor(async () => {
      expect(JSON.parse(await readFile(join(m.userData, WINDOW_STATE_FILE), 'utf8'))).toEqual({
        x: 10,
        y: 20,
        width: 1920,
        height: 1040,
        maximized: true,
      });
    });
  });

  it.runIf(process.platform === 'linux')(
    'profiles:get warns when Linux has no keyring (safeStorage basic_text); keys:set refuses without an opt-in',
    async () => {
      const get = m.ipcHandlers.get('profiles:get') as (
        event: unknown,
        input: unknown,
      ) => Promise<{ ok: boolean; value: Record<string, unknown> }>;
      const frame = { sender: win.contents, senderFrame: { url: win.loaded, parent: null } };
      expect((await get(frame, {})).value).not.toHaveProperty('keyStorageWarning');
      m.backend = 'basic_text';
      const state = (await get(frame, {})).value;
      expect(state.keyStorageWarning).toMatch(/No OS keyring .* obfuscated, not encrypted/);
      expect(state.keyStorage).toMatch(/basic_text/);
      // The key is refused before it is stored or tried: the page must ask the user to opt in.
      const set = m.ipcHandlers.get('keys:set') as (event: unknown, input: unknown) => Promise<unknown>;
      expect(await set(frame, { profile: 'remote', key: 'weak-storage-key-0001' })).toMatchObject({
        ok: false,
        error: { code: 'validation', message: expect.stringMatching(/^This Linux session has no keyring/) },
      });
      expect((await get(frame, {})).value.remote).toMatchObject({ keySet: false });
      m.backend = 'gnome_libsecret';
    },
  );

  it('runs the embedded /v1 service in a utility process forked from the built child, the key kept out of argv and env', async () => {
    const get = m.ipcHandlers.get('profiles:get') as (event: unknown, input: unknown) => Promise<unknown>;
    await get({ sender: win.contents, senderFrame: { url: win.loaded, parent: null } }, {});
    await vi.waitFor(() => expect(m.utilityForks.length).toBeGreaterThan(0));
    const { modulePath, options } = m.utilityForks[0]!;
    expect(modulePath).toMatch(/[/\\]main[/\\]embeddedChild\.js$/);
    expect(options.serviceName).toBe('Gridscope data service');
    expect(JSON.stringify(options)).not.toContain(EMBEDDED_KEY);
    expect(options.env).not.toHaveProperty('GRIDSCOPE_EMBEDDED_API_KEY');
  });

  it('routes service logs to electron-log, redacted', async () => {
    const { createLogger } = await import('../services/common/logger.js');
    createLogger('t').warn('x-api-key: Zq9XbT2mKp7LwR4vNs8YcH3jFd6GaE1u');
    expect(m.electronLog.lines.at(-1)).toEqual(['[t] x-api-key: [redacted]']);
  });

  it('on quit: removes the bridge and disposes the services, then quits', async () => {
    const quitEvent = { preventDefault: vi.fn() };
    emit(m.appListeners, 'will-quit', quitEvent);
    expect(quitEvent.preventDefault).toHaveBeenCalled();
    // profiles:get above started the embedded server in the background: disposing waits for it.
    await vi.waitFor(() => expect(m.quit).toBe(1), { timeout: 20_000 });
    expect(m.ipcHandlers.size).toBe(0);
  });
});
