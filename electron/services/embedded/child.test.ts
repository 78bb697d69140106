import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ProfilesState, Result } from '../../../shared/index.js';
import { setLogSink } from '../common/logger.js';
import { createServices } from '../index.js';
import type { Services, ServicesOptions } from '../index.js';
import { createFileVault } from '../vault/keyVault.js';
import { dispatch } from '../verbs/dispatch.js';
import { createForkLauncher, defaultChildEntry } from './launchers.js';

// The real child (fork of server/embeddedChild.ts under tsx, the repository's data/); stand-in children cover the cases it cannot stage.
const KEY = 'embedded-child-test-key-0001';
// A real start takes seconds (tsx compiles server/; the first builds the DuckDB file), more on a busy machine.
const SLOW = { timeout: 120_000 };
let root: string;
let cacheDir: string;
let services: Services | undefined;

beforeAll(async () => {
  setLogSink(() => undefined);
  root = await mkdtemp(join(tmpdir(), 'gs-embedded-child-'));
  cacheDir = join(root, 'cache'); // shared: the DuckDB file is built once for the file
});
afterEach(async () => {
  await services?.dispose();
  services = undefined;
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
  setLogSink();
});

async function make(over: Partial<ServicesOptions['embedded']> = {}, extra: Partial<ServicesOptions> = {}): Promise<Services> {
  const configDir = await mkdtemp(join(root, 'config-'));
  services = createServices({
    configDir,
    vault: createFileVault(configDir),
    host: 'web',
    versions: {},
    embedded: { apiKey: KEY, cacheDir, restart: { baseDelayMs: 50 }, ...over },
    ...extra,
  });
  return services;
}

const call = <T>(s: Services, verb: string, input: unknown = {}): Promise<Result<T>> =>
  dispatch(s.handlers, verb, input) as Promise<Result<T>>;
async function value<T>(s: Services, verb: string, input: unknown = {}): Promise<T> {
  const r = await call<T>(s, verb, input);
  if (!r.ok) throw new Error(`${verb}: ${r.error.code}: ${r.error.message}`);
  return r.value;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('the embedded /v1 service process (child_process.fork of server/embeddedChild.ts)', () => {
  it('answers datasets:list, is restarted after a SIGKILL and says so, and answers again', SLOW, async () => {
    const s = await make();
    const before = await value<{ id: string }[]>(s, 'datasets:list');
    expect(before.length).toBeGreaterThanOrEqual(10);
    const pid = s.embedded.pid()!;
    expect(pid).toBeGreaterThan(0);
    expect(pid).not.toBe(process.pid);

    process.kill(pid, 'SIGKILL');
    await vi.waitFor(() => expect(alive(pid)).toBe(false));
    await vi.waitFor(
      async () => {
        const state = await value<ProfilesState>(s, 'profiles:get');
        expect(state.embedded).toEqual({
          status: 'running',
          message: 'The embedded data service stopped unexpectedly and was restarted.',
          cacheTtlSeconds: 0,
        });
      },
      { timeout: 60_000, interval: 100 },
    );
    const restartedPid = s.embedded.pid()!;
    expect(restartedPid).not.toBe(pid);
    expect(alive(restartedPid)).toBe(true);
    expect((await value<{ id: string }[]>(s, 'datasets:list')).map((d) => d.id)).toEqual(before.map((d) => d.id));
  });

  it('dispose stops the process (no orphan), and the key is in neither its command line nor its environment', SLOW, async () => {
    process.env.GRIDSCOPE_EMBEDDED_API_KEY = KEY;
    try {
      const s = await make({ apiKey: undefined });
      await value(s, 'datasets:list');
      const pid = s.embedded.pid()!;
      expect(alive(pid)).toBe(true);
      if (process.platform === 'linux') {
        expect(await readFile(`/proc/${pid}/cmdline`, 'utf8')).not.toContain(KEY);
        expect(await readFile(`/proc/${pid}/environ`, 'utf8')).not.toContain(KEY);
      }
      await s.dispose();
      expect(alive(pid)).toBe(false);
      expect(s.embedded.status()).toEqual({ status: 'starting', message: 'Stopped: starts again on next use.' });
    } finally {
      delete process.env.GRIDSCOPE_EMBEDDED_API_KEY;
    }
  });

  it('exits by itself when its parent goes away (the fork channel closes)', SLOW, async () => {
    const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
    const child = fork(defaultChildEntry(), [], { execArgv: ['--import', tsx], stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    await new Promise<void>((r) => child.once('message', () => r()));
    child.disconnect();
    expect(await exited).toBe(0);
  });
});

// Speaks the protocol but never answers HTTP; notes request arrivals in `arrivals`.
const STALLING_CHILD = `
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:http';
const [arrivals, ignoreTerm] = [process.env.STALL_ARRIVALS, process.env.STALL_IGNORE_TERM === '1'];
if (ignoreTerm) process.on('SIGTERM', () => undefined);
process.on('message', (m) => {
  if (m.type !== 'start') return;
  const server = createServer(() => appendFileSync(arrivals, 'x'));
  server.listen(0, '127.0.0.1', () => process.send({ type: 'listening', port: server.address().port }));
});
process.send({ type: 'ready' });
`;

describe('scripted children', () => {
  let entry: string;
  let arrivals: string;
  beforeAll(async () => {
    entry = join(root, 'stalling-child.mjs');
    arrivals = join(root, 'arrivals.txt');
    await writeFile(entry, STALLING_CHILD);
  });

  it('a request in flight when the process dies fails with a network error; the service is restarted', async () => {
    process.env.STALL_ARRIVALS = arrivals;
    try {
      const s = await make({ launcher: createForkLauncher(entry) }, { retry: { maxAttempts: 1 } });
      await s.embedded.ensureStarted();
      const pid = s.embedded.pid()!;
      const pending = call(s, 'datasets:list');
      await vi.waitFor(() => expect(existsSync(arrivals)).toBe(true));
      process.kill(pid, 'SIGKILL');
      const r = await pending;
      expect(r.ok).toBe(false);
      expect(!r.ok && r.error.code).toBe('network');
      await vi.waitFor(() =>
        expect(s.embedded.status()).toEqual({
          status: 'running',
          message: 'The embedded data service stopped unexpectedly and was restarted.',
        }),
      );
      expect(s.embedded.pid()).not.toBe(pid);
    } finally {
      delete process.env.STALL_ARRIVALS;
    }
  });

  it('dispose kills a process that ignores SIGTERM once stopTimeoutMs has passed', async () => {
    process.env.STALL_IGNORE_TERM = '1';
    try {
      const s = await make({ launcher: createForkLauncher(entry), stopTimeoutMs: 300 });
      await s.embedded.ensureStarted();
      const pid = s.embedded.pid()!;
      const t = performance.now();
      await s.dispose();
      expect(performance.now() - t).toBeGreaterThanOrEqual(250);
      expect(alive(pid)).toBe(false);
    } finally {
      delete process.env.STALL_IGNORE_TERM;
    }
  });
});
