import { z } from 'zod';
import type { DatasetWithTimezone } from '../schemas/dataset.js';
import { DatasetId, RequestId } from './inputs.js';

/**
 * The export verbs: the per-day export files of a dataset (docs/api.md#export-file-list), the download queue in
 * main that fetches them through presigned links (docs/downloads.md), the library of downloaded files, and the
 * offline review that opens a set of downloaded days in the workspace (`workspace:openLocal`, docs/workspace.md).
 */

/** A partition date, `YYYY-MM-DD` (the export file's date: docs/api.md#export-file-list). */
export const ExportDate = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'a date as YYYY-MM-DD, e.g. 2024-03-01')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), {
    error: 'not a calendar date',
  });

/** Most dates one call may name (a year of days is 366). */
export const MAX_EXPORT_DATES = 1000;

const Dates = z.array(ExportDate).min(1).max(MAX_EXPORT_DATES);
/** Queue items by id (`<dataset_id>/<YYYY-MM-DD>`); none = every item. */
const ItemIds = z
  .array(
    z
      .string()
      .max(220)
      .regex(/^[a-z0-9_]+\/\d{4}-\d{2}-\d{2}$/, 'a download id: <dataset id>/<YYYY-MM-DD>'),
  )
  .max(MAX_EXPORT_DATES)
  .optional();
const Empty = z.object({}).strict();

/** Most downloads that run at once (the queue's concurrency limit). */
export const MAX_DOWNLOAD_CONCURRENCY = 8;

/** Input schemas of the export, download and library verbs (merged into the contract's table). */
export const downloadInputs = {
  /** `GET /csv-exports/{dataset_id}` (docs/api.md#export-file-list), optionally for one year or month. */
  'exports:list': z
    .object({
      datasetId: DatasetId,
      year: z.number().int().min(1900).max(9999).optional(),
      month: z.number().int().min(1).max(12).optional(),
      requestId: RequestId.optional(),
    })
    .strict()
    .refine((i) => i.month === undefined || i.year !== undefined, { error: 'A month needs its year.', path: ['month'] }),
  /** Queues the export files of `dates` (days already downloaded and verified are skipped). */
  'downloads:start': z.object({ datasetId: DatasetId, dates: Dates }).strict(),
  'downloads:list': Empty,
  'downloads:pause': z.object({ ids: ItemIds }).strict(),
  'downloads:resume': z.object({ ids: ItemIds }).strict(),
  /** Stops the items and deletes their partial files (completed files stay in the library). */
  'downloads:cancel': z.object({ ids: ItemIds }).strict(),
  /** Queues failed or cancelled items again, keeping the bytes already written. */
  'downloads:retry': z.object({ ids: ItemIds }).strict(),
  /** Removes completed and cancelled items from the queue (their files stay in the library). */
  'downloads:clearFinished': Empty,
  /**
   * Queue settings: concurrency and a speed limit in KiB/s over all downloads (null: none). The page never names a
   * folder: the desktop's dialog (`downloads:chooseFolder`) or the web host's `GRIDSCOPE_DOWNLOADS_DIR` does.
   */
  'downloads:configure': z
    .object({
      concurrency: z.number().int().min(1).max(MAX_DOWNLOAD_CONCURRENCY).optional(),
      speedLimitKiBps: z.number().int().min(16).max(10_000_000).nullable().optional(),
    })
    .strict(),
  /** Desktop: a folder dialog in main; the chosen folder is used only while nothing is queued, running or paused. */
  'downloads:chooseFolder': Empty,
  /** Shows a downloaded file (or the folder when none is named) in the system file manager (desktop). */
  'downloads:reveal': z.object({ datasetId: DatasetId.optional(), date: ExportDate.optional() }).strict(),
  'library:list': Empty,
  /** Deletes downloaded files (and their records) of a dataset: `dates`, or all of them. */
  'library:delete': z.object({ datasetId: DatasetId, dates: Dates.optional() }).strict(),
  /** Verifies downloaded files again (size, whole-gzip integrity, CSV header). */
  'library:verify': z.object({ datasetId: DatasetId, dates: Dates.optional() }).strict(),
  /** Rebuilds the library index by scanning the downloads folder. */
  'library:rescan': Empty,
  /** Opens downloaded days of a dataset as one table in the workspace (a pull of kind `local`), without the network. */
  'workspace:openLocal': z.object({ datasetId: DatasetId, dates: Dates }).strict(),
} as const;

/** One export file as the listing describes it. */
export interface ExportFile {
  /** `YYYY-MM-DD`. */
  date: string;
  sizeBytes: number;
  /** ISO 8601. */
  lastModified: string;
}

/** `exports:list`'s answer: the files in date order. */
export interface ExportListing {
  datasetId: string;
  files: ExportFile[];
}

/**
 * States of a queued download: `queued`, `running` (bytes arriving), `paused`, `verifying` (size, gzip, header),
 * and the end states `completed` (verified and renamed), `failed` (see `error`; retry keeps the bytes written) and
 * `cancelled` (partial file deleted).
 */
export const DOWNLOAD_STATES = ['queued', 'running', 'paused', 'verifying', 'completed', 'failed', 'cancelled'] as const;
export type DownloadState = (typeof DOWNLOAD_STATES)[number];

/**
 * Why a download failed, so the screen can say what to do: `disk-full` (free space or choose another folder),
 * `permission` (the folder cannot be written), `network` (retries used up), `refused` (the server keeps refusing the
 * link), `not-found` (no export for that day any more), `corrupt` (the file did not verify), `other`.
 */
