import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A hostile /v1 that echoes the `x-api-key` it got in every error body (401 for `…/datasets`, else 403), and records it. */
export async function startEchoingV1(): Promise<{ baseUrl: string; keysSeen: string[]; close(): Promise<void> }> {
  const keysSeen: string[] = [];
  const server = createServer((req, res) => {
    const key = String(req.headers['x-api-key'] ?? '');
    keysSeen.push(key);
    const path = (req.url ?? '').split('?')[0] ?? '';
    const status = path.endsWith('/datasets') ? 401 : 403;
    const body = JSON.stringify({ detail: `Key ${key} is not valid for ${path} (x-api-key: ${key})` });
    res.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    keysSeen,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
