import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { VERBS } from '../../shared/index.js';

type Listener = (...args: unknown[]) => unknown;
const m = vi.hoisted(() => ({
  userData: '',
  appListeners: new Map<string, Listener>(),
  channels: new Set<string>(),
  windows: [] as { options: Record<string, unknown>; loaded?: string }[],
  quit: 0,
}));
m.userData = mkdtempSync(join(tmpdir(), 'gs-main-'));

vi.mock('electron', () => {
  class BrowserWindow {
    static getAllWindows = () => m.windows;
    readonly record: { options: Record<string, unknown>; loaded?: string };
    webContents = { setWindowOpenHandler: () => undefined, on: () => undefined };
    constructor(options: Record<string, unknown>) {
      this.record = { options };
      m.windows.push(this.record);
    }
    once() {}
    show() {}
    async loadURL(url: string) {
      this.record.loaded = url;
    }
  }
  return {
    BrowserWindow,
    app: {
      isPackaged: false,
      requestSingleInstanceLock: () => true,
      enableSandbox: vi.fn(),
      on: (name: string, fn: Listener) => void m.appListeners.set(name, fn),
      whenReady: async () => undefined,
      getPath: () => m.userData,
      getAppPath: () => '/opt/Gridscope/resources/app.asar',
      getVersion: () => '9.9.9',
      quit: () => void (m.quit += 1),
      exit: vi.fn(),
    },
    ipcMain: { handle: (c: string) => void m.channels.add(c), removeHandler: (c: string) => void m.channels.delete(c) },
    safeStorage: {
      isAsyncEncryptionAvailable: async () => true,
      encryptStringAsync: async (s: string) => Buffer.from(s).reverse(),
      decryptStringAsync: async (b: Buffer) => ({ result: Buffer.from(b).reverse().toString(), shouldReEncrypt: false }),
      getSelectedStorageBackend: () => 'gnome_libsecret',
    },
    session: { defaultSession: { setPermissionRequestHandler() {}, setPermissionCheckHandler() {}, webRequest: { onHeadersReceived() {} } } },
    shell: { openExternal: vi.fn() },
  };
});
vi.mock('electron-log/main', () => ({ default: { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() } }));

afterAll(() => rmSync(m.userData, { recursive: true, force: true }));

describe('desktop main', () => {
  it('on ready: registers the bridge, opens one hardened window on the built renderer, disposes on quit', async () => {
    delete process.env.ELECTRON_RENDERER_URL;
    await import('./index.js');
    await vi.waitFor(() => expect(m.windows).toHaveLength(1));
    expect([...m.channels].sort()).toEqual([...VERBS].sort());
    const win = m.windows[0];
    expect(win?.loaded).toMatch(/^file:\/\/.*\/renderer\/index\.html$/);
    expect(win?.options.webPreferences).toMatchObject({ sandbox: true, contextIsolation: true, nodeIntegration: false });
    expect(String((win?.options.webPreferences as { preload: string }).preload)).toMatch(/preload[/\\]index\.cjs$/);

    const quitEvent = { preventDefault: vi.fn() };
    m.appListeners.get('will-quit')?.(quitEvent);
    expect(quitEvent.preventDefault).toHaveBeenCalled();
    await vi.waitFor(() => expect(m.quit).toBe(1));
    expect(m.channels.size).toBe(0);
  });
});
