import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { test as base, expect } from '@playwright/test';
import { axeViolations } from './axe.js';
import { BRIDGE_HEADER, BRIDGE_PATH, DEFAULT_REMOTE_BASE_URL } from '../shared/index.js';
import type { ContractResults, Result, Verb, VerbInput } from '../shared/index.js';

const ROOT = resolve(import.meta.dirname, '..');
const URL_LINE = /^Gridscope at ((http:\/\/127\.0\.0\.1:\d+\/)\?token=[\w-]+)\s*$/;
const START_TIMEOUT_MS = 90_000;

/**
 * A worker's web host: `startUrl` is the printed one, `embeddedKey` must never reach the page, `call` is for setup only.
 * `restart` stops the host and starts it again on the same config and cache folders (a new port and token: `url` and
 * `startUrl` change, so open `startUrl` again).
 */
export interface WebHost {
  url: string;
  /** The host's settings folder (`GRIDSCOPE_CONFIG_DIR`): the workspace files are in `<configDir>/workspace`. */
  configDir: string;
  startUrl: string;
  embeddedKey: string;
  output(): string;
  call<V extends Verb>(verb: V, input: VerbInput<V>): Promise<Result<ContractResults[V]>>;
  restart(): Promise<void>;
}

function waitForUrl(child: ChildProcess, output: () => string): Promise<{ startUrl: string; url: string }> {
  return new Promise((ok, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`web host did not start in ${START_TIMEOUT_MS} ms:\n${output()}`)),
      START_TIMEOUT_MS,
    );
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const m = URL_LINE.exec(line);
      if (m?.[1] && m[2]) {
        clearTimeout(timer);
        ok({ startUrl: m[1], url: m[2] });
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      fail(new Error(`web host exited (${code ?? signal}) before listening:\n${output()}`));
    });
  });
}

