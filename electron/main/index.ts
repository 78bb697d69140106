import { join } from 'node:path';
import {
  BrowserWindow,
  Menu,
  Notification,
  app,
  dialog,
  nativeTheme,
  protocol,
  safeStorage,
  screen,
  session,
  shell,
  utilityProcess,
} from 'electron';
import { APP_COMMAND_CHANNEL } from '../../shared/index.js';
import type { AppCommand } from '../../shared/index.js';
import { createSafeStorageVault, createServices } from '../services/index.js';
import { createUtilityProcessLauncher } from '../services/embedded/embedded.js';
import { BUILT_CHILD_NAME } from '../../shared/embedded/protocol.js';
import type { Services } from '../services/index.js';
import { createLogger } from '../services/common/logger.js';
import { cacheDirFromEnv } from '../services/common/paths.js';
import { aboutPanelOptions } from './about.js';
import { batchJob, createDownloadsFolderChooser, createProgressMixer } from './downloads.js';
import { APP_ID } from './appId.js';
import { devProfileDir } from './devProfile.js';
import { APP_PAGE_URL, APP_SCHEME, createAppProtocolHandler, registerAppScheme } from './appProtocol.js';
import { createAppUrlPolicy } from './appUrl.js';
import { registerBridgeIpc } from './ipc.js';
import { logFilePath, setupLogging, startCrashReporter } from './logging.js';
import { buildMenuTemplate } from './menu.js';
import { createJobNotifier } from './notify.js';
import { BACKGROUND, createMainWindow, hardenSession, hardenWebContents } from './window.js';
import { clampToDisplays, loadWindowState, trackWindowState } from './windowState.js';
import { startUpdateChecks } from './updates.js';
import { createExportPathChooser, createTaskbarProgress } from './workspace.js';

/**
 * Desktop entry (electron-vite layout: out/main/index.js, out/preload/index.cjs,
 * out/renderer/index.html). Before ready: single-instance lock, local crash dumps, sandbox for
 * all renderers, the privileged app:// scheme, hardening of every webContents. On ready: app:// serves
 * out/renderer → logging → theme, About panel →
 * services (safeStorage vault and workspace in userData; exports through a save dialog, pull progress on the
 * taskbar) → IPC bridge → hardened session → menu → the window at
 * its remembered bounds → the update check (packaged builds). The embedded /v1 service runs in a utility process (restarted if it crashes).
 * Quits cleanly, cancelling requests and stopping the embedded /v1 service's process.
 */

/** Preload script built by electron-vite; CommonJS because sandboxed preloads cannot be ESM. */
export const PRELOAD_PATH = join(import.meta.dirname, '../preload/index.cjs');
/** Entry of the embedded /v1 service process, built next to this file (electron.vite.config.ts). */
export const EMBEDDED_CHILD_PATH = join(import.meta.dirname, `${BUILT_CHILD_NAME}.js`);
/** Built renderer folder, served as app://gridscope/ (appProtocol.ts). */
export const RENDERER_DIR = join(import.meta.dirname, '../renderer');

const log = createLogger('main');

/** The app URL: the electron-vite dev server in development, else the built page on app://. */
function appUrl(): string {
  const dev = process.env.ELECTRON_RENDERER_URL;
  return !app.isPackaged && dev ? dev : APP_PAGE_URL;
}

