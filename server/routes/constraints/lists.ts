import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ConstraintListQuery, ConstraintListResponse, Contingency, ContingencyListQuery } from '../../../shared/index.js';
import { listConstraints, listContingencies } from '../../data/constraints/list.js';
import { parseIsos } from '../../data/constraints/params.js';
import type { ConstraintStore } from '../../data/constraints/store.js';
import { routeDoc } from '../../openapi.js';

// `dataset_metadata` (ours) covers the markets named in `isos`, else all.
export function pricingMetadata(
  cs: ConstraintStore,
  isos: string | undefined,
): NonNullable<ConstraintListResponse['dataset_metadata']> {
  const wanted = parseIsos(isos);
  const metadata: NonNullable<ConstraintListResponse['dataset_metadata']> = {};
  for (const config of cs.datasetConfigs()) {
    if (config.shadow_price_column === null || config.price_kind === null) continue;
    if (wanted !== undefined && !wanted.includes(config.market_id.toLowerCase())) continue;
    const market = (metadata[config.market_id] ??= {});
    (market[config.price_kind] ??= []).push({ dataset_id: config.dataset_id, shadow_price_column: config.shadow_price_column });
  }
  return metadata;
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Registers the constraint and contingency lists (docs/api.md#constraint-list, #contingency-list). */
export function listRoutes(getStore: () => Promise<ConstraintStore>): FastifyPluginAsync {
  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const constraints = routeDoc({
      tag: 'Constraints',
      summary: 'List constraints',
      description:
        'Default ordering without sort_column: with search, shorter constraint_name first; else with include_absolute_costs, rt_absolute_cost desc nulls last; else latest_seen_utc desc, market_id asc, constraint_name asc. sort_order (default desc) applies to sort_column.',
      ok: ConstraintListResponse,
    });
    app.get('/constraints', { schema: { ...constraints, querystring: ConstraintListQuery } }, async (request, reply) => {
      const query = request.query;
      const cs = await getStore();
      const data = await cs.withConnection((conn) => listConstraints(conn, cs.datasetConfigs(), query));
      request.rowsReturned = data.count;
      const metadata = query.include_dataset_metadata ? pricingMetadata(cs, query.isos) : null;
      // `data` is JSON text rendered by DuckDB (data/constraints/json.ts).
      return reply.type(JSON_TYPE).send(`{"data":${data.body},"dataset_metadata":${JSON.stringify(metadata)}}`);
    });

    const contingencies = routeDoc({
      tag: 'Constraints',
      summary: 'List contingencies',
      description:
        'Default ordering: with search, shorter contingency_name first; else latest_seen_utc desc, market_id asc, contingency_name asc.',
      ok: z.array(Contingency),
    });
    app.get(
      '/constraints/contingencies',
      { schema: { ...contingencies, querystring: ContingencyListQuery } },
      async (request, reply) => {
        const query = request.query;
        const cs = await getStore();
        const data = await cs.withConnection((conn) => listContingencies(conn, query));
        request.rowsReturned = data.count;
        return reply.type(JSON_TYPE).send(data.body);
      },
    );
  };
}
