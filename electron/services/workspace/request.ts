import type { QueryValue } from '../v1/joinUrl.js';
import { queryParams } from '../verbs/query.js';
import type { QueryRequest } from '../verbs/query.js';

/**
 * What a pull asks `GET /datasets/{id}/query` for (docs/query.md): the `datasets:query` request
 * without its paging fields (the pull pages itself), plus resampling and forecast vintages.
 * Stored as the pull's `params` JSON, so a pull can be shown, saved and run again.
 */
export interface PullRequest extends Omit<QueryRequest, 'cursor' | 'pageSize'> {
  /** `resample_frequency`, e.g. `1h` or `15 minutes` (docs/query.md#resampling). */
  resampleFrequency?: string;
  /** `resample_by`: grouping columns kept in the result. */
  resampleBy?: string[];
  /** `resample_function`: mean (default), sum, min, max, count, stddev, variance. */
  resampleFunction?: string;
  /** `publish_time`: `latest_report`, `latest`, `latest_before:<offset>` or a timestamp. */
  publishTime?: string;
  publishTimeStart?: string;
  publishTimeEnd?: string;
}

/** Where one page starts: a cursor (empty for the first page) or, on servers that send no cursor with CSV, a page number. */
export type PageStart = { cursor: string } | { page: number };

/**
 * The /v1 query parameters of one CSV page of `request`: `return_format=csv`, `page_size` when
 * known (absent: the plan's rows per response), and the page's start. Absent values are left out
 * of the URL by the proxy.
 */
export function pageParams(request: PullRequest, start: PageStart, pageSize: number | undefined): Record<string, QueryValue> {
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
