import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { _electron as electron, expect, test } from '@playwright/test';
import type { WebPreferences } from 'electron';

// The real shell, where an Electron binary exists: the built app (out/, `npm run build`) on a throwaway profile, its
// window's hardening read from main, the page's view of the world, and a clean quit (docs/desktop.md#security-checklist).

// Globals of the page, for the functions that run there (the Node tsconfig has no DOM library).
declare const window: {
  gridscope: Record<string, (input: unknown) => Promise<unknown>>;
  isSecureContext: boolean;
  location: { href: string };
  open(url: string): unknown;
};
declare const document: { documentElement: { outerHTML: string }; cookie: string };
declare const localStorage: Record<string, string>;
declare const sessionStorage: Record<string, string>;

const ROOT = resolve(import.meta.dirname, '..');
const APP_PAGE = 'app://gridscope/index.html';

test('the built app opens the catalogue on the embedded service in a hardened window that holds no key, then quits', async () => {
  const userData = await mkdtemp(join(tmpdir(), 'gs-desktop-smoke-'));
  const embeddedKey = `gs-smoke-${randomBytes(18).toString('hex')}`;
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && k !== 'ELECTRON_RUN_AS_NODE') env[k] = v;
  const app = await electron.launch({
    args: [ROOT, `--user-data-dir=${userData}`],
    cwd: ROOT,
    env: { ...env, GRIDSCOPE_EMBEDDED_API_KEY: embeddedKey, GRIDSCOPE_DISABLE_UPDATES: '1' },
  });
  const problems: string[] = [];
  try {
    const page = await app.firstWindow();
    page.on('console', (m) => void (m.type() === 'error' && problems.push(`console.error: ${m.text()}`)));
    page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
    expect(await app.evaluate(({ app: a }) => a.getPath('userData'))).toBe(userData);

    // The catalogue, over the bridge, from the embedded /v1 service's process.
    await expect(page).toHaveURL(new RegExp(`^${APP_PAGE}`));
    await expect(page.getByTestId('profile-badge')).toHaveText('Embedded — sample data');
    await expect(page.getByTestId('catalogue-table')).toBeVisible({ timeout: 180_000 });
    await expect.poll(() => page.getByTestId('catalogue-row').count()).toBeGreaterThanOrEqual(10);

    // Hardening as main applied it (getLastWebPreferences is Electron's, undocumented in its typings).
    const prefs = await app.evaluate(({ BrowserWindow }) =>
      BrowserWindow.getAllWindows().map((w) => {
        const p = (w.webContents as unknown as { getLastWebPreferences(): WebPreferences }).getLastWebPreferences();
        return {
          contextIsolation: p.contextIsolation,
          sandbox: p.sandbox,
          nodeIntegration: p.nodeIntegration,
          nodeIntegrationInWorker: p.nodeIntegrationInWorker,
          nodeIntegrationInSubFrames: p.nodeIntegrationInSubFrames,
          webSecurity: p.webSecurity,
          webviewTag: p.webviewTag,
        };
      }),
    );
    expect(prefs).toEqual([
      {
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        nodeIntegrationInWorker: false,
        nodeIntegrationInSubFrames: false,
        webSecurity: true,
        webviewTag: false,
      },
    ]);
    // …and as the page sees it: no Node, only the contract's functions on window.gridscope.
    const world = await page.evaluate(() => ({
      node: [typeof (globalThis as { require?: unknown }).require, typeof (globalThis as { process?: unknown }).process],
      api: Object.values(window.gridscope).every((f) => typeof f === 'function'),
      secure: window.isSecureContext,
    }));
    expect(world).toEqual({ node: ['undefined', 'undefined'], api: true, secure: true });

    // app:// answers the page with the CSP header and refuses a path out of out/renderer.
    const served = await page.evaluate(async () => {
      const pageRes = await fetch('app://gridscope/index.html');
      const escape = await fetch('app://gridscope/..%2fmain%2findex.js');
      return { csp: pageRes.headers.get('content-security-policy'), escape: escape.status };
    });
    expect(served.csp).toContain("connect-src 'self'");
    expect(served.escape).toBe(404);

    // Navigation away is prevented (seen from main, after the hardening listener ran); window.open is denied.
    await app.evaluate(({ BrowserWindow }) => {
      const seen: { url: string; prevented: boolean }[] = [];
      (globalThis as { navigations?: typeof seen }).navigations = seen;
      BrowserWindow.getAllWindows()[0]!.webContents.on('will-navigate', (e) =>
        seen.push({ url: e.url, prevented: e.defaultPrevented }),
      );
    });
    await page.evaluate(() => void (window.location.href = 'https://example.invalid/'));
    await expect
      .poll(() => app.evaluate(() => (globalThis as { navigations?: unknown[] }).navigations))
      .toEqual([{ url: 'https://example.invalid/', prevented: true }]);
    expect(await page.evaluate(() => window.open('about:blank') === null)).toBe(true);
    expect(await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().length)).toBe(1);
    expect(page.url()).toMatch(new RegExp(`^${APP_PAGE}`));
    await expect(page.getByTestId('catalogue-table')).toBeVisible();

    // No key anywhere the page can look: DOM, storage, cookies, globals, resource URLs, bridge answers.
    const seen = await page.evaluate(async () => {
      const api = window.gridscope;
      return JSON.stringify({
        dom: document.documentElement.outerHTML,
        local: { ...localStorage },
        session: { ...sessionStorage },
        cookie: document.cookie,
        globals: Object.keys(window),
        resources: performance.getEntries().map((e) => e.name),
        profiles: await api['profiles:get']!({}),
        info: await api['app:info']!({}),
      });
    });
    expect(seen).toContain('catalogue-table');
    expect(seen).not.toContain(embeddedKey);
    expect(problems).toEqual([]);

    // Quit: the window goes and the embedded service's process with it.
    const childPids = await app.evaluate(({ app: a }) =>
      a
        .getAppMetrics()
        .filter((p) => p.type === 'Utility' && p.name === 'Gridscope data service')
        .map((p) => p.pid),
    );
    expect(childPids).toHaveLength(1);
    await app.close();
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    await expect.poll(() => childPids.filter(alive)).toEqual([]);
  } finally {
    await app.close().catch(() => undefined);
    await rm(userData, { recursive: true, force: true }).catch(() => undefined);
  }
});
