import { SAMPLE_NOTE } from '../../../shared/index.js';
import type { RESAMPLE_CONVERSION } from '../../../shared/index.js';

/** Markets of the embedded samples (the `source` field of a Dataset). */
export type Market = 'pjm' | 'isone' | 'nyiso' | 'caiso' | 'spp';

/** IANA zone of a market's data (`data_timezone`): PJM, NYISO and ISO-NE Eastern, CAISO Pacific, SPP Central. */
export type MarketTimezone = 'US/Eastern' | 'US/Pacific' | 'US/Central';

/** A `data_frequency` value: a key of the resample conversion map (docs/api.md#dataset-list). */
export type DataFrequency = keyof typeof RESAMPLE_CONVERSION;

/** SQL literal of a source file's absolute path; throws for a path not in the entry's `files`, so loaders read only those. */
export type FileLiteral = (relativePath: string) => string;

/**
 * One embedded dataset: `id` is also its DuckDB table; `load` is the SELECT that fills it (gridstatus snake_case columns,
 * UTC as naive `*_utc` TIMESTAMPs); `files` are relative to the data folder. Counts and columns are read from the table.
 */
export interface CatalogueEntry {
  id: string;
  name: string;
  description: string;
  source: Market;
  source_url: string;
  data_timezone: MarketTimezone;
  time_index_column: string;
  subseries_index_column: string | null;
  publish_time_column: string | null;
  primary_key_columns: string[];
  data_frequency: DataFrequency;
  publication_frequency: string | null;
  files: string[];
  load: (file: FileLiteral) => string;
}

/** Attribution line shared by descriptions of files copied from the gridstatus test fixtures. */
export const GRIDSTATUS_FIXTURE_NOTE =
  'copied from a test fixture of [gridstatus/gridstatus](https://github.com/gridstatus/gridstatus) (BSD-3-Clause)';

/** Attribution line shared by descriptions of files copied from pyiso's NYISO fixtures. */
export const PYISO_FIXTURE_NOTE =
  'a verbatim NYISO MIS file copied from a test fixture of [WattTime/pyiso](https://github.com/WattTime/pyiso)';

/** Closing sentence of every description: the data is a small, real, fixed sample. */
export { SAMPLE_NOTE };
