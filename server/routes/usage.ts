import type { FastifyPluginAsync } from 'fastify';
import { ApiUsage } from '../../shared/index.js';
import { routeDoc } from '../openapi.js';
import type { UsageTracker } from '../usage.js';

/**
 * `GET /api_usage` (spec endpoint 15; addendum key order): the caller's plan, limits and usage this
 * UTC month. Query parameters other than the key (e.g. `return_format`, `json_schema`, which the
 * official client always sends) are ignored. Exempt from the plan's limits and not counted (v1.ts),
 * so a client that hit a limit can still read why.
 */

/** Options of {@link usageRoutes}. */
export interface UsageRoutesOptions {
  usage: UsageTracker;
}

/** Registers the usage route (mount under `/v1`, after authentication). */
export const usageRoutes: FastifyPluginAsync<UsageRoutesOptions> = async (app, { usage }) => {
  const schema = routeDoc({ tag: 'Usage', summary: 'Usage against the plan limits (endpoint 15)', ok: ApiUsage, access: 'key-unmetered' });
  app.get('/api_usage', { schema }, async (request) => {
    // The auth hook guarantees a key id; a missing one would be a wiring bug.
    if (request.apiKeyId === null) throw new Error('api_usage reached without authentication');
    return usage.report(request.apiKeyId);
  });
};
