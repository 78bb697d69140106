import { MAX_BINDING_ROWS } from '../../../../shared/bridge/workspace.js';
import type { TableView } from '../../../../shared/bridge/workspace.js';
import { readView, viewParam } from '../../features/results-table/tableView.js';
import { gridSearch, readGridChoice } from '../../features/constraints/gridChoice.js';
import type { GridChoice } from '../../features/constraints/gridChoice.js';

/** Rows a binding pull asks for when the address names no limit: a fifth of the service's default (50,000). */
export const DEFAULT_BINDING_LIMIT = 10_000;

/**
 * The binding page's address (`#/binding?dataset=…&start=…&end=…&threshold=…&limit=…&pull=…&view=…`): the form's
 * choices and the pull shown, so a reload or Back reopens the same rows from the workspace without a new request.
 */
export interface BindingRoute {
  choice: GridChoice;
  /** |shadow price| threshold in $/MWh (≥ 0); null = every binding row. */
  threshold: number | null;
  limit: number;
  pullId: number | null;
  /** The results table's sort and filters; null = none. */
  view: TableView | null;
}

/** Reads the binding page's address (search without `?`); a bad value falls back to its default, never throws. */
export function readBindingRoute(search: string): BindingRoute {
  const p = new URLSearchParams(search);
  const threshold = p.get('threshold') ? Number(p.get('threshold')) : NaN;
  const limit = Number(p.get('limit'));
  const pull = Number(p.get('pull'));
  return {
    choice: readGridChoice(search),
    threshold: Number.isFinite(threshold) && threshold >= 0 ? threshold : null,
    limit: Number.isInteger(limit) && limit >= 1 && limit <= MAX_BINDING_ROWS ? limit : DEFAULT_BINDING_LIMIT,
    pullId: Number.isSafeInteger(pull) && pull > 0 ? pull : null,
    view: readView(p.get('view')),
  };
}

/** The search string of {@link BindingRoute}; an empty view and the default limit are left out. */
export function bindingSearch(route: BindingRoute): string {
  return gridSearch(route.choice, {
    threshold: route.threshold,
    limit: route.limit === DEFAULT_BINDING_LIMIT ? null : route.limit,
    pull: route.pullId,
    view: viewParam(route.view),
  });
}
