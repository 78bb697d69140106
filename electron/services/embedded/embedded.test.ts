import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLogSink } from '../common/logger.js';
import { redact } from '../common/redact.js';
import { RESTARTING_MESSAGE, createEmbeddedServer, gaveUpMessage, restartedMessage } from './embedded.js';
import type { ChildExit, ChildHandle, EmbeddedOptions, EmbeddedServer, ProcessLauncher } from './embedded.js';
import type { ParentMessage } from '../../../shared/embedded/protocol.js';

// The supervisor over a scripted launcher; the real child process is exercised in child.test.ts.
const KEY = 'embedded-supervisor-key-01';

/** A scripted child: answers `ready`, then `listening` on `start` unless told otherwise. */
class FakeChild {
  sent: ParentMessage[] = [];
  terminated = 0;
  killed = 0;
  ended: ChildExit | undefined;
  private messageListeners: ((m: unknown) => void)[] = [];
  private exitListeners: ((e: ChildExit) => void)[] = [];
  private outputListeners: ((l: string) => void)[] = [];
  readonly handle: ChildHandle;
  constructor(
    readonly pid: number,
    readonly env: NodeJS.ProcessEnv,
    readonly port: number,
    script: Script,
  ) {
    this.handle = {
      pid,
      send: (m) => {
        this.sent.push(m);
        if (m.type === 'start') script.onStart(this);
      },
      onMessage: (l) => void this.messageListeners.push(l),
      onExit: (l) => void this.exitListeners.push(l),
      onOutput: (l) => void this.outputListeners.push(l),
      terminate: () => {
        this.terminated += 1;
        if (!script.ignoreTerminate) setTimeout(() => this.exit({ code: 0, signal: null }), 0);
      },
      kill: () => {
        this.killed += 1;
        setTimeout(() => this.exit({ code: null, signal: 'SIGKILL' }), 0);
      },
    };
    setTimeout(() => this.message({ type: 'ready' }), 0);
  }
  message(m: unknown): void {
    for (const l of this.messageListeners) l(m);
  }
  output(line: string): void {
    for (const l of this.outputListeners) l(line);
  }
  exit(e: ChildExit): void {
    if (this.ended) return;
    this.ended = e;
    for (const l of this.exitListeners) l(e);
  }
  async end(e: ChildExit): Promise<void> {
    this.exit(e);
    await new Promise((r) => setImmediate(r));
  }
}

interface Script {
  onStart(child: FakeChild): void;
  ignoreTerminate?: boolean;
}

const listen: Script['onStart'] = (c) => setTimeout(() => c.message({ type: 'listening', port: c.port }), 0);

function fakeLauncher(script: Partial<Script> = {}): ProcessLauncher & { children: FakeChild[] } {
  const children: FakeChild[] = [];
  const launcher: ProcessLauncher = ({ env }) => {
    const child = new FakeChild(40_000 + children.length, env, 50_000 + children.length, { onStart: listen, ...script });
    children.push(child);
    return child.handle;
  };
  return Object.assign(launcher, { children });
}

let embedded: EmbeddedServer | undefined;
let clock = 1_000_000;

function make(launcher: ProcessLauncher, over: Partial<EmbeddedOptions> = {}): EmbeddedServer {
  embedded = createEmbeddedServer({ launcher, apiKey: KEY, restart: { baseDelayMs: 5 }, now: () => clock, ...over });
  return embedded;
}

beforeEach(() => {
  setLogSink(() => undefined);
  clock = 1_000_000;
});
afterEach(async () => {
  await embedded?.stop();
  embedded = undefined;
  setLogSink();
});

const restarted = (e: EmbeddedServer, pid: number | undefined) =>
  vi.waitFor(() => {
    expect(e.status().status).toBe('running');
    expect(e.pid()).not.toBe(pid);
  });

