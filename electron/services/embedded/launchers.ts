import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { BUILT_CHILD_NAME } from '../../../shared/embedded/protocol.js';
import type { ParentMessage } from '../../../shared/embedded/protocol.js';

/** How a child process ended: the exit code, or the signal that killed it (POSIX, fork only). */
export interface ChildExit {
  code: number | null;
  signal: string | null;
}

/** A started child process (utilityProcess or fork), as the embedded service sees it: tests inject their own. */
export interface ChildHandle {
  /** Undefined until the OS started it (utilityProcess) or if it could not start. */
  readonly pid: number | undefined;
  /** Dropped when the channel is already closed. */
  send(message: ParentMessage): void;
  onMessage(listener: (message: unknown) => void): void;
  /** Called once, when the process has ended (also when it could not be started). */
  onExit(listener: (exit: ChildExit) => void): void;
  onOutput(listener: (line: string) => void): void;
  /** SIGTERM on POSIX; a `stop` message on Windows, where signals cannot be caught. */
  terminate(): void;
  kill(): void;
}

/** Starts the child entry with `env` as its whole environment. */
export type ProcessLauncher = (opts: { env: NodeJS.ProcessEnv }) => ChildHandle;

const isWindows = process.platform === 'win32';

function forwardLines(streams: (Readable | NodeJS.ReadableStream | null | undefined)[], listener: (line: string) => void): void {
  for (const s of streams) if (s) createInterface({ input: s as Readable, crlfDelay: Infinity }).on('line', listener);
}

function signalPid(pid: number | undefined, signal: NodeJS.Signals): void {
  if (pid === undefined) return;
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

/**
 * The embedded service's process entry: server/embeddedChild.ts under tsx (web host, tests), else the built
 * `embeddedChild.js` bundled next to this code (out/main). A path only: the services never import server/.
 */
export function defaultChildEntry(): string {
  return import.meta.url.endsWith('.ts')
    ? resolve(import.meta.dirname, '../../../server/embeddedChild.ts')
    : join(import.meta.dirname, `${BUILT_CHILD_NAME}.js`);
}

// Absolute, so `--import` resolves it from any working directory.
function tsxLoaderUrl(): string {
  return pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
}

/** Launcher over `child_process.fork` (web host, tests); a `.ts` entry runs with `--import tsx`. */
export function createForkLauncher(entry: string = defaultChildEntry()): ProcessLauncher {
  const execArgv = entry.endsWith('.ts') ? ['--import', tsxLoaderUrl()] : [];
  return ({ env }) => {
    const child = fork(entry, [], { env, execArgv, stdio: ['ignore', 'pipe', 'pipe', 'ipc'], serialization: 'json' });
    const exitListeners: ((exit: ChildExit) => void)[] = [];
    let ended = false;
    const end = (exit: ChildExit): void => {
      if (ended) return;
      ended = true;
      for (const l of exitListeners) l(exit);
    };
    child.on('exit', (code, signal) => end({ code, signal }));
    // 'error' without 'exit' happens when the process could not be spawned at all.
    child.on('error', () => {
      if (child.pid === undefined) end({ code: null, signal: null });
    });
    const send = (message: ParentMessage): void => {
      if (child.connected) child.send(message, () => undefined);
    };
    return {
      get pid() {
        return child.pid;
      },
      send,
      onMessage: (listener) => void child.on('message', listener),
      onExit: (listener) => void exitListeners.push(listener),
      onOutput: (listener) => forwardLines([child.stdout, child.stderr], listener),
      terminate: () => (isWindows ? send({ type: 'stop' }) : void child.kill('SIGTERM')),
      kill: () => void child.kill('SIGKILL'),
    };
  };
}

/** The part of Electron's `UtilityProcess` the launcher uses. */
export interface UtilityProcessLike {
  readonly pid: number | undefined;
  readonly stdout: NodeJS.ReadableStream | null;
  readonly stderr: NodeJS.ReadableStream | null;
  postMessage(message: unknown): void;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
}

/** The part of Electron's `utilityProcess` module the launcher uses. */
export interface UtilityProcessApi {
  fork(
    modulePath: string,
    args: string[],
    options: { env: Record<string, string>; stdio: 'pipe'; serviceName: string },
  ): UtilityProcessLike;
}

/** Launcher over Electron's `utilityProcess.fork` of out/main/embeddedChild.js (after app `ready`); exits carry no signal. */
export function createUtilityProcessLauncher(api: UtilityProcessApi, entry: string): ProcessLauncher {
  return ({ env }) => {
    const defined = Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
    const child = api.fork(entry, [], { env: defined, stdio: 'pipe', serviceName: 'Gridscope data service' });
    let exited = false;
    child.on('exit', () => void (exited = true));
    const send = (message: ParentMessage): void => {
      if (!exited) child.postMessage(message);
    };
    return {
      get pid() {
        return child.pid;
      },
      send,
      onMessage: (listener) => void child.on('message', listener),
      onExit: (listener) => void child.on('exit', (code) => listener({ code, signal: null })),
      onOutput: (listener) => forwardLines([child.stdout, child.stderr], listener),
      terminate: () => (isWindows ? send({ type: 'stop' }) : signalPid(child.pid, 'SIGTERM')),
      kill: () => signalPid(child.pid, 'SIGKILL'),
    };
  };
}
