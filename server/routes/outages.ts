import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ActiveOutagesQuery, ActiveOutagesResponse, MarketPath } from '../../shared/index.js';
import { activeOutages } from '../data/constraints/outages.js';
import { HttpError } from '../errors.js';
import { constraintAccess, syntheticRoute, type ConstraintRouteOptions } from './constraints/context.js';

/** Registers active outages under `/v1` (docs/api.md#active-outages; rules in data/constraints/outages.ts). */
export const outageRoutes: FastifyPluginAsync<ConstraintRouteOptions> = async (plain, options) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const getStore = constraintAccess(app, options);
  const route = syntheticRoute(
    {
      tag: 'Outages',
      summary: 'Scheduled outages overlapping a window',
      description:
        'Reconstructed as of start_time. Ticket 724453 is a real PJM eDART ticket; all others are SYNTHETIC (is_synthetic).',
      ok: ActiveOutagesResponse,
      errors: [404],
      synthetic: 'tickets with is_synthetic=true, from_substation, to_substation',
    },
    { params: MarketPath, querystring: ActiveOutagesQuery },
  );
  app.get('/outages/:market_id/active', { schema: route.schema }, async (request, reply) => {
    const { market_id: raw } = request.params;
    const query = request.query;
    const cs = await getStore();
    const market = raw.toLowerCase();
    if (!cs.outageMarkets.includes(market)) throw new HttpError(404, `No outage data for market ${raw}`);
    const body = await cs.withConnection((conn) => activeOutages(conn, market, query));
    return route.answer(request, reply, body, body.tickets.length);
  });
};
