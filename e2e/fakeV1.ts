import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createV1Server } from '../server/app.js';
import { syntheticEntry } from '../server/test-support/queryFixtures.js';

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

/** A /v1 that records what it was asked: `requests` are the URLs (path and query) in arrival order. */
export interface RecordingV1 {
  baseUrl: string;
  requests: URL[];
  close(): Promise<void>;
}

/**
 * Our own /v1 service on the repository's data, accepting `key` and recording every request's URL, so a test sees the
 * exact `start_time`/`end_time` the app sent (set it as the Remote profile's URL).
 */
export async function startRecordingV1(key: string): Promise<RecordingV1> {
  const cacheDir = await mkdtemp(join(tmpdir(), 'gridscope-e2e-recording-v1-'));
  const app = await createV1Server({ apiKeys: [key], cacheDir });
  const requests: URL[] = [];
  app.addHook('onRequest', async (req) => {
    requests.push(new URL(req.url, 'http://127.0.0.1'));
  });
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    baseUrl: `${origin}/v1`,
    requests,
    close: async () => {
      await app.close();
      await rm(cacheDir, { recursive: true, force: true });
    },
  };
}

/**
 * Our own /v1 service with one more dataset, `datasetId`: the synthetic rows of `bench query` (`rows` rows, ten
 * locations per 5-minute stamp from 2020-01-01; server/test-support/queryFixtures.ts), built by DuckDB in a second or
 * two, accepting `key` on the unlimited plan. For results larger than the repository's data.
 */
export async function startSyntheticV1(
  key: string,
  datasetId: string,
  rows: number,
): Promise<{ baseUrl: string; close(): Promise<void> }> {
  const cacheDir = await mkdtemp(join(tmpdir(), 'gridscope-e2e-synthetic-v1-'));
  const app = await createV1Server({ apiKeys: [key], cacheDir, catalogue: [syntheticEntry(datasetId, rows)] });
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    baseUrl: `${origin}/v1`,
    close: async () => {
      await app.close();
      await rm(cacheDir, { recursive: true, force: true });
    },
  };
}
