import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { BrowserWindow, app, safeStorage, session } from 'electron';
import electronLog from 'electron-log/main';
import { createSafeStorageVault, createServices, setLogSink } from '../services/index.js';
import type { Services } from '../services/index.js';
import { createLogger } from '../services/logger.js';
import { cacheDirFromEnv } from '../services/paths.js';
import { createAppUrlPolicy } from './appUrl.js';
import { registerBridgeIpc } from './ipc.js';
import { createMainWindow, hardenSession, safeOpenExternal } from './window.js';

/**
 * Desktop entry (electron-vite layout: out/main/index.js, out/preload/index.cjs,
 * out/renderer/index.html). On ready: logging → services (safeStorage vault in userData) →
 * IPC bridge → hardened session and window. Quits cleanly, stopping the embedded /v1 server.
 */

/** Preload script built by electron-vite; CommonJS because sandboxed preloads cannot be ESM. */
export const PRELOAD_PATH = join(import.meta.dirname, '../preload/index.cjs');
/** Built renderer page. */
export const RENDERER_INDEX = join(import.meta.dirname, '../renderer/index.html');

const log = createLogger('main');

/** The app URL: the electron-vite dev server in development, else the built file. */
function appUrl(): string {
  const dev = process.env.ELECTRON_RENDERER_URL;
  return !app.isPackaged && dev ? dev : pathToFileURL(RENDERER_INDEX).href;
}

/** Starts the desktop app. Resolves once the first window is created. */
export async function startDesktop(): Promise<void> {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  app.enableSandbox();
  // Global hardening for any webContents, including ones we did not create.
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (event) => event.preventDefault());
    contents.setWindowOpenHandler(({ url }) => {
      safeOpenExternal(url);
      return { action: 'deny' };
    });
  });

  await app.whenReady();
  setLogSink((level, line) => electronLog[level](line), app.isPackaged ? 'info' : 'debug');

  const userData = app.getPath('userData');
  const services: Services = createServices({
    configDir: userData,
    vault: createSafeStorageVault(safeStorage, userData),
    host: 'desktop',
    appVersion: app.getVersion(),
    versions: Object.fromEntries(
      (['electron', 'chrome', 'node', 'v8'] as const).flatMap((k) => (process.versions[k] ? [[k, String(process.versions[k])]] : [])),
    ),
    embedded: {
      cacheDir: cacheDirFromEnv() ?? join(userData, 'cache'),
      // DuckDB reads the source files natively, so they cannot sit inside app.asar (asarUnpack: data/**).
      dataDir: join(app.getAppPath().replace(/app\.asar$/, 'app.asar.unpacked'), 'data'),
    },
  });

  const policy = createAppUrlPolicy(appUrl());
  const unregister = registerBridgeIpc(services.handlers, policy.isAppUrl);
  hardenSession(session.defaultSession, policy);
  const open = (): BrowserWindow => createMainWindow({ preloadPath: PRELOAD_PATH, policy });
  open();

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) open();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  let disposed = false;
  app.on('will-quit', (event) => {
    if (disposed) return;
    event.preventDefault();
    unregister();
    void services.dispose().finally(() => {
      disposed = true;
      app.quit();
    });
  });
}

startDesktop().catch((err: unknown) => {
  log.error('startup failed', err);
  app.exit(1);
});