/** Starts the desktop app. Resolves once the first window is created. */
export async function startDesktop(): Promise<void> {
  // Before the single-instance lock, which is per profile.
  const profileDir = devProfileDir(app.commandLine.getSwitchValue('user-data-dir'), app.isPackaged);
  if (profileDir) {
    app.setPath('userData', profileDir);
    app.setPath('sessionData', profileDir);
  }
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  startCrashReporter();
  app.enableSandbox();
  registerAppScheme(protocol);
  if (process.platform === 'win32') app.setAppUserModelId(APP_ID);
  const policy = createAppUrlPolicy(appUrl());
  // Global hardening for any webContents, including ones we did not create.
  app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, policy));

  await app.whenReady();
  protocol.handle(APP_SCHEME, createAppProtocolHandler(RENDERER_DIR));
  setupLogging(app.isPackaged);
  nativeTheme.themeSource = 'system';
  app.setAboutPanelOptions(aboutPanelOptions(app.getVersion(), process.versions));

  const userData = app.getPath('userData');
  // DuckDB reads the source files natively, so they cannot sit inside app.asar (asarUnpack: data/**).
  const dataDir = join(app.getAppPath().replace(/app\.asar$/, 'app.asar.unpacked'), 'data');
  let main: BrowserWindow | undefined;

  const focusMain = (): void => {
    if (!main || main.isDestroyed()) return void open();
    if (main.isMinimized()) main.restore();
    main.show();
    main.focus();
  };
  const notifyJobFinished = createJobNotifier({
    isSupported: () => Notification.isSupported(),
    create: (o) => new Notification(o),
    windowFocused: () => BrowserWindow.getFocusedWindow() !== null,
    focusWindow: focusMain,
  });

  const taskbar = createProgressMixer(createTaskbarProgress(() => main));
  // Batches notify whatever their length: a finished download is what the user waits for.
  const notifyBatch = createJobNotifier({
    isSupported: () => Notification.isSupported(),
    create: (o) => new Notification(o),
    windowFocused: () => BrowserWindow.getFocusedWindow() !== null,
    focusWindow: focusMain,
    minDurationMs: 0,
  });

  const services: Services = createServices({
    configDir: userData,
    vault: createSafeStorageVault(safeStorage, userData),
    host: 'desktop',
    appVersion: app.getVersion(),
    versions: Object.fromEntries(
      (['electron', 'chrome', 'node', 'v8'] as const).flatMap((k) =>
        process.versions[k] ? [[k, String(process.versions[k])]] : [],
      ),
    ),
    embedded: {
      cacheDir: cacheDirFromEnv() ?? join(userData, 'cache'),
      dataDir,
      launcher: createUtilityProcessLauncher(utilityProcess, EMBEDDED_CHILD_PATH),
    },
    onJobFinished: (job) => void notifyJobFinished(job),
    chooseExportPath: createExportPathChooser({
      showSaveDialog: (options) => {
        const win = BrowserWindow.getFocusedWindow() ?? main;
        return win && !win.isDestroyed() ? dialog.showSaveDialog(win, options) : dialog.showSaveDialog(options);
      },
      defaultDir: () => app.getPath('downloads'),
    }),
    onPullProgress: taskbar.pulls,
    downloadsDir: join(app.getPath('downloads'), 'Gridscope'),
    chooseDownloadsFolder: createDownloadsFolderChooser((options) => {
      const win = BrowserWindow.getFocusedWindow() ?? main;
      return win && !win.isDestroyed() ? dialog.showOpenDialog(win, options) : dialog.showOpenDialog(options);
    }),
    revealPath: (path) => shell.showItemInFolder(path),
    onDownloadProgress: taskbar.downloads,
    onDownloadBatchFinished: (batch) => void notifyBatch(batchJob(batch)),
  });
  // Downloads a crash or a quit interrupted carry on from the bytes on disk (docs/downloads.md#resume).
  void services.downloads.state();
  const unregister = registerBridgeIpc(services.handlers, {
    isAppUrl: policy.isAppUrl,
    isKnownSender: (sender) => BrowserWindow.getAllWindows().some((w) => !w.isDestroyed() && w.webContents === sender),
  });
  hardenSession(session.defaultSession, policy);

  /** Sends a menu command to the focused (else the main) window, if it shows our page. */
  const sendCommand = (command: AppCommand): void => {
    const target = BrowserWindow.getFocusedWindow() ?? main;
    if (target && !target.isDestroyed() && policy.isAppUrl(target.webContents.getURL())) {
      target.webContents.send(APP_COMMAND_CHANNEL, command);
    }
  };
  const template = buildMenuTemplate(
    process.platform,
    'Gridscope',
    {
      command: sendCommand,
      openLogs: () => shell.showItemInFolder(logFilePath()),
      openDataSources: () => void shell.openPath(join(dataDir, 'SOURCES.md')),
    },
    !app.isPackaged,
  );
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));

  async function open(): Promise<void> {
    const saved = await loadWindowState(userData);
    const bounds = clampToDisplays(
      saved,
      screen.getAllDisplays().map((d) => d.workArea),
    );
    const win = createMainWindow({
      preloadPath: PRELOAD_PATH,
      policy,
      ...bounds,
      backgroundColor: nativeTheme.shouldUseDarkColors ? BACKGROUND.dark : BACKGROUND.light,
    });
    if (bounds.maximized) win.maximize();
    trackWindowState(win, userData);
    win.on('closed', () => {
      if (main === win) main = undefined;
    });
    main = win;
  }

  app.on('second-instance', focusMain);
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) void open();
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
  await open();
  // Packaged builds only; electron-updater is CommonJS, its exports are the default import's.
  void startUpdateChecks({
    packaged: app.isPackaged,
    platform: process.platform,
    env: process.env,
    load: async () => (await import('electron-updater')).default.autoUpdater,
    notify: (notice) => {
      if (!Notification.isSupported()) return;
      const n = new Notification(notice);
      n.on('click', focusMain);
      n.show();
    },
  });
}

startDesktop().catch((err: unknown) => {
  log.error('startup failed', err);
  app.exit(1);
});
