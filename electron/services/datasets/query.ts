import { z } from 'zod';
import { ClientQuery, fail, ok } from '../../../shared/index.js';
import type { ParsedInput, QueryPage, Result } from '../../../shared/index.js';
import type { QueryValue } from '../v1/joinUrl.js';
import type { GetOptions, V1Proxy } from '../v1/proxy.js';

/** The `datasets:query` input after the contract parsed it. */
export type QueryRequest = Omit<ParsedInput<'datasets:query'>, 'requestId'>;

/**
 * /v1 parameters of a query (docs/query.md): always array-of-arrays (smaller than objects) and cursor paging (`cursor=` empty
 * on the first page: exact at any depth).
 */
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

const ClientQueryWithMetadata = z.intersection(ClientQuery, z.object({ dataset_metadata: z.unknown().optional() }));

/** One page; `onMetadata` gets its `dataset_metadata`. A header row not all strings, or a row of another width, is `internal`. */
export async function queryDataset(
  proxy: V1Proxy,
  input: QueryRequest,
  call: GetOptions,
  onMetadata?: (metadata: unknown) => void,
): Promise<Result<QueryPage>> {
  const r = await proxy.get(
    `/datasets/${encodeURIComponent(input.datasetId)}/query`,
    queryParams(input),
    ClientQueryWithMetadata,
    call,
  );
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
