import http from 'node:http';
import { rm, stat } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ISO_UTC_FORMAT, sqlString } from '../server/data/sql.js';
import { syntheticEntry } from '../server/test-support/queryFixtures.js';
import { startQueryServer } from '../server/test-support/query.js';
import { tempDir } from '../server/test-support/testing.js';
import { faster, timed } from './lib/timing.js';
import type { Timed } from './lib/timing.js';

// `npm run bench -- query [rows=1000000] [repeats=3]`: a full cursor-paged pull as JSON and CSV against DuckDB's own
// `COPY` of the same rows (bench/README.md).

const ROWS = Number(process.argv[3] ?? 1_000_000);
const REPEATS = Number(process.argv[4] ?? 3);
const DATASET = 'bench_query';
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

interface Fetched {
  status: number;
  headers: http.IncomingHttpHeaders;
  chunks: Buffer[];
  tail: string;
}

function get(port: number, url: string): Promise<Fetched> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: url, agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const last = Buffer.concat(chunks.slice(-4));
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            chunks,
            tail: last.toString('utf8', Math.max(0, last.length - 16_384)),
          });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

function count(body: Buffer, needle: string): number {
  let n = 0;
  for (let i = body.indexOf(needle); i !== -1; i = body.indexOf(needle, i + needle.length)) n++;
  return n;
}

const servedSoFar = (cursor: string): number =>
  JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')).total_rows_returned_so_far;

// Rows = the last cursor's total so far + the last page's rows: counting every page in JavaScript costs more than serving it.
async function pull(port: number, format: 'json' | 'csv'): Promise<{ rows: number; pages: number }> {
  let cursor = '';
  let pages = 0;
  for (;;) {
    const query = format === 'json' ? 'json_schema=array-of-arrays' : 'return_format=csv';
    const url = `/v1/datasets/${DATASET}/query?${query}&cursor=${encodeURIComponent(cursor)}`;
    const res = await get(port, url);
    if (res.status !== 200) throw new Error(`HTTP ${res.status}: ${res.tail.slice(0, 500)}`);
    pages++;
    const next =
      format === 'json'
        ? (JSON.parse(res.tail.slice(res.tail.lastIndexOf('],"meta":') + 9).replace(/,"dataset_metadata":[\s\S]*$/, ''))
            .cursor as string | null)
        : res.headers['x-has-next-page'] === 'true'
          ? String(res.headers['x-cursor'])
          : null;
    if (next === null) {
      const body = Buffer.concat(res.chunks);
      const lastRows = format === 'json' ? count(body, '],[') : count(body, '\n') - 1;
      return { rows: (cursor === '' ? 0 : servedSoFar(cursor)) + lastRows, pages };
    }
    cursor = next;
  }
}

const dir = await tempDir('bench');
const buildStarted = performance.now();
const server = await startQueryServer({ catalogue: [syntheticEntry(DATASET, ROWS)] });
process.stdout.write(`built ${ROWS} rows in ${((performance.now() - buildStarted) / 1000).toFixed(2)} s\n`);
try {
  await server.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = server.app.server.address() as AddressInfo;
  await pull(port, 'json'); // warm-up: DuckDB reads the table into its buffers once
  const copyFile = path.join(dir, 'copy.csv');
  const iso = (column: string) => `strftime(${column}, '${ISO_UTC_FORMAT}') AS ${column}`;
  const copyRows = () =>
    server.store.withConnection(async (conn) => {
      await conn.run(`COPY (SELECT ${iso('interval_start_utc')}, ${iso('interval_end_utc')}, location, lmp, load, flag
        FROM ${DATASET} ORDER BY interval_start_utc, location) TO ${sqlString(copyFile)} (HEADER)`);
      return { bytes: (await stat(copyFile)).size };
    });
  // Rounds alternate the three measurements, so each sees the same machine load; the fastest run of each is kept.
  let json: Timed<{ rows: number; pages: number }> | undefined;
  let csv: Timed<{ rows: number; pages: number }> | undefined;
  let copy: Timed<{ bytes: number }> | undefined;
  for (let round = 0; round < REPEATS; round++) {
    json = faster(json, await timed(() => pull(port, 'json')));
    csv = faster(csv, await timed(() => pull(port, 'csv')));
    copy = faster(copy, await timed(copyRows));
  }
  if (!json || !csv || !copy) throw new Error('no runs: repeats must be at least 1');
  const copySeconds = copy.seconds;

  for (const [label, run] of [
    ['json', json],
    ['csv', csv],
  ] as const) {
    if (run.rows !== ROWS) throw new Error(`${label} pull returned ${run.rows} rows, expected ${ROWS}`);
    process.stdout.write(
      `${label}: ${run.rows} rows in ${run.pages} pages, ${run.seconds.toFixed(2)} s (CPU ${run.cpuSeconds.toFixed(2)} s), ${Math.round(run.rows / run.seconds)} rows/s\n`,
    );
  }
  process.stdout.write(
    `COPY: ${ROWS} rows (${copy.bytes} bytes) in ${copySeconds.toFixed(2)} s (CPU ${copy.cpuSeconds.toFixed(2)} s), ${Math.round(ROWS / copySeconds)} rows/s\n`,
  );
  const peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  process.stdout.write(`peak RSS: ${peakRssMb} MB\n`);
  const result = {
    bench: 'query',
    rows: ROWS,
    json_rows_per_s: Math.round(ROWS / json.seconds),
    csv_rows_per_s: Math.round(ROWS / csv.seconds),
    copy_rows_per_s: Math.round(ROWS / copySeconds),
    peak_rss_mb: peakRssMb,
    json_ratio: Number((json.seconds / copySeconds).toFixed(2)),
    csv_ratio: Number((csv.seconds / copySeconds).toFixed(2)),
    ratio: Number((Math.min(json.seconds, csv.seconds) / copySeconds).toFixed(2)),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  agent.destroy();
  await server.close();
  await rm(dir, { recursive: true, force: true });
}
