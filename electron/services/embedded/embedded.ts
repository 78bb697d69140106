import { randomBytes } from 'node:crypto';
import { createLogger } from '../common/logger.js';
import type { EmbeddedStatus } from '../profiles/profiles.js';
import { redact, registerSecret } from '../common/redact.js';

/**
 * The "embedded" profile: our own /v1 service (server/) running in this process on 127.0.0.1 with
 * a random port and a key generated per run. Started lazily on first use; a failed start is
 * reported in {@link EmbeddedServer.status} and retried on the next use.
 */

/** What `server/app.ts` `createServer()` must return for us: Fastify's `listen` and `close`. */
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

export type ServerFactory = (opts: ServerFactoryOptions) => Promise<ListenableServer>;

/** Where the proxy should send requests for the embedded profile. `baseUrl` ends in `/v1`. */
export interface Target {
  baseUrl: string;
  key: string;
}

export interface EmbeddedServer {
  /** `starting` (also before the first use, with a message saying so), `running`, or `failed` with a message. */
  status(): EmbeddedStatus;
  /** Starts the server if needed; resolves to its base URL and key. Rejects with a message when it cannot start. */
  ensureStarted(): Promise<Target>;
  /** Closes the server if it runs; safe to call at any time, more than once. */
  stop(): Promise<void>;
}

const log = createLogger('embedded');

const loadServer: ServerFactory = async (opts) => {
  const mod = await import('../../../server/app.js');
  return mod.createServer(opts);
};

/**
 * @param opts.factory  builds the /v1 server (default: server/app.ts `createServer`); tests pass a fake.
 * @param opts.apiKey   key to accept (default: env `GRIDSCOPE_EMBEDDED_API_KEY`, else 32 random bytes base64url).
 * @param opts.plan     plan of the embedded server (default: env `GRIDSCOPE_EMBEDDED_PLAN`, else the server's
 *                      default `unlimited`); `free` reproduces the hosted free tier's limits for e2e and demos.
 */
export function createEmbeddedServer(opts: {
  factory?: ServerFactory;
  apiKey?: string;
  dataDir?: string;
  cacheDir?: string;
  plan?: string;
} = {}): EmbeddedServer {
  const factory = opts.factory ?? loadServer;
  const plan = opts.plan || process.env.GRIDSCOPE_EMBEDDED_PLAN?.trim() || undefined;
  const key = opts.apiKey || process.env.GRIDSCOPE_EMBEDDED_API_KEY || randomBytes(32).toString('base64url');
  registerSecret(key);

  let status: EmbeddedStatus = { status: 'starting', message: 'Not started yet: starts on first use.' };
  let starting: Promise<{ server: ListenableServer; target: Target }> | undefined;

  async function start(): Promise<{ server: ListenableServer; target: Target }> {
    status = { status: 'starting' };
    const done = log.time('embedded /v1 server start');
    const server = await factory({
      apiKeys: [key],
      logger: false,
      ...(opts.dataDir ? { dataDir: opts.dataDir } : {}),
      ...(opts.cacheDir ? { cacheDir: opts.cacheDir } : {}),
      ...(plan ? { plan } : {}),
    });
    try {
      const address = await server.listen({ host: '127.0.0.1', port: 0 });
      const port = new URL(address).port;
      const target = { baseUrl: `http://127.0.0.1:${port}/v1`, key };
      done(`port ${port}`);
      status = { status: 'running' };
      return { server, target };
    } catch (err) {
      await server.close().catch(() => undefined);
      throw err;
    }
  }

  return {
    status: () => status,
    async ensureStarted() {
      if (!starting) {
        starting = start();
        starting.catch((err: unknown) => {
          const message = redact(err instanceof Error ? err.message : String(err));
          log.error('embedded /v1 server failed to start', message);
          status = { status: 'failed', message: `The embedded /v1 server failed to start: ${message}` };
          starting = undefined; // the next use tries again
        });
      }
      try {
        return (await starting).target;
      } catch {
        throw new Error(status.message ?? 'The embedded /v1 server failed to start.');
      }
    },
    async stop() {
      const current = starting;
      starting = undefined;
      if (!current) return;
      const started = await current.catch(() => undefined);
      if (started) await started.server.close();
      status = { status: 'starting', message: 'Stopped: starts again on next use.' };
    },
  };
}
