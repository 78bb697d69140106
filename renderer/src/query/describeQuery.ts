import type { PullQuery } from '../../../shared/bridge/contract.js';
import { formatCount } from '../lib/format.js';

/**
 * A query in one line for the folded form and saved-query names: `2024-03-01 → 2024-03-08 (market time) · filter
 * zone in A,B · 3 columns · 1 hour mean · limit 1,000`. Parts the query does not set are left out.
 */
export function describeQuery(query: PullQuery): string {
  const zone = query.timezone === undefined ? 'UTC' : query.timezone === 'market' ? 'market time' : query.timezone;
  const window = query.startTime || query.endTime ? `${query.startTime ?? 'start'} → ${query.endTime ?? 'latest'}` : 'all times';
  const parts = [`${window} (${zone})`];
  if (query.filter) parts.push(`filter ${query.filter.column} ${query.filter.operator} ${query.filter.value}`);
  if (query.columns) parts.push(`${query.columns.length} ${query.columns.length === 1 ? 'column' : 'columns'}`);
  if (query.resampleFrequency) parts.push(`${query.resampleFrequency} ${query.resampleFunction ?? 'mean'}`);
  if (query.publishTime) parts.push(`vintage ${query.publishTime.replace(/_/g, ' ')}`);
  if (query.order === 'desc') parts.push('newest first');
  if (query.limit !== undefined) parts.push(`limit ${formatCount(query.limit)}`);
  return parts.join(' · ');
}
