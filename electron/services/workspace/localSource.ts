import { access } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { LocalPull, LocalSource, TableColumn } from '../../../shared/index.js';
import type { LocalFiles } from '../downloads/types.js';
import { columnTypesFor } from './columns.js';
import { sqlString } from './sql.js';

/**
 * Where a local review's rows are read from (docs/workspace.md#local-review-pulls): the downloaded `.csv.gz` files
 * themselves until the background conversion is done, then the Parquet parts it wrote in the workspace's folder.
 * Reviews made before the conversion existed were copied into table `pull_<id>` and have no `source`.
 */

/** What the catalogue's `local` JSON holds: the bridge's {@link LocalPull} and the paths the readers need. */
export interface StoredLocal extends LocalPull {
  /** The files' absolute paths, in the order of `dates`. */
  paths?: string[];
  /** The conversion's Parquet parts, in row order (set with `source: 'parquet'`). */
  parts?: string[];
}

/** The columns of a local review: the dataset's `all_columns` in order, typed as a query pull types them. */
export function localColumns(files: LocalFiles): TableColumn[] {
  const types = columnTypesFor(files.dataset.all_columns);
  return files.dataset.all_columns.map((c) => ({ name: c.name, type: types[c.name]! }));
}

/**
 * `read_csv` of `paths` as the server writes export files: comma, `"` quotes, a header row, gzip, typed columns. No
 * sniffing (dialect and columns are known from the dataset's metadata; a sniff reads each file's start once more) and
 * no hive partitioning: the folder's `year=…/month=…` would otherwise become two more columns.
 */
export function readCsvSql(paths: readonly string[], columns: readonly TableColumn[]): string {
  const typed = columns.map((c) => `${sqlString(c.name)}: '${c.type}'`).join(', ');
  return `read_csv([${paths.map(sqlString).join(', ')}], header = true, auto_detect = false, delim = ',', quote = '"',
    escape = '"', compression = 'gzip', hive_partitioning = false, columns = {${typed}})`;
}

/** The folder of pull `id`'s Parquet parts beside workspace file `workspacePath` (`<dir>/<profile>.local/pull_<id>`). */
export function partsDir(workspacePath: string, profile: string, id: number): string {
  return join(dirname(workspacePath), `${profile}.local`, `pull_${id}`);
}

/** Part `n` (from 1) of a conversion: `part-00001.parquet`, so the names sort in row order. */
export const partPath = (dir: string, n: number): string => join(dir, `part-${String(n).padStart(5, '0')}.parquet`);

/** Parses the catalogue's `local` JSON; damaged or missing JSON reads as no source (the table). */
export function parseStoredLocal(json: unknown): StoredLocal | null {
  if (typeof json !== 'string' || json === '') return null;
  try {
    const parsed: unknown = JSON.parse(json);
    return typeof parsed === 'object' && parsed !== null ? (parsed as StoredLocal) : null;
  } catch {
    return null;
  }
}

/** A readable relation of a local review: its SQL and what it reads. */
export interface LocalRelation {
  from: string;
  source: LocalSource;
}

/** Why a local review's rows cannot be read: the file named is gone. Readers answer it as `not_found`. */
export class LocalFileMissing extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LocalFileMissing';
  }
}

/**
 * The relation a reader selects from for a local review stored as `local` with `columns`: `read_csv` over the files
 * (source `files`), `read_parquet` over the parts (`parquet`), or null for the table. Checks first that every file is
 * there, so a deleted download is named rather than reported as DuckDB's glob error.
 * @throws LocalFileMissing naming the first missing file and its day; Error for a source that cannot be read.
 */
export async function localRelation(local: StoredLocal | null, columns: readonly TableColumn[]): Promise<LocalRelation | null> {
  const source = local?.source;
  if (source === undefined || source === 'table') return null;
  if (source === 'parquet') {
    const parts = local?.parts ?? [];
    const gone = await firstMissing(parts);
    if (gone !== undefined)
      throw new LocalFileMissing(`The converted copy of these files is missing (${gone}). Open the days again from the Library.`);
    return { source, from: `read_parquet([${parts.map(sqlString).join(', ')}])` };
  }
  if (source !== 'files') throw new Error('These downloaded files could not be read; open them again from the Library.');
  const paths = local?.paths ?? [];
  const gone = await firstMissing(paths);
  if (gone !== undefined) {
    const date = local?.dates[paths.indexOf(gone)] ?? '';
    throw new LocalFileMissing(
      `The downloaded file of ${date} (${gone}) is missing. Download the day again in the Library, then open the review again.`,
    );
  }
  if (paths.length === 0) throw new LocalFileMissing('This review lists no downloaded files.');
  return { source, from: `(SELECT * FROM ${readCsvSql(paths, columns)})` };
}

async function firstMissing(paths: readonly string[]): Promise<string | undefined> {
  const found = await Promise.all(
    paths.map((p) =>
      access(p).then(
        () => true,
        () => false,
      ),
    ),
  );
  return paths[found.indexOf(false)];
}
