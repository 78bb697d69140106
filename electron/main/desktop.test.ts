import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLogSink } from '../services/common/logger.js';
import { DATA_LICENCES, aboutPanelOptions, versionLine } from './about.js';
import { buildMenuTemplate } from './menu.js';
import { createJobNotifier } from './notify.js';
import { DEFAULT_WINDOW_STATE, WINDOW_STATE_FILE, clampToDisplays, loadWindowState, trackWindowState } from './windowState.js';

const actions = { command: vi.fn(), openLogs: vi.fn(), openDataSources: vi.fn() };
const flat = (items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] =>
  items.flatMap((i) => [i, ...(Array.isArray(i.submenu) ? flat(i.submenu as MenuItemConstructorOptions[]) : [])]);

describe('application menu', () => {
  it('macOS: app menu first with About, Settings… (Cmd+,), Hide, Quit; then File, Edit, View, Window, Help', () => {
    const menu = buildMenuTemplate('darwin', 'Gridscope', actions, false);
    expect(menu.map((i) => i.role)).toEqual(['appMenu', 'fileMenu', 'editMenu', 'viewMenu', 'windowMenu', 'help']);
    const app = flat(menu[0]?.submenu as MenuItemConstructorOptions[]);
    expect(app.map((i) => i.role ?? i.label).filter(Boolean)).toEqual([
      'about',
      'Settings…',
      'services',
      'hide',
      'hideOthers',
      'unhide',
      'quit',
    ]);
    expect(flat(menu).filter((i) => i.accelerator === 'CmdOrCtrl+,')).toHaveLength(1);
  });

  it('Windows and Linux: Settings… in File, About in Help, no app menu', () => {
    for (const platform of ['win32', 'linux'] as const) {
      const menu = buildMenuTemplate(platform, 'Gridscope', actions, false);
      expect(menu.map((i) => i.role)).toEqual(['fileMenu', 'editMenu', 'viewMenu', 'windowMenu', 'help']);
      expect((menu[0]?.submenu as MenuItemConstructorOptions[]).map((i) => i.label ?? i.role ?? i.type)).toEqual([
        'Settings…',
        'separator',
        'quit',
      ]);
      expect(flat(menu).some((i) => i.role === 'about')).toBe(true);
    }
  });

  it('standard edit roles, Find… on Cmd/Ctrl+F, commands sent on click; developer tools only unpackaged', () => {
    const menu = buildMenuTemplate('linux', 'Gridscope', actions, false);
    const roles = flat(menu).map((i) => i.role);
    expect(roles).toEqual(
      expect.arrayContaining([
        'undo',
        'redo',
        'cut',
        'copy',
        'paste',
        'selectAll',
        'resetZoom',
        'zoomIn',
        'zoomOut',
        'togglefullscreen',
      ]),
    );
    expect(roles).not.toContain('toggleDevTools');
    const find = flat(menu).find((i) => i.accelerator === 'CmdOrCtrl+F');
    (find?.click as () => void)();
    (flat(menu).find((i) => i.accelerator === 'CmdOrCtrl+,')?.click as () => void)();
    expect(actions.command.mock.calls).toEqual([['focus-search'], ['open-settings']]);
    expect(flat(buildMenuTemplate('linux', 'Gridscope', actions, true)).map((i) => i.role)).toContain('toggleDevTools');
  });
});

