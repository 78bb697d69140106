import type { Dataset } from '../../../shared/schemas/dataset.js';

/** The catalogue's filter: free text and one market (`''` = all markets). */
export interface CatalogueFilter {
  query: string;
  /** Upper-case market, e.g. `PJM`; empty for all markets. */
  source: string;
}

/** The filter a fresh catalogue starts with. */
export const EMPTY_FILTER: CatalogueFilter = { query: '', source: '' };

/**
 * Datasets whose id, name or description contains every whitespace-separated term of `query`
 * (case-insensitive), and whose source equals `source` (case-insensitive) when one is chosen.
 */
export function filterDatasets(datasets: readonly Dataset[], filter: CatalogueFilter): Dataset[] {
  const terms = filter.query.toLowerCase().split(/\s+/).filter(Boolean);
  const source = filter.source.toUpperCase();
  return datasets.filter((d) => {
    if (source && (d.source ?? '').toUpperCase() !== source) return false;
    if (terms.length === 0) return true;
    const haystack = `${d.id}\n${d.name}\n${d.description ?? ''}`.toLowerCase();
    return terms.every((t) => haystack.includes(t));
  });
}

/** The distinct markets in `datasets`, upper-cased and sorted, for the market `<select>`. */
export function sourceOptions(datasets: readonly Dataset[]): string[] {
  const set = new Set<string>();
  for (const d of datasets) if (d.source) set.add(d.source.toUpperCase());
  return [...set].sort((a, b) => a.localeCompare(b));
}
