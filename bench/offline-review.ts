import { spawn } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setLogSink } from '../electron/services/common/logger.js';
import { deletePull, openWorkspace, readRows, startLocalReview } from '../electron/services/workspace/index.js';
import { localColumns, readCsvSql } from '../electron/services/workspace/localSource.js';
import { rowObjects } from '../electron/services/workspace/sql.js';
import { consecutiveDates, writeDayFiles } from '../electron/services/workspace/test-support/localFiles.js';
import { timed } from './lib/timing.js';
import type { Timed } from './lib/timing.js';

// `npm run bench -- offline-review [--days 30] [--locations 1250] [--variants]`: a local review (docs/workspace.md#local-review-pulls)
// of `days` SYNTHETIC 5-minute LMP export files against `zcat <files> | wc -lc` over the same files, the
// least any reader of them does (bench/README.md). `--variants` also times 1, `threads` and all files per statement.

const { values } = parseArgs({
  args: process.argv.slice(3),
  options: { days: { type: 'string' }, locations: { type: 'string' }, variants: { type: 'boolean' } },
  allowPositionals: false,
});
const DAYS = Number(values.days ?? 30);
const LOCATIONS = Number(values.locations ?? 1250);
if (![DAYS, LOCATIONS].every((n) => Number.isSafeInteger(n) && n >= 1)) {
  process.stderr.write('usage: npm run bench -- offline-review [--days N] [--locations N] [--variants]   (N ≥ 1)\n');
  process.exit(2);
}
const ROWS = DAYS * 288 * LOCATIONS;
const mb = (bytes: number): string => (bytes / 1e6).toFixed(1);
const s = (seconds: number): string => seconds.toFixed(2);
setLogSink(() => undefined);

