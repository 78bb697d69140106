import { setTimeout as sleep } from 'node:timers/promises';
import { createLogger } from '../common/logger.js';
import { redact } from '../common/redact.js';
import type { ChildExit, ProcessLauncher } from './launchers.js';
import { ChildMessage } from '../../../shared/embedded/protocol.js';
import type { ChildServerOptions } from '../../../shared/embedded/protocol.js';

/** The part of server/app.ts `createServer()`'s Fastify instance that is used. */
export interface ListenableServer {
  listen(opts: { host: string; port: number }): Promise<string>;
  close(): Promise<unknown>;
}

/** Options of server/app.ts `createServer`; `plan` (docs/plans.md) applies to every key, default `unlimited`. */
export interface ServerFactoryOptions {
  apiKeys: string[];
  dataDir?: string;
  cacheDir?: string;
  logger?: boolean;
  plan?: string;
}

/** Builds a /v1 server in this process (tests); the real one runs in the child process. */
export type ServerFactory = (opts: ServerFactoryOptions) => Promise<ListenableServer>;

/** Where the proxy sends the embedded profile's requests; `baseUrl` ends in `/v1`. */
export interface Target {
  baseUrl: string;
  key: string;
}

/** One run of the /v1 server: `pid` undefined and `exited` never settling when in-process; `stop` resolves once it is gone. */
export interface Instance {
  target: Target;
  pid: number | undefined;
  exited: Promise<ChildExit>;
  stop(): Promise<void>;
}

/** Starts an {@link Instance} for `key`; `signal` aborts a start under way (the start then rejects). */
export type Starter = (key: string, signal: AbortSignal) => Promise<Instance>;

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

/** Child timings in ms: wait for `listening` (120 000: the first start builds the DuckDB file), SIGTERM→SIGKILL (5 000). */
export interface ChildTimings {
  startTimeoutMs?: number;
  stopTimeoutMs?: number;
}

/** How a process ended, in words for logs and messages: "exit code 1", "signal SIGKILL". */
export function describeExit(exit: ChildExit): string {
  return exit.signal ? `signal ${exit.signal}` : exit.code === null ? 'could not be started' : `exit code ${exit.code}`;
}

/**
 * Starts the server in a child process: the key goes in the `start` message, never in argv or env. Rejects (the child
 * killed) with its `failed` message, its exit and last output line, or after `startTimeoutMs`.
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