describe('window state', () => {
  const display = { x: 0, y: 0, width: 1920, height: 1040 };
  const second = { x: 1920, y: 0, width: 1280, height: 1000 };

  const at = (x: number, y: number, width: number, height: number, maximized = false) => ({ x, y, width, height, maximized });

  it.each([
    ['inside the primary display: unchanged', at(100, 50, 1200, 800), at(100, 50, 1200, 800)],
    ['on the second display: kept there', at(2000, 100, 1000, 700, true), at(2000, 100, 1000, 700, true)],
    ['hanging off the right edge: moved in', at(1800, 900, 1200, 800), at(1920, 200, 1200, 800)],
    [
      'on a monitor that is gone: centred on the primary',
      at(5000, 4000, 1200, 800),
      { width: 1200, height: 800, maximized: false },
    ],
    ['larger than the display: shrunk', at(0, 0, 4000, 3000), at(0, 0, 1920, 1040)],
    ['smaller than the minimum: grown', at(10, 10, 300, 200), at(10, 10, 800, 560)],
  ])('%s', (_name, state, expected) => {
    expect(clampToDisplays(state, [display, second])).toEqual(expected);
  });

  let dir: string;
  beforeEach(async () => {
    setLogSink(() => undefined);
    dir = await mkdtemp(join(tmpdir(), 'gs-winstate-'));
  });
  afterEach(async () => {
    setLogSink();
    await rm(dir, { recursive: true, force: true });
  });

  it('loads the default when absent or invalid', async () => {
    expect(await loadWindowState(dir)).toEqual(DEFAULT_WINDOW_STATE);
    await writeFile(join(dir, WINDOW_STATE_FILE), '{"width":-5}');
    expect(await loadWindowState(dir)).toEqual(DEFAULT_WINDOW_STATE);
  });

  it('saves after moves (debounced) and on close, then loads it back', async () => {
    const listeners = new Map<string, () => void>();
    let bounds = { x: 1, y: 2, width: 900, height: 600 };
    const win = {
      on: (e: string, fn: () => void) => listeners.set(e, fn),
      getNormalBounds: () => bounds,
      isMaximized: () => false,
    };
    const flush = trackWindowState(win, dir, 10_000);
    listeners.get('move')?.();
    bounds = { x: 5, y: 6, width: 1000, height: 700 };
    listeners.get('resize')?.();
    await flush();
    expect(await loadWindowState(dir)).toEqual({ ...bounds, maximized: false });
    bounds = { x: 7, y: 8, width: 1100, height: 750 };
    listeners.get('close')?.();
    await vi.waitFor(async () => expect(JSON.parse(await readFile(join(dir, WINDOW_STATE_FILE), 'utf8'))).toMatchObject(bounds));
  });
});

describe('job notifications', () => {
  const make = (focused: boolean, now = 100_000) => {
    const shown: { title: string; body: string; silent: boolean }[] = [];
    const focusWindow = vi.fn();
    let click: (() => void) | undefined;
    const notify = createJobNotifier({
      isSupported: () => true,
      create: (o) => ({ on: (_e, fn) => void (click = fn), show: () => void shown.push(o) }),
      windowFocused: () => focused,
      focusWindow,
      now: () => now,
    });
    return { notify, shown, focusWindow, click: () => click?.() };
  };

  it('notifies when a long job ends while the window is in the background; a click focuses it', () => {
    const n = make(false);
    expect(
      n.notify({ name: 'pjm_lmp_day_ahead_hourly, March 2024', state: 'completed', startedAt: 0, detail: '1,204,113 rows' }),
    ).toBe(true);
    expect(n.shown).toEqual([
      { title: 'Gridscope — Finished', body: 'pjm_lmp_day_ahead_hourly, March 2024: 1,204,113 rows', silent: false },
    ]);
    n.click();
    expect(n.focusWindow).toHaveBeenCalled();
  });

  it('stays silent for short jobs and when the window has focus; redacts keys', () => {
    expect(make(false).notify({ name: 'x', state: 'completed', startedAt: 95_000 })).toBe(false);
    expect(make(true).notify({ name: 'x', state: 'failed', startedAt: 0 })).toBe(false);
    const n = make(false);
    n.notify({ name: 'export', state: 'failed', startedAt: 0, detail: 'x-api-key: Zq9XbT2mKp7LwR4vNs8YcH3jFd6GaE1u' });
    expect(n.shown[0]?.body).toBe('export: x-api-key: [redacted]');
    expect(n.shown[0]?.title).toBe('Gridscope — Failed');
  });
});

describe('About panel', () => {
  it('carries the versions and every data licence', () => {
    const o = aboutPanelOptions('0.1.0', { electron: '45.4.1', chrome: '140.0.7339.41', node: '22.20.0' });
    expect(versionLine({ electron: '45.4.1', chrome: '140.0.7339.41', node: '22.20.0' })).toBe(
      'Electron 45.4.1 · Chromium 140.0.7339.41 · Node 22.20.0',
    );
    expect(o).toMatchObject({
      applicationName: 'Gridscope',
      applicationVersion: '0.1.0',
      version: 'Electron 45.4.1 · Chromium 140.0.7339.41 · Node 22.20.0',
    });
    for (const line of DATA_LICENCES) {
      expect(o.credits).toContain(line);
      expect(o.authors).toContain(line);
    }
  });
});
