import type { AppUpdater, UpdateInfo } from 'electron-updater';
import { createLogger } from '../services/common/logger.js';

const log = createLogger('updates');

/** The part of electron-updater's `autoUpdater` Gridscope sets and calls. */
export type UpdaterLike = Pick<
  AppUpdater,
  'autoDownload' | 'autoInstallOnAppQuit' | 'allowDowngrade' | 'disableWebInstaller' | 'logger' | 'checkForUpdates'
> & {
  on(event: 'update-available' | 'update-downloaded', listener: (info: UpdateInfo) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
};

/** A line for the user: shown as a system notification. */
export interface UpdateNotice {
  title: string;
  body: string;
}

/** What {@link startUpdateChecks} needs: `load` imports electron-updater (only when a check will run). */
export interface UpdateCheckOptions {
  packaged: boolean;
  platform: NodeJS.Platform;
  env: NodeJS.ProcessEnv;
  load: () => Promise<UpdaterLike>;
  notify: (notice: UpdateNotice) => void;
}

/** Why no check runs, or `checking`. */
export type UpdateCheckState = 'not-packaged' | 'disabled' | 'checking';

/**
 * Checks the update feed (electron-builder.yml `publish`) once at start, in packaged builds only and unless
 * `GRIDSCOPE_DISABLE_UPDATES=1`. Windows and macOS download the update and install it on quit: electron-updater
 * installs only an installer signed by the app's publisher (Windows, `publisherName`) or a build whose code signature
 * matches the running app's (macOS). Linux packages carry no signature to check, so Linux is only told a version
 * exists. A failed check is logged, never thrown (docs/desktop.md#updates).
 */
export async function startUpdateChecks(opts: UpdateCheckOptions): Promise<UpdateCheckState> {
  if (!opts.packaged) return 'not-packaged';
  if (opts.env.GRIDSCOPE_DISABLE_UPDATES === '1') {
    log.info('update checks are off (GRIDSCOPE_DISABLE_UPDATES=1)');
    return 'disabled';
  }
  try {
    const updater = await opts.load();
    const installs = opts.platform === 'win32' || opts.platform === 'darwin';
    updater.logger = { info: (m) => log.info(String(m)), warn: (m) => log.warn(String(m)), error: (m) => log.error(String(m)) };
    updater.autoDownload = installs;
    updater.autoInstallOnAppQuit = installs;
    updater.allowDowngrade = false;
    // A web installer's payload may skip the signature check.
    updater.disableWebInstaller = true;
    updater.on('error', (err) => log.warn('the update check failed', err));
    if (installs) {
      updater.on('update-downloaded', (info) =>
        opts.notify({
          title: `Gridscope ${info.version} is ready`,
          body: 'It will be installed when you quit Gridscope.',
        }),
      );
    } else {
      updater.on('update-available', (info) =>
        opts.notify({
          title: `Gridscope ${info.version} is available`,
          body: 'Linux copies are not updated in place: install the new AppImage or .deb.',
        }),
      );
    }
    await updater.checkForUpdates();
  } catch (err) {
    log.warn('the update check failed', err);
  }
  return 'checking';
}
