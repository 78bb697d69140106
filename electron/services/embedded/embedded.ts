import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { createLogger } from '../common/logger.js';
import type { EmbeddedStatus } from '../profiles/profiles.js';
import { redact, registerSecret } from '../common/redact.js';
import { childProcessStarter, describeExit, inProcessStarter } from './instances.js';
import type { ChildTimings, Instance, ServerFactory, StartOptions, Target } from './instances.js';
import { createForkLauncher } from './launchers.js';
import type { ChildExit, ProcessLauncher } from './launchers.js';

export type { ListenableServer, ServerFactory, ServerFactoryOptions, Target } from './instances.js';
export type { ChildExit, ChildHandle, ProcessLauncher } from './launchers.js';
export { createForkLauncher, createUtilityProcessLauncher } from './launchers.js';

/** Restarts after unexpected exits: the n-th exit within `windowMs` waits `baseDelayMs × 2^(n−1)` ms; past `maxRestarts`, none. */
export interface RestartPolicy {
  maxRestarts: number;
  windowMs: number;
  baseDelayMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = { maxRestarts: 3, windowMs: 60_000, baseDelayMs: 500 };

export interface EmbeddedServer {
  /** `starting` (also before the first use, with a message saying so), `running`, or `failed` with a message. */
  status(): EmbeddedStatus;
  /** Starts the server if needed; resolves to its base URL and key. Rejects with a message when it cannot start. */
  ensureStarted(): Promise<Target>;
  pid(): number | undefined;
  /** Stops the server (a start under way or a pending restart too); safe to call at any time, more than once. */
  stop(): Promise<void>;
}

export interface EmbeddedOptions extends StartOptions, ChildTimings {
  /** Runs the server in this process instead of a child process (tests). */
  factory?: ServerFactory;
  /** Default: `child_process.fork`; the desktop passes a `utilityProcess` launcher. */
  launcher?: ProcessLauncher;
  /** Key to accept (default: env `GRIDSCOPE_EMBEDDED_API_KEY`, else 32 random bytes base64url). */
  apiKey?: string;
  restart?: Partial<RestartPolicy>;
  now?: () => number;
}

const log = createLogger('embedded');

const NOT_STARTED: EmbeddedStatus = { status: 'starting', message: 'Not started yet: starts on first use.' };
const STOPPED: EmbeddedStatus = { status: 'starting', message: 'Stopped: starts again on next use.' };
export const RESTARTING_MESSAGE = 'The embedded data service stopped unexpectedly and is being restarted.';

/** Status message after the `n`-th restart of this session. */
export function restartedMessage(n: number): string {
  const times = n > 1 ? ` (${n} times since Gridscope started)` : '';
  return `The embedded data service stopped unexpectedly and was restarted${times}.`;
}

/** Status message once restarts have stopped: `exits` unexpected exits within the window. */
export function gaveUpMessage(exits: number, windowMs: number): string {
  const within = windowMs === 60_000 ? 'a minute' : `${Math.round(windowMs / 1000)} s`;
  return (
    `The embedded data service stopped unexpectedly ${exits} times within ${within}, so it was not restarted again. ` +
    `Gridscope tries again after ${within}; if it keeps stopping, restart Gridscope and check its log file.`
  );
}

const errorText = (err: unknown): string => redact(err instanceof Error ? err.message : String(err));

/**
 * The embedded profile's /v1 service: started on first use, restarted after crashes, at most `maxRestarts` a window
 * (docs/desktop.md#the-embedded-v1-service). `plan` defaults to env `GRIDSCOPE_EMBEDDED_PLAN`, else `unlimited`.
 */
export function createEmbeddedServer(opts: EmbeddedOptions = {}): EmbeddedServer {
  const plan = opts.plan || process.env.GRIDSCOPE_EMBEDDED_PLAN?.trim() || undefined;
  const key = opts.apiKey || process.env.GRIDSCOPE_EMBEDDED_API_KEY || randomBytes(32).toString('base64url');
  registerSecret(key);
  const options: StartOptions = {
    ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
    ...(opts.cacheDir ? { cacheDir: opts.cacheDir } : {}),
    ...(plan ? { plan } : {}),
  };
  const start = opts.factory
    ? inProcessStarter(opts.factory, options)
    : childProcessStarter(opts.launcher ?? createForkLauncher(), options, {
        ...(opts.startTimeoutMs ? { startTimeoutMs: opts.startTimeoutMs } : {}),
        ...(opts.stopTimeoutMs ? { stopTimeoutMs: opts.stopTimeoutMs } : {}),
      });
  const policy = { ...DEFAULT_RESTART_POLICY, ...opts.restart };
  const now = opts.now ?? Date.now;

  let status: EmbeddedStatus = NOT_STARTED;
  // The start under way or done; undefined when nothing runs (the old port is then forgotten).
  let launch: { promise: Promise<Instance>; abort: AbortController } | undefined;
  let live: Instance | undefined;
  let exits: number[] = [];
  let restarts = 0;

  const recentExits = (): number[] => exits.filter((t) => now() - t < policy.windowMs);

  function begin(afterExit: boolean, delayMs: number): Promise<Instance> {
    const abort = new AbortController();
    const promise = (async () => {
      if (delayMs > 0) await sleep(delayMs, undefined, { signal: abort.signal });
      status = afterExit ? { status: 'starting', message: RESTARTING_MESSAGE } : { status: 'starting' };
      const done = log.time('embedded /v1 service start');
      const instance = await start(key, abort.signal);
      if (abort.signal.aborted) {
        await instance.stop();
        throw new Error('Stopped before it started.');
      }
      live = instance;
      status = afterExit ? { status: 'running', message: restartedMessage(restarts) } : { status: 'running' };
      done(`port ${new URL(instance.target.baseUrl).port}`);
      log.info(`embedded /v1 service listening on ${instance.target.baseUrl}${instance.pid ? ` (process ${instance.pid})` : ''}`);
      void instance.exited.then((exit) => onExit(instance, exit));
      return instance;
    })();
    const current = { promise, abort };
    launch = current;
    promise.catch((err: unknown) => {
      if (launch !== current) return; // stopped meanwhile: stop() set the status
      launch = undefined;
      // Failed starts count like crashes, so a service that cannot start is not relaunched at every poll.
      exits = [...recentExits(), now()];
      const message = errorText(err).replace(/\.$/, '');
      log.error(afterExit ? 'embedded /v1 service could not be restarted' : 'embedded /v1 server failed to start', message);
      status = {
        status: 'failed',
        message: afterExit
          ? `The embedded data service stopped unexpectedly and could not be restarted: ${message}.`
          : `The embedded /v1 server failed to start: ${message}`,
      };
    });
    return promise;
  }

  // An exit nobody asked for: forget the old port and restart, unless it keeps happening.
  function onExit(instance: Instance, exit: ChildExit): void {
    if (live !== instance) return; // stopped on purpose
    live = undefined;
    launch = undefined;
    if (exit.code === 0) {
      log.info(`embedded /v1 service process ${instance.pid ?? ''} was stopped from outside Gridscope`);
      status = STOPPED;
      return;
    }
    exits = [...recentExits(), now()];
    log.warn(`embedded /v1 service process ${instance.pid ?? ''} stopped unexpectedly (${describeExit(exit)})`);
    if (exits.length > policy.maxRestarts) {
      status = { status: 'failed', message: gaveUpMessage(exits.length, policy.windowMs) };
      log.error(`embedded /v1 service stopped ${exits.length} times within ${policy.windowMs} ms; not restarting it`);
      return;
    }
    restarts += 1;
    status = { status: 'starting', message: RESTARTING_MESSAGE };
    begin(true, policy.baseDelayMs * 2 ** (exits.length - 1)).catch(() => undefined);
  }

  return {
    status: () => status,
    pid: () => live?.pid,
    async ensureStarted() {
      if (!launch) {
        if (recentExits().length > policy.maxRestarts)
          throw new Error(status.message ?? 'The embedded data service keeps stopping.');
        begin(false, 0);
      }
      try {
        return (await launch!.promise).target;
      } catch {
        throw new Error(status.message ?? 'The embedded /v1 server failed to start.');
      }
    },
    async stop() {
      const current = launch;
      const instance = live;
      launch = undefined;
      live = undefined;
      if (!current && !instance) return;
      current?.abort.abort();
      await current?.promise.catch(() => undefined);
      await instance?.stop();
      status = STOPPED;
    },
  };
}
