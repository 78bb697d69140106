import type { FastifyPluginAsync } from 'fastify';
import { ConstraintCostQuery, ConstraintPath, LocationPath, ShiftFactorQuery } from '../../../shared/index.js';
import { locationConstraintCosts } from '../../data/constraints/costs.js';
import { shiftFactorsForConstraint, shiftFactorsForLocation } from '../../data/constraints/shift-factors.js';
import type { ConstraintStore } from '../../data/constraints/store.js';
import { HttpError } from '../../errors.js';
import { parseRequest } from '../../validation.js';
import { markSynthetic, requireConstraintDataset, requireKnownDataset } from './context.js';

/**
 * Shift factors and location constraint costs (spec endpoints 3, 4 and 5). Unknown location or
 * constraint ids → 404; an unknown `dataset_id` → 404. Shift factors are synthetic (response header
 * `x-gridscope-synthetic`).
 */

/** Registers endpoints 3, 4 and 5. */
export function shiftFactorRoutes(getStore: () => Promise<ConstraintStore>): FastifyPluginAsync {
  return async (app) => {
    /** 404 unless the location exists. */
    const locationOf = (cs: ConstraintStore, params: unknown) => {
      const { location_gs_entity_id: id } = parseRequest(LocationPath, params, 'path');
      if (!cs.hasLocation(id)) throw new HttpError(404, `Location ${id} not found`);
      return id;
    };

    app.get('/constraints/locations/:location_gs_entity_id/shift-factors', async (request, reply) => {
      const query = parseRequest(ShiftFactorQuery, request.query, 'query');
      const cs = await getStore();
      const id = locationOf(cs, request.params);
      requireKnownDataset(cs, query.dataset_id);
      const rows = await cs.withConnection((conn) => shiftFactorsForLocation(conn, id, query));
      request.rowsReturned = rows.length;
      markSynthetic(reply, 'estimated_shift_factor');
      return rows;
    });

    app.get('/constraints/locations/:location_gs_entity_id/constraint-costs', async (request, reply) => {
      const query = parseRequest(ConstraintCostQuery, request.query, 'query');
      const cs = await getStore();
      const id = locationOf(cs, request.params);
      const config = requireConstraintDataset(cs, query.dataset_id, true);
      const rows = await cs.withConnection((conn) => locationConstraintCosts(conn, config, id, query));
      request.rowsReturned = rows.length;
      markSynthetic(reply, 'shift_factor,adjusted_cost');
      return rows;
    });

    app.get('/constraints/:constraint_id/shift-factors', async (request, reply) => {
      const query = parseRequest(ShiftFactorQuery, request.query, 'query');
      const { constraint_id: id } = parseRequest(ConstraintPath, request.params, 'path');
      const cs = await getStore();
      requireKnownDataset(cs, query.dataset_id);
      if (!(await cs.hasConstraint(id))) throw new HttpError(404, `Constraint ${id} not found`);
      const rows = await cs.withConnection((conn) => shiftFactorsForConstraint(conn, id, query));
      request.rowsReturned = rows.length;
      markSynthetic(reply, 'estimated_shift_factor');
      return rows;
    });
  };
}
