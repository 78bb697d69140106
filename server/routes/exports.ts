import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ExportDatasetPath,
  ExportFilePath,
  ExportListQuery,
  ExportListResponse,
  PresignedExportQuery,
  PresignedExportResponse,
} from '../../shared/index.js';
import type { DatasetStore } from '../data/store.js';
import { HttpError } from '../errors.js';
import { objectKey } from '../exports/keys.js';
import { closeExportServiceFor, exportServiceFor, type ExportService } from '../exports/service.js';
import { routeDoc } from '../openapi.js';

/** Options: the dataset store (the service is shared per store), or a ready service (tests). */
export interface ExportRouteOptions {
  store: DatasetStore;
  service?: ExportService;
}

// Links use the scheme and host the client used (docs/api.md#export-download-link).
const origin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** Registers the export file list and download link routes under `/v1` (docs/api.md#export-file-list). */
export const exportRoutes: FastifyPluginAsync<ExportRouteOptions> = async (plain, { store, service: given }) => {
  const app = plain.withTypeProvider<ZodTypeProvider>();
  const service = given ?? exportServiceFor(store);
  if (!given) app.addHook('onClose', async () => closeExportServiceFor(store));

  const dataset = (id: string) => {
    const found = store.get(id);
    if (!found) throw new HttpError(404, `Dataset ${id} not found`);
    return found;
  };

  const list = {
    ...routeDoc({ tag: 'Exports', summary: 'Per-day export files of a dataset', ok: ExportListResponse, errors: [404] }),
    params: ExportDatasetPath,
    querystring: ExportListQuery,
  };
  app.get('/csv-exports/:dataset_id', { schema: list }, async (request) => {
    const { dataset_id: id } = request.params;
    const query = request.query;
    const entry = dataset(id);
    const prefix =
      query.year === undefined ? '' : `${query.year}-${query.month === undefined ? '' : String(query.month).padStart(2, '0')}`;
    const dates = (await service.files.dates(entry)).filter((date) => date.startsWith(prefix));
    const files = await service.files.entries(entry, dates);
    request.rowsReturned = files.length;
    const body: ExportListResponse = { dataset_id: id, file_type: 'csv', count: files.length, files };
    return body;
  });

  const file = {
    ...routeDoc({
      tag: 'Exports',
      summary: 'Presigned download link of one export file',
      ok: PresignedExportResponse,
      errors: [404],
    }),
    params: ExportFilePath,
    querystring: PresignedExportQuery,
  };
  app.get('/csv-exports/:dataset_id/:export_date', { schema: file }, async (request) => {
    const { dataset_id: id, export_date: date } = request.params;
    const entry = dataset(id);
    if (!(await service.files.dates(entry)).includes(date)) throw new HttpError(404, `No export of ${id} for ${date}`);
    const key = objectKey(id, date);
    request.rowsReturned = 1;
    const body: PresignedExportResponse = {
      presigned_url: `${origin(request)}${service.signedPath(key)}`,
      expires_in_seconds: service.expiresInSeconds,
      bucket: service.bucket,
      object_key: key,
    };
    return body;
  });
};
