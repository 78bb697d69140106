/** The exports page's address (`#/exports?dataset=…&year=…`): the dataset shown and the calendar's year. */
export interface ExportsRoute {
  datasetId: string | null;
  year: number | null;
}

/** Reads the exports page's address (search without `?`); a bad year is ignored, never throws. */
export function readExportsRoute(search: string): ExportsRoute {
  const p = new URLSearchParams(search);
  const year = Number(p.get('year'));
  return {
    datasetId: p.get('dataset')?.trim() || null,
    year: Number.isInteger(year) && year >= 1900 && year <= 9999 ? year : null,
  };
}

/** The search string of {@link ExportsRoute} (empty parts left out). */
export function exportsSearch(route: ExportsRoute): string {
  const p = new URLSearchParams();
  if (route.datasetId) p.set('dataset', route.datasetId);
  if (route.year !== null) p.set('year', String(route.year));
  return p.toString();
}
