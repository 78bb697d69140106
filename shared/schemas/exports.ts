import { z } from 'zod';
import { DateString, DateTimeString } from './common.js';
import { QueryDate, queryInteger } from './request-params.js';

export const ExportFileType = z.enum(['csv']);

/** One gzipped CSV per dataset and UTC date (docs/api.md#export-file-list). */
export const ExportFileEntry = z.object({
  date: DateString,
  size_bytes: z.number().int().describe('bytes of the .csv.gz file'),
  last_modified: DateTimeString.describe('when the file was written'),
});
export type ExportFileEntry = z.infer<typeof ExportFileEntry>;

export const ExportListResponse = z.object({
  dataset_id: z.string(),
  file_type: z.literal('csv'),
  count: z.number().int(),
  files: z.array(ExportFileEntry),
});
export type ExportListResponse = z.infer<typeof ExportListResponse>;

/** Body of docs/api.md#export-download-link. */
export const PresignedExportResponse = z.object({
  presigned_url: z.string().describe('GET this URL without an API key before it expires; supports Range requests'),
  expires_in_seconds: z.number().int(),
  bucket: z.string(),
  object_key: z.string(),
});
export type PresignedExportResponse = z.infer<typeof PresignedExportResponse>;

export const ExportListQuery = z
  .object({
    year: queryInteger(1900, 9999).optional(),
    month: queryInteger(1, 12).optional(),
    file_type: ExportFileType.default('csv'),
  })
  .superRefine((query, ctx) => {
    if (query.month !== undefined && query.year === undefined) {
      ctx.addIssue({ code: 'custom', path: ['month'], message: 'month requires year' });
    }
  });
export type ExportListQuery = z.output<typeof ExportListQuery>;

export const PresignedExportQuery = z.object({ file_type: ExportFileType.default('csv') });

export const ExportDatasetPath = z.object({ dataset_id: z.string() });
export const ExportFilePath = z.object({ dataset_id: z.string(), export_date: QueryDate });

/** Query and path of the presigned download (ours; docs/api.md#export-file-download). */
export const ExportDownloadQuery = z.object({
  expires: z.string().describe('expiry of the link, Unix seconds'),
  signature: z.string().describe('hex HMAC-SHA256 of bucket, object key and expiry'),
});

export const ExportDownloadPath = z.object({
  bucket: z.string(),
  '*': z.string().describe('object key `{dataset_id}/year=YYYY/month=MM/YYYY-MM-DD.csv.gz`, slashes unescaped'),
});
