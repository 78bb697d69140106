import type { FastifyPluginAsync, onRequestHookHandler } from 'fastify';
import { authenticate, type KeyRing } from './auth.js';
import type { DataChanges } from './data/changes.js';
import type { DatasetStore } from './data/store.js';
import { HttpError } from './errors.js';
import { planHooks } from './plans/index.js';
import { columnValuesRoutes } from './routes/columnValues.js';
import { constraintRoutes } from './routes/constraints.js';
import { datasetRoutes } from './routes/datasets.js';
import { exportRoutes } from './routes/exports.js';
import { outageRoutes } from './routes/outages.js';
import { queryRoutes } from './routes/query.js';
import { updatesRoutes } from './routes/updates.js';
import { usageRoutes } from './routes/usage.js';
import type { UsageTracker } from './usage.js';

/** Options of {@link v1Routes}; `dataDir` holds the source files (dataset updates count rows per file). */
export interface V1Options {
  store: DatasetStore;
  dataDir: string;
  keys: KeyRing;
  usage: UsageTracker;
  /** Tests only: data changes whose update records the dataset-updates routes add (server/data/changes.ts). */
  changes?: DataChanges;
}

// Neither limited nor counted: checking your usage must work when a limit is reached.
const EXEMPT_ROUTES = new Set(['/v1/api_usage']);

// Fastify would answer HEAD by running the GET route, charging rows for an empty body (docs/api.md#base-path-and-methods).
const refuseHead: onRequestHookHandler = async (request, reply) => {
  if (request.method !== 'HEAD') return;
  reply.header('allow', 'GET');
  throw new HttpError(405, 'Method Not Allowed');
};

/** The /v1 scope (mount with `{ prefix: '/v1' }`): HEAD refusal, API key, plan limits and usage, then the routes. */
export const v1Routes: FastifyPluginAsync<V1Options> = async (app, { store, dataDir, keys, usage, changes }) => {
  const plan = planHooks(usage, EXEMPT_ROUTES);
  app.addHook('onRequest', refuseHead);
  app.addHook('onRequest', authenticate(keys));
  app.addHook('onRequest', plan.onRequest);
  app.addHook('onResponse', plan.onResponse);
  await app.register(datasetRoutes, { store });
  await app.register(queryRoutes, { store });
  await app.register(columnValuesRoutes, { store });
  await app.register(updatesRoutes, { store, dataDir, ...(changes ? { changes } : {}) });
  await app.register(usageRoutes, { usage });
  await app.register(constraintRoutes, { store, dataDir });
  await app.register(outageRoutes, { store, dataDir });
  await app.register(exportRoutes, { store });
};
