import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { ListenableServer, ServerFactory } from '../services/embedded/embedded.js';
import { auditRow, dataset, usage } from '../../shared/test-support/fixtures.js';

export type Route = (req: IncomingMessage, res: ServerResponse) => void;

/** A real node:http "/v1 server" on 127.0.0.1 (no undici mocks); `origin` has no trailing slash; `requests` in order. */
export interface Upstream {
  origin: string;
  port: number;
  requests: { method: string; url: string; headers: IncomingHttpHeaders }[];
  /** Sets the handler for an exact path (without query). */
  route(path: string, handler: Route): void;
  close(): Promise<void>;
}

/** Sends `body` as JSON with `status`, optionally gzip or br encoded. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  encoding?: 'gzip' | 'br',
  headers: Record<string, string> = {},
): void {
  const raw = Buffer.from(JSON.stringify(body));
  const data = encoding === 'gzip' ? gzipSync(raw) : encoding === 'br' ? brotliCompressSync(raw) : raw;
  res.writeHead(status, {
    'content-type': 'application/json',
    ...(encoding ? { 'content-encoding': encoding } : {}),
    ...headers,
  });
  res.end(data);
}

/** Starts an upstream whose unknown paths answer 404 `{detail}`. */
export async function startUpstream(routes: Record<string, Route> = {}): Promise<Upstream> {
  const table = new Map(Object.entries(routes));
  const requests: Upstream['requests'] = [];
  const server = createServer((req, res) => {
    requests.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers });
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const handler = table.get(path);
    if (handler) handler(req, res);
    else sendJson(res, 404, { detail: `Not found: ${path}` });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    route: (path, handler) => void table.set(path, handler),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A {@link ServerFactory} for server/app.ts: dataset list, detail, audit and usage from fixtures; 401 for another key. */
export function fakeV1Factory(): ServerFactory & { upstreams: Upstream[] } {
  const upstreams: Upstream[] = [];
  const factory = async (opts: { apiKeys: string[] }): Promise<ListenableServer> => {
    let up: Upstream | undefined;
    const guard =
      (route: Route): Route =>
      (req, res) =>
        opts.apiKeys.includes(String(req.headers['x-api-key']))
          ? route(req, res)
          : sendJson(res, 401, { detail: 'Invalid API key' });
    const meta = { page: null, limit: null, page_size: null, hasNextPage: null, cursor: null };
    const ds = dataset('pjm_lmp_day_ahead_hourly');
    const withTz = { ...ds, data_timezone: 'America/New_York' };
    const routes: Record<string, Route> = {
      '/v1/datasets': guard((_q, res) =>
        sendJson(
          res,
          200,
          {
            status_code: 200,
            data: [ds],
            meta,
            dataset_metadata: { resample_conversion: { '1_HOUR': 3600 }, data_timezone: 'UTC' },
          },
          'gzip',
        ),
      ),
      [`/v1/datasets/${ds.id}`]: guard((_q, res) =>
        sendJson(res, 200, { ...withTz, status_code: 200, data: [], meta, dataset_metadata: withTz }),
      ),
      [`/v1/datasets/${ds.id}/audit`]: guard((_q, res) =>
        sendJson(res, 200, { status_code: 200, data: [auditRow('2024-03-01')], meta, dataset_metadata: withTz }),
      ),
      '/v1/api_usage': guard((_q, res) => sendJson(res, 200, usage())),
    };
    return {
      async listen() {
        up = await startUpstream(routes);
        upstreams.push(up);
        return up.origin;
      },
      close: async () => up?.close(),
    };
  };
  return Object.assign(factory, { upstreams });
}
