import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { closeConstraintStoreFor, constraintStoreFor } from '../../data/constraints/registry.js';
import type { ConstraintDatasetConfig } from '../../data/constraints/configs.js';
import type { ConstraintStore } from '../../data/constraints/store.js';
import type { DatasetStore } from '../../data/store.js';
import { HttpError } from '../../errors.js';
import { routeDoc } from '../../openapi.js';
import type { RouteDoc } from '../../openapi.js';

/** Options of the constraint and outage plugins: a dataset store (the database is built on first use) or a ready constraint store. */
export interface ConstraintRouteOptions {
  store?: DatasetStore;
  /** Source files, the synthetic generators' inputs; default the repository's `data/`. */
  dataDir?: string;
  constraints?: ConstraintStore;
}

/** Header naming the synthetic parts of a response (docs/api.md#synthetic-data). */
export const SYNTHETIC_HEADER = 'x-gridscope-synthetic';

/**
 * A route serving synthetic values: `schema` is the {@link routeDoc} document of `doc` with the route's `params` and
 * `querystring` (`parts`); `answer` returns `body`, counts `rows` for usage accounting and sets {@link SYNTHETIC_HEADER} to the
 * fields `doc.synthetic` names (e.g. `estimated_shift_factor`), so the header and the OpenAPI document cannot disagree.
 */
export function syntheticRoute<const Parts extends object>(doc: RouteDoc & { synthetic: string }, parts: Parts) {
  return {
    schema: { ...routeDoc(doc), ...parts },
    answer<T>(request: FastifyRequest, reply: FastifyReply, body: T, rows: number): T {
      request.rowsReturned = rows;
      reply.header(SYNTHETIC_HEADER, doc.synthetic);
      return body;
    },
  };
}

/** The store getter for a plugin; closes on app close a store built from its dataset store. @throws without either option. */
export function constraintAccess(app: FastifyInstance, options: ConstraintRouteOptions): () => Promise<ConstraintStore> {
  const { store, constraints, dataDir } = options;
  if (constraints) return async () => constraints;
  if (!store) throw new Error('constraint routes need `store` or `constraints`');
  app.addHook('onClose', async () => closeConstraintStoreFor(store));
  return () => constraintStoreFor(store, dataDir);
}

/** The config of a constraint dataset: HttpError 404 if unknown, 400 if not a constraint dataset or (`priced`) unpriced. */
export function requireConstraintDataset(cs: ConstraintStore, datasetId: string, priced: boolean): ConstraintDatasetConfig {
  const role = cs.datasetRole(datasetId);
  if (role === 'unknown') throw new HttpError(404, `Dataset ${datasetId} not found`);
  const config = cs.config(datasetId);
  const eligible = cs
    .datasetConfigs()
    .filter((c) => !priced || c.shadow_price_column !== null)
    .map((c) => c.dataset_id);
  if (!config)
    throw new HttpError(400, `Dataset ${datasetId} is not a constraint dataset. Constraint datasets: ${eligible.join(', ')}`);
  if (priced && config.shadow_price_column === null) {
    throw new HttpError(
      400,
      `Dataset ${datasetId} has no shadow price column. Datasets with shadow prices: ${eligible.join(', ')}`,
    );
  }
  return config;
}

/** 404 unless the dataset id (a filter) is known to the catalogue. */
export function requireKnownDataset(cs: ConstraintStore, datasetId: string | undefined): void {
  if (datasetId !== undefined && cs.datasetRole(datasetId) === 'unknown')
    throw new HttpError(404, `Dataset ${datasetId} not found`);
}
