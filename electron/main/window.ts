import { BrowserWindow, shell } from 'electron';
import type { Session, WebPreferences } from 'electron';
import { CONTENT_SECURITY_POLICY, devContentSecurityPolicy } from '../services/csp.js';
import { createLogger } from '../services/logger.js';
import type { AppUrlPolicy } from './appUrl.js';

/**
 * The one hardened window factory (CONVENTIONS.md §6): isolated, sandboxed, no Node in the page,
 * navigation away from the app and `window.open` denied, permission requests denied, CSP on every
 * response. Links to http(s) pages open in the user's browser through {@link safeOpenExternal}.
 */

const log = createLogger('window');

/** webPreferences of every Gridscope window, apart from the preload path. */
export const HARDENED_WEB_PREFERENCES = {
  contextIsolation: true,
  sandbox: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  experimentalFeatures: false,
  spellcheck: false,
} as const satisfies WebPreferences;

/**
 * Opens `url` in the default browser when it is http: or https:; anything else (file:, javascript:,
 * custom schemes) is refused. Returns whether it was opened.
 */
export function safeOpenExternal(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    log.warn(`refused to open ${parsed.protocol} URL externally`);
    return false;
  }
  void shell.openExternal(parsed.href).catch((err: unknown) => log.warn('openExternal failed', err));
  return true;
}

/**
 * Session-wide hardening: deny every permission request and check, and set the CSP header on
 * every response (the dev CSP when the app runs from a dev server). Call once per session.
 */
export function hardenSession(ses: Session, policy: AppUrlPolicy): void {
  ses.setPermissionRequestHandler((_wc, permission, callback) => {
    log.info(`denied permission request: ${permission}`);
    callback(false);
  });
  ses.setPermissionCheckHandler(() => false);
  const csp = policy.devOrigin ? devContentSecurityPolicy(policy.devOrigin) : CONTENT_SECURITY_POLICY;
  ses.webRequest.onHeadersReceived((details, callback) => {
    const headers = { ...details.responseHeaders };
    for (const name of Object.keys(headers)) if (name.toLowerCase() === 'content-security-policy') delete headers[name];
    callback({ responseHeaders: { ...headers, 'Content-Security-Policy': [csp] } });
  });
}

export interface WindowOptions {
  /** Absolute path of the built preload script. */
  preloadPath: string;
  policy: AppUrlPolicy;
  width?: number;
  height?: number;
}

/**
 * Creates the main window with {@link HARDENED_WEB_PREFERENCES}, wires the navigation guards and
 * loads `policy.appUrl`. The window shows itself once the first paint is ready.
 */
export function createMainWindow(opts: WindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    width: opts.width ?? 1280,
    height: opts.height ?? 820,
    minWidth: 800,
    minHeight: 560,
    show: false,
    title: 'Gridscope',
    webPreferences: { ...HARDENED_WEB_PREFERENCES, preload: opts.preloadPath },
  });
  const contents = win.webContents;

  contents.setWindowOpenHandler(({ url }) => {
    safeOpenExternal(url);
    return { action: 'deny' };
  });
  const guard = (event: { preventDefault(): void }, url: string): void => {
    if (opts.policy.isAppUrl(url)) return;
    event.preventDefault();
    log.warn('blocked navigation away from the app');
  };
  contents.on('will-navigate', (event) => guard(event, event.url));
  contents.on('will-redirect', (event) => guard(event, event.url));
  contents.on('will-attach-webview', (event) => event.preventDefault());
  win.once('ready-to-show', () => win.show());

  void win.loadURL(opts.policy.appUrl).catch((err: unknown) => log.error('could not load the app page', err));
  return win;
}