describe('embedded /v1 service supervisor', () => {
  it('starts on first use and hands the key over in the start message, not in the environment', async () => {
    process.env.GRIDSCOPE_EMBEDDED_API_KEY = 'embedded-key-in-parent-env';
    try {
      const launcher = fakeLauncher();
      const e = make(launcher, { dataDir: '/data', plan: 'free' });
      expect(e.status()).toEqual({ status: 'starting', message: 'Not started yet: starts on first use.' });
      expect(launcher.children).toHaveLength(0);
      expect(await e.ensureStarted()).toEqual({ baseUrl: 'http://127.0.0.1:50000/v1', key: KEY });
      expect(e.status()).toEqual({ status: 'running' });
      expect(e.pid()).toBe(40_000);
      const [child] = launcher.children;
      expect(child!.sent).toEqual([{ type: 'start', options: { apiKeys: [KEY], dataDir: '/data', plan: 'free' } }]);
      expect(child!.env).not.toHaveProperty('GRIDSCOPE_EMBEDDED_API_KEY');
      expect(redact(`key ${KEY}`)).toBe('key [redacted]');
      await e.ensureStarted();
      expect(launcher.children).toHaveLength(1);
    } finally {
      delete process.env.GRIDSCOPE_EMBEDDED_API_KEY;
    }
  });

  it('restarts a crashed process on a new port and says so; the next crash says how many times', async () => {
    const launcher = fakeLauncher();
    const e = make(launcher);
    await e.ensureStarted();
    await launcher.children[0]!.end({ code: null, signal: 'SIGKILL' });
    expect(e.status()).toEqual({ status: 'starting', message: RESTARTING_MESSAGE });
    expect(e.pid()).toBeUndefined();
    expect((await e.ensureStarted()).baseUrl).toBe('http://127.0.0.1:50001/v1');
    expect(e.status()).toEqual({ status: 'running', message: restartedMessage(1) });
    expect(e.status().message).toBe('The embedded data service stopped unexpectedly and was restarted.');
    expect(e.pid()).toBe(40_001);

    clock += 61_000;
    await launcher.children[1]!.end({ code: 134, signal: null });
    await restarted(e, 40_001);
    expect(e.status().message).toBe(
      'The embedded data service stopped unexpectedly and was restarted (2 times since Gridscope started).',
    );
  });

  it('stops restarting after 3 crashes within a minute, then starts again on a request after the minute', async () => {
    const launcher = fakeLauncher();
    const e = make(launcher);
    await e.ensureStarted();
    for (let i = 0; i < 3; i += 1) {
      await launcher.children[i]!.end({ code: null, signal: 'SIGSEGV' });
      await restarted(e, 40_000 + i);
      clock += 1_000;
    }
    await launcher.children[3]!.end({ code: null, signal: 'SIGSEGV' });
    expect(e.status()).toEqual({ status: 'failed', message: gaveUpMessage(4, 60_000) });
    expect(e.status().message).toMatch(
      /stopped unexpectedly 4 times within a minute, so it was not restarted again\. Gridscope tries again after a minute; .*restart Gridscope/,
    );
    await expect(e.ensureStarted()).rejects.toThrow(gaveUpMessage(4, 60_000));
    expect(launcher.children).toHaveLength(4);

    clock += 60_000;
    expect((await e.ensureStarted()).baseUrl).toBe('http://127.0.0.1:50004/v1');
    expect(e.status()).toEqual({ status: 'running' });
  });

  it('waits longer before each restart within the window (backoff)', async () => {
    const launcher = fakeLauncher();
    const e = make(launcher, { restart: { baseDelayMs: 40 } });
    await e.ensureStarted();
    const restartTimes: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const t = performance.now();
      await launcher.children[i]!.end({ code: 1, signal: null });
      await restarted(e, 40_000 + i);
      restartTimes.push(performance.now() - t);
    }
    expect(restartTimes[0]).toBeGreaterThanOrEqual(35);
    expect(restartTimes[1]).toBeGreaterThanOrEqual(75);
    expect(restartTimes[2]).toBeGreaterThanOrEqual(155);
  });

  it('a clean exit nobody asked for (SIGTERM from outside) marks it stopped without restarting; the next use starts it', async () => {
    const launcher = fakeLauncher();
    const e = make(launcher);
    await e.ensureStarted();
    await launcher.children[0]!.end({ code: 0, signal: null });
    expect(e.status()).toEqual({ status: 'starting', message: 'Stopped: starts again on next use.' });
    await new Promise((r) => setTimeout(r, 30));
    expect(launcher.children).toHaveLength(1);
    expect((await e.ensureStarted()).baseUrl).toBe('http://127.0.0.1:50001/v1');
    expect(e.status()).toEqual({ status: 'running' });
  });

  it('reports a start that fails, with the child’s message or its last line of output, and retries on the next use', async () => {
    let n = 0;
    const launcher = fakeLauncher({
      onStart: (c) => {
        n += 1;
        if (n === 1) c.message({ type: 'failed', message: `Source file missing (key ${KEY})` });
        else if (n === 2) {
          c.output('Error: DuckDB could not open the file');
          c.exit({ code: 1, signal: null });
        } else listen(c);
      },
    });
    const e = make(launcher);
    await expect(e.ensureStarted()).rejects.toThrow(
      'The embedded /v1 server failed to start: Source file missing (key [redacted])',
    );
    expect(e.status().status).toBe('failed');
    expect(launcher.children[0]!.killed).toBe(1);
    await expect(e.ensureStarted()).rejects.toThrow(
      'The embedded /v1 server failed to start: its process ended (exit code 1): Error: DuckDB could not open the file',
    );
    await e.ensureStarted();
    expect(e.status()).toEqual({ status: 'running' });
  });

  it('a service that cannot start is launched at most 4 times a minute, however often it is asked for', async () => {
    const launcher = fakeLauncher({ onStart: (c) => c.message({ type: 'failed', message: 'The data folder is missing.' }) });
    const e = make(launcher);
    const failed = 'The embedded /v1 server failed to start: The data folder is missing';
    for (let i = 0; i < 4; i += 1) await expect(e.ensureStarted()).rejects.toThrow(failed);
    await expect(e.ensureStarted()).rejects.toThrow(failed);
    expect(launcher.children).toHaveLength(4);
    clock += 60_000;
    await expect(e.ensureStarted()).rejects.toThrow(failed);
    expect(launcher.children).toHaveLength(5);
  });

  it('gives up on a start that takes longer than startTimeoutMs and kills that process', async () => {
    const launcher = fakeLauncher({ onStart: () => undefined });
    const e = make(launcher, { startTimeoutMs: 50 });
    await expect(e.ensureStarted()).rejects.toThrow('The embedded /v1 server failed to start: it did not start within 0 s');
    expect(launcher.children[0]!.killed).toBe(1);
  });

  it('ignores messages that are not part of the protocol', async () => {
    const launcher = fakeLauncher({
      onStart: (c) => {
        c.message({ type: 'listening', port: 'eighty' });
        c.message('hello');
        listen(c);
      },
    });
    expect((await make(launcher).ensureStarted()).baseUrl).toBe('http://127.0.0.1:50000/v1');
  });

  it('stop: SIGTERM, then SIGKILL after stopTimeoutMs for a process that does not stop', async () => {
    const launcher = fakeLauncher({ ignoreTerminate: true });
    const e = make(launcher, { stopTimeoutMs: 30 });
    await e.ensureStarted();
    await e.stop();
    const [child] = launcher.children;
    expect([child!.terminated, child!.killed]).toEqual([1, 1]);
    expect(child!.ended).toEqual({ code: null, signal: 'SIGKILL' });
    expect(e.status()).toEqual({ status: 'starting', message: 'Stopped: starts again on next use.' });
    expect(e.pid()).toBeUndefined();
  });

  it('stop during a start or a pending restart leaves no process behind', async () => {
    const slow = fakeLauncher({ onStart: (c) => setTimeout(() => listen(c), 50) });
    const e = make(slow);
    const start = e.ensureStarted();
    await vi.waitFor(() => expect(slow.children[0]?.sent).toHaveLength(1));
    await e.stop();
    await expect(start).rejects.toThrow();
    expect(slow.children[0]!.ended).toBeDefined();

    const launcher = fakeLauncher();
    const r = make(launcher, { restart: { baseDelayMs: 200 } });
    await r.ensureStarted();
    await launcher.children[0]!.end({ code: null, signal: 'SIGKILL' });
    await r.stop();
    await new Promise((res) => setTimeout(res, 250));
    expect(launcher.children).toHaveLength(1);
    expect(r.status()).toEqual({ status: 'starting', message: 'Stopped: starts again on next use.' });
  });
});
