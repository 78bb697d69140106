import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import YAML from 'yaml';
import { CONTENT_SECURITY_POLICY } from '../services/common/csp.js';
import { RemoteBaseUrl, VERBS, contractInputs } from '../../shared/index.js';
import type { Verb } from '../../shared/index.js';
import { electronState as m, emit, fakeContents } from '../test-support/electronMock.js';
import type { FakeContents, Listener } from '../test-support/electronMock.js';
import { SECURITY_HEADERS } from '../webhost/server.js';

// One test per item of docs/desktop.md#security-checklist, against the real main process with `electron` mocked.

vi.mock('electron', async () => (await import('../test-support/electronMock.js')).electronModule());
vi.mock('electron-log/main', async () => (await import('../test-support/electronMock.js')).electronLogModule());

const ROOT = resolve(import.meta.dirname, '../..');
m.userData = mkdtempSync(join(tmpdir(), 'gs-security-'));
delete process.env.ELECTRON_RENDERER_URL;
const { safeOpenExternal } = await import('./window.js');
await import('./index.js');
await vi.waitFor(() => expect(m.windows).toHaveLength(1));
await import('../preload/index.js');
const APP = m.windows[0]!.loaded!;

afterAll(() => rmSync(m.userData, { recursive: true, force: true }));

/** App sources of electron/ (tests and test helpers excluded), path → text. */
function appSources(): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory() && e.name !== 'test-support') walk(p);
      else if (e.isFile() && p.endsWith('.ts') && !p.endsWith('.test.ts')) out.set(relative(ROOT, p), readFileSync(p, 'utf8'));
    }
  };
  walk(join(ROOT, 'electron'));
  return out;
}
const sourcesWith = (pattern: RegExp): string[] => [...appSources()].filter(([, text]) => pattern.test(text)).map(([p]) => p);

/** Every webContents the tests can reach: our window's and one created by someone else. */
const created = fakeContents('about:blank');
emit(m.appListeners, 'web-contents-created', {}, created);
const allContents = (): FakeContents[] => [...m.windows.map((w) => w.contents), created];
const prefsOfAll = (): Record<string, unknown>[] => m.windows.map((w) => w.options.webPreferences as Record<string, unknown>);
const nav = (url: string) => ({ url, preventDefault: vi.fn() });

