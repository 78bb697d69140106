import { createReadStream } from 'node:fs';
import type { FastifyPluginAsync } from 'fastify';
import { ExportDownloadPath, ExportDownloadQuery } from '../../shared/index.js';
import type { DatasetStore } from '../data/store.js';
import { HttpError } from '../errors.js';
import { parseObjectKey } from '../exports/keys.js';
import { parseRange } from '../exports/range.js';
import { closeExportServiceFor, exportServiceFor, type ExportService } from '../exports/service.js';
import { routeDoc } from '../openapi.js';

/** Options: the dataset store (sharing the export service of its /v1 routes) or a ready service. */
export interface ExportDownloadOptions {
  store: DatasetStore;
  service?: ExportService;
}

/** Registers the presigned download outside the API-key scope: the signature is the key (docs/api.md#export-file-download). */
export const exportDownloadRoutes: FastifyPluginAsync<ExportDownloadOptions> = async (app, { store, service: given }) => {
  const service = given ?? exportServiceFor(store);
  if (!given) app.addHook('onClose', async () => closeExportServiceFor(store));

  const doc = routeDoc({
    tag: 'Exports',
    summary: 'Download an export file through a presigned link (ours)',
    description:
      'No API key: the signature is the credential. Expired or tampered links → 403. Supports `Range` (206, `Content-Range`; 416 for a bad range). `object_key` is `{dataset_id}/year=YYYY/month=MM/YYYY-MM-DD.csv.gz` (slashes unescaped).',
    ok: { mediaType: 'application/gzip', description: 'the gzipped CSV file (or the requested byte range)' },
    errors: [403, 404, 416],
    access: 'public',
  });
  // attachValidation: a link missing its signature is refused like a tampered one (403), never 422.
  const options = { schema: { ...doc, params: ExportDownloadPath, querystring: ExportDownloadQuery }, attachValidation: true };
  app.get('/exports/:bucket/*', options, async (request, reply) => {
    const { bucket, '*': key } = request.params as { bucket: string; '*': string };
    const { expires, signature } = request.query as Record<string, unknown>;
    const check = bucket === service.bucket ? service.signer.verify(bucket, key, expires, signature) : 'invalid';
    if (check === 'invalid') throw new HttpError(403, 'Signature does not match');
    if (check === 'expired') throw new HttpError(403, 'Request has expired');
    const parsed = parseObjectKey(key);
    const dataset = parsed ? store.get(parsed.datasetId) : undefined;
    if (!parsed || !dataset || !(await service.files.dates(dataset)).includes(parsed.date)) throw new HttpError(404, 'Not Found');
    const file = await service.files.ensure(dataset, parsed.date);

    reply
      .header('content-type', 'application/gzip')
      .header('accept-ranges', 'bytes')
      .header('last-modified', file.modified.toUTCString())
      .header('etag', `"${file.size.toString(16)}-${file.modified.getTime().toString(16)}"`)
      .header('content-disposition', `attachment; filename="${parsed.date}.csv.gz"`);
    const range = parseRange(request.headers.range, file.size);
    if (range.kind === 'unsatisfiable') {
      return reply
        .code(416)
        .header('content-range', `bytes */${file.size}`)
        .header('content-type', 'application/json; charset=utf-8')
        .send({ detail: 'Range Not Satisfiable' });
    }
    if (range.kind === 'partial') {
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
        .header('content-length', range.end - range.start + 1)
        .send(createReadStream(file.path, { start: range.start, end: range.end }));
    }
    return reply.header('content-length', file.size).send(createReadStream(file.path));
  });
};