export const DOWNLOAD_PROBLEMS = ['disk-full', 'permission', 'network', 'refused', 'not-found', 'corrupt', 'other'] as const;
export type DownloadProblem = (typeof DOWNLOAD_PROBLEMS)[number];

/** One file in the queue. Sizes in bytes, speed in bytes/s, times ISO 8601. */
export interface DownloadItem {
  /** `<dataset_id>/<YYYY-MM-DD>`. */
  id: string;
  datasetId: string;
  /** The dataset's name when it was queued (its id when unknown). */
  datasetName: string;
  date: string;
  state: DownloadState;
  bytesWritten: number;
  /** From the listing (and the response's length); null until known. */
  expectedBytes: number | null;
  bytesPerSecond: number;
  /** Null when the speed or size is unknown, or the item is not running. */
  etaSeconds: number | null;
  /** Requests made for this file so far (retries and resumes included). */
  attempts: number;
  /** While running: why it waits, e.g. "Server busy (503), retrying in 4 s"; null otherwise. */
  waiting: string | null;
  /** Set when `failed`: what went wrong and what to do, in plain words. */
  error: string | null;
  problem: DownloadProblem | null;
  /** Where the finished file is (or will be). */
  path: string;
  /** The batch (one `downloads:start`) the item belongs to. */
  batchId: string;
  queuedAt: string;
  completedAt: string | null;
}

/** Totals over the queue's items that are not cancelled. `fraction` 0–1 of the known sizes; null when nothing is known. */
export interface DownloadTotals {
  files: number;
  completed: number;
  failed: number;
  /** Queued, running or verifying. */
  active: number;
  paused: number;
  bytesWritten: number;
  expectedBytes: number;
  bytesPerSecond: number;
  etaSeconds: number | null;
  fraction: number | null;
}

/** One `downloads:start`: its files and, once none is left queued, running or paused, how it ended. */
export interface DownloadBatch {
  id: string;
  datasetId: string;
  datasetName: string;
  files: number;
  completed: number;
  failed: number;
  cancelled: number;
  state: 'running' | 'completed' | 'failed' | 'cancelled';
  startedAt: string;
  endedAt: string | null;
}

/** The queue as the Downloads page shows it. */
export interface DownloadsState {
  /** The downloads folder (absolute). */
  folder: string;
  concurrency: number;
  speedLimitKiBps: number | null;
  /**
   * True on the desktop, where `downloads:chooseFolder` opens a dialog and `downloads:reveal` opens the file manager;
   * false in the web host, whose folder is set when it starts (`GRIDSCOPE_DOWNLOADS_DIR`).
   */
  canChooseFolder: boolean;
  items: DownloadItem[];
  totals: DownloadTotals;
  /** Newest first. */
  batches: DownloadBatch[];
}

/** How a library file stands: `verified` (last check passed), `corrupt` (failed a check: see `problem`), `missing` (its record is there, its file is gone). */
export const LIBRARY_FILE_STATES = ['verified', 'corrupt', 'missing'] as const;
export type LibraryFileState = (typeof LIBRARY_FILE_STATES)[number];

/** One downloaded day. */
export interface LibraryFile {
  date: string;
  bytes: number;
  path: string;
  state: LibraryFileState;
  /** ISO 8601 of the last verification. */
  verifiedAt: string | null;
  problem: string | null;
}

/** A dataset's downloaded days, in date order, with the dataset's metadata as it was when they were downloaded. */
export interface LibraryDataset {
  datasetId: string;
  datasetName: string;
  /** `GET /datasets/{id}` as fetched when the first day was queued: columns, time index, zone (offline review reads it). */
  metadata: DatasetWithTimezone | null;
  files: LibraryFile[];
  /** Disk usage of its files in bytes. */
  bytes: number;
  firstDate: string | null;
  lastDate: string | null;
}

/** The downloaded files, by dataset (by name). */
export interface LibraryState {
  folder: string;
  datasets: LibraryDataset[];
  totalBytes: number;
  /** True when the index was lost or unreadable and was rebuilt by scanning the folder. */
  rebuilt: boolean;
}

/**
 * Where a local review's rows are read from (docs/workspace.md#local-review-pulls): `files`, the downloaded `.csv.gz`
 * files themselves (while the background conversion runs, and for good when it was cancelled or failed); `parquet`, the
 * conversion's copy, once done; `table`, a review copied into the workspace by an earlier version; `none`, a file could
 * not be read.
 */
export type LocalSource = 'files' | 'parquet' | 'table' | 'none';

/** What a `local` pull read: the days and files of one dataset from the downloads folder, and where it reads them now. */
export interface LocalPull {
  dates: string[];
  files: number;
  bytes: number;
  folder: string;
  /** Absent for reviews made before the conversion existed: read as `table`. */
  source?: LocalSource;
}

/** Result types of the export, download and library verbs (`workspace:openLocal` answers a PullRecord: workspace.ts). */
export interface DownloadResults {
  'exports:list': ExportListing;
  'downloads:start': DownloadsState;
  'downloads:list': DownloadsState;
  'downloads:pause': DownloadsState;
  'downloads:resume': DownloadsState;
  'downloads:cancel': DownloadsState;
  'downloads:retry': DownloadsState;
  'downloads:clearFinished': DownloadsState;
  'downloads:configure': DownloadsState;
  /** `changed: false` when the dialog was cancelled. */
  'downloads:chooseFolder': DownloadsState & { changed: boolean };
  /** `revealed: false` where no file manager can be opened (web host): `path` is shown instead. */
  'downloads:reveal': { revealed: boolean; path: string };
  'library:list': LibraryState;
  'library:delete': LibraryState;
  'library:verify': LibraryState;
  'library:rescan': LibraryState;
}
