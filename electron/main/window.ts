import { BrowserWindow, shell } from 'electron';
import type { Session, WebContents, WebPreferences } from 'electron';
import { CONTENT_SECURITY_POLICY, devContentSecurityPolicy } from '../services/common/csp.js';
import { createLogger } from '../services/common/logger.js';
import type { AppUrlPolicy } from './appUrl.js';

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
 * Opens an http(s) URL in the default browser and returns true; refuses other schemes, over 2048 characters, and credentials
 * (`https://www.pjm.com@evil.example/` reads like PJM but goes to evil.example).
 */
export function safeOpenExternal(url: string): boolean {
  let parsed: URL;
  try {
    if (url.length > 2048) return false;
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    log.warn(`refused to open ${parsed.protocol} URL externally`);
    return false;
  }
  if (parsed.username || parsed.password || !parsed.hostname) {
    log.warn('refused to open a URL with credentials or without a host externally');
    return false;
  }
  void shell.openExternal(parsed.href).catch((err: unknown) => log.warn('openExternal failed', err));
  return true;
}

/** Denies every permission request and check, and sets the CSP (the dev one for a dev server) on every response. */
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

/** Window background before the first paint, matching the renderer's `--bg` (styles.css) per theme. */
export const BACKGROUND = { light: '#f6f7f9', dark: '#0f1318' } as const;

/** Denies `window.open` (http/https go to the browser), navigation away from the app in any frame, and `<webview>`. */
export function hardenWebContents(contents: Pick<WebContents, 'setWindowOpenHandler' | 'on'>, policy: AppUrlPolicy): void {
  contents.setWindowOpenHandler(({ url }) => {
    safeOpenExternal(url);
    return { action: 'deny' };
  });
  const guard = (event: { preventDefault(): void }, url: string): void => {
    if (policy.isAppUrl(url)) return;
    event.preventDefault();
    log.warn('blocked navigation away from the app');
  };
  contents.on('will-navigate', (event) => guard(event, event.url));
  contents.on('will-redirect', (event) => guard(event, event.url));
  contents.on('will-frame-navigate', (event) => guard(event, event.url));
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

/** The built preload's absolute path, the URL policy, remembered bounds (no x/y = centred) and the pre-paint background. */
export interface WindowOptions {
  preloadPath: string;
  policy: AppUrlPolicy;
  x?: number;
  y?: number;
  width?: number;
  height?: number;
  backgroundColor?: string;
}

/** Creates the hardened main window, loads `policy.appUrl` and shows it once the first paint is ready. */
export function createMainWindow(opts: WindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    ...(opts.x !== undefined && opts.y !== undefined ? { x: opts.x, y: opts.y } : {}),
    width: opts.width ?? 1280,
    height: opts.height ?? 820,
    minWidth: 800,
    minHeight: 560,
    show: false,
    title: 'Gridscope',
    ...(opts.backgroundColor ? { backgroundColor: opts.backgroundColor } : {}),
    webPreferences: { ...HARDENED_WEB_PREFERENCES, preload: opts.preloadPath },
  });
  hardenWebContents(win.webContents, opts.policy);
  win.once('ready-to-show', () => win.show());

  void win.loadURL(opts.policy.appUrl).catch((err: unknown) => log.error('could not load the app page', err));
  return win;
}
