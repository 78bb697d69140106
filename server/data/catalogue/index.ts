import { CAISO_SPP_DATASETS } from './caiso-spp.js';
import { ISONE_DATASETS } from './isone.js';
import { NYISO_DATASETS } from './nyiso.js';
import { PJM_DATASETS } from './pjm.js';
import type { CatalogueEntry } from './types.js';

export type { CatalogueEntry, DataFrequency, FileLiteral, Market, MarketTimezone } from './types.js';

/** Every embedded dataset, by id (the order of `GET /v1/datasets`); ids are DuckDB table names, so checked below. */
export const CATALOGUE: readonly CatalogueEntry[] = Object.freeze(
  [...PJM_DATASETS, ...ISONE_DATASETS, ...NYISO_DATASETS, ...CAISO_SPP_DATASETS].sort((a, b) =>
    a.id.localeCompare(b.id),
  ),
);

for (const [i, entry] of CATALOGUE.entries()) {
  if (!/^[a-z][a-z0-9_]*$/.test(entry.id)) throw new Error(`Catalogue id ${entry.id} is not snake_case`);
  if (CATALOGUE.findIndex((e) => e.id === entry.id) !== i) throw new Error(`Duplicate catalogue id ${entry.id}`);
}
