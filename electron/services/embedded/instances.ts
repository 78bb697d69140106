import { setTimeout as sleep } from 'node:timers/promises';
import { createLogger } from '../common/logger.js';
import { redact } from '../common/redact.js';
import type { ChildExit, ProcessLauncher } from './launchers.js';
import { ChildMessage } from './protocol.js';
import type { ChildServerOptions } from './protocol.js';

/**
 * One run of the embedded /v1 server, started either in a child process (the default: a crash or
 * a runaway query there cannot take the window down) or, for tests, in this process from a
 * {@link ServerFactory}. embedded.ts supervises runs: status, restarts, stop.
 */

/** What server/app.ts `createServer()` returns that we use: Fastify's `listen` and `close`. */
export interface ListenableServer {
  listen(opts: { host: string; port: number }): Promise<string>;
  close(): Promise<unknown>;
}

/** Options passed to server/ `createServer`. */
export interface ServerFactoryOptions {
  apiKeys: string[];
  dataDir?: string;
  cacheDir?: string;
  logger?: boolean;
  /** Plan of every key (`free`, `pro`, `unlimited`; docs/plans.md). Absent = the server's default (unlimited). */
  plan?: string;
}

/** Builds a /v1 server in this process (tests); the real one runs in the child process. */
export type ServerFactory = (opts: ServerFactoryOptions) => Promise<ListenableServer>;

/** Where the proxy should send requests for the embedded profile. `baseUrl` ends in `/v1`. */
export interface Target {
  baseUrl: string;
  key: string;
}

/** A started /v1 server. */
export interface Instance {
  target: Target;
  /** OS process id of its child process; undefined in this process. */
  pid: number | undefined;
  /** Resolves when its process ends, by any cause; never for an in-process server. */
  exited: Promise<ChildExit>;
  /** Stops it; resolves once it is gone. */
  stop(): Promise<void>;
}

/** Starts an {@link Instance} for `key`; `signal` aborts a start under way (the start then rejects). */
export type Starter = (key: string, signal: AbortSignal) => Promise<Instance>;

/** Server options besides the key. */
export type StartOptions = Omit<ChildServerOptions, 'apiKeys'>;

const log = createLogger('embedded');
const targetOf = (port: string | number, key: string): Target => ({ baseUrl: `http://127.0.0.1:${port}/v1`, key });

/** Starts the server in this process with `factory` (tests). */
export function inProcessStarter(factory: ServerFactory, options: StartOptions): Starter {
  return async (key) => {
    const server = await factory({ apiKeys: [key], logger: false, ...options });
    try {
      const address = await server.listen({ host: '127.0.0.1', port: 0 });
      return {
        target: targetOf(new URL(address).port, key),
        pid: undefined,
        exited: new Promise<ChildExit>(() => undefined),
        stop: async () => void (await server.close()),
      };
    } catch (err) {
      await server.close().catch(() => undefined);
      throw err;
    }
  };
}

/** Timings of a child process run, in ms. */
export interface ChildTimings {
  /** Longest wait for `listening` (the first start builds the DuckDB file from data/). Default 120 000. */
  startTimeoutMs?: number;
  /** Wait after SIGTERM before SIGKILL. Default 5 000. */
  stopTimeoutMs?: number;
}

/** How a process ended, in words for logs and messages: "exit code 1", "signal SIGKILL". */
export function describeExit(exit: ChildExit): string {
  return exit.signal ? `signal ${exit.signal}` : exit.code === null ? 'could not be started' : `exit code ${exit.code}`;
}

/**
 * Starts the server in a child process with `launcher`: waits for `ready`, sends `start` with the
 * key (in the message: never in argv or env), waits for `listening`. Rejects with the child's
 * `failed` message, when it exits first (with its last line of output), or after `startTimeoutMs`;
 * the child is killed in every such case. The child's environment is ours without
 * GRIDSCOPE_EMBEDDED_API_KEY.
 */
export function childProcessStarter(launcher: ProcessLauncher, options: StartOptions, timings: ChildTimings = {}): Starter {
  const startTimeoutMs = timings.startTimeoutMs ?? 120_000;
  const stopTimeoutMs = timings.stopTimeoutMs ?? 5_000;
  return (key, signal) =>
    new Promise<Instance>((resolve, reject) => {
      if (signal.aborted) return reject(new Error('Stopped before it started.'));
      const { GRIDSCOPE_EMBEDDED_API_KEY: _key, ...env } = process.env;
      const child = launcher({ env });
      let lastLine = '';
      let settled = false;
      let resolveExit!: (exit: ChildExit) => void;
      const exited = new Promise<ChildExit>((r) => (resolveExit = r));
      // Rejects once the process is gone (or after stopTimeoutMs), so no start leaves one behind.
      const fail = (message: string): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
        child.kill();
        void Promise.race([exited, sleep(stopTimeoutMs, undefined, { ref: false })]).then(() => reject(new Error(message)));
      };
      const onAbort = (): void => fail('Stopped before it started.');
      const timer = setTimeout(() => fail(`it did not start within ${Math.round(startTimeoutMs / 1000)} s`), startTimeoutMs);
      signal.addEventListener('abort', onAbort, { once: true });

      child.onOutput((line) => {
        lastLine = redact(line).slice(0, 500);
        log.warn(`service process: ${lastLine}`);
      });
      child.onExit((exit) => {
        resolveExit(exit);
        fail(`its process ended (${describeExit(exit)})${lastLine ? `: ${lastLine}` : ''}`);
      });
      child.onMessage((raw) => {
        const parsed = ChildMessage.safeParse(raw);
        if (!parsed.success) return log.warn('ignored an unexpected message from the service process');
        const msg = parsed.data;
        if (msg.type === 'ready') child.send({ type: 'start', options: { apiKeys: [key], ...options } });
        else if (msg.type === 'failed') fail(redact(msg.message));
        else if (!settled) {
          settled = true;
          clearTimeout(timer);
          signal.removeEventListener('abort', onAbort);
          resolve({ target: targetOf(msg.port, key), pid: child.pid, exited, stop });
        }
      });

      let stopping: Promise<void> | undefined;
      function stop(): Promise<void> {
        stopping ??= (async () => {
          child.terminate();
          const killer = setTimeout(() => {
            log.warn(`the service process ${child.pid} did not stop within ${stopTimeoutMs} ms; killing it`);
            child.kill();
          }, stopTimeoutMs);
          await exited;
          clearTimeout(killer);
        })();
        return stopping;
      }
    });
}
