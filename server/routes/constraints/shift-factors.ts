import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ConstraintCostQuery,
  ConstraintPath,
  LocationConstraintCost,
  LocationPath,
  ShiftFactorPerConstraint,
  ShiftFactorPerLocation,
  ShiftFactorQuery,
} from '../../../shared/index.js';
import { locationConstraintCosts } from '../../data/constraints/costs.js';
import { shiftFactorsForConstraint, shiftFactorsForLocation } from '../../data/constraints/shift-factors.js';
import type { ConstraintStore } from '../../data/constraints/store.js';
import { HttpError } from '../../errors.js';
import { requireConstraintDataset, requireKnownDataset, syntheticRoute } from './context.js';

/** Registers shift factors by location and by constraint and location constraint costs (docs/api.md sections of those names). */
export function shiftFactorRoutes(getStore: () => Promise<ConstraintStore>): FastifyPluginAsync {
  return async (plain) => {
    const app = plain.withTypeProvider<ZodTypeProvider>();
    const locationOf = (cs: ConstraintStore, id: string) => {
      if (!cs.hasLocation(id)) throw new HttpError(404, `Location ${id} not found`);
      return id;
    };

    const perConstraint = syntheticRoute(
      {
        tag: 'Constraints',
        summary: 'Shift factors of a location, per constraint',
        ok: z.array(ShiftFactorPerConstraint),
        errors: [404],
        synthetic: 'estimated_shift_factor',
      },
      { params: LocationPath, querystring: ShiftFactorQuery },
    );
    app.get(
      '/constraints/locations/:location_gs_entity_id/shift-factors',
      { schema: perConstraint.schema },
      async (request, reply) => {
        const query = request.query;
        const cs = await getStore();
        const id = locationOf(cs, request.params.location_gs_entity_id);
        requireKnownDataset(cs, query.dataset_id);
        const rows = await cs.withConnection((conn) => shiftFactorsForLocation(conn, id, query));
        return perConstraint.answer(request, reply, rows, rows.length);
      },
    );

    const costs = syntheticRoute(
      {
        tag: 'Constraints',
        summary: 'Location-adjusted constraint costs',
        ok: z.array(LocationConstraintCost),
        errors: [400, 404],
        synthetic: 'shift_factor,adjusted_cost',
      },
      { params: LocationPath, querystring: ConstraintCostQuery },
    );
    app.get(
      '/constraints/locations/:location_gs_entity_id/constraint-costs',
      { schema: costs.schema },
      async (request, reply) => {
        const query = request.query;
        const cs = await getStore();
        const id = locationOf(cs, request.params.location_gs_entity_id);
        const config = requireConstraintDataset(cs, query.dataset_id, true);
        const rows = await cs.withConnection((conn) => locationConstraintCosts(conn, config, id, query));
        return costs.answer(request, reply, rows, rows.length);
      },
    );

    const perLocation = syntheticRoute(
      {
        tag: 'Constraints',
        summary: 'Shift factors of a constraint, per location',
        ok: z.array(ShiftFactorPerLocation),
        errors: [404],
        synthetic: 'estimated_shift_factor',
      },
      { params: ConstraintPath, querystring: ShiftFactorQuery },
    );
    app.get('/constraints/:constraint_id/shift-factors', { schema: perLocation.schema }, async (request, reply) => {
      const query = request.query;
      const { constraint_id: id } = request.params;
      const cs = await getStore();
      requireKnownDataset(cs, query.dataset_id);
      if (!(await cs.hasConstraint(id))) throw new HttpError(404, `Constraint ${id} not found`);
      const rows = await cs.withConnection((conn) => shiftFactorsForConstraint(conn, id, query));
      return perLocation.answer(request, reply, rows, rows.length);
    });
  };
}