const dir = await mkdtemp(path.join(tmpdir(), 'gridscope-bench-offline-'));
try {
  const generated = await timed(async () => ({
    files: await writeDayFiles(path.join(dir, 'downloads'), consecutiveDates('2024-03-01', DAYS), {
      locations: LOCATIONS,
      concurrency: 2,
    }),
  }));
  const { files } = generated;
  const gzBytes = files.files.reduce((sum, f) => sum + f.bytes, 0);
  const paths = files.files.map((f) => f.path);
  process.stdout.write(
    `generated ${DAYS} days × 288 intervals × ${LOCATIONS} locations = ${ROWS.toLocaleString('en-US')} rows, ` +
      `${mb(gzBytes)} MB gzipped, in ${s(generated.seconds)} s\n`,
  );

  /** `zcat | wc -lc` over the files: lines (header rows included) and uncompressed bytes, timed with its wall clock. */
  const zcat = (): Promise<Timed<{ lines: number; bytes: number }>> =>
    timed(
      () =>
        new Promise((resolve, reject) => {
          const child = spawn('bash', ['-c', 'set -o pipefail; zcat -- "$@" | wc -lc', 'zcat', ...paths], {
            stdio: ['ignore', 'pipe', 'inherit'],
          });
          let out = '';
          child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
          child.on('error', reject);
          child.on('exit', (code) => {
            const [lines, bytes] = out.trim().split(/\s+/).map(Number);
            if (code !== 0 || lines === undefined || bytes === undefined) reject(new Error(`zcat | wc exited ${code}`));
            else resolve({ lines, bytes });
          });
        }),
    );

  const ws = await openWorkspace(path.join(dir, 'workspace'), 'embedded');
  try {
    const threads = Number((await ws.read((c) => rowObjects(c, "SELECT current_setting('threads') AS t")))[0]?.t);

    /** A review of every file, `filesPerStatement` per statement, until its first page of 200 rows is read. */
    const review = (filesPerStatement?: number) =>
      timed(async () => {
        const t0 = performance.now();
        const started = await startLocalReview(ws, files, filesPerStatement ? { filesPerStatement } : {});
        if (!started.ok) throw new Error(started.error.message);
        // What the results table shows while the rest loads: the first 200 rows, polled as the page polls a running pull.
        let firstRowsSeconds: number | null = null;
        let loading = true;
        void started.value.done.finally(() => (loading = false));
        while (loading && firstRowsSeconds === null) {
          const early = await readRows(ws, started.value.pullId, { limit: 200 });
          if (early.ok && early.value.rows.length === 200) firstRowsSeconds = (performance.now() - t0) / 1000;
          else await new Promise((r) => setTimeout(r, 100));
        }
        const outcome = await started.value.done;
        if (outcome.state !== 'complete' || outcome.rows !== ROWS)
          throw new Error(`review ${outcome.state}: ${outcome.rows} rows`);
        const loadedAt = performance.now();
        const page = await readRows(ws, outcome.pullId, { limit: 200 });
        if (!page.ok || page.value.rows.length !== 200) throw new Error('no first page');
        return {
          pullId: outcome.pullId,
          firstRowsSeconds: firstRowsSeconds ?? (performance.now() - t0) / 1000,
          loadSeconds: outcome.elapsedMs / 1000,
          pageSeconds: (performance.now() - loadedAt) / 1000,
        };
      });

    // The floor first and last, so both see the machine as the review does; the faster one counts.
    const floorBefore = await zcat();
    const main = await review();
    const groupBy = await timed(async () => ({
      groups: (
        await ws.read((c) =>
          rowObjects(c, `SELECT location, avg(lmp) AS avg_lmp, max(lmp) AS max_lmp FROM pull_${main.pullId} GROUP BY location`),
        )
      ).length,
    }));
    if (groupBy.groups !== LOCATIONS) throw new Error(`group-by answered ${groupBy.groups} groups`);
    // For reference: the same group-by straight over the files (DuckDB's read_csv, no workspace table), one full parse.
    const direct = await timed(async () => ({
      groups: (
        await ws.read((c) =>
          rowObjects(
            c,
            `SELECT location, avg(lmp) AS avg_lmp, max(lmp) AS max_lmp FROM ${readCsvSql(paths, localColumns(files))} GROUP BY location`,
          ),
        )
      ).length,
    }));
    const dbBytes = (await stat(ws.path)).size + ((await stat(`${ws.path}.wal`).catch(() => undefined))?.size ?? 0);
    const floorAfter = await zcat();
    const floor = floorBefore.seconds <= floorAfter.seconds ? floorBefore : floorAfter;
    if (floor.lines !== ROWS + DAYS) throw new Error(`zcat counted ${floor.lines} lines, expected ${ROWS + DAYS}`);

    process.stdout.write(
      `uncompressed ${mb(floor.bytes)} MB; DuckDB threads ${threads}\n` +
        `zcat | wc -lc: ${s(floorBefore.seconds)} s, ${s(floorAfter.seconds)} s (floor ${s(floor.seconds)} s, ${mb(floor.bytes / floor.seconds)} MB/s)\n` +
        `review (${threads * 4} files per statement): ${s(main.loadSeconds)} s to complete, first page ${(main.pageSeconds * 1000).toFixed(0)} ms, ` +
        `${s(main.seconds)} s in all (CPU ${s(main.cpuSeconds)} s), ${mb(floor.bytes / main.loadSeconds)} MB/s\n` +
        `first 200 rows shown while loading: ${s(main.firstRowsSeconds)} s\n` +
        `group-by (avg, max lmp per location, ${groupBy.groups} groups): ${(groupBy.seconds * 1000).toFixed(0)} ms; ` +
        `straight over the .csv.gz files: ${s(direct.seconds)} s (${(direct.seconds / floor.seconds).toFixed(2)} × zcat)\n` +
        `workspace file: ${mb(dbBytes)} MB\n`,
    );

    const variants: Record<string, number> = {};
    if (values.variants) {
      for (const [name, n] of [
        ['one_file_s', 1],
        ['per_thread_s', threads],
        ['all_files_s', files.files.length],
      ] as const) {
        await deletePull(ws, main.pullId);
        const run = await review(n);
        variants[name] = Number(run.seconds.toFixed(2));
        process.stdout.write(`review, ${n} file(s) per statement: ${s(run.seconds)} s (CPU ${s(run.cpuSeconds)} s)\n`);
        await deletePull(ws, run.pullId);
      }
    }

    const ratio = (main.seconds + groupBy.seconds) / floor.seconds;
    process.stdout.write(
      `ratio (review to first page + group-by) / zcat: ${ratio.toFixed(2)} (goal ≤ 1.5)\n` +
        JSON.stringify({
          bench: 'offline-review',
          days: DAYS,
          locations: LOCATIONS,
          rows: ROWS,
          gz_mb: Number(mb(gzBytes)),
          csv_mb: Number(mb(floor.bytes)),
          threads,
          zcat_s: Number(floor.seconds.toFixed(2)),
          review_s: Number(main.loadSeconds.toFixed(2)),
          first_page_s: Number(main.seconds.toFixed(2)),
          first_rows_s: Number(main.firstRowsSeconds.toFixed(2)),
          group_by_s: Number(groupBy.seconds.toFixed(3)),
          direct_group_by_s: Number(direct.seconds.toFixed(2)),
          review_cpu_s: Number(main.cpuSeconds.toFixed(2)),
          workspace_mb: Number(mb(dbBytes)),
          ...variants,
          goal: 1.5,
          ratio: Number(ratio.toFixed(2)),
        }) +
        '\n',
    );
  } finally {
    await ws.close();
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
