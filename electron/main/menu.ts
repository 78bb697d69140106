import type { MenuItemConstructorOptions } from 'electron';
import type { AppCommand } from '../../shared/index.js';

/** What the menu's own items do: send an {@link AppCommand} to the focused window, open the logs or data/SOURCES.md. */
export interface MenuActions {
  command(command: AppCommand): void;
  openLogs(): void;
  openDataSources(): void;
}

/** The native menu (docs/desktop.md#desktop-conventions); `devTools` adds Reload and the developer tools (unpackaged only). */
export function buildMenuTemplate(
  platform: NodeJS.Platform,
  appName: string,
  actions: MenuActions,
  devTools: boolean,
): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin';
  const settings: MenuItemConstructorOptions = {
    label: 'Settings…',
    accelerator: 'CmdOrCtrl+,',
    click: () => actions.command('open-settings'),
  };
  const about: MenuItemConstructorOptions = { role: 'about', label: `About ${appName}` };

  const appMenu: MenuItemConstructorOptions = {
    role: 'appMenu',
    label: appName,
    submenu: [
      about,
      { type: 'separator' },
      settings,
      { type: 'separator' },
      { role: 'services' },
      { type: 'separator' },
      { role: 'hide' },
      { role: 'hideOthers' },
      { role: 'unhide' },
      { type: 'separator' },
      { role: 'quit' },
    ],
  };
  const fileMenu: MenuItemConstructorOptions = {
    role: 'fileMenu',
    label: '&File',
    submenu: mac ? [{ role: 'close' }] : [settings, { type: 'separator' }, { role: 'quit' }],
  };
  const editMenu: MenuItemConstructorOptions = {
    role: 'editMenu',
    label: '&Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      ...(mac ? [{ role: 'pasteAndMatchStyle' } as const] : []),
      { role: 'delete' },
      { role: 'selectAll' },
      { type: 'separator' },
      { label: 'Find…', accelerator: 'CmdOrCtrl+F', click: () => actions.command('focus-search') },
    ],
  };
  const viewMenu: MenuItemConstructorOptions = {
    role: 'viewMenu',
    label: '&View',
    submenu: [
      ...(devTools
        ? [
            { role: 'reload' } as const,
            { role: 'forceReload' } as const,
            { role: 'toggleDevTools' } as const,
            { type: 'separator' } as const,
          ]
        : []),
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };
  const windowMenu: MenuItemConstructorOptions = { role: 'windowMenu', label: '&Window' };
  const helpMenu: MenuItemConstructorOptions = {
    role: 'help',
    label: '&Help',
    submenu: [
      { label: 'Data Sources and Licences', click: () => actions.openDataSources() },
      { label: 'Show Log Files', click: () => actions.openLogs() },
      ...(mac ? [] : [{ type: 'separator' } as const, about]),
    ],
  };
  return [...(mac ? [appMenu] : []), fileMenu, editMenu, viewMenu, windowMenu, helpMenu];
}
