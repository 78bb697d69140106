import { TableView } from '../../../../shared/bridge/workspace.js';

/** No sort and no filters: the rows in the order the pull stored them. */
export const EMPTY_VIEW: TableView = { sort: [], filters: [] };

/**
 * Reads the `view` parameter of a result page's address (the JSON of a {@link TableView}); unreadable or beyond the
 * schema's bounds → null, never throws.
 */
export function readView(text: string | null): TableView | null {
  if (!text) return null;
  try {
    const parsed = TableView.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** The `view` parameter for `view`, or null when it neither sorts nor filters (the address leaves it out). */
export function viewParam(view: TableView | null): string | null {
  return view && (view.sort.length > 0 || view.filters.length > 0) ? JSON.stringify(view) : null;
}
