import { ClientApiUsage, ClientDatasetDetail, TimeGrammarError, fail, isKnownZone, ok } from '../../../shared/index.js';
import type { ApiUsage, DatasetWithTimezone, ErrorCode, ParsedInput, QueryEstimate, Result } from '../../../shared/index.js';
import { estimateQuery, readEstimateTime } from './estimate.js';
import type { MetadataScope } from '../v1/metaCache.js';
import type { GetOptions, V1Proxy } from '../v1/proxy.js';

/**
 * `datasets:estimate`: sizes a query from the metadata main already holds (v1/metaCache.ts), so a
 * Run costs the plan one request, the query's:
 * - the dataset body: cached by `datasets:get` (the query page loads it); only when it is not
 *   cached is it fetched here, `GET /datasets/{id}` — the one request the plan counts, at most;
 * - `GET /api_usage` (not counted by the plan, docs/plans.md), read fresh each time; when it fails
 *   the last usage read stands in, else the estimate says usage is unknown;
 * - audit counts and column values only as cached by `datasets:audit` and `datasets:columnValues`:
 *   never fetched here (the plan counts them, and audit rows count against the monthly rows).
 * The window is read with the time grammar in the query's zone (`timezone`, `market` = the
 * dataset's), as the query reads it.
 */

/** The bridge input after the contract parsed it. */
export type EstimateRequest = Omit<ParsedInput<'datasets:estimate'>, 'requestId'>;

/** The window as instants (epoch ms); a refusal names the field and the grammar's reason. */
export function readEstimateWindow(
  input: Pick<EstimateRequest, 'startTime' | 'endTime' | 'timezone'>,
  dataTimezone: string,
): Result<{ startMs?: number; endMs?: number }> {
  const zone = input.timezone === 'market' ? dataTimezone : (input.timezone ?? 'UTC');
  if (!isKnownZone(zone)) {
    const which = input.timezone === 'market' ? `the dataset's zone '${dataTimezone}'` : `'${input.timezone}'`;
    return fail('validation', `Unknown timezone ${which}: use an IANA zone such as America/Chicago, or market.`);
  }
  const window: { startMs?: number; endMs?: number } = {};
  for (const [field, text] of [['startTime', input.startTime], ['endTime', input.endTime]] as const) {
    if (text === undefined) continue;
    try {
      window[field === 'startTime' ? 'startMs' : 'endMs'] = readEstimateTime(text, zone);
    } catch (err) {
      if (err instanceof TimeGrammarError || err instanceof RangeError) return fail('validation', `${field}: ${err.message}`);
      throw err;
    }
  }
  return ok(window);
}

const refusedAudit = (code: ErrorCode): string =>
  code === 'forbidden' ? 'your plan does not include them' : `the server did not give them: ${code}`;

/** Sizes the query; `meta` is the active profile's metadata (null: nothing cached, e.g. in tests). */
export async function forecastQuery(proxy: V1Proxy, input: EstimateRequest, call: GetOptions, meta: MetadataScope | null): Promise<Result<QueryEstimate>> {
  const id = input.datasetId;
  let dataset: DatasetWithTimezone | undefined = meta?.dataset(id);
  if (!dataset) {
    const detail = await proxy.get(`/datasets/${encodeURIComponent(id)}`, {}, ClientDatasetDetail, call);
    if (!detail.ok) return detail;
    dataset = detail.value;
    meta?.putDataset(dataset);
  }
  const filter = input.filter;
  // A server that lists no columns (docs/api.md "Dataset" does not promise them) cannot be checked against.
  if (filter && dataset.all_columns.length > 0 && !dataset.all_columns.some((c) => c.name === filter.column)) {
    const possible = dataset.all_columns.map((c) => c.name).join(', ');
    return fail('validation', `Column ${filter.column} not found in dataset ${dataset.id}. Possible columns: ${possible}.`);
  }
  const window = readEstimateWindow(input, dataset.data_timezone);
  if (!window.ok) return window;

  const fresh = await proxy.get('/api_usage', {}, ClientApiUsage, { ...call, cache: false });
  if (!fresh.ok && fresh.error.code === 'cancelled') return fresh;
  const usage: ApiUsage | null = fresh.ok ? fresh.value : (meta?.usage()?.usage ?? null);
  if (fresh.ok) meta?.putUsage(fresh.value);

  const audit = meta?.audit(id);
  const subCol = dataset.subseries_index_column ?? null;
  try {
    return ok(
      estimateQuery({
        dataset,
        ...window.value,
        ...(filter ? { filter } : {}),
        ...(input.limit !== undefined ? { limit: input.limit } : {}),
        usage,
        audit: audit && 'rows' in audit ? audit.rows : null,
        noAuditReason: !audit ? 'the dataset page did not load them' : 'refused' in audit ? refusedAudit(audit.refused) : '',
        subseries: subCol && meta ? meta.values(id, subCol) : [],
        filterValues: filter && filter.column !== subCol && meta ? meta.values(id, filter.column) : [],
      }),
    );
  } catch (err) {
    return fail('validation', err instanceof Error ? err.message : String(err));
  }
}
