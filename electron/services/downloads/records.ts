import { z } from 'zod';
import { DatasetWithTimezone } from '../../../shared/index.js';
import { readJsonFile, writeFileAtomic } from '../common/fsutil.js';
import { FOLDER_FILE_MODE, datasetJsonPath } from './layout.js';

/**
 * The record beside each file, `<file>.download.json` (docs/downloads.md#the-download-record). Written when a transfer
 * starts (`partial`), updated at most every ~1 s with the bytes known to be on disk (after an fsync of the part), and
 * rewritten `complete` once the file verified and was renamed. Completed records are the library's source of truth:
 * the library index is only a cache of them.
 */
export const DownloadRecord = z.object({
  version: z.literal(1),
  datasetId: z.string(),
  datasetName: z.string(),
  date: z.string(),
  /** The presigned link last used (it holds a signature, never an API key). */
  url: z.string().nullable(),
  /** ISO 8601: when `url` stops working. */
  urlExpiresAt: z.string().nullable(),
  /** The object's validators from the last response; sent back as `If-Range` when resuming. */
  etag: z.string().nullable(),
  lastModified: z.string().nullable(),
  /** Bytes of the whole compressed file (listing or response), null until known. */
  expectedBytes: z.number().int().nonnegative().nullable(),
  /** Bytes known to be on disk (fsynced) in the part, or the file's size once complete. */
  bytesWritten: z.number().int().nonnegative(),
  state: z.enum(['partial', 'complete']),
  /** ISO 8601 of the last verification that passed. */
  verifiedAt: z.string().nullable(),
  /** Hex SHA-256 of the compressed file, once complete. */
  sha256: z.string().nullable(),
  /** The dataset's column names in order: the CSV header the file must have. */
  columns: z.array(z.string()),
  /** Set when a later library check failed (what failed); null while the file verifies. */
  problem: z.string().nullable().optional(),
});
export type DownloadRecord = z.infer<typeof DownloadRecord>;

/** A new `partial` record of a day. */
export function newRecord(dataset: DatasetWithTimezone, date: string, expectedBytes: number | null): DownloadRecord {
  return {
    version: 1,
    datasetId: dataset.id,
    datasetName: dataset.name,
    date,
    url: null,
    urlExpiresAt: null,
    etag: null,
    lastModified: null,
    expectedBytes,
    bytesWritten: 0,
    state: 'partial',
    verifiedAt: null,
    sha256: null,
    columns: dataset.all_columns.map((c) => c.name),
    problem: null,
  };
}

/** The record at `file`; undefined when absent or unreadable (an unreadable record is as good as none). */
export async function readRecord(file: string): Promise<DownloadRecord | undefined> {
  try {
    const parsed = DownloadRecord.safeParse(await readJsonFile(file));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the record atomically (common/fsutil.ts). @throws the file-system error (ENOSPC, EACCES …). */
export async function writeRecord(file: string, record: DownloadRecord): Promise<void> {
  await writeFileAtomic(file, `${JSON.stringify(record, null, 2)}\n`, FOLDER_FILE_MODE, 'user');
}

/** `<folder>/<dataset_id>/dataset.json`; undefined when absent or not a dataset. */
export async function readDatasetJson(folder: string, datasetId: string): Promise<DatasetWithTimezone | undefined> {
  try {
    const parsed = DatasetWithTimezone.safeParse(await readJsonFile(datasetJsonPath(folder, datasetId)));
    return parsed.success && parsed.data.id === datasetId ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** Writes the dataset's metadata (offline review reads columns, time index and zone from it). @throws the fs error. */
export async function writeDatasetJson(folder: string, dataset: DatasetWithTimezone): Promise<void> {
  await writeFileAtomic(datasetJsonPath(folder, dataset.id), `${JSON.stringify(dataset, null, 2)}\n`, FOLDER_FILE_MODE, 'user');
}
