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

/** The `view` parameter for `view`, or null when it neither sorts, filters nor shows hour ending (the address leaves it out). */
export function viewParam(view: TableView | null): string | null {
  return view && (view.sort.length > 0 || view.filters.length > 0 || view.peak || view.hourEnding) ? JSON.stringify(view) : null;
}

/** The parts of a view the workspace reads rows by (sort, filters, peak bucket): display choices such as hour ending left out. */
export function rowsView(view: TableView): Pick<TableView, 'sort' | 'filters' | 'peak'> {
  return { sort: view.sort, filters: view.filters, ...(view.peak ? { peak: view.peak } : {}) };
}
