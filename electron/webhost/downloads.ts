import { createReadStream } from 'node:fs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Download, WorkspaceService } from '../services/index.js';

const CONTENT_TYPES: Record<Download['format'], string> = {
  csv: 'text/csv; charset=utf-8',
  parquet: 'application/vnd.apache.parquet',
};
const GONE = 'This download link has expired or was already used: export again.';

function headers(reply: FastifyReply, download: Download): FastifyReply {
  return reply
    .header('cache-control', 'no-store')
    .header('content-type', CONTENT_TYPES[download.format])
    .header('content-length', String(download.bytes))
    .header('content-disposition', `attachment; filename="${download.filename}"`);
}

/**
 * `GET /downloads/<id>`: a web-host export (docs/workspace.md#export), served once as an attachment named
 * `<dataset>-<pull>.csv|parquet` and deleted once sent; unknown, used or expired links → 404. Behind the
 * token cookie like every page (access.ts); `HEAD` answers the headers without using the link up.
 */
export async function downloadRoutes(app: FastifyInstance, opts: { workspace: WorkspaceService }): Promise<void> {
  app.route<{ Params: { id: string } }>({
    method: ['GET', 'HEAD'],
    url: '/downloads/:id',
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      const { id } = request.params;
      if (request.method === 'HEAD') {
        const download = opts.workspace.peekDownload(id);
        if (!download) return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send();
        return headers(reply, download).code(200).send();
      }
      const download = opts.workspace.takeDownload(id);
      if (!download) return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(GONE);
      const stream = createReadStream(download.path);
      stream.once('close', () => void download.release());
      return headers(reply, download).code(200).send(stream);
    },
  });
}
