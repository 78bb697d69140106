import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  ActiveOutagesQuery,
  BindingLocationsQuery,
  BindingQuery,
  ConstraintListQuery,
  ContingencyListQuery,
  DatasetQueryParams,
} from '../../shared/index.js';
import { maxResponseRows } from '../query/params.js';

/**
 * The most data rows a route can report for `request`, read from its parameters with the route's own zod schema
 * (0 when they do not parse: the route answers 422), or `undefined` when unknown until the route has run.
 */
export type RowBound = (request: FastifyRequest) => number | undefined;

const limitOf =
  (schema: z.ZodType<{ limit: number }>): RowBound =>
  (request) => {
    const parsed = schema.safeParse(request.query);
    return parsed.success ? parsed.data.limit : 0;
  };

/** The dataset query: page size trimmed to what `limit` leaves ({@link maxResponseRows}). */
const queryRows: RowBound = (request) => {
  const parsed = DatasetQueryParams.safeParse(request.query);
  if (!parsed.success) return 0;
  return maxResponseRows(parsed.data, request.plan.limits.api_rows_per_response_limit);
};

const none: RowBound = () => 0;
const one: RowBound = () => 1;

/**
 * Bounds by route URL as registered, held of the month's rows at admission (docs/plans.md#for-route-authors). Routes
 * not listed (audit, shift factors, constraint costs, export file listing) have no bound and are counted whole at the end.
 */
export const ROUTE_ROW_BOUNDS: Readonly<Record<string, RowBound>> = Object.freeze({
  '/v1/datasets/:dataset_id/query': queryRows,
  '/v1/datasets': none,
  '/v1/datasets/': none,
  '/v1/datasets/:dataset_id': none,
  '/v1/datasets/:dataset_id/columns/:column/values': none,
  '/v1/dataset-updates': none,
  '/v1/dataset-updates/': none,
  '/v1/dataset-updates/:dataset_id': none,
  '/v1/constraints': limitOf(ConstraintListQuery),
  '/v1/constraints/contingencies': limitOf(ContingencyListQuery),
  '/v1/constraints/binding': limitOf(BindingQuery),
  '/v1/constraints/binding/locations': limitOf(BindingLocationsQuery),
  '/v1/constraints/:constraint_id/location': one,
  '/v1/outages/:market_id/active': limitOf(ActiveOutagesQuery),
  '/v1/csv-exports/:dataset_id/:export_date': one,
});

/** The most rows `request` can report, or `undefined` when unknown in advance; needs `request.plan` (query page size). */
export function rowBound(request: FastifyRequest): number | undefined {
  const bound = ROUTE_ROW_BOUNDS[request.routeOptions.url ?? ''];
  return bound ? bound(request) : undefined;
}
