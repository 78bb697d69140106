import { TimeGrammarError, fail, isKnownZone, ok } from '../../../shared/index.js';
import { currentUsage, datasetOf } from './metadata.js';
import type { ApiUsage, DatasetWithTimezone, ErrorCode, ParsedInput, QueryEstimate, Result } from '../../../shared/index.js';
import { estimateQuery, readEstimateTime } from './estimate.js';
import type { QueryShape } from './estimate.js';
import type { MetadataScope } from '../v1/metaCache.js';
import type { GetOptions, V1Proxy } from '../v1/proxy.js';

/** The `datasets:estimate` input after the contract parsed it. */
export type EstimateRequest = Omit<ParsedInput<'datasets:estimate'>, 'requestId'>;

/** The window in epoch ms, read in the query's zone (`market` = the dataset's); a refusal names the field and the reason. */
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
  for (const [field, text] of [
    ['startTime', input.startTime],
    ['endTime', input.endTime],
  ] as const) {
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

// The shaping parameters the input carries.
const shapeOf = (input: EstimateRequest): Omit<QueryShape, 'zone'> =>
  Object.fromEntries(
    (['resampleFrequency', 'resampleBy', 'publishTime', 'publishTimeStart', 'publishTimeEnd'] as const).flatMap((k) =>
      input[k] === undefined ? [] : [[k, input[k]]],
    ),
  );

const refusedAudit = (code: ErrorCode): string =>
  code === 'forbidden' ? 'your plan does not include them' : `the server did not give them: ${code}`;

/**
 * `datasets:estimate` from the metadata `meta` holds (null: none), fetching at most the dataset body and the uncounted
 * `/api_usage`, never audit counts or column values (docs/desktop.md#usage-meter-and-quota-forecast).
 */
export async function forecastQuery(
  proxy: V1Proxy,
  input: EstimateRequest,
  call: GetOptions,
  meta: MetadataScope | null,
): Promise<Result<QueryEstimate>> {
  const id = input.datasetId;
  const detail = await datasetOf(proxy, meta, id, call);
  if (!detail.ok) return detail;
  const dataset: DatasetWithTimezone = detail.value;
  const filter = input.filter;
  // A server that lists no columns (docs/api.md#dataset-detail does not promise them) cannot be checked against.
  const named = [...(filter ? [filter.column] : []), ...(input.resampleBy ?? [])];
  const unknown = named.find((n) => dataset.all_columns.length > 0 && !dataset.all_columns.some((c) => c.name === n));
  if (unknown !== undefined) {
    const possible = dataset.all_columns.map((c) => c.name).join(', ');
    return fail('validation', `Column ${unknown} not found in dataset ${dataset.id}. Possible columns: ${possible}.`);
  }
  const vintage = [input.publishTime, input.publishTimeStart, input.publishTimeEnd].some((v) => v !== undefined);
  if (vintage && !dataset.publish_time_column)
    return fail(
      'validation',
      `Dataset ${dataset.id} has no publish time column: publish_time, publish_time_start and publish_time_end do not apply to it`,
    );
  const window = readEstimateWindow(input, dataset.data_timezone);
  if (!window.ok) return window;

  const fresh = await currentUsage(proxy, meta, call);
  if (!fresh.ok && fresh.error.code === 'cancelled') return fresh;
  const usage: ApiUsage | null = fresh.ok ? fresh.value : (meta?.usage()?.usage ?? null);

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
        groupValues: Object.fromEntries((input.resampleBy ?? []).map((c) => [c, meta ? meta.values(id, c) : []])),
        shape: {
          ...shapeOf(input),
          // Day-and-longer buckets follow the query's zone only when it names one (docs/query.md#resampling).
          zone: input.timezone === 'market' ? dataset.data_timezone : (input.timezone ?? null),
        },
      }),
    );
  } catch (err) {
    return fail('validation', err instanceof Error ? err.message : String(err));
  }
}
