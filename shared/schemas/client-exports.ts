import { z } from 'zod';
import { ExportFileEntry, PresignedExportResponse } from './exports.js';

/**
 * Export bodies as received from any /v1 server (docs/desktop.md#reading-v1-bodies-from-any-server), built from the
 * export schemas: extra fields pass; the list needs only `files` (no `count`, `file_type` or `dataset_id`) and a
 * file's `last_modified` may be absent.
 */
export const ClientExportList = z.looseObject({
  files: z.array(ExportFileEntry.extend({ last_modified: ExportFileEntry.shape.last_modified.nullish() }).loose()),
});
export type ClientExportList = z.output<typeof ClientExportList>;

/** The presigned link body: its URL (http or https only: the download manager fetches it as it is) and lifetime. */
export const ClientPresignedExport = PresignedExportResponse.pick({ presigned_url: true, expires_in_seconds: true })
  .extend({ presigned_url: z.url({ protocol: /^https?$/ }) })
  .loose();
export type ClientPresignedExport = z.output<typeof ClientPresignedExport>;
