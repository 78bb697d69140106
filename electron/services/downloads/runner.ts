import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { DatasetWithTimezone, DownloadItem } from '../../../shared/index.js';
import { createLogger } from '../common/logger.js';
import type { CsvHeaderReader } from './csvHeader.js';
import { transferFile, type TransferDeps } from './fetchFile.js';
import { partPath, recordPath } from './layout.js';
import { removeEmptyDirs, type Library } from './library.js';
import { PartFileError, fsFailure, type Failure } from './problems.js';
import { newRecord, readDatasetJson, readRecord, writeDatasetJson, writeRecord, type DownloadRecord } from './records.js';
import { verifyFile } from './verify.js';

const log = createLogger('downloads');

/** One run of one queue item: its item (the runner sets `running`/`verifying` and bytes), dataset, folder and signal. */
export interface RunContext {
  item: DownloadItem;
  dataset: DatasetWithTimezone;
  folder: string;
  signal: AbortSignal;
  transfer: Omit<TransferDeps, 'saveRecord'>;
  header: CsvHeaderReader;
  library: Library;
  now(): number;
  /** The item's state changed (persist and notify). */
  onState(): void;
}

/** `completed`: verified, renamed, recorded; `failed`: why; `stopped`: aborted (pause, cancel, dispose: the caller decides). */
export type RunResult = { kind: 'completed' } | { kind: 'failed'; failure: Failure } | { kind: 'stopped' };

/**
 * Downloads, verifies and files one day (docs/downloads.md#one-download): transfer into `<file>.part` (fetchFile.ts),
 * then `verifying`: fsync, size, whole-gzip + SHA-256, CSV header (verify.ts); only then rename the part to the file
 * (atomic, then a best-effort fsync of its folder) and write the record `complete`. A file that does not verify is
 * deleted and fetched once more from byte 0; a second failure is `corrupt`. Nothing is `completed` unverified.
 * Never throws: file-system errors become `disk-full`, `permission` or `other` failures.
 */
export async function runDownload(ctx: RunContext): Promise<RunResult> {
  const { item, dataset, signal } = ctx;
  const file = item.path;
  const part = partPath(file);
  const recordFile = recordPath(file);
  let record: DownloadRecord | undefined;
  try {
    await mkdir(path.dirname(file), { recursive: true });
    record = await startRecord(recordFile, dataset, item);
    const current = record;
    const deps: TransferDeps = { ...ctx.transfer, saveRecord: () => writeRecord(recordFile, current) };
    for (let pass = 1; ; pass++) {
      const outcome = await transferFile({ partFile: part, record, signal }, deps);
      if (outcome.kind === 'failed') return outcome;
      signal.throwIfAborted();

      item.state = 'verifying';
      item.waiting = null;
      item.expectedBytes = record.expectedBytes;
      ctx.onState();
      await fsyncIfPresent(part);
      const verdict = await verifyFile(
        part,
        { expectedBytes: record.expectedBytes, columns: record.columns },
        ctx.header,
        signal,
      );
      signal.throwIfAborted();
      if (verdict.ok) {
        await rename(part, file);
        await syncDir(path.dirname(file));
        Object.assign(record, {
          state: 'complete',
          bytesWritten: verdict.bytes,
          verifiedAt: new Date(ctx.now()).toISOString(),
          sha256: verdict.sha256,
          problem: null,
        } satisfies Partial<DownloadRecord>);
        await writeRecord(recordFile, record);
        // The library's dataset.json may have gone with a library delete since the day was queued.
        if (!(await readDatasetJson(ctx.folder, dataset.id))) await writeDatasetJson(ctx.folder, dataset);
        await ctx.library.add(record);
        item.bytesWritten = verdict.bytes;
        return { kind: 'completed' };
      }
      log.warn(`${item.id} did not verify (pass ${pass}): ${verdict.message}`);
      await rm(part, { force: true });
      Object.assign(record, { bytesWritten: 0, etag: null, lastModified: null } satisfies Partial<DownloadRecord>);
      await writeRecord(recordFile, record);
      item.bytesWritten = 0;
      if (pass >= 2) {
        return {
          kind: 'failed',
          failure: {
            problem: 'corrupt',
            message: `The file did not verify after downloading it twice. ${verdict.message} Retry to download it again.`,
          },
        };
      }
      item.state = 'running';
      ctx.onState();
    }
  } catch (err) {
    if (signal.aborted) return { kind: 'stopped' };
    const cause = err instanceof PartFileError ? err.cause : err;
    if ((cause as NodeJS.ErrnoException | undefined)?.syscall !== undefined || err instanceof PartFileError) {
      const kept = await stat(part).then(
        (s) => s.size,
        () => 0,
      );
      return { kind: 'failed', failure: fsFailure(cause, ctx.folder, kept) };
    }
    log.error(`${item.id} failed`, err);
    return {
      kind: 'failed',
      failure: { problem: 'other', message: `The download stopped: ${err instanceof Error ? err.message : String(err)}` },
    };
  }
}

/**
 * Deletes what a cancelled download leaves: the part, its record unless that says `complete` (a cancel never deletes a
 * verified file or its record), and the day's folders once empty. Best effort: a failure is logged.
 */
export async function discardDownload(file: string): Promise<void> {
  try {
    await rm(partPath(file), { force: true });
    const record = await readRecord(recordPath(file));
    if (record?.state !== 'complete') await rm(recordPath(file), { force: true });
    await removeEmptyDirs(path.dirname(file), path.dirname(path.dirname(path.dirname(file))));
  } catch (err) {
    log.warn(`could not delete the partial file ${partPath(file)}`, err);
  }
}

/** The item's partial record when it has one for this day (resume), else a new one; written before any byte. */
async function startRecord(file: string, dataset: DatasetWithTimezone, item: DownloadItem): Promise<DownloadRecord> {
  const existing = await readRecord(file);
  const record =
    existing && existing.state === 'partial' && existing.datasetId === dataset.id && existing.date === item.date
      ? existing
      : newRecord(dataset, item.date, item.expectedBytes);
  // Verification checks the columns of the dataset as queued now; a changed object shows in its validators.
  record.columns = dataset.all_columns.map((c) => c.name);
  record.datasetName = dataset.name;
  record.expectedBytes ??= item.expectedBytes;
  await writeRecord(file, record);
  return record;
}

/** Best-effort fsync of a directory, so a rename in it survives a power cut (not possible on Windows: ignored). */
async function syncDir(dir: string): Promise<void> {
  try {
    const handle = await open(dir, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // Some platforms and file systems refuse fsync on a directory; the rename itself is still atomic.
  }
}

async function fsyncIfPresent(file: string): Promise<void> {
  let handle;
  try {
    handle = await open(file, 'r+');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return; // verification reports the missing file
    throw new PartFileError(err);
  }
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
