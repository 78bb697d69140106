import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import compress from '@fastify/compress';
import Fastify from 'fastify';
import { ConstraintStore } from '../../server/data/constraints/store.js';
import { REPOSITORY_DATA_DIR } from '../../server/data/constraints/registry.js';
import { SCALED_DATASET, generateScaledDatabase } from '../../server/data/synthetic/scale.js';
import { installErrorHandlers } from '../../server/errors.js';
import { constraintRoutes } from '../../server/routes/constraints.js';
import { outageRoutes } from '../../server/routes/outages.js';

// The /v1 side of `bench map`, in its own process as the app runs its embedded service: the constraint and outage
// routes of our server over the SYNTHETIC `--scale` database (docs/constraints.md#benchmarks) on 127.0.0.1, no key.
// `--file f` serves f, generating it first with `--days --binding --constraints --tickets` when it does not exist
// (kept); without `--file` a temporary one is generated and removed at the end. Prints one JSON line
// `{"origin","generateSeconds","summary","window"}` (`window`: the dataset's first interval start and last interval end,
// ISO); `--daily-binding` thins the generated binding rows to one 5-minute interval per constraint and day (at an hour of
// the day that depends on the constraint), so a month holds one binding run per constraint and day; `GET /bench/cpu` answers this process's CPU seconds so far. Ends when its
// parent closes stdin.

const { values } = parseArgs({
  args: process.argv.slice(2),
  options: {
    file: { type: 'string' },
    days: { type: 'string' },
    binding: { type: 'string' },
    constraints: { type: 'string' },
    tickets: { type: 'string' },
    'daily-binding': { type: 'boolean' },
  },
});
const dir = values.file ? undefined : await mkdtemp(path.join(tmpdir(), 'gridscope-bench-map-'));
const file = values.file ?? path.join(dir!, 'scaled.duckdb');
let generateSeconds = 0;
let summary: unknown = null;
if (!existsSync(file)) {
  const started = performance.now();
  summary = await generateScaledDatabase({
    file,
    dataDir: REPOSITORY_DATA_DIR,
    days: Number(values.days ?? 1),
    bindingConstraints: Number(values.binding ?? 5_000),
    constraints: Number(values.constraints ?? 100_000),
    outageTickets: Number(values.tickets ?? 15_000),
  });
  if (values['daily-binding']) await keepOneIntervalPerDay(file);
  generateSeconds = (performance.now() - started) / 1000;
}
/**
 * The generator makes every constraint bind every interval (one run per constraint, whatever the span); a month of
 * ≥ 20,000 runs that way would be 170 M rows. Keeping one interval per constraint and day gives `days × binding` runs.
 */
async function keepOneIntervalPerDay(path: string): Promise<void> {
  const { DuckDBInstance } = await import('@duckdb/node-api');
  const instance = await DuckDBInstance.create(path);
  const conn = await instance.connect();
  try {
    await conn.run(
      `DELETE FROM ${SCALED_DATASET.dataset_id} WHERE (epoch(interval_start_utc)::BIGINT // 300 + hash(monitored_facility) % 288) % 288 <> 0`,
    );
    await conn.run('CHECKPOINT');
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}
const store = await ConstraintStore.open({ path: file });
if (!store.config(SCALED_DATASET.dataset_id)) {
  store.close();
  throw new Error(`${file} has no ${SCALED_DATASET.dataset_id} dataset (an older generator?): delete it or name another --file`);
}
// Like createServer: compression when asked (main asks its embedded service for identity), the same error bodies.
const window = await store.withConnection(async (conn) => {
  const row = (
    await conn.runAndReadAll(
      `SELECT strftime(min(interval_start_utc), '%Y-%m-%dT%H:%M:%SZ') AS s, strftime(max(interval_end_utc), '%Y-%m-%dT%H:%M:%SZ') AS e FROM ${SCALED_DATASET.dataset_id}`,
    )
  ).getRowObjectsJson()[0]!;
  return { start: String(row.s), end: String(row.e) };
});
const app = Fastify({ bodyLimit: 1 << 20 });
await app.register(compress, { encodings: ['br', 'gzip', 'deflate'] });
installErrorHandlers(app);
await app.register(constraintRoutes, { prefix: '/v1', constraints: store });
await app.register(outageRoutes, { prefix: '/v1', constraints: store });
app.get('/bench/cpu', async () => {
  const used = process.cpuUsage();
  return { cpuSeconds: (used.user + used.system) / 1e6 };
});
const origin = await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${JSON.stringify({ origin, generateSeconds, summary, window })}\n`);
process.stdin.resume();
process.stdin.on('end', () => {
  void (async () => {
    await app.close();
    store.close();
    if (dir) await rm(dir, { recursive: true, force: true });
    process.exit(0);
  })();
});
