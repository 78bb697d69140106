import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { createServer } from '../../server/app.js';
import { datasetRoutes } from '../../server/routes/datasets.js';
import { syntheticEntry } from '../../server/test-support/queryFixtures.js';
import { startQueryServer } from '../../server/test-support/query.js';

// The /v1 side of a bench, in its own process as the app runs its embedded service: the synthetic dataset of
// `bench query` (`--dataset` id, `--rows` rows) on 127.0.0.1. Without `--key`, the query and dataset routes alone (no
// authentication, no plan); with `--key K`, the whole /v1 service (`createServer`) accepting that key, on the
// unlimited plan. Prints one JSON line `{"origin","buildSeconds"}`; `GET /bench/first-page` answers the first query
// URL served, `GET /bench/cpu` this process's CPU seconds so far; `POST /bench/record?url=…` records every page of that
// query and from then on answers query pages from memory (`bench pull --replay`). Ends when its parent closes stdin.

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: { dataset: { type: 'string' }, rows: { type: 'string' }, key: { type: 'string' } },
});
const dataset = values.dataset ?? 'bench_pull';
const rows = Number(values.rows ?? 1_000_000);
const started = performance.now();
const catalogue = [syntheticEntry(dataset, rows)];
let app: FastifyInstance;
let close: () => Promise<void>;
if (values.key) {
  const cacheDir = await mkdtemp(path.join(tmpdir(), 'gridscope-bench-v1-'));
  app = await createServer({ apiKeys: [values.key], cacheDir, catalogue });
  close = async () => {
    await app.close();
    await rm(cacheDir, { recursive: true, force: true });
  };
} else {
  const server = await startQueryServer({ catalogue });
  await server.app.register(datasetRoutes, { prefix: '/v1', store: server.store });
  app = server.app;
  close = server.close;
}
let firstPage: string | undefined;
/** Recorded query pages by {@link pageKey}: body and the paging headers, answered from memory in replay mode. */
const recorded = new Map<string, { body: Buffer; headers: Record<string, string> }>();
let replaying = false;
app.addHook('onRequest', async (req, reply) => {
  if (firstPage === undefined && req.url.includes('/query?')) firstPage = req.url;
  const page = replaying && req.url.includes('/query?') ? recorded.get(pageKey(req.url)) : undefined;
  if (page) return reply.headers(page.headers).send(page.body);
  if (replaying && req.url.includes('/query?')) return reply.code(404).send({ detail: `not recorded: ${req.url}` });
});
/** `POST /bench/record?url=<first page>`: fetches every page from this server, following `X-Cursor`, into memory. */
app.post('/bench/record', async (req) => {
  let url: string | null = (req.query as { url?: string }).url ?? null;
  let bytes = 0;
  while (url) {
    const res = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } });
    if (res.statusCode !== 200) throw new Error(`recording ${url}: HTTP ${res.statusCode}`);
    const headers: Record<string, string> = { 'content-type': String(res.headers['content-type']) };
    for (const name of ['x-cursor', 'x-has-next-page'])
      if (res.headers[name] !== undefined) headers[name] = String(res.headers[name]);
    recorded.set(pageKey(url), { body: res.rawPayload, headers });
    bytes += res.rawPayload.length;
    const cursor = headers['x-cursor'];
    url =
      headers['x-has-next-page'] === 'true' && cursor
        ? url.replace(/([?&]cursor=)[^&]*/, `$1${encodeURIComponent(cursor)}`)
        : null;
  }
  replaying = true;
  return { pages: recorded.size, bytes };
});
app.get('/bench/first-page', async () => ({ url: firstPage ?? null }));
app.get('/bench/cpu', async () => {
  const used = process.cpuUsage();
  return { cpuSeconds: (used.user + used.system) / 1e6 };
});
/** A query URL's path and parameters in a fixed order, so the pull's and the raw fetch's URLs of one page agree. */
function pageKey(url: string): string {
  const parsed = new URL(url, 'http://bench');
  const params = [...parsed.searchParams.entries()].sort(([a], [b]) => a.localeCompare(b));
  return `${parsed.pathname}?${new URLSearchParams(params).toString()}`;
}

const origin = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${JSON.stringify({ origin, buildSeconds: (performance.now() - started) / 1000 })}\n`);
process.stdin.resume();
process.stdin.on('end', () => void close().then(() => process.exit(0)));
