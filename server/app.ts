import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import envPaths from 'env-paths';
import Fastify, { type FastifyInstance } from 'fastify';
import { KeyRing } from './auth.js';
import type { CatalogueEntry } from './data/catalogue/index.js';
import type { DataChanges } from './data/changes.js';
import { DatasetStore } from './data/store.js';
import { API_SERVER_OPTIONS, installErrorHandlers } from './errors.js';
import { loggerOptions } from './logging.js';
import { openapiRoutes } from './openapi.js';
import { UsageStore, resolvePlan, type Plan } from './plans/index.js';
import { exportDownloadRoutes } from './routes/export-download.js';
import { UsageTracker } from './usage.js';
import { DEFAULT_QUERY_TIMEOUT_MS } from './query/guard.js';
import { v1Routes } from './v1.js';

/** Options of {@link createServer}. `revokedKeys` get 401 even when also in `apiKeys`. */
export interface ServerOptions {
  apiKeys: string[];
  revokedKeys?: string[];
  /** Source files (default {@link DEFAULT_DATA_DIR}); the DuckDB file goes to `cacheDir` (default {@link defaultCacheDir}). */
  dataDir?: string;
  cacheDir?: string;
  /** Log requests as JSON lines on stdout, keys redacted. */
  logger?: boolean;
  /** Plan name from server/plans/plans.json or a plan object; default `unlimited`; an unknown name throws (docs/plans.md). */
  plan?: string | Plan;
  /** Monthly usage counters, kept across restarts. Default `<cacheDir>/usage.json`. */
  usageFile?: string;
  /** Dataset query time-out in ms, then 422 (default {@link DEFAULT_QUERY_TIMEOUT_MS}); `app.gridscope.queryTimeoutMs`. */
  queryTimeoutMs?: number;
  /** The datasets to serve instead of the repository's catalogue (benches serve a synthetic one). */
  catalogue?: readonly CatalogueEntry[];
  /** Tests only: the handle through which they change the served data (docs/api.md#test-only-data-changes). */
  dataChanges?: DataChanges;
  /** Clock of the rate-limit windows and usage months (tests). */
  now?: () => Date;
}

/** The repository's `data/` folder, next to `server/`. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../data/', import.meta.url));

/** Env `GRIDSCOPE_CACHE_DIR`, else the OS cache folder for Gridscope. */
export function defaultCacheDir(): string {
  return process.env.GRIDSCOPE_CACHE_DIR || envPaths('Gridscope', { suffix: '' }).cache;
}

/**
 * Builds (or reuses) the DuckDB file; returns the /v1 app, not listening. `app.close()` saves usage and frees DuckDB.
 * @throws for an unknown plan, a bad `queryTimeoutMs`, a missing source file, or an unusable DuckDB or usage file.
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
  const store = await DatasetStore.open({
    dataDir,
    cacheDir,
    ...(options.catalogue ? { catalogue: options.catalogue } : {}),
    writable: options.dataChanges !== undefined,
  });
  try {
    options.dataChanges?.attach(store);
    const app = Fastify({ ...API_SERVER_OPTIONS, logger: options.logger ? loggerOptions() : false });
    if (usageStore.setAside) app.log.warn(`Unreadable usage file moved to ${usageStore.setAside}; counting starts afresh`);
    app.decorate('gridscope', { plan, queryTimeoutMs });
    app.decorateRequest('apiKeyId', null);
    app.decorateRequest('rowsReturned', 0);
    app.decorateRequest('plan', null as unknown as Plan);
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
      ...(options.dataChanges ? { changes: options.dataChanges } : {}),
    });
    return app;
  } catch (error) {
    store.close();
    await usageStore.close().catch(() => undefined);
    throw error;
  }
}
