import type { FastifyPluginAsync } from 'fastify';
import { bindingRoutes } from './constraints/binding.js';
import { constraintAccess, type ConstraintRouteOptions } from './constraints/context.js';
import { listRoutes } from './constraints/lists.js';
import { shiftFactorRoutes } from './constraints/shift-factors.js';

/**
 * Constraint routes (spec endpoints 1–8), mounted under `/v1`:
 * `/constraints`, `/constraints/contingencies`, `/constraints/locations/{id}/shift-factors`,
 * `/constraints/locations/{id}/constraint-costs`, `/constraints/{id}/shift-factors`,
 * `/constraints/{id}/location`, `/constraints/binding`, `/constraints/binding/locations`.
 * Register with `{ store }` (the constraint database is built from it on first use) or with a ready
 * `{ constraints }` store (tests, benchmarks).
 */
export const constraintRoutes: FastifyPluginAsync<ConstraintRouteOptions> = async (app, options) => {
  const getStore = constraintAccess(app, options);
  await app.register(listRoutes(getStore));
  await app.register(shiftFactorRoutes(getStore));
  await app.register(bindingRoutes(getStore));
};

export type { ConstraintRouteOptions } from './constraints/context.js';
