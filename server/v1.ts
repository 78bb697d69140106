import type { FastifyPluginAsync } from 'fastify';
import { authenticate, type KeyRing } from './auth.js';
import type { DatasetStore } from './data/store.js';
import { datasetRoutes } from './routes/datasets.js';
import { usageRoutes } from './routes/usage.js';
import type { UsageTracker } from './usage.js';

/**
 * The authenticated /v1 scope: every route registered here first passes the API-key check
 * (spec "Authentication") and is then counted for usage (see usage.ts for what counts).
 * Mount with `{ prefix: '/v1' }`.
 */

/** Options of {@link v1Routes}. */
export interface V1Options {
  store: DatasetStore;
  keys: KeyRing;
  usage: UsageTracker;
}

/** Usage of `/v1/api_usage` itself is not counted (ours). */
const UNCOUNTED_ROUTES = new Set(['/v1/api_usage']);

/** Registers authentication, usage accounting and the resource route modules. */
export const v1Routes: FastifyPluginAsync<V1Options> = async (app, { store, keys, usage }) => {
  app.addHook('onRequest', authenticate(keys));
  app.addHook('onResponse', async (request, reply) => {
    if (request.apiKeyId === null || UNCOUNTED_ROUTES.has(request.routeOptions.url ?? '')) return;
    usage.record(request.apiKeyId, reply.statusCode < 400 ? request.rowsReturned : 0);
  });
  await app.register(datasetRoutes, { store });
  await app.register(usageRoutes, { usage });
};
