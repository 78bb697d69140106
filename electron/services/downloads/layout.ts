import path from 'node:path';

/**
 * Where the download manager keeps things (docs/downloads.md#on-disk-layout). The downloads folder mirrors the export's
 * object key (`{dataset_id}/year=YYYY/month=MM/YYYY-MM-DD.csv.gz`, docs/api.md#export-file-list), so a folder copied
 * from a bucket and one filled by Gridscope look alike:
 *
 * ```
 * <folder>/.gridscope-library.json                          library index (a cache, rebuilt from the records)
 * <folder>/<dataset_id>/dataset.json                        the dataset's metadata (columns, time index, zone)
 * <folder>/<dataset_id>/year=YYYY/month=MM/YYYY-MM-DD.csv.gz               the verified file
 * <folder>/<dataset_id>/year=YYYY/month=MM/YYYY-MM-DD.csv.gz.part          bytes so far (until verified)
 * <folder>/<dataset_id>/year=YYYY/month=MM/YYYY-MM-DD.csv.gz.download.json its record (kept after completion)
 * <configDir>/downloads/settings.json, queue.json           settings and the persisted queue
 * ```
 */

/**
 * Mode of the JSON files Gridscope writes in the downloads folder (records, dataset.json, the library index): readable
 * by others like the files they describe, as the user may share the folder.
 */
export const FOLDER_FILE_MODE = 0o644;

/** Dataset ids become folder names: only the catalogue's characters, so no id can climb out of the folder. */
export const DATASET_ID_PATTERN = /^[a-z0-9_]{1,200}$/;
/** A partition date; the calendar check is the contract's (`ExportDate`). */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** `<dataset_id>/<YYYY-MM-DD>`: the queue item id (one per file). */
export function itemId(datasetId: string, date: string): string {
  return `${datasetId}/${date}`;
}

/** The finished file of a day: `<folder>/<dataset_id>/year=YYYY/month=MM/YYYY-MM-DD.csv.gz`. */
export function filePath(folder: string, datasetId: string, date: string): string {
  return path.join(datasetDir(folder, datasetId), `year=${date.slice(0, 4)}`, `month=${date.slice(5, 7)}`, `${date}.csv.gz`);
}

/** The bytes written so far, beside the final file. */
export function partPath(file: string): string {
  return `${file}.part`;
}

/** The download record beside the file (see records.ts). */
export function recordPath(file: string): string {
  return `${file}.download.json`;
}

export function datasetDir(folder: string, datasetId: string): string {
  return path.join(folder, datasetId);
}

/** `<folder>/<dataset_id>/dataset.json`: the dataset's metadata as it was when its days were queued. */
export function datasetJsonPath(folder: string, datasetId: string): string {
  return path.join(datasetDir(folder, datasetId), 'dataset.json');
}

export function libraryIndexPath(folder: string): string {
  return path.join(folder, '.gridscope-library.json');
}

export function settingsPath(configDir: string): string {
  return path.join(configDir, 'downloads', 'settings.json');
}

export function queuePath(configDir: string): string {
  return path.join(configDir, 'downloads', 'queue.json');
}