// The whole process group (tsx and its node child): SIGTERM, then SIGKILL after 10 s.
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const kill = (signal: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      /* already gone */
    }
  };
  kill('SIGTERM');
  const timer = setTimeout(() => kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Plan of the embedded /v1 server (`GRIDSCOPE_EMBEDDED_PLAN`); undefined = the server's default (unlimited). */
export type EmbeddedPlan = 'free' | 'pro' | 'unlimited' | undefined;
/** Usage the embedded key starts the month with (seeded in server/plans/usageFile.ts's format). */
export type UsedThisMonth = { rows: number; requests: number } | undefined;

async function seedUsage(cacheDir: string, key: string, used: { rows: number; requests: number }): Promise<void> {
  const id = createHash('sha256').update(key, 'utf8').digest('hex');
  const period = new Date().toISOString().slice(0, 7);
  await writeFile(join(cacheDir, 'usage.json'), JSON.stringify({ version: 1, keys: { [id]: { period, ...used } } }));
}

async function tokenCookie(startUrl: string): Promise<string> {
  const res = await fetch(startUrl, { redirect: 'manual' });
  const pair = res.headers.getSetCookie()[0]?.split(';')[0];
  if (res.status !== 302 || !pair) throw new Error(`the start URL ${startUrl} answered ${res.status} without a cookie`);
  return pair;
}

/** More environment of the web host process (test-only switches such as `GRIDSCOPE_TEST_CONVERSION_GATE`). */
export type HostEnv = Record<string, string>;

async function startHost(
  plan: EmbeddedPlan,
  used: UsedThisMonth,
  extraEnv: HostEnv,
): Promise<{ host: WebHost; close(): Promise<void> }> {
  const configDir = await mkdtemp(join(tmpdir(), 'gridscope-e2e-config-'));
  const cacheDir = await mkdtemp(join(tmpdir(), 'gridscope-e2e-cache-'));
  const embeddedKey = `gs-embedded-${randomBytes(18).toString('hex')}`;
  if (used) await seedUsage(cacheDir, embeddedKey, used);
  let log = '';
  const launch = () => {
    const c = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['electron/webhost/cli.ts', '--port', '0'], {
      cwd: ROOT,
      env: {
        ...process.env,
        GRIDSCOPE_CONFIG_DIR: configDir,
        GRIDSCOPE_CACHE_DIR: cacheDir,
        GRIDSCOPE_EMBEDDED_API_KEY: embeddedKey,
        GRIDSCOPE_EMBEDDED_PLAN: plan ?? '',
        ...extraEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // own process group, so stop() reaches tsx's child too
    });
    c.stdout!.on('data', (b: Buffer) => (log += b.toString()));
    c.stderr!.on('data', (b: Buffer) => (log += b.toString()));
    return c;
  };
  let child = launch();
  const output = () => log;
  const cleanup = async () => {
    await stop(child);
    await Promise.all([rm(configDir, { recursive: true, force: true }), rm(cacheDir, { recursive: true, force: true })]);
  };
  let url: string;
  let startUrl: string;
  let cookie: string;
  try {
    ({ url, startUrl } = await waitForUrl(child, output));
    cookie = await tokenCookie(startUrl);
  } catch (err) {
    await cleanup();
    throw err;
  }
  const call: WebHost['call'] = async (verb, input) => {
    const res = await fetch(new URL(`${BRIDGE_PATH.slice(1)}/${verb}`, url), {
      method: 'POST',
      headers: { 'content-type': 'application/json', [BRIDGE_HEADER]: '1', cookie },
      body: JSON.stringify(input),
    });
    return (await res.json()) as never;
  };
  const host: WebHost = { url, configDir, startUrl, embeddedKey, output, call, restart: async () => {} };
  host.restart = async () => {
    await stop(child);
    child = launch();
    ({ url, startUrl } = await waitForUrl(child, output));
    cookie = await tokenCookie(startUrl);
    Object.assign(host, { url, startUrl });
  };
  return { host, close: cleanup };
}

/** Schemes that never leave the page (inline data, object URLs such as maplibre's worker). */
const LOCAL_PROTOCOLS = new Set(['data:', 'blob:', 'about:']);

interface TestFixtures {
  failOnPageErrors: void;
  failOnExternalRequests: void;
  resetProfiles: void;
  /**
   * `await axe('catalogue, dark')`: axe-core's WCAG 2.1 A/AA check of the page as it stands (e2e/axe.ts), a soft
   * assertion named after `label` that lists each violation, so one run reports every screen's.
   */
  axe: (label: string) => Promise<void>;
  /** Option: also check the page as the test leaves it (`test.use({ axeAtEnd: true })`), in the scheme it ends in. */
  axeAtEnd: boolean;
  axeAtEndCheck: void;
}

interface WorkerFixtures {
  plan: EmbeddedPlan;
  usedThisMonth: UsedThisMonth;
  /** Option: more environment of the worker's web host (`test.use({ hostEnv: { … } })`). */
  hostEnv: HostEnv;
  host: WebHost;
}

/**
 * Gridscope's `test`: a web host per worker and per `test.use({ plan, usedThisMonth })` (temp dirs, known embedded key).
 * Each test starts on Embedded without a Remote key, with the token cookie, and fails on `pageerror` or `console.error`.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  plan: [undefined, { scope: 'worker', option: true }],
  usedThisMonth: [undefined, { scope: 'worker', option: true }],
  hostEnv: [{}, { scope: 'worker', option: true }],
  host: [
    async ({ plan, usedThisMonth, hostEnv }, use) => {
      const { host, close } = await startHost(plan, usedThisMonth, hostEnv);
      await use(host);
      await close();
    },
    { scope: 'worker', timeout: START_TIMEOUT_MS + 30_000 },
  ],
  baseURL: async ({ host }, use) => use(host.url),
  // Every context opens the start URL first, so `page.goto('/')` finds the token cookie in place.
  context: async ({ context, host }, use) => {
    const start = await context.request.get(host.startUrl, { maxRedirects: 0 });
    expect(start.status(), 'the start URL redirects once its cookie is set').toBe(302);
    await use(context);
  },
  resetProfiles: [
    async ({ host }, use) => {
      for (const r of [
        await host.call('profiles:setActive', { profile: 'embedded' }),
        await host.call('keys:clear', { profile: 'remote' }),
        await host.call('profiles:setRemoteUrl', { baseUrl: DEFAULT_REMOTE_BASE_URL }),
      ])
        expect(r.ok, JSON.stringify(r)).toBe(true);
      await use();
    },
    { auto: true },
  ],
  failOnPageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
      page.on('console', (msg) => {
        if (msg.type() === 'error') errors.push(`console.error: ${msg.text()}`);
      });
      await use();
      expect(errors, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
  axe: async ({ page }, use) => {
    await use(async (label) => {
      expect.soft(await axeViolations(page), `WCAG 2.1 A/AA violations on ${label}`).toEqual([]);
    });
  },
  axeAtEnd: [false, { option: true }],
  axeAtEndCheck: [
    async ({ axeAtEnd, axe, page }, use, info) => {
      await use();
      // A test that already failed leaves its page wherever it stopped: nothing worth checking.
      if (axeAtEnd && info.status === info.expectedStatus && page.url().startsWith('http'))
        await axe(`${info.title} (its last page)`);
    },
    { auto: true },
  ],
  // The app works with the network unplugged: any request from the page to a host other than 127.0.0.1 fails the test.
  failOnExternalRequests: [
    async ({ context }, use) => {
      const external: string[] = [];
      await context.route(
        (url) => !LOCAL_PROTOCOLS.has(url.protocol) && url.hostname !== '127.0.0.1',
        async (route) => {
          external.push(route.request().url());
          await route.abort('blockedbyclient');
        },
      );
      await use();
      expect(external, 'requests outside 127.0.0.1').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** A bridge call's value (setup and checks); @throws with the error's message when the call failed. */
export async function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): Promise<T> {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** A count as the pages write it (`8,634`). */
export const count = (n: number): string => new Intl.NumberFormat('en-US').format(n);
