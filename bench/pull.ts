import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Agent, request } from 'undici';
import type { Dispatcher } from 'undici';
import type { PullRecord, Result } from '../shared/index.js';
import { dispatch, setLogSink } from '../electron/services/index.js';
import type { PullsProgress } from '../electron/services/index.js';
import { faster, timed } from './lib/timing.js';
import { benchServices, startV1Process } from './lib/v1Process.js';
import type { Timed } from './lib/timing.js';

// `npm run bench -- pull [--rows 1000000] [--repeats 3] [--timezone market] [--replay]`: a workspace pull
// (`workspace:pull` through main's real services into DuckDB) against fetching the same CSV pages raw, bytes read and
// nothing parsed (bench/README.md). `--timezone` asks the query in that zone (`market`: the service adds `_local` text
// columns). `--replay`: the server records the pages once from the live service, then answers them from memory, so
// the client's cost is measured alone.

const { values } = parseArgs({
  args: process.argv.slice(3),
  options: { rows: { type: 'string' }, repeats: { type: 'string' }, timezone: { type: 'string' }, replay: { type: 'boolean' } },
  allowPositionals: false,
});
const ROWS = Number(values.rows ?? 1_000_000);
const REPEATS = Number(values.repeats ?? 3);
if (!Number.isSafeInteger(ROWS) || ROWS < 1 || !Number.isSafeInteger(REPEATS) || REPEATS < 1) {
  process.stderr.write('usage: npm run bench -- pull [--rows N] [--repeats N] [--timezone Z] [--replay]   (N ≥ 1)\n');
  process.exit(2);
}
const DATASET = 'bench_pull';
const header = (v: string | string[] | undefined): string | undefined => (Array.isArray(v) ? v[0] : v);

setLogSink(() => undefined);
// The server runs in its own process, as the app runs its embedded /v1 service, so the pull's event loop and DuckDB
// threads compete with it for the cores as they do in the app, not for one event loop.
const v1 = await startV1Process({ dataset: DATASET, rows: ROWS });
const { origin } = v1;
process.stdout.write(`built ${ROWS} rows in ${v1.buildSeconds.toFixed(2)} s\n`);
const serverGet = v1.get;

/** `work` timed with the CPU seconds of both processes: this one (services, DuckDB, client) and the server's. */
async function timedBoth<T>(work: () => Promise<T>): Promise<Timed<T> & { serverCpuSeconds: number }> {
  const before = await serverGet<{ cpuSeconds: number }>('/bench/cpu');
  const run = await timed(work);
  const after = await serverGet<{ cpuSeconds: number }>('/bench/cpu');
  const serverCpuSeconds = after.cpuSeconds - before.cpuSeconds;
  return { ...run, cpuSeconds: run.cpuSeconds + serverCpuSeconds, serverCpuSeconds };
}

const dir = await mkdtemp(path.join(tmpdir(), 'gridscope-bench-pull-'));
let pullEnded: (() => void) | undefined;
const services = benchServices(dir, origin, 'bench-pull-key-0123', {
  onPullProgress: (p: PullsProgress) => {
    if (p === null) pullEnded?.();
  },
});
const agent = new Agent({ keepAliveTimeout: 10_000 });

