import type { PullQuery } from '../../../../shared/bridge/contract.js';
import { formatCount } from '../../lib/format.js';

/**
 * The pieces of {@link describeQuery}: the window's Start and End as typed (`start` and `latest` for an open end; null
 * when the query sets neither), the zone they are read in, and the other settings in words, in order.
 */
export interface QueryParts {
  window: [start: string, end: string] | null;
  zone: string;
  rest: string[];
}

/** The pieces a query is described by; see {@link describeQuery}. */
export function queryParts(query: PullQuery): QueryParts {
  const zone = query.timezone === undefined ? 'UTC' : query.timezone === 'market' ? 'market time' : query.timezone;
  const window: QueryParts['window'] =
    query.startTime || query.endTime ? [query.startTime ?? 'start', query.endTime ?? 'latest'] : null;
  const rest: string[] = [];
  if (query.filter) rest.push(`filter ${query.filter.column} ${query.filter.operator} ${query.filter.value}`);
  if (query.columns) rest.push(`${query.columns.length} ${query.columns.length === 1 ? 'column' : 'columns'}`);
  if (query.resampleFrequency) rest.push(`${query.resampleFrequency} ${query.resampleFunction ?? 'mean'}`);
  if (query.publishTime) rest.push(`vintage ${query.publishTime.replace(/_/g, ' ')}`);
  if (query.order === 'desc') rest.push('newest first');
  if (query.limit !== undefined) rest.push(`limit ${formatCount(query.limit)}`);
  return { window, zone, rest };
}

/**
 * A query in one line for the folded form and saved-query names: `2024-03-01 → 2024-03-08 (market time) · filter
 * zone in A,B · 3 columns · 1 hour mean · limit 1,000`. Parts the query does not set are left out.
 */
export function describeQuery(query: PullQuery): string {
  const { window, zone, rest } = queryParts(query);
  return [`${window ? window.join(' → ') : 'all times'} (${zone})`, ...rest].join(' · ');
}
