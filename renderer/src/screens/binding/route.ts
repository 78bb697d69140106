import { MAX_BINDING_ROWS } from '../../../../shared/bridge/workspace.js';
import { z } from 'zod';
import { ColumnFilter, SortKey } from '../../../../shared/bridge/workspace.js';
import type { RowsView } from '../../features/results-table/useRowBlocks.js';
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
  view: RowsView | null;
}

const TableView = z.object({ sort: z.array(SortKey).max(8), filters: z.array(ColumnFilter).max(50) }).strict();

function readView(text: string | null): RowsView | null {
  if (!text) return null;
  try {
    const parsed = TableView.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
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
  const { view } = route;
  return gridSearch(route.choice, {
    threshold: route.threshold,
    limit: route.limit === DEFAULT_BINDING_LIMIT ? null : route.limit,
    pull: route.pullId,
    view: view && (view.sort.length > 0 || view.filters.length > 0) ? JSON.stringify(view) : null,
  });
}
