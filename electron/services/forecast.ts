import { ClientApiUsage, ClientDatasetDetail, ColumnValuesResponse, fail, ok } from '../../shared/index.js';
import type { QueryEstimate, Result } from '../../shared/index.js';
import { estimateQuery } from './estimate.js';
import type { EstimateFilterInput, ValueCounts } from './estimate.js';
import { createLogger } from './logger.js';
import type { GetOptions, V1Proxy } from './proxy.js';

/**
 * `datasets:estimate`: gathers the metadata {@link estimateQuery} needs, one /v1 request after the
 * other (a 1-request-per-second plan would otherwise answer 429 to our own burst):
 * 1. `GET /datasets/{id}` — frequency, availability window, row count, subseries column;
 * 2. `GET /api_usage` — never cached (it must be current); a failure only adds a warning;
 * 3. `GET /datasets/{id}/columns/{column}/values?limit=10000` for the subseries column and, when the
 *    filter is on another column, for that one — our route (addendum: "ours"); where a server lacks
 *    it (404) or refuses it, the estimate falls back to rows ÷ time-index values.
 * Requests 1 and 3 go through the response cache when the profile has one. Bodies 1 and 2 are read
 * with the lenient client schemas (shared/schemas/client*.ts), as the `datasets:get` and `usage:get` verbs read them.
 */

export interface EstimateRequest {
  datasetId: string;
  startTime?: string;
  endTime?: string;
  filter?: EstimateFilterInput;
  /** The query's row limit: caps the estimate. */
  limit?: number;
}

/** Distinct values fetched per column: the route's maximum. */
const VALUES_LIMIT = 10_000;
const log = createLogger('estimate');

export async function forecastQuery(proxy: V1Proxy, input: EstimateRequest, call: GetOptions): Promise<Result<QueryEstimate>> {
  const id = encodeURIComponent(input.datasetId);
  const detail = await proxy.get(`/datasets/${id}`, {}, ClientDatasetDetail, call);
  if (!detail.ok) return detail;
  const dataset = detail.value;
  const filter = input.filter;
  // A server that lists no columns (spec endpoint 12 does not promise them) cannot be checked against.
  if (filter && dataset.all_columns.length > 0 && !dataset.all_columns.some((c) => c.name === filter.column)) {
    const possible = dataset.all_columns.map((c) => c.name).join(', ');
    return fail('validation', `Column ${filter.column} not found in dataset ${dataset.id}. Possible columns: ${possible}.`);
  }

  const usage = await proxy.get('/api_usage', {}, ClientApiUsage, { ...call, cache: false });
  if (!usage.ok && usage.error.code === 'cancelled') return usage;

  /** Values of `column`, or null when the server cannot say; a cancel is passed up. */
  const valuesOf = async (column: string): Promise<Result<ValueCounts | null>> => {
    const r = await proxy.get(`/datasets/${id}/columns/${encodeURIComponent(column)}/values`, { limit: VALUES_LIMIT }, ColumnValuesResponse, call);
    if (r.ok) return ok({ values: r.value.values, truncated: r.value.truncated });
    if (r.error.code === 'cancelled') return r;
    log.info(`no column values for ${dataset.id}.${column} (${r.error.code}); estimating without them`);
    return ok(null);
  };
  const subCol = dataset.subseries_index_column ?? null;
  const subseries = subCol ? await valuesOf(subCol) : ok(null);
  if (!subseries.ok) return subseries;
  const filterValues = filter && filter.column !== subCol ? await valuesOf(filter.column) : ok(null);
  if (!filterValues.ok) return filterValues;

  try {
    return ok(
      estimateQuery({
        dataset,
        ...(input.startTime ? { startTime: input.startTime } : {}),
        ...(input.endTime ? { endTime: input.endTime } : {}),
        ...(filter ? { filter } : {}),
        ...(input.limit !== undefined ? { limit: input.limit } : {}),
        usage: usage.ok ? usage.value : null,
        subseries: subseries.value,
        filterValues: filterValues.value,
      }),
    );
  } catch (err) {
    return fail('validation', err instanceof Error ? err.message : String(err));
  }
}
