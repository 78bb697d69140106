import { vi } from 'vitest';

// Stand-ins for `electron` (its binary cannot run here) and `electron-log/main` that record what main does; in a test file
// `vi.mock('electron', async () => (await import('./electronMock.js')).electronModule())` (likewise electronLogModule),
// then read {@link electronState}.

export type Listener = (...args: unknown[]) => unknown;

export interface FakeContents {
  listeners: Map<string, Listener[]>;
  openHandler?: Listener;
  sent: unknown[][];
  url: string;
}

export interface FakeWindowRecord {
  options: Record<string, unknown>;
  listeners: Map<string, Listener[]>;
  contents: FakeContents;
  loaded?: string;
  shown: boolean;
  focused: number;
  maximized: boolean;
  minimized: boolean;
  destroyed: boolean;
}

const add = (map: Map<string, Listener[]>, name: string, fn: Listener): void =>
  void map.set(name, [...(map.get(name) ?? []), fn]);

export function emit(map: Map<string, Listener[]>, name: string, ...args: unknown[]): unknown[] {
  return (map.get(name) ?? []).map((fn) => fn(...args));
}

export const electronState = {
  userData: '',
  packaged: false,
  singleInstance: true,
  windows: [] as FakeWindowRecord[],
  focusedWindow: null as FakeWindowRecord | null,
  appListeners: new Map<string, Listener[]>(),
  createdContents: [] as FakeContents[],
  ipcHandlers: new Map<string, Listener>(),
  menu: undefined as { template: unknown[] } | undefined,
  about: undefined as Record<string, unknown> | undefined,
  crashReporterStarts: [] as unknown[],
  crashReporterExtras: [] as unknown[],
  notifications: [] as Record<string, unknown>[],
  openedExternal: [] as string[],
  openedPaths: [] as string[],
  shownInFolder: [] as string[],
  nativeTheme: { themeSource: 'light' as string, shouldUseDarkColors: true },
  displays: [{ x: 0, y: 0, width: 1920, height: 1040 }],
  session: {} as { request?: Listener; check?: Listener; headers?: Listener },
  backend: 'gnome_libsecret',
  /** Chromium switches `app.commandLine.getSwitchValue` answers ('' when absent). */
  switches: {} as Record<string, string>,
  calls: [] as string[],
  quit: 0,
  exposed: new Map<string, unknown>(),
  rendererListeners: new Map<string, Listener[]>(),
  invoked: [] as unknown[][],
  /** `utilityProcess.fork` calls: module path and options. The fake process ends at once (exit code 1). */
  utilityForks: [] as { modulePath: string; options: Record<string, unknown> }[],
  /** `protocol.registerSchemesAsPrivileged` arguments and `protocol.handle` handlers by scheme; `calls` orders them with ready. */
  privilegedSchemes: [] as unknown[],
  protocolHandlers: new Map<string, (request: Request) => Promise<Response>>(),
  electronLog: {
    hooks: [] as Listener[],
    lines: [] as unknown[][],
    fileLevel: undefined as unknown,
    catching: [] as unknown[],
  },
};

/** A fake webContents: records listeners, the window-open handler and sent messages. */
export type FakeWebContents = FakeContents & {
  setWindowOpenHandler(fn: Listener): void;
  on(name: string, fn: Listener): void;
  send(...args: unknown[]): void;
  getURL(): string;
};

function makeContents(url = ''): FakeWebContents {
  const c: FakeContents = { listeners: new Map(), sent: [], url };
  return Object.assign(c, {
    setWindowOpenHandler: (fn: Listener) => void (c.openHandler = fn),
    on: (name: string, fn: Listener) => void add(c.listeners, name, fn),
    send: (...args: unknown[]) => void c.sent.push(args),
    getURL: () => c.url,
  });
}

