import type { FastifyPluginAsync, onRequestHookHandler } from 'fastify';
import { authenticate, type KeyRing } from './auth.js';
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

/**
 * The authenticated /v1 scope: every route registered here first passes the API-key check
 * (spec "Authentication"), then the plan's limits (spec "Limits"; plans/hook.ts), and is counted
 * for usage (see usage.ts for what counts). Mount with `{ prefix: '/v1' }`.
 */

/** Options of {@link v1Routes}. */
export interface V1Options {
  store: DatasetStore;
  /** Folder of the source files (dataset updates count rows per file). */
  dataDir: string;
  keys: KeyRing;
  usage: UsageTracker;
}

/** Neither limited nor counted (ours): checking your usage must work when a limit is reached. */
const EXEMPT_ROUTES = new Set(['/v1/api_usage']);

/**
 * HEAD on a /v1 URL → 405 `{"detail":"Method Not Allowed"}` with `Allow: GET`, before the key is
 * checked (ours). The spec's endpoints are all GET and the API it describes (FastAPI) answers HEAD
 * with 405; Fastify would expose a HEAD route for every GET, which would run the query and charge
 * its rows and the request for a response without a body. So a HEAD costs nothing and counts for
 * nothing. (`/openapi.json` and the presigned `/exports/...` links outside /v1 keep HEAD.)
 */
const refuseHead: onRequestHookHandler = async (request, reply) => {
  if (request.method !== 'HEAD') return;
  reply.header('allow', 'GET');
  throw new HttpError(405, 'Method Not Allowed');
};

/** Registers authentication, plan limits, usage accounting and the resource route modules. */
export const v1Routes: FastifyPluginAsync<V1Options> = async (app, { store, dataDir, keys, usage }) => {
  const plan = planHooks(usage, EXEMPT_ROUTES);
  app.addHook('onRequest', refuseHead);
  app.addHook('onRequest', authenticate(keys));
  app.addHook('onRequest', plan.onRequest);
  app.addHook('onResponse', plan.onResponse);
  await app.register(datasetRoutes, { store });
  await app.register(queryRoutes, { store });
  await app.register(columnValuesRoutes, { store });
  await app.register(updatesRoutes, { store, dataDir });
  await app.register(usageRoutes, { usage });
  await app.register(constraintRoutes, { store, dataDir });
  await app.register(outageRoutes, { store, dataDir });
  await app.register(exportRoutes, { store });
};
