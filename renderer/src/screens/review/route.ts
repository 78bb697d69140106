import type { TableView } from '../../../../shared/bridge/workspace.js';
import { readView, viewParam } from '../../features/results-table/tableView.js';

/** The offline review page's address (`#/review?pull=…&view=…`): the local pull shown and its table's sort and filters. */
export interface ReviewRoute {
  pullId: number | null;
  view: TableView | null;
}

/** Reads the review page's address (search without `?`); a bad value is dropped, never throws. */
export function readReviewRoute(search: string): ReviewRoute {
  const p = new URLSearchParams(search);
  const pull = Number(p.get('pull'));
  return { pullId: Number.isSafeInteger(pull) && pull > 0 ? pull : null, view: readView(p.get('view')) };
}

/** The search string of {@link ReviewRoute}; an empty view is left out. */
export function reviewSearch(route: ReviewRoute): string {
  const p = new URLSearchParams();
  if (route.pullId !== null) p.set('pull', String(route.pullId));
  const view = viewParam(route.view);
  if (view) p.set('view', view);
  return p.toString();
}
