import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DatasetPath, DatasetQueryHeaders, DatasetQueryParams, DatasetQueryResponse } from '../../shared/index.js';
import type { DatasetStore } from '../data/store.js';
import { HttpError } from '../errors.js';
import { routeDoc } from '../openapi.js';
import { requireEntitlement } from '../plans/index.js';
import { paginationHeaders } from '../query/body.js';
import { executeQuery } from '../query/execute.js';
import { DEFAULT_QUERY_TIMEOUT_MS } from '../query/guard.js';
import { parseQuery } from '../query/params.js';
import { StorageOrder } from '../query/storage.js';

/** Options of {@link queryRoutes}. */
export interface QueryRoutesOptions {
  store: DatasetStore;
  /** Time-out in ms; default the server's `queryTimeoutMs` (app.gridscope), else 30 s. */
  queryTimeoutMs?: number;
}

/** Registers the dataset query under `/v1`, after authentication and the plan hook (docs/api.md#dataset-query, docs/query.md). */
export const queryRoutes: FastifyPluginAsync<QueryRoutesOptions> = async (plain, options) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const { store } = options;
  const timeoutMs = options.queryTimeoutMs ?? app.gridscope?.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
  const metadataJson = new Map<string, string>();
  const storage = new StorageOrder();

  const doc = routeDoc({
    tag: 'Datasets',
    summary: 'Query a dataset',
    description:
      'Pagination by page or cursor; header `X-Stream: true` streams JSON. With `return_format=csv` the body is `text/csv` (header line, then rows).',
    ok: DatasetQueryResponse,
    csv: true,
    errors: [400, 403, 404],
  });
  const schema = { ...doc, params: DatasetPath, querystring: DatasetQueryParams, headers: DatasetQueryHeaders };
  app.get('/datasets/:dataset_id/query', { schema }, async (request, reply) => {
    const params = request.query;
    const { dataset_id: id } = request.params;
    const dataset = store.get(id);
    if (dataset === undefined) throw new HttpError(404, `Dataset ${id} not found`);
    // request.plan is set by the plan hook of the /v1 scope; a bare test app has none (no limits).
    const plan = (request.plan as typeof request.plan | null) ?? null;
    const spec = parseQuery(params, dataset, {
      rowsPerResponse: plan?.limits.api_rows_per_response_limit ?? -1,
      requireResampling: () => {
        if (plan) requireEntitlement(request, 'resampling');
      },
    });
    let metadata = metadataJson.get(id);
    if (metadata === undefined) metadataJson.set(id, (metadata = JSON.stringify(dataset)));
    const csv = spec.format.returnFormat === 'csv';
    const stream = !csv && request.headers['x-stream']?.toLowerCase() === 'true';
    request.rowsReturned = 0;
    const result = await executeQuery(store, spec, {
      timeoutMs,
      stream,
      metadataJson: metadata,
      storage,
      onRows: (rows) => {
        request.rowsReturned += rows;
      },
    });
    reply.header('content-type', csv ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8');
    if (spec.format.download) reply.header('content-disposition', `attachment; filename="${dataset.id}.${csv ? 'csv' : 'json'}"`);
    if (result.kind === 'stream') return reply.send(result.body);
    return reply.headers(paginationHeaders(result.meta)).send(result.body);
  });
};
