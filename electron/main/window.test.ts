import { describe, expect, it, vi } from 'vitest';
import { CONTENT_SECURITY_POLICY } from '../services/common/csp.js';
import { createAppUrlPolicy } from './appUrl.js';

type Listener = (...args: unknown[]) => unknown;
const state = vi.hoisted(() => ({
  windows: [] as {
    options: Record<string, unknown>;
    listeners: Map<string, Listener>;
    openHandler?: Listener;
    loaded?: string;
    shown: boolean;
  }[],
  opened: [] as string[],
}));

vi.mock('electron', () => {
  class BrowserWindow {
    readonly record: (typeof state.windows)[number];
    readonly webContents: Record<string, unknown>;
    constructor(options: Record<string, unknown>) {
      this.record = { options, listeners: new Map(), shown: false };
      state.windows.push(this.record);
      const record = this.record;
      this.webContents = {
        setWindowOpenHandler: (fn: Listener) => void (record.openHandler = fn),
        on: (name: string, fn: Listener) => void record.listeners.set(name, fn),
      };
    }
    once(name: string, fn: Listener) {
      this.record.listeners.set(`once:${name}`, fn);
    }
    show() {
      this.record.shown = true;
    }
    loadURL(url: string) {
      this.record.loaded = url;
      return Promise.resolve();
    }
  }
  return { BrowserWindow, shell: { openExternal: vi.fn(async (url: string) => void state.opened.push(url)) } };
});

const { HARDENED_WEB_PREFERENCES, createMainWindow, hardenSession, safeOpenExternal } = await import('./window.js');
const { setLogSink } = await import('../services/common/logger.js');
setLogSink(() => undefined);

const APP = 'app://gridscope/index.html';
const policy = createAppUrlPolicy(APP);

function navEvent(url: string) {
  return { url, preventDefault: vi.fn() };
}

describe('createMainWindow', () => {
  createMainWindow({ preloadPath: '/app/out/preload/index.cjs', policy });
  const win = state.windows[0];
  if (!win) throw new Error('no window');

  it('passes the hardened webPreferences and the preload', () => {
    const prefs = win.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      preload: '/app/out/preload/index.cjs',
    });
    expect(prefs).toEqual({ ...HARDENED_WEB_PREFERENCES, preload: '/app/out/preload/index.cjs' });
    expect(win.options.show).toBe(false);
    expect(win.loaded).toBe(APP);
    win.listeners.get('once:ready-to-show')?.();
    expect(win.shown).toBe(true);
  });

  it('denies window.open; http(s) goes to the browser, other schemes nowhere', () => {
    state.opened.length = 0;
    for (const url of ['https://www.pjm.com/', 'file:///etc/passwd', 'javascript:alert(1)', APP]) {
      expect(win.openHandler?.({ url })).toEqual({ action: 'deny' });
    }
    expect(state.opened).toEqual(['https://www.pjm.com/']);
  });

  it('blocks navigation and redirects away from the app page, and webviews', () => {
    for (const name of ['will-navigate', 'will-redirect', 'will-frame-navigate']) {
      const away = navEvent('https://evil.example/');
      win.listeners.get(name)?.(away);
      expect(away.preventDefault).toHaveBeenCalled();
      const inApp = navEvent(`${APP}#/settings`);
      win.listeners.get(name)?.(inApp);
      expect(inApp.preventDefault).not.toHaveBeenCalled();
    }
    const webview = navEvent('');
    win.listeners.get('will-attach-webview')?.(webview);
    expect(webview.preventDefault).toHaveBeenCalled();
  });
});

describe('hardenSession', () => {
  it('denies permissions and sets the CSP on every response', () => {
    let request: Listener | undefined;
    let check: Listener | undefined;
    let headers: Listener | undefined;
    const ses = {
      setPermissionRequestHandler: (fn: Listener) => void (request = fn),
      setPermissionCheckHandler: (fn: Listener) => void (check = fn),
      webRequest: { onHeadersReceived: (fn: Listener) => void (headers = fn) },
    };
    hardenSession(ses as never, policy);
    const cb = vi.fn();
    request?.({}, 'media', cb);
    expect(cb).toHaveBeenCalledWith(false);
    expect(check?.({}, 'geolocation')).toBe(false);
    const done = vi.fn();
    headers?.({ responseHeaders: { 'content-security-policy': ['default-src *'], 'X-Other': ['1'] } }, done);
    expect(done).toHaveBeenCalledWith({
      responseHeaders: { 'X-Other': ['1'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    });
  });
});

describe('safeOpenExternal', () => {
  it('opens only http and https', () => {
    expect(safeOpenExternal('https://example.com/a')).toBe(true);
    expect(safeOpenExternal('smb://host/share')).toBe(false);
    expect(safeOpenExternal('not a url')).toBe(false);
  });
});
