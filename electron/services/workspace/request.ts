import type { PullQuery } from '../../../shared/index.js';
import type { QueryValue } from '../v1/joinUrl.js';
import { queryParams } from '../datasets/query.js';

/**
 * A pull asks `GET /datasets/{id}/query` (docs/query.md) for its `PullQuery` (the bridge contract's
 * `datasets:query` request without paging, plus resampling and forecast vintages), stored as the
 * pull's `params` JSON so a pull can be shown, saved and run again; the pull pages it itself.
 */

/** Where one page starts: a cursor (empty for the first page) or, on servers that send no cursor with CSV, a page number. */
export type PageStart = { cursor: string } | { page: number };

/**
 * The /v1 query parameters of one CSV page of `request`: `return_format=csv`, `page_size` when
 * known (absent: the plan's rows per response), and the page's start. Absent values are left out
 * of the URL by the proxy.
 */
export function pageParams(request: PullQuery, start: PageStart, pageSize: number | undefined): Record<string, QueryValue> {
  return {
    ...queryParams({ ...request, pageSize }),
    json_schema: undefined,
    cursor: 'cursor' in start ? start.cursor : undefined,
    return_format: 'csv',
    page: 'page' in start ? start.page : undefined,
    resample_frequency: request.resampleFrequency,
    resample_by: request.resampleBy?.join(','),
    resample_function: request.resampleFunction,
    publish_time: request.publishTime,
    publish_time_start: request.publishTimeStart,
    publish_time_end: request.publishTimeEnd,
  };
}
