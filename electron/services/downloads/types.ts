import type { Writable } from 'node:stream';
import type {
  DatasetWithTimezone,
  DownloadBatch,
  DownloadsState,
  ExportFile,
  LibraryState,
  Result,
} from '../../../shared/index.js';
import type { RetryPolicy } from '../v1/retry.js';

/**
 * The download manager's surface (docs/downloads.md): the queue of export files fetched through presigned links,
 * the library of verified files, and the files a local review reads. Everything here runs in plain Node: the
 * desktop adds its dialog, file manager, taskbar progress and notifications through {@link DownloadManagerOptions}.
 */

/** A presigned link of one export file (`GET /v1/csv-exports/{id}/{date}`, docs/api.md#export-download-link). */
export interface PresignedLink {
  url: string;
  /** Lifetime from the moment it was issued, in seconds (`expires_in_seconds`). */
  expiresInSeconds: number;
}

/**
 * Asks /v1 (through the proxy, with the key) for a fresh link of `datasetId`'s file for `date`.
 * Errors as the proxy's `Result`: `not_found` when the day has no export, `network`/`auth`/`rate_limited` otherwise.
 */
export type Presign = (datasetId: string, date: string, signal: AbortSignal) => Promise<Result<PresignedLink>>;

/** What {@link DownloadManager.enqueue} queues: a dataset (its metadata is kept for verification and offline review) and files. */
export interface EnqueueRequest {
  dataset: DatasetWithTimezone;
  /** From the listing: date, expected size, last modified. */
  files: readonly ExportFile[];
}

/** The downloaded files of one dataset that a local review reads (only verified files). */
export interface LocalFiles {
  dataset: DatasetWithTimezone;
  folder: string;
  files: { date: string; path: string; bytes: number }[];
}

export interface DownloadManagerOptions {
  /** Settings and the persisted queue live here (`<configDir>/downloads/`). */
  configDir: string;
  /** The downloads folder until the user chooses one (desktop: `<Downloads>/Gridscope`; web host: `<configDir>/exports`). */
  defaultFolder: string;
  presign: Presign;
  /** Desktop: a folder dialog; null when cancelled. Absent: `downloads:chooseFolder` is not offered. */
  chooseFolder?: (current: string) => Promise<string | null>;
  /** Desktop: shows `path` in the file manager. Absent (web host): `reveal` answers `revealed: false`. */
  revealPath?: (path: string) => void;
  /** Summed progress of the queue for the taskbar/dock: 0–1, `indeterminate`, or null when nothing runs. */
  onProgress?: (progress: number | 'indeterminate' | null) => void;
  /** A batch ended (no item left queued, running or paused): the desktop shows a notification. */
  onBatchFinished?: (batch: DownloadBatch) => void;
  now?: () => number;
  /**
   * Test seam: opens the `.part` file for writing (`'a'` appends after the bytes kept, `'w'` starts from byte 0).
   * Default `fs.createWriteStream(path, { flags })`. Fault tests pass a writer that fails with ENOSPC.
   */
  openPartFile?: (path: string, flags: 'a' | 'w') => Writable;
  /**
   * Test seam: the transfer's backoff (electron/services/v1/retry.ts `RetryPolicy`; `maxAttempts` = failures in a row
   * without a new byte before giving up). Default 6 failures, 1 s base, 30 s ceiling.
   */
  retryPolicy?: Partial<RetryPolicy>;
}

/** The download manager in main. Every method answers a `Result`; nothing throws for bad input or a file-system error. */
export interface DownloadManager {
  state(): Promise<Result<DownloadsState>>;
  /** Queues `files` (days already verified in the library are skipped) as one batch and starts them up to the concurrency limit. */
  enqueue(request: EnqueueRequest): Promise<Result<DownloadsState>>;
  pause(ids?: readonly string[]): Promise<Result<DownloadsState>>;
  resume(ids?: readonly string[]): Promise<Result<DownloadsState>>;
  cancel(ids?: readonly string[]): Promise<Result<DownloadsState>>;
  retry(ids?: readonly string[]): Promise<Result<DownloadsState>>;
  clearFinished(): Promise<Result<DownloadsState>>;
  configure(settings: {
    folder?: string;
    concurrency?: number;
    speedLimitKiBps?: number | null;
  }): Promise<Result<DownloadsState>>;
  chooseFolder(): Promise<Result<DownloadsState & { changed: boolean }>>;
  reveal(datasetId?: string, date?: string): Promise<Result<{ revealed: boolean; path: string }>>;
  library(): Promise<Result<LibraryState>>;
  deleteFiles(datasetId: string, dates?: readonly string[]): Promise<Result<LibraryState>>;
  verify(datasetId: string, dates?: readonly string[]): Promise<Result<LibraryState>>;
  rescan(): Promise<Result<LibraryState>>;
  /** The verified files of `dates` (`not_found` naming the days that are not downloaded or did not verify). */
  localFiles(datasetId: string, dates: readonly string[]): Promise<Result<LocalFiles>>;
  /** Stops running downloads, keeping their `.part` files and records (they resume at the next start). Idempotent. */
  dispose(): Promise<void>;
}