/** The fake `electron` module. */
export function electronModule(): Record<string, unknown> {
  const s = electronState;
  class BrowserWindow {
    static getAllWindows = (): BrowserWindow[] => windows.filter((w) => !w.record.destroyed);
    static getFocusedWindow = (): BrowserWindow | null => windows.find((w) => w.record === s.focusedWindow) ?? null;
    readonly record: FakeWindowRecord;
    readonly webContents: ReturnType<typeof makeContents>;
    constructor(options: Record<string, unknown>) {
      this.webContents = makeContents();
      this.record = {
        options,
        listeners: new Map(),
        contents: this.webContents,
        shown: false,
        focused: 0,
        maximized: false,
        minimized: false,
        destroyed: false,
      };
      s.windows.push(this.record);
      windows.push(this);
    }
    once(name: string, fn: Listener) {
      add(this.record.listeners, `once:${name}`, fn);
    }
    on(name: string, fn: Listener) {
      add(this.record.listeners, name, fn);
    }
    show() {
      this.record.shown = true;
    }
    focus() {
      this.record.focused += 1;
    }
    restore() {
      this.record.minimized = false;
    }
    maximize() {
      this.record.maximized = true;
    }
    isMaximized = () => this.record.maximized;
    isMinimized = () => this.record.minimized;
    isDestroyed = () => this.record.destroyed;
    getNormalBounds = () => ({
      x: 10,
      y: 20,
      width: Number(this.record.options.width),
      height: Number(this.record.options.height),
    });
    async loadURL(url: string) {
      this.record.loaded = url;
      this.webContents.url = url;
    }
  }
  const windows: BrowserWindow[] = [];
  class Notification {
    static isSupported = () => true;
    constructor(readonly options: Record<string, unknown>) {}
    on() {}
    show() {
      s.notifications.push(this.options);
    }
  }
  const utilityProcess = {
    fork(modulePath: string, _args: string[], options: Record<string, unknown>) {
      s.utilityForks.push({ modulePath, options });
      const listeners = new Map<string, Listener[]>();
      setTimeout(() => emit(listeners, 'exit', 1), 0);
      return {
        pid: undefined,
        stdout: null,
        stderr: null,
        postMessage: () => undefined,
        on: (name: string, fn: Listener) => void add(listeners, name, fn),
      };
    },
  };
  return {
    BrowserWindow,
    Notification,
    utilityProcess,
    Menu: {
      buildFromTemplate: (template: unknown[]) => ({ template }),
      setApplicationMenu: (m: { template: unknown[] }) => void (s.menu = m),
    },
    app: {
      get isPackaged() {
        return s.packaged;
      },
      requestSingleInstanceLock: () => {
        s.calls.push('requestSingleInstanceLock');
        return s.singleInstance;
      },
      enableSandbox: () => void s.calls.push('enableSandbox'),
      setAppUserModelId: (id: string) => void s.calls.push(`appUserModelId:${id}`),
      on: (name: string, fn: Listener) => void add(s.appListeners, name, fn),
      whenReady: async () => void s.calls.push('ready'),
      getPath: () => s.userData,
      setPath: (name: string, path: string) => void s.calls.push(`setPath:${name}:${path}`),
      commandLine: { getSwitchValue: (name: string) => s.switches[name] ?? '' },
      getAppPath: () => '/opt/Gridscope/resources/app.asar',
      getVersion: () => '9.9.9',
      setAboutPanelOptions: (o: Record<string, unknown>) => void (s.about = o),
      quit: () => void (s.quit += 1),
      exit: vi.fn(),
    },
    crashReporter: {
      start: (o: unknown) => void s.crashReporterStarts.push(o),
      addExtraParameter: (...a: unknown[]) => void s.crashReporterExtras.push(a),
    },
    contextBridge: { exposeInMainWorld: (name: string, api: unknown) => void s.exposed.set(name, api) },
    ipcRenderer: {
      invoke: async (...args: unknown[]) => void s.invoked.push(args),
      on: (channel: string, fn: Listener) => void add(s.rendererListeners, channel, fn),
      removeListener: (channel: string, fn: Listener) =>
        void s.rendererListeners.set(
          channel,
          (s.rendererListeners.get(channel) ?? []).filter((f) => f !== fn),
        ),
    },
    ipcMain: {
      handle: (c: string, fn: Listener) => void s.ipcHandlers.set(c, fn),
      removeHandler: (c: string) => void s.ipcHandlers.delete(c),
    },
    nativeTheme: s.nativeTheme,
    protocol: {
      registerSchemesAsPrivileged: (schemes: unknown[]) => {
        s.calls.push('registerSchemesAsPrivileged');
        s.privilegedSchemes.push(...schemes);
      },
      handle: (scheme: string, fn: (request: Request) => Promise<Response>) => {
        s.calls.push(`protocol.handle:${scheme}`);
        s.protocolHandlers.set(scheme, fn);
      },
    },
    screen: { getAllDisplays: () => s.displays.map((workArea) => ({ workArea })) },
    safeStorage: {
      isAsyncEncryptionAvailable: async () => true,
      encryptStringAsync: async (text: string) => Buffer.from(text).reverse(),
      decryptStringAsync: async (b: Buffer) => ({ result: Buffer.from(b).reverse().toString(), shouldReEncrypt: false }),
      getSelectedStorageBackend: () => s.backend,
    },
    session: {
      defaultSession: {
        setPermissionRequestHandler: (fn: Listener) => void (s.session.request = fn),
        setPermissionCheckHandler: (fn: Listener) => void (s.session.check = fn),
        webRequest: { onHeadersReceived: (fn: Listener) => void (s.session.headers = fn) },
      },
    },
    shell: {
      openExternal: async (url: string) => void s.openedExternal.push(url),
      openPath: async (p: string) => {
        s.openedPaths.push(p);
        return '';
      },
      showItemInFolder: (p: string) => void s.shownInFolder.push(p),
    },
  };
}

/** A webContents as app `web-contents-created` would pass it (for the global hardening test). */
export function fakeContents(url = 'about:blank'): FakeWebContents {
  const c = makeContents(url);
  electronState.createdContents.push(c);
  return c;
}

/** The fake `electron-log/main` module. */
export function electronLogModule(): Record<string, unknown> {
  const l = electronState.electronLog;
  const write =
    (level: string) =>
    (...data: unknown[]): void => {
      let message: { data: unknown[]; level: string } | false = { data, level };
      for (const hook of l.hooks) message = message ? (hook(message) as typeof message) : false;
      if (message) l.lines.push(message.data);
    };
  const log = {
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    hooks: l.hooks,
    transports: {
      file: {
        set level(v: unknown) {
          l.fileLevel = v;
        },
        get level() {
          return l.fileLevel;
        },
        getFile: () => ({ path: '/home/user/.config/Gridscope/logs/main.log' }),
      },
      console: { level: 'debug' },
    },
    errorHandler: { startCatching: (o: unknown) => void l.catching.push(o) },
  };
  return { default: log };
}