describe('Electron security checklist', () => {
  it('1. only secure content: the app page is served by main on app:// (a secure scheme); Remote /v1 must be https (http only to loopback)', () => {
    expect(APP).toBe('app://gridscope/index.html');
    expect(m.privilegedSchemes).toEqual([{ scheme: 'app', privileges: expect.objectContaining({ secure: true }) }]);
    expect(RemoteBaseUrl.safeParse('http://api.gridstatus.io/v1').success).toBe(false);
    expect(RemoteBaseUrl.safeParse('https://api.gridstatus.io/v1').success).toBe(true);
  });

  it('2. no Node.js integration in any window, worker or subframe', () => {
    for (const p of prefsOfAll())
      expect(p).toMatchObject({ nodeIntegration: false, nodeIntegrationInWorker: false, nodeIntegrationInSubFrames: false });
  });

  it('3. context isolation on in every window', () => {
    for (const p of prefsOfAll()) expect(p.contextIsolation).toBe(true);
  });

  it('4. process sandboxing: sandbox on every window and app.enableSandbox()', () => {
    for (const p of prefsOfAll()) expect(p.sandbox).toBe(true);
    expect(m.calls).toContain('enableSandbox');
  });

  it('5. permission requests AND permission checks are denied', () => {
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'openExternal',
      'clipboard-read',
      'fullscreen',
      'hid',
      'serial',
    ]) {
      const callback = vi.fn();
      m.session.request?.({}, permission, callback, {});
      expect(callback).toHaveBeenCalledWith(false);
      expect(m.session.check?.({}, permission, 'file://', {})).toBe(false);
    }
  });

  it('6. webSecurity is not disabled', () => {
    for (const p of prefsOfAll()) expect(p.webSecurity).toBe(true);
  });

  it('7. a Content-Security-Policy header on every response (replacing any other), strict, also in the web host', () => {
    const done = vi.fn();
    m.session.headers?.({ responseHeaders: { 'Content-Security-Policy': ["default-src *; script-src 'unsafe-eval'"] } }, done);
    expect(done).toHaveBeenCalledWith({ responseHeaders: { 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] } });
    for (const directive of [
      "default-src 'self'",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ]) {
      expect(CONTENT_SECURITY_POLICY).toContain(directive);
    }
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline|\*/);
    expect(SECURITY_HEADERS['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });

  it('7a. the app:// handler sends the same CSP itself (webRequest header hooks do not run for custom schemes)', async () => {
    const handler = m.protocolHandlers.get('app');
    const res = await handler!(new Request('app://gridscope/does-not-exist.js'));
    expect(res.status).toBe(404);
    const { createAppProtocolHandler } = await import('./appProtocol.js');
    const page = await createAppProtocolHandler(resolve(ROOT, 'renderer'))(new Request(APP));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
  });

  it("7b. the page's own <meta> CSP (what protects the page whatever the headers) is the same policy", () => {
    const html = readFileSync(resolve(import.meta.dirname, '../../renderer/index.html'), 'utf8');
    const meta = /<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]+)"/i.exec(html)?.[1];
    expect(meta).toBeDefined();
    const directives = (policy: string) =>
      policy
        .split(';')
        .map((d) => d.trim())
        .filter(Boolean);
    // A <meta> policy cannot carry frame-ancestors (browsers ignore it there); every other directive matches.
    expect(directives(meta!)).toEqual(directives(CONTENT_SECURITY_POLICY).filter((d) => !d.startsWith('frame-ancestors')));
  });

  it('8. allowRunningInsecureContent is off', () => {
    for (const p of prefsOfAll()) expect(p.allowRunningInsecureContent).toBe(false);
  });

  it('9. no experimental features', () => {
    for (const p of prefsOfAll()) expect(p.experimentalFeatures).toBe(false);
  });

  it('10. no enableBlinkFeatures anywhere', () => {
    for (const p of prefsOfAll()) expect(p).not.toHaveProperty('enableBlinkFeatures');
    expect(sourcesWith(/enableBlinkFeatures/)).toEqual([]);
  });

  it('11. no <webview> (webviewTag off), so no allowpopups', () => {
    for (const p of prefsOfAll()) expect(p.webviewTag).toBe(false);
    expect(sourcesWith(/allowpopups|webviewTag:\s*true/)).toEqual([]);
  });

  it('12. will-attach-webview is prevented on our window and on any other webContents', () => {
    for (const c of allContents()) {
      const e = nav('');
      emit(c.listeners, 'will-attach-webview', e, {}, {});
      expect(e.preventDefault).toHaveBeenCalled();
    }
  });

  it('13. navigation and redirects away from the app page are blocked (in-app routes pass)', () => {
    for (const c of allContents()) {
      for (const name of ['will-navigate', 'will-redirect', 'will-frame-navigate']) {
        for (const url of [
          'https://evil.example/',
          'file:///etc/passwd',
          'file:///tmp/other.html',
          'javascript:alert(1)',
          'data:text/html,x',
        ]) {
          const e = nav(url);
          emit(c.listeners, name, e);
          expect(e.preventDefault).toHaveBeenCalled();
        }
        const inApp = nav(`${APP}#/settings`);
        emit(c.listeners, name, inApp);
        expect(inApp.preventDefault).not.toHaveBeenCalled();
      }
    }
  });

  it('14. window.open is denied everywhere; http(s) links go to the browser instead', () => {
    m.openedExternal.length = 0;
    for (const c of allContents()) {
      for (const url of ['https://www.pjm.com/markets', APP, 'file:///etc/passwd', 'javascript:alert(1)']) {
        expect(c.openHandler?.({ url })).toEqual({ action: 'deny' });
      }
    }
    expect(m.openedExternal).toEqual(['https://www.pjm.com/markets', 'https://www.pjm.com/markets']);
  });

  it.each([
    ['file:///etc/passwd', false],
    ['javascript:alert(1)', false],
    ['smb://attacker/share', false],
    ['\\\\attacker\\share', false],
    ['ms-msdt:/id PCWDiagnostic', false],
    ['vscode://file/etc/passwd', false],
    ['data:text/html,<script>1</script>', false],
    ['mailto:a@b.example', false],
    ['https://www.pjm.com@evil.example/', false], // reads like PJM, goes to evil.example
    ['http://user:pw@host.example/', false],
    [`https://example.com/${'a'.repeat(3000)}`, false],
    ['not a url', false],
    ['https://www.pjm.com/markets-and-operations', true],
    ['http://127.0.0.1:8787/docs', true],
  ])('15. safeOpenExternal(%j) → %s', (url, opened) => {
    m.openedExternal.length = 0;
    expect(safeOpenExternal(url)).toBe(opened);
    expect(m.openedExternal).toHaveLength(opened ? 1 : 0);
  });

  it('15b. shell.openExternal is called only inside safeOpenExternal', () => {
    expect(sourcesWith(/openExternal\(/)).toEqual(['electron/main/window.ts']);
    const window = readFileSync(join(ROOT, 'electron/main/window.ts'), 'utf8');
    expect(window.match(/shell\.openExternal\(/g)).toHaveLength(1);
  });

  it('16. a current Electron (45 or later)', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
    expect(Number(/\d+/.exec(pkg.devDependencies.electron ?? '')?.[0])).toBeGreaterThanOrEqual(45);
  });

  it('17. every IPC handler validates its sender before doing anything', async () => {
    for (const verb of VERBS) {
      const handler = m.ipcHandlers.get(verb) as Listener;
      for (const senderFrame of [{ url: 'https://evil.example/' }, { url: 'file:///tmp/evil.html' }, null]) {
        expect(await handler({ senderFrame }, {})).toMatchObject({ ok: false, error: { code: 'forbidden' } });
      }
    }
  });

  it('18. no file://: app:// registered privileged before ready and handled after it; the file-privileges fuse is off', async () => {
    expect(m.calls.indexOf('registerSchemesAsPrivileged')).toBeGreaterThanOrEqual(0);
    expect(m.calls.indexOf('registerSchemesAsPrivileged')).toBeLessThan(m.calls.indexOf('ready'));
    expect(m.calls.indexOf('protocol.handle:app')).toBeGreaterThan(m.calls.indexOf('ready'));
    expect(m.windows.map((w) => w.loaded)).toEqual(['app://gridscope/index.html']);
    // No page of main's is a file URL (the embedded service's launcher turns paths into import URLs, not pages).
    expect(sourcesWith(/pathToFileURL\(|loadFile\(/).filter((p) => !p.startsWith('electron/services/'))).toEqual([]);
    const config = YAML.parse(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')) as {
      electronFuses: Record<string, boolean>;
    };
    expect(config.electronFuses.grantFileProtocolExtraPrivileges).toBe(false);
  });

  it('18b. IPC trusts the one app page only: not another app:// path, not the built page as a file, not an iframe', async () => {
    const handler = m.ipcHandlers.get('app:info') as Listener;
    const sender = m.windows[0]!.contents;
    expect(
      await handler({ sender, senderFrame: { url: APP.replace('index.html', 'assets/x.html'), parent: null } }, {}),
    ).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(
      await handler(
        { sender, senderFrame: { url: 'file:///opt/Gridscope/resources/app.asar/out/renderer/index.html', parent: null } },
        {},
      ),
    ).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    expect(await handler({ sender, senderFrame: { url: `${APP}#/x`, parent: null } }, {})).toMatchObject({ ok: true });
    expect(
      await handler({ sender, senderFrame: { url: APP.replace('index.html', 'other.html'), parent: null } }, {}),
    ).toMatchObject({ ok: false, error: { code: 'forbidden' } });
    // An iframe inside our own page, and a webContents that is not one of our windows.
    expect(await handler({ sender, senderFrame: { url: `${APP}#/x`, parent: {} } }, {})).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(await handler({ sender: created, senderFrame: { url: `${APP}#/x`, parent: null } }, {})).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
  });

  it('19. release fuses: no run-as-node, no NODE_OPTIONS or --inspect, cookie encryption, asar integrity, app only from asar, no file:// privileges', () => {
    const config = YAML.parse(readFileSync(join(ROOT, 'electron-builder.yml'), 'utf8')) as {
      electronFuses: Record<string, boolean>;
    };
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('20. the page gets only the contract verbs and onCommand: no Electron or IPC objects', () => {
    expect([...m.exposed.keys()]).toEqual(['gridscope']);
    const api = m.exposed.get('gridscope') as Record<string, unknown>;
    expect(Object.keys(api).sort()).toEqual([...VERBS, 'onCommand'].sort());
    for (const value of Object.values(api)) expect(typeof value).toBe('function');
    expect(sourcesWith(/exposeInMainWorld\(/)).toEqual(['electron/preload/index.ts']);
  });
});

describe('project rules', () => {
  it('no remote module', () => {
    expect(
      sourcesWith(
        /@electron\/remote|enableRemoteModule|\{[^}]*\bremote\b[^}]*\}\s*from\s*['"]electron['"]|electron['"]\)\.remote/,
      ),
    ).toEqual([]);
    const pkg = readFileSync(join(ROOT, 'package.json'), 'utf8');
    expect(pkg).not.toContain('@electron/remote');
  });

  it('the registered IPC handler set equals the contract', () => {
    expect([...m.ipcHandlers.keys()].sort()).toEqual([...VERBS].sort());
  });

  it('crash reports stay local and carry no extra parameters', () => {
    expect(m.crashReporterStarts).toEqual([{ uploadToServer: false }]);
    expect(m.crashReporterExtras).toEqual([]);
    expect(sourcesWith(/addExtraParameter|globalExtra|submitURL/)).toEqual([]);
  });

  it('every log line passes the redaction hook, including lines that bypass our loggers', async () => {
    const { default: electronLog } = (await import('electron-log/main')) as unknown as {
      default: { error(...a: unknown[]): void };
    };
    electronLog.error(new Error('boom x-api-key=Zq9XbT2mKp7LwR4vNs8YcH3jFd6GaE1u'), {
      apiKey: 'Zq9XbT2mKp7LwR4vNs8YcH3jFd6GaE1u',
    });
    expect(JSON.stringify(m.electronLog.lines.at(-1), (_k, v: unknown) => (v instanceof Error ? v.message : v))).not.toContain(
      'Zq9XbT2mKp7LwR4vNs8YcH3jFd6GaE1u',
    );
  });

  /** Payloads each verb's schema must refuse (the dispatcher answers `validation` without calling the handler). */
  const BAD: Record<Verb, unknown[]> = {
    'app:info': [{ x: 1 }],
    'datasets:list': [{ url: 'https://evil.example/' }, { requestId: '../x' }],
    'datasets:get': [{}, { datasetId: '../etc/passwd' }, { datasetId: 'A' }, { datasetId: 'x', path: '/tmp' }],
    'datasets:audit': [{ datasetId: 'a/b' }, { datasetId: 7 }],
    'datasets:estimate': [
      { datasetId: 'x', startTime: 'yesterday' },
      { datasetId: 'x', endTime: '2024-13-01T00:00:00Z; DROP TABLE' },
      { datasetId: 'x', filter: { column: 'a', operator: 'LIKE', value: '%' } },
      { datasetId: 'x', filter: { column: 'a', value: 'b', sql: '1=1' } },
    ],
    'usage:get': [{ requestId: 'x'.repeat(65) }, { plan: 'pro' }],
    'usage:activity': [{ requestId: 'r1' }, { since: 3 }],
    'requests:status': [{ requestIds: 'a' }, { requestIds: Array.from({ length: 101 }, (_, i) => `r${i}`) }],
    'requests:cancel': [{}, { requestId: 'a b' }],
    'profiles:get': [{ profile: 'remote' }],
    'profiles:setActive': [{ profile: 'other' }, {}],
    'profiles:setRemoteUrl': [
      { baseUrl: 'http://api.example/v1' },
      { baseUrl: 'file:///etc' },
      { baseUrl: 'https://k:s@api.example/v1' },
    ],
    'keys:set': [
      { profile: 'embedded', key: 'abcdefgh12' },
      { profile: 'remote', key: '' },
      { profile: 'remote', key: 'x'.repeat(513) },
      { profile: 'remote', key: 'abcd\nefgh12' },
      { profile: 'remote', key: 'abcd\u0000efgh12' },
      { profile: 'remote', key: 'abcdéfgh12' },
      { profile: 'remote', key: 'abcdefgh12', allowWeakStorage: 'yes' },
    ],
    'keys:test': [{}, { profile: 'embedded' }, { profile: 'remote', key: 'x' }],
    'keys:clear': [{ profile: 'embedded' }, {}],
    'profiles:setCache': [
      { profile: 'remote', ttlSeconds: -1 },
      { profile: 'remote', ttlSeconds: 1.5 },
      { profile: 'remote', ttlSeconds: 31 * 86_400 },
    ],
    'cache:clear': [{ profile: 'all' }],
    'datasets:query': [
      { datasetId: 'x', limit: 0 },
      { datasetId: 'x', cursor: 'a&api_key=b' },
      { datasetId: 'x', columns: ['a;b'] },
      { datasetId: 'x', url: 'https://evil.example/' },
      { datasetId: 'x', pageSize: 10_001 },
    ],
    'datasets:columnValues': [
      { datasetId: 'x' },
      { datasetId: 'x', column: '../values' },
      { datasetId: 'x', column: 'zone', limit: 10_001 },
      { datasetId: 'x', column: 'zone', sql: '1=1' },
    ],
    'datasets:updates': [{}, { datasetId: '../x' }, { datasetId: 'x', limit: 1001 }, { datasetId: 'x', url: '/v1/other' }],
    'workspace:pull': [
      {},
      { query: { datasetId: '../etc/passwd' } },
      { query: { datasetId: 'x' }, path: '/tmp/ws.duckdb' },
      { query: { datasetId: 'x', sql: 'DROP TABLE pulls' } },
      { query: { datasetId: 'x', columns: ['a"; DROP TABLE pulls; --'] } },
      { query: { datasetId: 'x', publishTime: 'whenever' } },
      { query: { datasetId: 'x' }, expectedRows: -1 },
    ],
    'workspace:pulls': [{ pullIds: [0] }, { pullIds: ['1'] }, { limit: 1001 }, { dir: '/tmp' }],
    'workspace:cancel': [{}, { pullId: 0 }, { pullId: 1.5 }, { pullId: 'pull_1' }, { pullId: 1, profile: 'remote' }],
    'workspace:deletePull': [{ pullId: -1 }, { pullId: 1, table: 'pulls' }, { pullId: 1, path: '/tmp/x' }],
    'workspace:rows': [
      { pullId: 0 },
      { pullId: 1, limit: 10_001 },
      { pullId: 1, sort: [{ column: 'a; DROP TABLE pulls' }] },
      { pullId: 1, filters: [{ column: 'a', op: 'LIKE', value: '%' }] },
      { pullId: 1, filters: [{ column: 'a', op: '=', value: 1, sql: '1=1' }] },
      { pullId: 1, where: '1=1' },
      { pullId: 1, peak: { column: 't', bucket: 'peak', zone: 'US/Eastern' } },
      { pullId: 1, peak: { column: 't', bucket: 'on_peak', zone: "US/Eastern'); DROP TABLE pulls; --" } },
      { pullId: 1, peak: { column: 't)--', bucket: 'on_peak', zone: 'US/Eastern' } },
    ],
    'workspace:series': [
      { pullId: 1, x: 't', y: ['v'] },
      { pullId: 1, x: 't', y: [], pixels: 100 },
      { pullId: 1, x: 't', y: ['v'], pixels: 10_001 },
      { pullId: 1, x: 't)--', y: ['v'], pixels: 100 },
      { pullId: 1, x: 't', y: ['v'], pixels: 100, peak: { column: 't', bucket: '7x8', zone: 'Mars/Olympus' } },
    ],
    'workspace:values': [{ pullId: 1 }, { pullId: 1, column: '../x' }, { pullId: 1, column: 'a', limit: 1001 }],
    'workspace:export': [
      { pullId: 1, format: 'xlsx' },
      { pullId: 1, format: 'csv', path: '/tmp/out.csv' },
      { pullId: 1, format: 'csv', filename: '../../.bashrc' },
      { pullId: 1, format: 'parquet', dir: 'C:\\Users' },
      { pullId: 0, format: 'csv' },
    ],
    'workspace:saveQuery': [
      { name: 'x' },
      { name: '', query: { datasetId: 'x' } },
      { name: 'x'.repeat(201), query: { datasetId: 'x' } },
      { name: 'x', query: { datasetId: 'x' }, path: '/tmp' },
    ],
    'workspace:savedQueries': [{ profile: 'remote' }, { path: '/tmp' }],
    'workspace:renameSaved': [{ id: 1 }, { id: 0, name: 'x' }, { id: 1, name: ' ' }],
    'workspace:deleteSaved': [{}, { id: 'all' }, { id: 1, path: '/tmp' }],
    'workspace:changes': [{}, { pullId: 0 }, { pullId: 1, datasetId: 'x' }],
    'workspace:refresh': [{ pullId: 'pull_1' }, { pullId: 1, ranges: [] }, { pullId: 1, baseUrl: 'http://evil' }],
    'workspace:pullBinding': [{}, { datasetId: 'x', priceThreshold: -1 }, { datasetId: 'x', file: '/tmp/x' }],
    'constraints:list': [{ markets: ['PJM; drop'] }, { costWindow: { start: 'yesterday', end: 'now' } }, { url: 'x' }],
    'constraints:contingencies': [{ limit: 0 }, { sortColumn: 'rt_absolute_cost' }],
    'constraints:location': [{}, { constraintId: '../../etc' }],
    'constraints:shiftFactors': [{ constraintId: 'a', aggregation: 'sum' }, { constraintId: 'a/b' }],
    'constraints:bindingLocations': [{ datasetId: 'x' }, { datasetId: 'x', window: { start: 'a', end: 'b' } }],
    'locations:list': [{ market: 'P J M' }, { limit: 0 }],
    'locations:index': [{ market: 'pjm' }, { requestId: 'r-1' }],
    'locations:shiftFactors': [{}, { locationId: 'a?b=c' }],
    'locations:constraintCosts': [
      { locationId: 'a', datasetId: 'x', window: { start: '2024-01-01T00:00:00Z', end: '2024-01-02T00:00:00Z' } },
    ],
    'outages:active': [
      { market: 'pjm' },
      { market: '../x', window: { start: '2024-01-01T00:00:00Z', end: '2024-01-02T00:00:00Z' } },
    ],
    'overlap:forConstraint': [{ datasetId: 'x', market: 'pjm', constraintId: 'c', distanceKm: -1 }],
    'overlap:forOutage': [{ datasetId: 'x', market: 'pjm', ticket: 'abc' }],
    'map:features': [
      { datasetId: 'x', market: 'pjm' },
      {
        datasetId: 'x',
        market: 'pjm',
        window: { start: '2024-01-01T00:00:00Z', end: '2024-01-02T00:00:00Z' },
        includeCancelled: 'yes',
      },
      { datasetId: 'x', market: 'pjm', window: { start: '2024-01-01T00:00:00Z', end: '2024-01-02T00:00:00Z' }, file: '/tmp/x' },
    ],
    'map:constraintDetail': [
      { datasetId: 'x', window: { start: 'a', end: 'b' }, constraintId: 'c' },
      { datasetId: 'x', constraintId: 'a/b' },
    ],
    'map:ticket': [{ market: 'pjm', window: { start: '2024-01-01T00:00:00Z', end: '2024-01-02T00:00:00Z' }, ticket: -1 }],
    'binding:constraints': [
      { datasetId: 'x', window: { start: '2024-01-01T00:00:00Z', end: '2024-01-02T00:00:00Z' } },
      { datasetId: 'x', market: 'pjm', window: { start: '2024-01-01T00:00:00Z', end: '2024-01-02T00:00:00Z' }, peak: 'evening' },
      {
        datasetId: 'x',
        market: 'pjm',
        window: { start: '2024-01-01T00:00:00Z', end: '2024-01-02T00:00:00Z' },
        contingencyId: '../k',
      },
    ],
    'binding:contingencies': [{ datasetId: 'x', market: 'pjm', window: { start: 'a', end: 'b' } }],
    'paths:congestion': [
      {
        market: 'pjm',
        source: 'l/../x',
        sink: null,
        datasets: { rt: 'x', da: null },
        window: { start: '2024-01-01T00:00:00Z', end: '2024-01-02T00:00:00Z' },
        groupBy: 'constraint',
      },
      {
        market: 'pjm',
        source: 'a',
        sink: 'b',
        datasets: { rt: '../x', da: null },
        window: { start: '2024-01-01T00:00:00Z', end: '2024-01-02T00:00:00Z' },
        groupBy: 'constraint',
      },
      { market: 'pjm', source: 'a', sink: 'b', datasets: { rt: 'x' }, window: { start: 'a', end: 'b' }, groupBy: 'constraint' },
    ],
    'binding:locationCosts': [
      {
        datasetId: 'x',
        market: 'pjm',
        window: { start: '2024-01-01T00:00:00Z', end: '2024-01-02T00:00:00Z' },
        locationId: 'l/../x',
        groupBy: 'constraint',
      },
      {
        datasetId: 'x',
        market: 'pjm',
        window: { start: '2024-01-01T00:00:00Z', end: '2024-01-02T00:00:00Z' },
        locationId: 'l',
        groupBy: 'pair',
      },
    ],
    'binding:series': [
      { datasetId: 'x', market: 'pjm', window: { start: '2024-01-01T00:00:00Z', end: '2024-01-02T00:00:00Z' } },
      {
        datasetId: 'x',
        market: 'pjm',
        window: { start: '2024-01-01T00:00:00Z', end: '2024-01-02T00:00:00Z' },
        constraintId: 'a b',
      },
    ],
    'outages:list': [
      { market: 'pjm', window: { start: '2024-01-01T00:00:00Z', end: '2024-01-02T00:00:00Z' }, filters: { within: 'soon' } },
      {
        market: 'pjm',
        window: { start: '2024-01-01T00:00:00Z', end: '2024-01-02T00:00:00Z' },
        filters: { voltageClasses: ['999_kv'] },
      },
    ],
    'outages:ticket': [
      { market: 'pjm', window: { start: '2024-01-01T00:00:00Z', end: '2024-01-02T00:00:00Z' }, ticket: 1.5 },
      { market: 'PJM/..', window: { start: '2024-01-01T00:00:00Z', end: '2024-01-02T00:00:00Z' }, ticket: 1 },
    ],
    'outages:ahead': [
      { market: 'pjm', constraintId: 'c', from: '2024-01-01T00:00:00Z', days: 365, distanceKm: 50 },
      { market: 'pjm', constraintId: '../c', from: '2024-01-01T00:00:00Z', days: 7, distanceKm: 50 },
    ],
    'binding:profile': [
      { datasetId: 'x', market: 'pjm', window: { start: '2024-01-01T00:00:00Z', end: '2024-01-02T00:00:00Z' } },
      {
        datasetId: 'x',
        market: 'pjm',
        window: { start: '2024-01-01T00:00:00Z', end: '2024-01-02T00:00:00Z' },
        constraintId: '../c',
      },
    ],
    'exports:list': [{}, { datasetId: '../x' }, { datasetId: 'x', month: 3 }, { datasetId: 'x', year: 1800 }],
    'downloads:start': [
      { datasetId: 'x', dates: [] },
      { datasetId: 'x', dates: ['2024-02-30'] },
      { datasetId: 'x', dates: ['../2024-01-01'] },
      { datasetId: 'x', dates: ['2024-01-01'], folder: '/tmp' },
    ],
    'downloads:list': [{ all: true }],
    'downloads:pause': [{ ids: ['../../etc/2024-01-01'] }, { ids: 'x/2024-01-01' }],
    'downloads:resume': [{ ids: ['x'] }],
    'downloads:cancel': [{ ids: ['x/2024-1-1'] }],
    'downloads:retry': [{ ids: [7] }],
    'downloads:clearFinished': [{ ids: [] }],
    'downloads:configure': [{ folder: '/etc' }, { concurrency: 0 }, { concurrency: 99 }, { speedLimitKiBps: 1 }],
    'downloads:chooseFolder': [{ folder: '/etc' }],
    'downloads:reveal': [{ path: '/etc/passwd' }, { datasetId: 'x', date: '2024-01-01T00:00:00Z' }],
    'library:list': [{ folder: '/tmp' }],
    'library:delete': [{}, { datasetId: 'x', dates: ['2024-13-01'] }, { datasetId: '../x' }],
    'library:verify': [{ datasetId: 'x', dates: [] }],
    'library:rescan': [{ folder: '/tmp' }],
    'workspace:openLocal': [{ datasetId: 'x' }, { datasetId: 'x', dates: ['2024-01-01'], files: ['/etc/passwd'] }],
    'display:get': [{ times: 'utc' }],
    'display:set': [{}, { times: 'local' }, { times: 'utc', path: '/tmp/display.json' }],
    'watchlist:list': [{ path: '/tmp/watch' }],
    'watchlist:add': [
      {},
      { kind: 'constraint', name: 'x', market: 'pjm', datasetId: 'd', constraintId: 'c', address: 'https://evil.example/' },
      { kind: 'path', name: 'x', market: 'pjm', datasetId: 'd', sourceId: 'a', sinkId: 'b', address: '#/constraints/c' },
      { kind: 'map', name: ' ', market: 'pjm', datasetId: 'd', address: '#/map' },
      { kind: 'map', name: 'x', market: 'pjm', datasetId: 'd', address: '#/map', area: { west: 1, south: 0, east: 0, north: 1 } },
      { kind: 'location', name: 'x', market: 'pjm', datasetId: 'd', locationId: '../x', address: '#/locations/x' },
      { kind: 'file', name: 'x', market: 'pjm', datasetId: 'd', address: '#/map' },
    ],
    'watchlist:rename': [{ id: 1 }, { id: 0, name: 'x' }, { id: 1, name: '' }, { id: 1, name: 'x'.repeat(201) }],
    'watchlist:delete': [{}, { id: -1 }, { id: 1.5 }],
    'watchlist:check': [
      { days: 0, lastDay: '2024-09-03' },
      { days: 7, lastDay: '2024-02-30' },
      { days: 32, lastDay: '2024-09-03' },
    ],
    'watchlist:open': [{ id: 'x' }, { id: 1, path: '/tmp' }],
  };

  it('no verb takes a file path from the page: no input field names a path, file, folder or directory', () => {
    const fields = new Set<string>();
    const seen = new Set<unknown>();
    const walk = (schema: unknown): void => {
      if (typeof schema !== 'object' || schema === null || seen.has(schema)) return;
      seen.add(schema);
      const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
      if (!def) return;
      if (def.type === 'object') {
        for (const [key, inner] of Object.entries(def.shape as Record<string, unknown>)) {
          fields.add(key);
          walk(inner);
        }
      }
      for (const value of Object.values(def)) for (const item of [value].flat()) walk(item);
    };
    for (const verb of VERBS) walk(contractInputs[verb]);
    expect(fields).toContain('pullId');
    expect(fields).toContain('column');
    expect(fields).toContain('op'); // inside the optional list of filters: nested schemas are walked
    const namesAPlace =
      /^(path|file|filename|fileName|dir|folder|directory|destination|url)$|(Path|File|Dir|Folder|Directory|Url)$/;
    expect([...fields].filter((f) => namesAPlace.test(f))).toEqual(['baseUrl']);
  });

  it('every verb has a table of bad payloads', () => expect(Object.keys(BAD).sort()).toEqual([...VERBS].sort()));

  it.each(VERBS)('%s rejects its bad payloads and any non-object', (verb) => {
    for (const payload of [...BAD[verb], null, 'x', 42, [], true]) {
      expect(contractInputs[verb].safeParse(payload).success, JSON.stringify(payload)).toBe(false);
    }
  });
});
