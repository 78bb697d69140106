import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BindingConstraintWithLocations,
  BindingLocationsQuery,
  BindingQuery,
  BindingRow,
  ConstraintLocation,
  ConstraintPath,
} from '../../../shared/index.js';
import { bindingConstraintsWithLocations, bindingRows } from '../../data/constraints/binding.js';
import { constraintGeometry } from '../../data/constraints/location.js';
import type { ConstraintStore } from '../../data/constraints/store.js';
import { HttpError } from '../../errors.js';
import { routeDoc } from '../../openapi.js';
import { requireConstraintDataset, syntheticRoute } from './context.js';

/** Registers constraint location, binding rows and binding constraints with locations (docs/api.md#binding-rows). */
export function bindingRoutes(getStore: () => Promise<ConstraintStore>): FastifyPluginAsync {
  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const binding = {
      ...routeDoc({
        tag: 'Constraints',
        summary: 'Binding rows with constraint names',
        ok: z.array(BindingRow),
        errors: [400, 404],
      }),
      querystring: BindingQuery,
    };
    app.get('/constraints/binding', { schema: binding }, async (request) => {
      const query = request.query;
      const cs = await getStore();
      const config = requireConstraintDataset(cs, query.dataset_id, query.price_threshold !== undefined);
      const rows = await cs.withConnection((conn) => bindingRows(conn, config, cs.columns(config.dataset_id), query));
      request.rowsReturned = rows.length;
      return rows;
    });

    const withLocations = syntheticRoute(
      {
        tag: 'Constraints',
        summary: 'Binding constraints with locations (field names ours)',
        description:
          'Rows collapse to the peak |shadow price| per constraint and interval; the top `limit` constraints by peak come back in that order.',
        ok: z.array(BindingConstraintWithLocations),
        errors: [400, 404],
        synthetic: 'start,end',
      },
      { querystring: BindingLocationsQuery },
    );
    app.get('/constraints/binding/locations', { schema: withLocations.schema }, async (request, reply) => {
      const query = request.query;
      const cs = await getStore();
      const config = requireConstraintDataset(cs, query.dataset_id, true);
      const rows = await cs.withConnection((conn) => bindingConstraintsWithLocations(conn, config, query));
      return withLocations.answer(request, reply, rows, rows.length);
    });

    const location = syntheticRoute(
      {
        tag: 'Constraints',
        summary: 'Start and end substations of a constraint',
        description: '400 for a market without a geometry table; 404 for an unknown id.',
        ok: ConstraintLocation,
        errors: [400, 404],
        synthetic: 'start,end',
      },
      { params: ConstraintPath },
    );
    app.get('/constraints/:constraint_id/location', { schema: location.schema }, async (request, reply) => {
      const { constraint_id: id } = request.params;
      const cs = await getStore();
      const geometry = await cs.withConnection((conn) => constraintGeometry(conn, id));
      if (!geometry) throw new HttpError(404, `Constraint ${id} not found`);
      if (!geometry.market_has_geometry) throw new HttpError(400, `Market ${geometry.market_id} has no geometry table`);
      const body: ConstraintLocation = {
        constraint_gs_entity_id: geometry.constraint_gs_entity_id,
        constraint_name: geometry.constraint_name,
        start: geometry.start,
        end: geometry.end,
      };
      return location.answer(request, reply, body, 1);
    });
  };
}
