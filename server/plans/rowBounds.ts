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
 * The most data rows (`request.rowsReturned`) a /v1 route can report for one request, known when
 * the request arrives, so the plan hook can reserve monthly rows at admission (spec "Limits": rows
 * per month, exceeding yields 429; docs/plans.md "Rows per month"). Bounds come from the request's
 * own parameters as the route will read them (same shared zod schemas, same defaults): a request
 * whose parameters do not parse gets 0, since the route answers it 422 and no row is counted.
 */

/** How a route's rows are bounded: a number, or `undefined` when unknown until the route has run. */
export type RowBound = (request: FastifyRequest) => number | undefined;

/** `limit` of a route whose rows are capped by it (default from the schema). */
const limitOf =
  (schema: z.ZodType<{ limit: number }>): RowBound =>
  (request) => {
    const parsed = schema.safeParse(request.query);
    return parsed.success ? parsed.data.limit : 0;
  };

/** The dataset query: page size trimmed to `limit` (query/params.ts {@link maxResponseRows}). */
const queryRows: RowBound = (request) => {
  const parsed = DatasetQueryParams.safeParse(request.query);
  if (!parsed.success) return 0;
  return maxResponseRows(parsed.data, request.plan.limits.api_rows_per_response_limit);
};

const none: RowBound = () => 0;
const one: RowBound = () => 1;

/**
 * Bounds by route URL as registered (`request.routeOptions.url`). Routes not listed here (audit,
 * shift factors, constraint costs, the export file listing) have no bound before they run: their
 * rows are one per market date, location, constraint or file, and are counted whole when they end.
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

/**
 * The most rows `request` can report, or `undefined` when its route has no bound known in advance.
 * `request.plan` must be set (the query's default page size depends on it).
 */
export function rowBound(request: FastifyRequest): number | undefined {
  const bound = ROUTE_ROW_BOUNDS[request.routeOptions.url ?? ''];
  return bound ? bound(request) : undefined;
}
