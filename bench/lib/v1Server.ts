import { datasetRoutes } from '../../server/routes/datasets.js';
import { syntheticEntry } from '../../server/test-support/queryFixtures.js';
import { startQueryServer } from '../../server/test-support/query.js';

// The /v1 side of `bench pull`, in its own process as the app runs its embedded service: the synthetic dataset
// (`argv[2]` id, `argv[3]` rows) with the query and dataset routes on 127.0.0.1. Prints one JSON line
// `{"origin","buildSeconds"}`; `GET /bench/first-page` answers the first query URL served, `GET /bench/cpu` this
// process's CPU seconds so far. Ends when its parent closes stdin.

const [dataset = 'bench_pull', rows = '1000000'] = process.argv.slice(2);
const started = performance.now();
const server = await startQueryServer({ catalogue: [syntheticEntry(dataset, Number(rows))] });
await server.app.register(datasetRoutes, { prefix: '/v1', store: server.store });
let firstPage: string | undefined;
server.app.addHook('onRequest', async (req) => {
  if (firstPage === undefined && req.url.includes('/query?')) firstPage = req.url;
});
server.app.get('/bench/first-page', async () => ({ url: firstPage ?? null }));
server.app.get('/bench/cpu', async () => {
  const used = process.cpuUsage();
  return { cpuSeconds: (used.user + used.system) / 1e6 };
});
const origin = await server.app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${JSON.stringify({ origin, buildSeconds: (performance.now() - started) / 1000 })}\n`);
process.stdin.resume();
process.stdin.on('end', () => void server.close().then(() => process.exit(0)));
