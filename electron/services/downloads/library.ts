import { readdir, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { DatasetWithTimezone, LibraryDataset, LibraryFile, LibraryState } from '../../../shared/index.js';
import { createSerialQueue, readJsonFile, writeFileAtomic } from '../common/fsutil.js';
import { createLogger } from '../common/logger.js';
import type { CsvHeaderReader } from './csvHeader.js';
import {
  DATASET_ID_PATTERN,
  DATE_PATTERN,
  datasetDir,
  datasetJsonPath,
  FOLDER_FILE_MODE,
  filePath,
  libraryIndexPath,
  recordPath,
} from './layout.js';
import { readDatasetJson, readRecord, writeRecord, type DownloadRecord } from './records.js';
import { verifyFile } from './verify.js';

const log = createLogger('downloads');

/**
 * The library of downloaded files (docs/downloads.md#library). Its truth is the `complete` records beside the files;
 * `<folder>/.gridscope-library.json` caches them by dataset and date. A missing or unreadable index is rebuilt by
 * scanning the folder (that answer says `rebuilt: true`). A file whose record is there but whose file is gone is
 * `missing`; one whose last check failed is `corrupt` (the record keeps what failed).
 */
const IndexEntry = z.object({
  datasetId: z.string(),
  datasetName: z.string(),
  date: z.string(),
  bytes: z.number().int().nonnegative(),
  verifiedAt: z.string().nullable(),
  sha256: z.string().nullable(),
  problem: z.string().nullable(),
});
type IndexEntry = z.infer<typeof IndexEntry>;
const IndexFile = z.object({ version: z.literal(1), entries: z.array(IndexEntry) });

export interface Library {
  /** The library as the Library page shows it; rebuilds a lost index. @throws fs errors writing the index (caller maps). */
  state(): Promise<LibraryState>;
  /** True when the day's file is in the index, verified, and on disk with its size. */
  hasVerified(datasetId: string, date: string): Promise<boolean>;
  /** Adds (or replaces) a completed day from its record. */
  add(record: DownloadRecord): Promise<void>;
  /** Deletes the files and records of `dates` (all when absent) and empty year/month folders. */
  remove(datasetId: string, dates?: readonly string[]): Promise<void>;
  /** Re-runs size, gzip, sha256 and header checks of `dates` (all when absent), saving each outcome in its record. */
  verify(datasetId: string, dates?: readonly string[], signal?: AbortSignal): Promise<void>;
  /** Rebuilds the index by scanning the folder. */
  rescan(): Promise<LibraryState>;
  /** The verified files of `dates` on disk, and the days that are not. */
  localFiles(
    datasetId: string,
    dates: readonly string[],
  ): Promise<{
    dataset: DatasetWithTimezone | undefined;
    files: { date: string; path: string; bytes: number }[];
    absent: string[];
  }>;
}

export function createLibrary(folder: string, header: CsvHeaderReader, now: () => number = Date.now): Library {
  const serial = createSerialQueue();
  const indexFile = libraryIndexPath(folder);

  // The index's entries; `rebuilt` when it had to be scanned again.
  const load = async (): Promise<{ entries: IndexEntry[]; rebuilt: boolean }> => {
    let raw: unknown;
    try {
      raw = await readJsonFile(indexFile);
    } catch {
      raw = undefined;
    }
    const parsed = IndexFile.safeParse(raw);
    if (parsed.success) return { entries: parsed.data.entries, rebuilt: false };
    log.info(`library index of ${folder} ${raw === undefined ? 'missing' : 'unreadable'}: rescanning`);
    const entries = await scanFolder(folder);
    await save(entries);
    return { entries, rebuilt: true };
  };
  const save = (entries: IndexEntry[]): Promise<void> =>
    writeFileAtomic(indexFile, `${JSON.stringify({ version: 1, entries: sortEntries(entries) })}\n`, FOLDER_FILE_MODE, 'user');
  const fileOf = (e: Pick<IndexEntry, 'datasetId' | 'date'>): string => filePath(folder, e.datasetId, e.date);

  const describe = async (entries: IndexEntry[], rebuilt: boolean): Promise<LibraryState> => {
    const byDataset = new Map<string, IndexEntry[]>();
    for (const e of entries) byDataset.set(e.datasetId, [...(byDataset.get(e.datasetId) ?? []), e]);
    const datasets: LibraryDataset[] = [];
    for (const [datasetId, list] of byDataset) {
      const metadata = (await readDatasetJson(folder, datasetId)) ?? null;
      const files: LibraryFile[] = [];
      for (const e of list.sort((a, b) => a.date.localeCompare(b.date))) {
        const file = fileOf(e);
        const info = await stat(file).catch(() => undefined);
        files.push({
          date: e.date,
          bytes: info?.size ?? e.bytes,
          path: file,
          state: !info ? 'missing' : e.problem ? 'corrupt' : 'verified',
          verifiedAt: e.verifiedAt,
          problem: !info ? 'The file is no longer in the downloads folder.' : e.problem,
        });
      }
      const present = files.filter((f) => f.state !== 'missing');
      datasets.push({
        datasetId,
        datasetName: metadata?.name ?? list[0]?.datasetName ?? datasetId,
        metadata,
        files,
        bytes: present.reduce((sum, f) => sum + f.bytes, 0),
        firstDate: files[0]?.date ?? null,
        lastDate: files[files.length - 1]?.date ?? null,
      });
    }
    datasets.sort((a, b) => a.datasetName.localeCompare(b.datasetName) || a.datasetId.localeCompare(b.datasetId));
    return { folder, datasets, totalBytes: datasets.reduce((sum, d) => sum + d.bytes, 0), rebuilt };
  };

  return {
    state: () =>
      serial(async () => {
        const { entries, rebuilt } = await load();
        return describe(entries, rebuilt);
      }),

    hasVerified: (datasetId, date) =>
      serial(async () => {
        const { entries } = await load();
        const e = entries.find((x) => x.datasetId === datasetId && x.date === date);
        if (!e || e.problem) return false;
        const info = await stat(fileOf(e)).catch(() => undefined);
        return info?.size === e.bytes;
      }),

    add: (record) =>
      serial(async () => {
        const { entries } = await load();
        const rest = entries.filter((x) => !(x.datasetId === record.datasetId && x.date === record.date));
        await save([...rest, entryOf(record)]);
      }),

    remove: (datasetId, dates) =>
      serial(async () => {
        const { entries } = await load();
        const wanted = dates ? new Set(dates) : undefined;
        const gone = entries.filter((x) => x.datasetId === datasetId && (!wanted || wanted.has(x.date)));
        for (const e of gone) {
          const file = fileOf(e);
          await rm(file, { force: true });
          await rm(recordPath(file), { force: true });
          await removeEmptyDirs(path.dirname(file), datasetDir(folder, datasetId));
        }
        const kept = entries.filter((x) => !gone.includes(x));
        await save(kept);
        if (!kept.some((x) => x.datasetId === datasetId)) await removeDatasetDirIfBare(folder, datasetId);
      }),

    verify: (datasetId, dates, signal) =>
      serial(async () => {
        const { entries } = await load();
        const wanted = dates ? new Set(dates) : undefined;
        for (const e of entries) {
          if (e.datasetId !== datasetId || (wanted && !wanted.has(e.date))) continue;
          const file = fileOf(e);
          if (!(await stat(file).catch(() => undefined))) continue; // missing: nothing to check, shown as such
          const record = await readRecord(recordPath(file));
          const outcome = await verifyFile(
            file,
            {
              expectedBytes: record?.expectedBytes ?? e.bytes,
              columns: record?.columns ?? [],
              sha256: record?.sha256 ?? e.sha256,
            },
            header,
            signal,
          );
          const at = new Date(now()).toISOString();
          e.problem = outcome.ok ? null : outcome.message;
          if (outcome.ok) e.verifiedAt = at;
          if (record) {
            record.problem = e.problem;
            if (outcome.ok) record.verifiedAt = at;
            await writeRecord(recordPath(file), record);
          } else if (outcome.ok) {
            // Without its record the columns could not be checked: say so rather than call it verified.
            e.problem = 'Its download record is missing, so the CSV header could not be checked. Download the day again.';
          }
        }
        await save(entries);
      }),

    rescan: () =>
      serial(async () => {
        const entries = await scanFolder(folder);
        await save(entries);
        return describe(entries, false);
      }),

    localFiles: (datasetId, dates) =>
      serial(async () => {
        const { entries } = await load();
        const files: { date: string; path: string; bytes: number }[] = [];
        const absent: string[] = [];
        for (const date of [...new Set(dates)].sort()) {
          const e = entries.find((x) => x.datasetId === datasetId && x.date === date);
          const info = e && !e.problem ? await stat(fileOf(e)).catch(() => undefined) : undefined;
          if (e && info && info.size === e.bytes) files.push({ date, path: fileOf(e), bytes: info.size });
          else absent.push(date);
        }
        return { dataset: await readDatasetJson(folder, datasetId), files, absent };
      }),
  };
}

function entryOf(record: DownloadRecord): IndexEntry {
  return {
    datasetId: record.datasetId,
    datasetName: record.datasetName,
    date: record.date,
    bytes: record.bytesWritten,
    verifiedAt: record.verifiedAt,
    sha256: record.sha256,
    problem: record.problem ?? null,
  };
}

function sortEntries(entries: IndexEntry[]): IndexEntry[] {
  return [...entries].sort((a, b) => a.datasetId.localeCompare(b.datasetId) || a.date.localeCompare(b.date));
}

/** Every `complete` record under `<folder>/<dataset_id>/year=YYYY/month=MM/`; unreadable ones are skipped. */
export async function scanFolder(folder: string): Promise<IndexEntry[]> {
  const entries: IndexEntry[] = [];
  const list = async (dir: string): Promise<string[]> =>
    (await readdir(dir, { withFileTypes: true }).catch(() => [])).map((d) => d.name);
  for (const datasetId of await list(folder)) {
    if (!DATASET_ID_PATTERN.test(datasetId)) continue;
    for (const year of await list(path.join(folder, datasetId))) {
      if (!/^year=\d{4}$/.test(year)) continue;
      for (const month of await list(path.join(folder, datasetId, year))) {
        if (!/^month=\d{2}$/.test(month)) continue;
        for (const name of await list(path.join(folder, datasetId, year, month))) {
          const date = /^(\d{4}-\d{2}-\d{2})\.csv\.gz\.download\.json$/.exec(name)?.[1];
          if (!date || !DATE_PATTERN.test(date)) continue;
          const record = await readRecord(path.join(folder, datasetId, year, month, name));
          // A record must describe the day its name and place say, else it is someone else's file.
          if (record?.state === 'complete' && record.datasetId === datasetId && record.date === date)
            entries.push(entryOf(record));
        }
      }
    }
  }
  return sortEntries(entries);
}

/** Removes `dir` and its parents up to (not including) `stop` while they are empty. */
export async function removeEmptyDirs(dir: string, stop: string): Promise<void> {
  for (let d = dir; d.startsWith(stop) && d !== stop; d = path.dirname(d)) {
    try {
      await rmdir(d);
    } catch {
      return; // not empty (or gone): parents are not empty either
    }
  }
}

/** A dataset folder holding only its dataset.json once its last file is deleted goes too. */
async function removeDatasetDirIfBare(folder: string, datasetId: string): Promise<void> {
  const dir = datasetDir(folder, datasetId);
  const names = await readdir(dir).catch(() => undefined);
  if (!names || names.some((n) => n !== 'dataset.json')) return;
  await rm(datasetJsonPath(folder, datasetId), { force: true });
  await rmdir(dir).catch(() => undefined);
}
