import type { FastifyPluginAsync } from 'fastify';
import { bindingRoutes } from './constraints/binding.js';
import { constraintAccess, type ConstraintRouteOptions } from './constraints/context.js';
import { listRoutes } from './constraints/lists.js';
import { shiftFactorRoutes } from './constraints/shift-factors.js';

/** Registers the eight constraint routes under `/v1`, from `{ store }` (database built on first use) or `{ constraints }`. */
export const constraintRoutes: FastifyPluginAsync<ConstraintRouteOptions> = async (app, options) => {
  const getStore = constraintAccess(app, options);
  await app.register(listRoutes(getStore));
  await app.register(shiftFactorRoutes(getStore));
  await app.register(bindingRoutes(getStore));
};

export type { ConstraintRouteOptions } from './constraints/context.js';
