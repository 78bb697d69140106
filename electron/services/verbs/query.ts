import { z } from 'zod';
import { ClientQuery, fail, ok } from '../../../shared/index.js';
import type { ParsedInput, QueryPage, Result } from '../../../shared/index.js';
import type { QueryValue } from '../v1/joinUrl.js';
import type { GetOptions, V1Proxy } from '../v1/proxy.js';

/**
 * `datasets:query`: one page of `GET /datasets/{id}/query` (docs/query.md) through the proxy, which
 * adds the key, retries 429/5xx, reports progress for a `requestId` and caches when the profile does.
 * Always `json_schema=array-of-arrays` (a header row, then value rows: smaller than objects) and
 * cursor pagination (`cursor=` empty for the first page: keyset paging, exact at any depth).
 * The body is read with the lenient {@link ClientQuery} (shared/schemas/client-query.ts): `meta` and
 * `dataset_metadata` may be partial; `data[0]` must be the header row, also when there are no rows.
 */

/** The bridge input after the contract parsed it. */
export type QueryRequest = Omit<ParsedInput<'datasets:query'>, 'requestId'>;

/** The /v1 query parameters of a request (absent values are left out of the URL by the proxy). */
export function queryParams(input: QueryRequest): Record<string, QueryValue> {
  return {
    start_time: input.startTime,
    end_time: input.endTime,
    columns: input.columns?.join(','),
    filter_column: input.filter?.column,
    filter_operator: input.filter?.operator,
    filter_value: input.filter?.value,
    order: input.order,
    limit: input.limit,
    page_size: input.pageSize,
    timezone: input.timezone,
    json_schema: 'array-of-arrays',
    cursor: input.cursor ?? '',
  };
}

/** The query body, plus its `dataset_metadata` as received (the metadata cache compares it with what it holds). */
const ClientQueryWithMetadata = z.intersection(ClientQuery, z.object({ dataset_metadata: z.unknown().optional() }));

/**
 * Runs one page; a header row that is not all strings, or a row of another width, is `internal`.
 * `onMetadata` receives the answer's `dataset_metadata` (any subset of the dataset's fields, or undefined).
 */
export async function queryDataset(
  proxy: V1Proxy,
  input: QueryRequest,
  call: GetOptions,
  onMetadata?: (metadata: unknown) => void,
): Promise<Result<QueryPage>> {
  const r = await proxy.get(`/datasets/${encodeURIComponent(input.datasetId)}/query`, queryParams(input), ClientQueryWithMetadata, call);
  if (!r.ok) return r;
  onMetadata?.(r.value.dataset_metadata);
  const [header, ...rows] = r.value.data;
  if (!header?.every((c): c is string => typeof c === 'string'))
    return fail('internal', 'The /v1 server answered a query without a header row of column names.');
  if (rows.some((row) => row.length !== header.length))
    return fail('internal', `The /v1 server answered rows whose width differs from the ${header.length} columns of the header.`);
  return ok({
    columns: header,
    rows,
    hasNextPage: r.value.meta.hasNextPage,
    cursor: r.value.meta.cursor,
    datasetTimezone: r.value.data_timezone,
  });
}
