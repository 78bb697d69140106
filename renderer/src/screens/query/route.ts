import { z } from 'zod';
import { ColumnFilter, PullQuery, SortKey } from '../../../../shared/bridge/workspace.js';
import { hrefs } from '../../lib/router.js';

/** The results table's view as the address keeps it: sort keys and column filters (done in SQL by main). */
const TableView = z.object({ sort: z.array(SortKey).max(8), filters: z.array(ColumnFilter).max(50) }).strict();
export type TableView = z.output<typeof TableView>;

/**
 * The query page's address: `#/datasets/<id>/query?start=…&end=…&pull=12`. It carries the query's parameters and the pull
 * shown, so a reload or Back shows the same form and reopens the same rows from the workspace without a new /v1 request.
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

// Parameter name ↔ PullQuery key, in the order they are written. Lists are comma-joined (column names have no commas).
const SCALARS = [
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
const LISTS = [
  ['columns', 'columns'],
  ['resample_by', 'resampleBy'],
] as const;

/** The search part (no `?`) for `query`, the shown pull and its table view; `run` asks the page to run it on arrival. */
export function querySearch(query: PullQuery, pullId: number | null = null, run = false, view: TableView | null = null): string {
  const p = new URLSearchParams();
  for (const [name, key] of SCALARS) {
    const v = query[key];
    if (v !== undefined) p.set(name, String(v));
  }
  for (const [name, key] of LISTS) {
    const v = query[key];
    if (v) p.set(name, v.join(','));
  }
  if (query.filter) {
    p.set('filter', query.filter.column);
    p.set('op', query.filter.operator);
    p.set('value', query.filter.value);
  }
  if (pullId !== null) p.set('pull', String(pullId));
  if (view && (view.sort.length > 0 || view.filters.length > 0)) p.set('view', JSON.stringify(view));
  if (run) p.set('run', '1');
  return p.toString();
}

/** The href of the query page showing `query` (and pull `pullId`, with its table `view`). */
export function queryHref(query: PullQuery, pullId: number | null = null, run = false, view: TableView | null = null): string {
  return hrefs.query(query.datasetId, querySearch(query, pullId, run, view));
}

/** The `view` parameter of a results page (JSON sort and filters); unreadable or invalid → null, never throws. */
export function readView(text: string | null): TableView | null {
  if (!text) return null;
  try {
    const parsed = TableView.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
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
  for (const [name, key] of SCALARS) {
    const v = p.get(name);
    if (v !== null) raw[key] = key === 'limit' ? Number(v) : v;
  }
  for (const [name, key] of LISTS) {
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

/** A stable text of a query, to tell whether two queries are the same. */
export function queryKey(query: PullQuery | null): string {
  return query ? querySearch(query) : '';
}
