import type { FastifyPluginAsync } from 'fastify';
import { BindingLocationsQuery, BindingQuery, ConstraintPath, type ConstraintLocation } from '../../../shared/index.js';
import { bindingConstraintsWithLocations, bindingRows } from '../../data/constraints/binding.js';
import { constraintGeometry } from '../../data/constraints/location.js';
import type { ConstraintStore } from '../../data/constraints/store.js';
import { HttpError } from '../../errors.js';
import { parseRequest } from '../../validation.js';
import { markSynthetic, requireConstraintDataset } from './context.js';

/**
 * Constraint location, binding rows and binding constraints with locations (spec endpoints 6, 7, 8).
 * `price_threshold` and endpoint 8 need a dataset with a shadow price column (400 otherwise).
 */

/** Registers endpoints 6, 7 and 8. */
export function bindingRoutes(getStore: () => Promise<ConstraintStore>): FastifyPluginAsync {
  return async (app) => {
    app.get('/constraints/binding', async (request) => {
      const query = parseRequest(BindingQuery, request.query, 'query');
      const cs = await getStore();
      const config = requireConstraintDataset(cs, query.dataset_id, query.price_threshold !== undefined);
      const rows = await cs.withConnection((conn) => bindingRows(conn, config, cs.columns(config.dataset_id), query));
      request.rowsReturned = rows.length;
      return rows;
    });

    app.get('/constraints/binding/locations', async (request, reply) => {
      const query = parseRequest(BindingLocationsQuery, request.query, 'query');
      const cs = await getStore();
      const config = requireConstraintDataset(cs, query.dataset_id, true);
      const rows = await cs.withConnection((conn) => bindingConstraintsWithLocations(conn, config, query));
      request.rowsReturned = rows.length;
      markSynthetic(reply, 'start,end');
      return rows;
    });

    app.get('/constraints/:constraint_id/location', async (request, reply) => {
      const { constraint_id: id } = parseRequest(ConstraintPath, request.params, 'path');
      const cs = await getStore();
      const geometry = await cs.withConnection((conn) => constraintGeometry(conn, id));
      if (!geometry) throw new HttpError(404, `Constraint ${id} not found`);
      if (!geometry.market_has_geometry) throw new HttpError(400, `Market ${geometry.market_id} has no geometry table`);
      request.rowsReturned = 1;
      markSynthetic(reply, 'start,end');
      const body: ConstraintLocation = {
        constraint_gs_entity_id: geometry.constraint_gs_entity_id,
        constraint_name: geometry.constraint_name,
        start: geometry.start,
        end: geometry.end,
      };
      return body;
    });
  };
}