async function call<T>(verb: string, input: unknown): Promise<T> {
  const r = (await dispatch(services.handlers, verb, input)) as Result<T>;
  if (!r.ok) throw new Error(`${verb}: ${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** One pull, from the bridge call to its `complete` state in the workspace. */
async function pull(): Promise<{ rows: number; pages: number; id: number }> {
  const ended = new Promise<void>((resolve) => (pullEnded = resolve));
  const started = await call<PullRecord>('workspace:pull', {
    query: { datasetId: DATASET, ...(values.timezone ? { timezone: values.timezone } : {}) },
  });
  await ended;
  const [done] = await call<PullRecord[]>('workspace:pulls', { pullIds: [started.id] });
  if (done?.state !== 'complete') throw new Error(`pull ${started.id} ended ${done?.state}: ${done?.error}`);
  return { rows: done.rows, pages: done.pages, id: done.id };
}

/** The same pages as a client that follows `X-Cursor` and reads each body to the end, counting bytes. */
async function rawFetch(firstPage: string): Promise<{ pages: number; bytes: number }> {
  let url: string | null = firstPage;
  let pages = 0;
  let bytes = 0;
  while (url) {
    const res: Dispatcher.ResponseData = await request(`${origin}${url}`, {
      dispatcher: agent,
      headers: { 'accept-encoding': 'identity' },
    });
    if (res.statusCode !== 200) throw new Error(`HTTP ${res.statusCode}: ${await res.body.text()}`);
    for await (const chunk of res.body) bytes += (chunk as Buffer).length;
    pages++;
    const cursor = header(res.headers['x-cursor']);
    const next: string | null =
      header(res.headers['x-has-next-page']) === 'true' && cursor
        ? url.replace(/([?&]cursor=)[^&]*/, `$1${encodeURIComponent(cursor)}`)
        : null;
    url = next;
  }
  return { pages, bytes };
}

try {
  // Warm-up: DuckDB reads the table into its buffers once, and the pull's first page URL is the raw fetch's.
  const warm = await pull();
  const firstPage = (await serverGet<{ url: string | null }>('/bench/first-page')).url;
  if (!firstPage) throw new Error('the pull made no query request');
  if (values.replay) {
    const rec = await v1.post<{ pages: number; bytes: number }>(`/bench/record?url=${encodeURIComponent(firstPage)}`);
    process.stdout.write(`replay: ${rec.pages} pages, ${(rec.bytes / 1e6).toFixed(1)} MB recorded; answered from memory\n`);
  }
  await call('workspace:deletePull', { pullId: warm.id });
  // Rounds alternate the two, so both see the same machine load; the fastest run of each is kept.
  let raw: Timed<{ pages: number; bytes: number; serverCpuSeconds: number }> | undefined;
  let pulled: Timed<{ rows: number; pages: number; id: number; serverCpuSeconds: number }> | undefined;
  let fileBytes = 0;
  for (let round = 0; round < REPEATS; round++) {
    raw = faster(raw, await timedBoth(() => rawFetch(firstPage)));
    const run = await timedBoth(pull);
    pulled = faster(pulled, run);
    fileBytes = (await stat(path.join(dir, 'workspace', 'embedded.duckdb'))).size;
    await call('workspace:deletePull', { pullId: run.id });
  }
  if (!raw || !pulled) throw new Error('no runs');
  if (pulled.rows !== ROWS) throw new Error(`the pull stored ${pulled.rows} rows, expected ${ROWS}`);
  if (pulled.pages !== raw.pages) throw new Error(`the pull took ${pulled.pages} pages, the raw fetch ${raw.pages}`);

  const mb = raw.bytes / 1e6;
  process.stdout.write(
    `raw fetch: ${raw.pages} pages, ${mb.toFixed(1)} MB in ${raw.seconds.toFixed(2)} s (CPU ${raw.cpuSeconds.toFixed(2)} s, server ${raw.serverCpuSeconds.toFixed(2)} s), ` +
      `${Math.round(ROWS / raw.seconds)} rows/s, ${(mb / raw.seconds).toFixed(1)} MB/s\n`,
  );
  process.stdout.write(
    `pull: ${pulled.rows} rows in ${pulled.pages} pages, ${pulled.seconds.toFixed(2)} s (CPU ${pulled.cpuSeconds.toFixed(2)} s, server ${pulled.serverCpuSeconds.toFixed(2)} s), ` +
      `${Math.round(ROWS / pulled.seconds)} rows/s; workspace file ${(fileBytes / 1e6).toFixed(1)} MB\n`,
  );
  const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  process.stdout.write(`peak RSS: ${peakRssMb} MB (services and both clients; the server runs in its own process)\n`);
  const result = {
    bench: 'pull',
    mode: values.replay ? 'replay' : 'live',
    rows: ROWS,
    pages: pulled.pages,
    raw_rows_per_s: Math.round(ROWS / raw.seconds),
    pull_rows_per_s: Math.round(ROWS / pulled.seconds),
    raw_mb_per_s: Number((mb / raw.seconds).toFixed(1)),
    pull_cpu_s: Number(pulled.cpuSeconds.toFixed(2)),
    raw_cpu_s: Number(raw.cpuSeconds.toFixed(2)),
    peak_rss_mb: peakRssMb,
    server_cpu_s: Number(pulled.serverCpuSeconds.toFixed(2)),
    goal: values.replay ? 1.25 : 1.4,
    ratio: Number((pulled.seconds / raw.seconds).toFixed(2)),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  await services.dispose();
  await agent.close();
  await v1.close();
  await rm(dir, { recursive: true, force: true });
}
