import { PullQuery } from '../../../../shared/bridge/workspace.js';
import type { TableView } from '../../../../shared/bridge/workspace.js';
import { readView } from '../../features/results-table/tableView.js';
import { LIST_PARAMS, SCALAR_PARAMS, queryKey } from '../../features/workspace/queryAddress.js';

/**
 * The query page's address: `#/datasets/<id>/query?start=…&end=…&pull=12`. It carries the query's parameters and the pull
 * shown, so a reload or Back shows the same form and reopens the same rows from the workspace without a new /v1 request.
 * The parameters are written by features/workspace/queryAddress.ts.
 */
export interface QueryRouteState {
  /** The query the parameters spell; null when there are none (a fresh form). */
  query: PullQuery | null;
  /** The pull whose rows are shown; null = none. */
  pullId: number | null;
  /** Set by "Run" in the saved queries: the page runs the query once on arrival, then drops the flag. */
  run: boolean;
  /** The results table's sort and filters; null = none (or unreadable, then dropped). */
  view: TableView | null;
  /** Why the parameters were set aside (a hand-edited address), for a notice; null when they read fine. */
  problem: string | null;
}

/**
 * Reads the query page's search part for dataset `datasetId`, checked with the `workspace:pull` schema: parameters that
 * do not make a valid query are set aside whole (with a `problem`), never half-applied. An unknown parameter is ignored.
 */
export function parseQuerySearch(datasetId: string, search: string): QueryRouteState {
  const p = new URLSearchParams(search);
  const pull = Number(p.get('pull'));
  const pullId = Number.isSafeInteger(pull) && pull > 0 ? pull : null;
  const run = p.get('run') === '1';
  const view = readView(p.get('view'));
  const raw: Record<string, unknown> = { datasetId };
  for (const [name, key] of SCALAR_PARAMS) {
    const v = p.get(name);
    if (v !== null) raw[key] = key === 'limit' ? Number(v) : v;
  }
  for (const [name, key] of LIST_PARAMS) {
    const v = p.get(name);
    if (v !== null) raw[key] = v.split(',').filter(Boolean);
  }
  const filterColumn = p.get('filter');
  if (filterColumn) raw.filter = { column: filterColumn, operator: p.get('op') ?? '=', value: p.get('value') ?? '' };
  if (Object.keys(raw).length === 1) return { query: null, pullId, run, view, problem: null };
  const parsed = PullQuery.safeParse(raw);
  if (parsed.success) return { query: parsed.data, pullId, run, view, problem: null };
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  return {
    query: null,
    pullId,
    run,
    view,
    problem: `The address holds a query Gridscope cannot read (${where}${issue?.message}).`,
  };
}

// A query as the data service reads it: defaults spelt out or dropped, resampling settings only with resampling.
function normalized(q: PullQuery): PullQuery {
  const { order, resampleFrequency, resampleBy, resampleFunction, ...rest } = q;
  return {
    ...rest,
    ...(order === 'desc' ? { order } : {}),
    ...(resampleFrequency
      ? { resampleFrequency, ...(resampleBy?.length ? { resampleBy } : {}), resampleFunction: resampleFunction ?? 'mean' }
      : {}),
  };
}

/**
 * Whether two queries ask the data service for the same rows: the same parameters once defaults are read as it reads them
 * (order `asc`, aggregation `mean`, no grouping columns = the default; docs/query.md). The query page shows a pull for an
 * address only when the address's query is the pull's (docs/desktop.md#the-query-page).
 */
export function sameQuery(a: PullQuery, b: PullQuery): boolean {
  return a.datasetId === b.datasetId && queryKey(normalized(a)) === queryKey(normalized(b));
}
