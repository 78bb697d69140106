import type { PullQuery, TableView } from '../../../../shared/bridge/workspace.js';
import { hrefs } from '../../lib/router.js';
import { viewParam } from '../results-table/tableView.js';

/**
 * A dataset query as the query page's address writes it: `#/datasets/<id>/query?start=…&end=…&pull=12&view=…`. Other
 * pages link to a query with {@link queryHref} (history, saved queries); the query page reads it back with the same
 * parameter names (screens/query/route.ts).
 */

/** Parameter name ↔ PullQuery key of the single values, in the order they are written. */
export const SCALAR_PARAMS = [
  ['start', 'startTime'],
  ['end', 'endTime'],
  ['tz', 'timezone'],
  ['order', 'order'],
  ['limit', 'limit'],
  ['resample', 'resampleFrequency'],
  ['resample_fn', 'resampleFunction'],
  ['publish', 'publishTime'],
  ['publish_start', 'publishTimeStart'],
  ['publish_end', 'publishTimeEnd'],
] as const;
/** Parameter name ↔ PullQuery key of the lists, comma-joined (column names have no commas). */
export const LIST_PARAMS = [
  ['columns', 'columns'],
  ['resample_by', 'resampleBy'],
] as const;

/** The search part (no `?`) for `query`, the shown pull and its table view; `run` asks the page to run it on arrival. */
export function querySearch(query: PullQuery, pullId: number | null = null, run = false, view: TableView | null = null): string {
  const p = new URLSearchParams();
  for (const [name, key] of SCALAR_PARAMS) {
    const v = query[key];
    if (v !== undefined) p.set(name, String(v));
  }
  for (const [name, key] of LIST_PARAMS) {
    const v = query[key];
    if (v) p.set(name, v.join(','));
  }
  if (query.filter) {
    p.set('filter', query.filter.column);
    p.set('op', query.filter.operator);
    p.set('value', query.filter.value);
  }
  if (pullId !== null) p.set('pull', String(pullId));
  const shown = viewParam(view);
  if (shown) p.set('view', shown);
  if (run) p.set('run', '1');
  return p.toString();
}

/** The href of the query page showing `query` (and pull `pullId`, with its table `view`). */
export function queryHref(query: PullQuery, pullId: number | null = null, run = false, view: TableView | null = null): string {
  return hrefs.query(query.datasetId, querySearch(query, pullId, run, view));
}

/** A stable text of a query, to tell whether two queries are the same. */
export function queryKey(query: PullQuery | null): string {
  return query ? querySearch(query) : '';
}
