import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import envPaths from 'env-paths';
import Fastify, { type FastifyInstance } from 'fastify';
import { KeyRing } from './auth.js';
import { DatasetStore } from './data/store.js';
import { API_SERVER_OPTIONS, installErrorHandlers } from './errors.js';
import { loggerOptions } from './logging.js';
import { openapiRoutes } from './openapi.js';
import { UsageStore, resolvePlan, type Plan } from './plans/index.js';
import { exportDownloadRoutes } from './routes/export-download.js';
import { UsageTracker } from './usage.js';
import { DEFAULT_QUERY_TIMEOUT_MS } from './query/guard.js';
import { v1Routes } from './v1.js';

/**
 * Gridscope's embedded /v1 service (spec energy-data-api.md, endpoints 11–13, 15, 16). The Electron
 * main process and the web host import {@link createServer} and call
 * `listen({ host: '127.0.0.1', port: 0 })`; the CLI (cli.ts) does the same for a terminal.
 * Nothing here prints or exits the process.
 */

/** Options of {@link createServer}. */
export interface ServerOptions {
  /** Keys accepted in `x-api-key` / `api_key`. */
  apiKeys: string[];
  /** Keys refused with 401 "Invalid API key." even when also in `apiKeys`. */
  revokedKeys?: string[];
  /** Folder of the source files (default: the repository's `data/`). */
  dataDir?: string;
  /** Folder of the built DuckDB file (default: env `GRIDSCOPE_CACHE_DIR`, else the OS cache folder for Gridscope). */
  cacheDir?: string;
  /** Log requests as JSON lines on stdout (keys redacted). Default false. */
  logger?: boolean;
  /**
   * The plan every key is on: a name from server/plans/plans.json (`free`, `pro`, `unlimited`), or a
   * plan object validated with the same schema (tests, embedders). Default `unlimited`.
   * An unknown name throws `Unknown plan "x". Configured plans: ...` (docs/plans.md).
   */
  plan?: string | Plan;
  /** JSON file of the monthly usage counters, kept across restarts. Default `<cacheDir>/usage.json`. */
  usageFile?: string;
  /**
   * Milliseconds after which a dataset query is cancelled and answered 422 (spec "Limits").
   * Default {@link DEFAULT_QUERY_TIMEOUT_MS}. Routes read it as `app.gridscope.queryTimeoutMs`.
   */
  queryTimeoutMs?: number;
  /** Clock of the rate-limit windows and usage months (tests). Default: the system clock. */
  now?: () => Date;
}


/** The repository's `data/` folder, next to `server/`. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../data/', import.meta.url));

/** The cache folder used when `cacheDir` is not given. */
export function defaultCacheDir(): string {
  return process.env.GRIDSCOPE_CACHE_DIR || envPaths('Gridscope', { suffix: '' }).cache;
}

/**
 * Builds (or reuses) the DuckDB file and opens the usage file, then returns a Fastify instance
 * serving `/v1`, not yet listening (callers may still register more plugins). `app.close()` writes
 * the usage counters and releases the DuckDB file. The instance carries `app.gridscope`
 * (GridscopeSettings in plans/entitlements.ts: the plan and the query time-out).
 * @throws for an unknown plan or a bad `queryTimeoutMs`, when a source file is missing, or when the
 * DuckDB file cannot be built or opened or the usage file cannot be read.
 */
export async function createServer(options: ServerOptions): Promise<FastifyInstance> {
  const plan = resolvePlan(options.plan);
  const queryTimeoutMs = options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
  if (!Number.isFinite(queryTimeoutMs) || queryTimeoutMs <= 0) {
    throw new Error(`queryTimeoutMs must be a positive number of milliseconds, not ${queryTimeoutMs}`);
  }
  const dataDir = options.dataDir ?? DEFAULT_DATA_DIR;
  const cacheDir = options.cacheDir ?? defaultCacheDir();
  const usageStore = await UsageStore.open(options.usageFile ?? path.join(cacheDir, 'usage.json'));
  const store = await DatasetStore.open({ dataDir, cacheDir });
  try {
    const app = Fastify({ ...API_SERVER_OPTIONS, logger: options.logger ? loggerOptions() : false });
    if (usageStore.setAside) app.log.warn(`Unreadable usage file moved to ${usageStore.setAside}; counting starts afresh`);
    app.decorate('gridscope', { plan, queryTimeoutMs });
    app.decorateRequest('apiKeyId', null);
    app.decorateRequest('rowsReturned', 0);
    app.decorateRequest('plan', null as unknown as Plan); // set by the plan hook (plans/hook.ts)
    const usage = new UsageTracker({ plan, store: usageStore, ...(options.now ? { now: options.now } : {}) });
    app.addHook('onClose', async () => {
      store.close();
      await usage.close();
    });
    await app.register(compress, { encodings: ['br', 'gzip', 'deflate'] });
    installErrorHandlers(app);
    await app.register(openapiRoutes);
    await app.register(exportDownloadRoutes, { store });
    await app.register(v1Routes, {
      prefix: '/v1',
      store,
      dataDir,
      keys: new KeyRing(options.apiKeys, options.revokedKeys ?? []),
      usage,
    });
    return app;
  } catch (error) {
    store.close();
    await usageStore.close().catch(() => undefined);
    throw error;
  }
}
