import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { setLogSink } from '../services/common/logger.js';
import { electronState as m, emit } from '../test-support/electronMock.js';
import type { UpdateNotice, UpdaterLike } from './updates.js';

/** A stand-in for electron-updater's autoUpdater: records what main sets, emits what a feed would. */
class FakeUpdater extends EventEmitter {
  autoDownload = true;
  autoInstallOnAppQuit = true;
  allowDowngrade = true;
  disableWebInstaller = false;
  logger: UpdaterLike['logger'] = null;
  checkForUpdates = vi.fn(async () => null);
}

const packagedUpdater = vi.hoisted(() => ({ current: undefined as unknown }));
vi.mock('electron', async () => (await import('../test-support/electronMock.js')).electronModule());
vi.mock('electron-log/main', async () => (await import('../test-support/electronMock.js')).electronLogModule());
// electron-updater is CommonJS: main reads autoUpdater from the default import.
vi.mock('electron-updater', () => ({
  default: {
    get autoUpdater() {
      return packagedUpdater.current;
    },
  },
}));

const { startUpdateChecks } = await import('./updates.js');
const logged: string[] = [];

function run(
  platform: NodeJS.Platform,
  over: { packaged?: boolean; env?: NodeJS.ProcessEnv; updater?: FakeUpdater; load?: () => Promise<UpdaterLike> } = {},
) {
  const updater = over.updater ?? new FakeUpdater();
  const notices: UpdateNotice[] = [];
  const load = vi.fn(over.load ?? (async () => updater as unknown as UpdaterLike));
  const state = startUpdateChecks({
    packaged: over.packaged ?? true,
    platform,
    env: over.env ?? {},
    load,
    notify: (n) => void notices.push(n),
  });
  return { updater, notices, load, state };
}

describe('startUpdateChecks', () => {
  it('does nothing unless packaged (tests, npm start, the Playwright smoke test) or when GRIDSCOPE_DISABLE_UPDATES=1', async () => {
    const dev = run('win32', { packaged: false });
    expect(await dev.state).toBe('not-packaged');
    expect(dev.load).not.toHaveBeenCalled();
    const off = run('win32', { env: { GRIDSCOPE_DISABLE_UPDATES: '1' } });
    expect(await off.state).toBe('disabled');
    expect(off.load).not.toHaveBeenCalled();
  });

  it.each(['win32', 'darwin'] as const)(
    '%s: checks at start, downloads signed updates and installs them on quit; says so when one is ready',
    async (platform) => {
      const { updater, notices, state } = run(platform);
      expect(await state).toBe('checking');
      expect(updater.checkForUpdates).toHaveBeenCalledTimes(1);
      expect(updater).toMatchObject({
        autoDownload: true,
        autoInstallOnAppQuit: true,
        allowDowngrade: false,
        disableWebInstaller: true,
      });
      updater.emit('update-available', { version: '0.2.0' });
      expect(notices).toEqual([]);
      updater.emit('update-downloaded', { version: '0.2.0' });
      expect(notices).toEqual([{ title: 'Gridscope 0.2.0 is ready', body: 'It will be installed when you quit Gridscope.' }]);
    },
  );

  it('linux: packages carry no signature to verify, so nothing is downloaded; the user is told a version exists', async () => {
    const { updater, notices } = run('linux');
    await vi.waitFor(() => expect(updater.checkForUpdates).toHaveBeenCalled());
    expect(updater).toMatchObject({ autoDownload: false, autoInstallOnAppQuit: false });
    updater.emit('update-available', { version: '0.3.0' });
    updater.emit('update-downloaded', { version: '0.3.0' });
    expect(notices).toEqual([
      {
        title: 'Gridscope 0.3.0 is available',
        body: 'Linux copies are not updated in place: install the new AppImage or .deb.',
      },
    ]);
  });

  it('a failed check (feed unreachable, bad signature) is logged, never thrown', async () => {
    setLogSink((_level, line) => void logged.push(line));
    const updater = new FakeUpdater();
    updater.checkForUpdates.mockRejectedValueOnce(new Error('net::ERR_NAME_NOT_RESOLVED'));
    expect(await run('win32', { updater }).state).toBe('checking');
    updater.emit('error', new Error('New version 0.2.0 is not signed by the application owner'));
    updater.logger?.warn('from electron-updater');
    expect(logged.join('\n')).toMatch(
      /ERR_NAME_NOT_RESOLVED[\s\S]*not signed by the application owner[\s\S]*from electron-updater/,
    );
    const broken = run('darwin', { load: () => Promise.reject(new Error('electron-updater cannot load')) });
    expect(await broken.state).toBe('checking');
    expect(logged.at(-1)).toMatch(/electron-updater cannot load/);
    setLogSink();
  });
});

describe('desktop main, packaged', () => {
  m.userData = mkdtempSync(join(tmpdir(), 'gs-updates-'));
  afterAll(() => rmSync(m.userData, { recursive: true, force: true }));

  it('checks for updates once the window is open, and a ready update becomes a notification', async () => {
    const updater = new FakeUpdater();
    packagedUpdater.current = updater;
    m.packaged = true;
    m.switches['user-data-dir'] = join(m.userData, 'elsewhere');
    delete process.env.GRIDSCOPE_DISABLE_UPDATES;
    await import('./index.js');
    await vi.waitFor(() => expect(updater.checkForUpdates).toHaveBeenCalledTimes(1));
    expect(m.windows).toHaveLength(1);
    expect(m.calls.filter((c) => c.startsWith('setPath:'))).toEqual([]); // a packaged app keeps its profile
    updater.emit('update-available', { version: '9.9.10' });
    updater.emit('update-downloaded', { version: '9.9.10' });
    const word = process.platform === 'linux' ? 'available' : 'ready';
    expect(m.notifications).toEqual([expect.objectContaining({ title: `Gridscope 9.9.10 is ${word}` })]);
    emit(m.appListeners, 'will-quit', { preventDefault: () => undefined });
    await vi.waitFor(() => expect(m.quit).toBe(1), { timeout: 20_000 });
  });
});
