import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import envPaths from 'env-paths';
import Fastify, { type FastifyInstance } from 'fastify';
import { KeyRing } from './auth.js';
import { DatasetStore } from './data/store.js';
import { installErrorHandlers } from './errors.js';
import { loggerOptions } from './logging.js';
import { UsageTracker } from './usage.js';
import { v1Routes } from './v1.js';

/**
 * Gridscope's embedded /v1 service (spec energy-data-api.md, endpoints 11, 12, 13, 15). The Electron
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
}

/** The repository's `data/` folder, next to `server/`. */
export const DEFAULT_DATA_DIR = fileURLToPath(new URL('../data/', import.meta.url));

/** The cache folder used when `cacheDir` is not given. */
export function defaultCacheDir(): string {
  return process.env.GRIDSCOPE_CACHE_DIR || envPaths('Gridscope', { suffix: '' }).cache;
}

/**
 * Builds (or reuses) the DuckDB file, then returns a Fastify instance serving `/v1`, not yet
 * listening (callers may still register more plugins). `app.close()` releases the DuckDB file.
 * @throws when a source file is missing or the DuckDB file cannot be built or opened.
 */
export async function createServer(options: ServerOptions): Promise<FastifyInstance> {
  const store = await DatasetStore.open({
    dataDir: options.dataDir ?? DEFAULT_DATA_DIR,
    cacheDir: options.cacheDir ?? defaultCacheDir(),
  });
  try {
    const app = Fastify({ logger: options.logger ? loggerOptions() : false });
    app.decorateRequest('apiKeyId', null);
    app.decorateRequest('rowsReturned', 0);
    app.addHook('onClose', async () => store.close());
    await app.register(compress, { encodings: ['br', 'gzip', 'deflate'] });
    installErrorHandlers(app);
    await app.register(v1Routes, {
      prefix: '/v1',
      store,
      keys: new KeyRing(options.apiKeys, options.revokedKeys ?? []),
      usage: new UsageTracker(),
    });
    return app;
  } catch (error) {
    store.close();
    throw error;
  }
}
