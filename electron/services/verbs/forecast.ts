import { ClientApiUsage, ClientColumnValues, ClientDatasetDetail, fail, isKnownZone, ok, wallTimeToEpoch } from '../../../shared/index.js';
import type { ParsedInput, QueryEstimate, Result } from '../../../shared/index.js';
import { estimateQuery } from './estimate.js';
import type { ValueCounts } from './estimate.js';
import { createLogger } from '../common/logger.js';
import type { GetOptions, V1Proxy } from '../v1/proxy.js';

/**
 * `datasets:estimate`: gathers the metadata {@link estimateQuery} needs, one /v1 request after the
 * other (a 1-request-per-second plan would otherwise answer 429 to our own burst):
 * 1. `GET /datasets/{id}` — frequency, availability window, row count, subseries column;
 * 2. `GET /api_usage` — never cached (it must be current); a failure only adds a warning;
 * 3. `GET /datasets/{id}/columns/{column}/values?limit=10000` for the subseries column and, when the
 *    filter is on another column, for that one — our route (addendum: "ours"); where a server lacks
 *    it (404) or refuses it, the estimate falls back to rows ÷ time-index values.
 * Requests 1 and 3 go through the response cache when the profile has one. All bodies are read with
 * the lenient client schemas (shared/schemas/client*.ts), as the `datasets:get`, `usage:get` and
 * `datasets:columnValues` verbs read them (a value without a count: see {@link ValueCounts}).
 */

/** The bridge input after the contract parsed it. */
export type EstimateRequest = Omit<ParsedInput<'datasets:estimate'>, 'requestId'>;

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

  // The window as the query reads it: naive times are wall-clock time in `timezone`.
  const zone = input.timezone === 'market' ? dataset.data_timezone : input.timezone;
  if (zone !== undefined && !isKnownZone(zone)) return fail('validation', `Unknown timezone '${input.timezone}': use an IANA zone such as America/Chicago, or market.`);
  const startTime = input.startTime && zone ? inZone(input.startTime, zone) : input.startTime;
  const endTime = input.endTime && zone ? inZone(input.endTime, zone) : input.endTime;

  const usage = await proxy.get('/api_usage', {}, ClientApiUsage, { ...call, cache: false });
  if (!usage.ok && usage.error.code === 'cancelled') return usage;

  /** Values of `column`, or null when the server cannot say; a cancel is passed up. */
  const valuesOf = async (column: string): Promise<Result<ValueCounts | null>> => {
    const r = await proxy.get(`/datasets/${id}/columns/${encodeURIComponent(column)}/values`, { limit: VALUES_LIMIT }, ClientColumnValues, call);
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
        ...(startTime ? { startTime } : {}),
        ...(endTime ? { endTime } : {}),
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

const NAIVE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?)?$/;

/**
 * An EstimateTime without an offset (`2024-03-10`, `2024-03-10 05:00`) read as wall-clock time in
 * `zone`, as an explicit UTC instant (`2024-03-10T05:00:00Z`); a time with an offset is returned
 * unchanged. DST rules as the query's (shared/time/zones.ts).
 */
export function inZone(text: string, zone: string): string {
  const m = NAIVE.exec(text.trim());
  if (!m) return text;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number];
  return new Date(wallTimeToEpoch(Date.UTC(y, mo - 1, d, h, mi, s), zone)).toISOString().replace('.000Z', 'Z');
}
