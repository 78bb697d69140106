/** The bucket reported by the presigned-URL endpoint and used in download paths (docs/api.md#export-download-link). */
export const EXPORT_BUCKET = 'gridscope-exports';

/** Lifetime of a presigned link in seconds. */
export const EXPORT_URL_LIFETIME_SECONDS = 3600;

/** The object key of a dataset's file for a date `YYYY-MM-DD`. */
export function objectKey(datasetId: string, date: string): string {
  return `${datasetId}/year=${date.slice(0, 4)}/month=${date.slice(5, 7)}/${date}.csv.gz`;
}

const KEY = /^([a-z][a-z0-9_]*)\/year=(\d{4})\/month=(\d{2})\/((\d{4})-(\d{2})-\d{2})\.csv\.gz$/;

/** Dataset id and date of a well-formed object key (year and month must match the date), else undefined. */
export function parseObjectKey(key: string): { datasetId: string; date: string } | undefined {
  const m = KEY.exec(key);
  if (!m || m[2] !== m[5] || m[3] !== m[6]) return undefined;
  return { datasetId: m[1]!, date: m[4]! };
}
