import type { PullQuery } from '../../../../shared/bridge/workspace.js';
import type { DatasetWithTimezone } from '../../../../shared/schemas/dataset.js';
import { FREQUENCY_LABELS, OTHER_FREQUENCY, defaultResampleBy } from './form/resample.js';
import type { Vintage } from './form/vintage.js';
import { defaultFields } from './queryFields.js';
import type { QueryFormFields } from './queryFields.js';
import { COMMON_ZONES, OTHER_ZONE } from '../../features/workspace/zones.js';

function vintageOf(
  publishTime: string | undefined,
  hasVintages: boolean,
): Pick<QueryFormFields, 'vintage' | 'vintageOffset' | 'vintageAt'> {
  const none = { vintageOffset: '', vintageAt: '' };
  if (publishTime === undefined) return { vintage: hasVintages ? 'all' : 'latest', ...none };
  if (publishTime === 'latest' || publishTime === 'latest_report') return { vintage: publishTime as Vintage, ...none };
  if (publishTime.startsWith('latest_before')) {
    return { vintage: 'latest_before', vintageOffset: publishTime.replace(/^latest_before:?/, ''), vintageAt: '' };
  }
  return { vintage: 'exact', vintageOffset: '', vintageAt: publishTime };
}

/**
 * The form's fields for `query` (from the address, a saved query or a pull in history): the inverse of `toPullQuery`, so
 * running the form again sends the same query. Fields the query does not set take the fresh form's defaults.
 */
export function fieldsFromQuery(dataset: DatasetWithTimezone, query: PullQuery): QueryFormFields {
  const defaults = defaultFields(dataset);
  const zone = query.timezone;
  const listed = zone === undefined || zone === 'market' || (COMMON_ZONES as readonly string[]).includes(zone);
  const frequency = query.resampleFrequency;
  return {
    ...defaults,
    start: query.startTime ?? '',
    end: query.endTime ?? '',
    column: query.filter?.column ?? '',
    operator: query.filter?.operator ?? '=',
    value: query.filter?.value ?? '',
    limit: query.limit !== undefined ? String(query.limit) : '',
    order: query.order ?? 'asc',
    zoneChoice: listed ? (zone ?? '') : OTHER_ZONE,
    zoneTyped: listed ? '' : zone,
    columns: new Set(query.columns ?? dataset.all_columns.map((c) => c.name)),
    resampleChoice: frequency === undefined ? '' : Object.hasOwn(FREQUENCY_LABELS, frequency) ? frequency : OTHER_FREQUENCY,
    resampleTyped: frequency !== undefined && !Object.hasOwn(FREQUENCY_LABELS, frequency) ? frequency : '',
    // No grouping columns is the data service's default, the subseries column: shown as such (a hand-written link).
    resampleBy: frequency === undefined || !query.resampleBy?.length ? defaultResampleBy(dataset) : new Set(query.resampleBy),
    resampleFunction: query.resampleFunction ?? defaults.resampleFunction,
    ...vintageOf(query.publishTime, !!dataset.publish_time_column),
    publishedFrom: query.publishTimeStart ?? '',
    publishedBefore: query.publishTimeEnd ?? '',
  };
}
