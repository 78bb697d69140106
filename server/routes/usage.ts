import type { FastifyPluginAsync } from 'fastify';
import { ApiUsage } from '../../shared/index.js';
import { routeDoc } from '../openapi.js';
import type { UsageTracker } from '../usage.js';

/** Options of {@link usageRoutes}. */
export interface UsageRoutesOptions {
  usage: UsageTracker;
}

/** Registers `GET /api_usage` under `/v1`, after authentication; exempt from limits in v1.ts (docs/api.md#api-usage). */
export const usageRoutes: FastifyPluginAsync<UsageRoutesOptions> = async (app, { usage }) => {
  const schema = routeDoc({ tag: 'Usage', summary: 'Usage against the plan limits', ok: ApiUsage, access: 'key-unmetered' });
  app.get('/api_usage', { schema }, async (request) => {
    // The auth hook guarantees a key id; a missing one would be a wiring bug.
    if (request.apiKeyId === null) throw new Error('api_usage reached without authentication');
    return usage.report(request.apiKeyId);
  });
};
