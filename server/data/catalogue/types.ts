import { SAMPLE_NOTE } from '../../../shared/index.js';
import type { RESAMPLE_CONVERSION } from '../../../shared/index.js';

/** Markets of the embedded samples (the `source` field of a Dataset). */
export type Market = 'pjm' | 'isone' | 'nyiso' | 'caiso' | 'spp';

/** IANA zone of a market's data (`data_timezone`): PJM, NYISO and ISO-NE Eastern, CAISO Pacific, SPP Central. */
export type MarketTimezone = 'US/Eastern' | 'US/Pacific' | 'US/Central';

/** A `data_frequency` value: one of the keys of the resample conversion map (spec "Resources → Dataset"). */
export type DataFrequency = keyof typeof RESAMPLE_CONVERSION;

/**
 * Returns the SQL string literal of a source file's absolute path. It only accepts paths the entry
 * lists in `files` (relative to the data folder), so a loader cannot read anything undeclared.
 */
export type FileLiteral = (relativePath: string) => string;

/**
 * One embedded dataset: its catalogue metadata and how to load it.
 *
 * `id` is also the DuckDB table name (lower snake_case, allow-listed). `load` returns one SELECT
 * statement whose result becomes the table; its column names are gridstatus-style snake_case with
 * UTC timestamps as naive `TIMESTAMP` columns named `*_utc`. Counts, time range and `all_columns`
 * are not declared here: they are read from the built table (see metadata.ts).
 */
export interface CatalogueEntry {
  id: string;
  name: string;
  /** Markdown: what it is, where the sample came from, and that it is a small real sample. */
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
  /** Source files, relative to the data folder (e.g. `pyiso-nyiso/lmp.csv`). Their bytes are hashed. */
  files: string[];
  /** The SELECT that loads the table. */
  load: (file: FileLiteral) => string;
}

/** Attribution line shared by descriptions of files copied from the gridstatus test fixtures. */
export const GRIDSTATUS_FIXTURE_NOTE =
  'copied from a test fixture of [gridstatus/gridstatus](https://github.com/gridstatus/gridstatus) (BSD-3-Clause)';

/** Attribution line shared by descriptions of files copied from pyiso's NYISO fixtures. */
export const PYISO_FIXTURE_NOTE =
  'a verbatim NYISO MIS file copied from a test fixture of [WattTime/pyiso](https://github.com/WattTime/pyiso)';

/** Closing sentence of every description: the data is a small, real, fixed sample (defined in shared/catalogue.ts). */
export { SAMPLE_NOTE };
