import { spawn } from 'node:child_process';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setLogSink } from '../electron/services/common/logger.js';
import { deletePull, openWorkspace, readRows, startLocalReview } from '../electron/services/workspace/index.js';
import { partsDir } from '../electron/services/workspace/localSource.js';
import { pullTable } from '../electron/services/workspace/table.js';
import { rowObjects } from '../electron/services/workspace/sql.js';
import { consecutiveDates, writeDayFiles } from '../electron/services/workspace/test-support/localFiles.js';
import { timed } from './lib/timing.js';
import type { Timed } from './lib/timing.js';

// `npm run bench -- offline-review [--days 30] [--locations 1250] [--variants]`: a local review (docs/workspace.md#local-review-pulls)
// of `days` SYNTHETIC 5-minute LMP export files against `zcat <files> | wc -lc` over the same files, the least any
// reader of them does (bench/README.md): the first answers straight from the files, then the conversion to Parquet.
// `--variants` also times the conversion with 1, 4 × `threads` and all files per part.

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

/** Bytes of the files directly in `folder`. */
async function folderBytes(folder: string): Promise<number> {
  const names = await readdir(folder);
  return (await Promise.all(names.map((n) => stat(path.join(folder, n))))).reduce((sum, st) => sum + st.size, 0);
}

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
  const zcat = (): Promise<Timed<{ lines: number; bytes: number; cpu: number }>> =>
    timed(
      () =>
        new Promise((resolve, reject) => {
          // `times` prints the shell's and then its children's user and system CPU: zcat's and wc's.
          const child = spawn('bash', ['-c', 'set -o pipefail; zcat -- "$@" | wc -lc && times', 'zcat', ...paths], {
            stdio: ['ignore', 'pipe', 'inherit'],
          });
          let out = '';
          child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
          child.on('error', reject);
          child.on('exit', (code) => {
            const [counts = '', , children = ''] = out.trim().split('\n');
            const [lines, bytes] = counts.trim().split(/\s+/).map(Number);
            const cpu = [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, m) => sum + Number(m[1]) * 60 + Number(m[2]), 0);
            if (code !== 0 || lines === undefined || bytes === undefined) reject(new Error(`zcat | wc exited ${code}`));
            else resolve({ lines, bytes, cpu });
          });
        }),
    );

  const ws = await openWorkspace(path.join(dir, 'workspace'), 'embedded');
  try {
    const threads = Number((await ws.read((c) => rowObjects(c, "SELECT current_setting('threads') AS t")))[0]?.t);

    /** The group-by over all days on the review's relation (the files, or the Parquet parts once converted). */
    const groupByOn = (pullId: number) =>
      ws.read(async (c) => {
        const { from } = await pullTable(c, pullId);
        return rowObjects(c, `SELECT location, avg(lmp) AS avg_lmp, max(lmp) AS max_lmp FROM ${from} GROUP BY location`);
      });

    /**
     * A review of every file: its first page of 200 rows and the group-by answered straight from the files while the
     * conversion waits, then the conversion to its end.
     */
    const review = (filesPerStatement?: number) =>
      timed(async () => {
        const t0 = performance.now();
        const cpu0 = process.cpuUsage();
        const started = await startLocalReview(ws, files, filesPerStatement ? { filesPerStatement } : {});
        if (!started.ok) throw new Error(started.error.message);
        // As the results table asks it: the first rows without waiting for the count.
        const page = await readRows(ws, started.value.pullId, { limit: 200, countLater: true });
        if (!page.ok || page.value.rows.length !== 200) throw new Error('no first page');
        const firstPageSeconds = (performance.now() - t0) / 1000;
        const t1 = performance.now();
        const groups = (await groupByOn(started.value.pullId)).length;
        if (groups !== LOCATIONS) throw new Error(`the direct group-by answered ${groups} groups`);
        const firstAnswerSeconds = (performance.now() - t0) / 1000;
        const directGroupBySeconds = (performance.now() - t1) / 1000;
        const cpu = process.cpuUsage(cpu0);
        const firstAnswerCpuSeconds = (cpu.user + cpu.system) / 1e6;
        const t2 = performance.now();
        const count = await readRows(ws, started.value.pullId, { limit: 0 });
        if (!count.ok || count.value.totalRows !== ROWS)
          throw new Error(`the count answered ${count.ok && count.value.totalRows}`);
        const countSeconds = (performance.now() - t2) / 1000;
        const outcome = await started.value.done;
        if (outcome.state !== 'complete' || outcome.rows !== ROWS)
          throw new Error(`conversion ${outcome.state}: ${outcome.rows} rows`);
        return {
          pullId: outcome.pullId,
          firstPageSeconds,
          countSeconds,
          firstAnswerSeconds,
          directGroupBySeconds,
          firstAnswerCpuSeconds,
          convertSeconds: outcome.elapsedMs / 1000,
        };
      });

    // The floor first and last, so both see the machine as the review does; the faster one counts.
    const floorBefore = await zcat();
    const main = await review();
    // After the conversion: the same group-by on the Parquet parts.
    const groupBy = await timed(async () => ({ groups: (await groupByOn(main.pullId)).length }));
    if (groupBy.groups !== LOCATIONS) throw new Error(`group-by answered ${groupBy.groups} groups`);
    const partsBytes = (await readdir(partsDir(ws.path, ws.profile, main.pullId))).length
      ? await folderBytes(partsDir(ws.path, ws.profile, main.pullId))
      : 0;
    const dbBytes = (await stat(ws.path)).size + ((await stat(`${ws.path}.wal`).catch(() => undefined))?.size ?? 0) + partsBytes;
    const floorAfter = await zcat();
    const floor = floorBefore.seconds <= floorAfter.seconds ? floorBefore : floorAfter;
    if (floor.lines !== ROWS + DAYS) throw new Error(`zcat counted ${floor.lines} lines, expected ${ROWS + DAYS}`);

    process.stdout.write(
      `uncompressed ${mb(floor.bytes)} MB; DuckDB threads ${threads}\n` +
        `zcat | wc -lc: ${s(floorBefore.seconds)} s, ${s(floorAfter.seconds)} s (floor ${s(floor.seconds)} s, ${mb(floor.bytes / floor.seconds)} MB/s)\n` +
        `review straight from the files: first page ${s(main.firstPageSeconds)} s, group-by (avg, max lmp per location, ` +
        `${LOCATIONS} groups) answered ${s(main.firstAnswerSeconds)} s after opening (${(main.firstAnswerSeconds / floor.seconds).toFixed(2)} × zcat); ` +
        `the group-by alone ${s(main.directGroupBySeconds)} s (${(main.directGroupBySeconds / floor.seconds).toFixed(2)} × zcat); ` +
        `CPU to the first answer ${s(main.firstAnswerCpuSeconds)} s against zcat | wc's ${s(floor.cpu)} s\n` +
        `conversion to Parquet (${threads} files per part): ${s(main.convertSeconds)} s (${(main.convertSeconds / floor.seconds).toFixed(2)} × zcat), ` +
        `CPU of the whole review ${s(main.cpuSeconds)} s\n` +
        `group-by after the conversion: ${(groupBy.seconds * 1000).toFixed(0)} ms\n` +
        `workspace file and parts: ${mb(dbBytes)} MB\n`,
    );

    const variants: Record<string, number> = {};
    if (values.variants) {
      for (const [name, n] of [
        ['one_file_s', 1],
        ['four_per_thread_s', 4 * threads],
        ['all_files_s', files.files.length],
      ] as const) {
        await deletePull(ws, main.pullId);
        const run = await review(n);
        variants[name] = Number(run.convertSeconds.toFixed(2));
        process.stdout.write(`conversion, ${n} file(s) per part: ${s(run.convertSeconds)} s (CPU ${s(run.cpuSeconds)} s)\n`);
        await deletePull(ws, run.pullId);
      }
    }

    const ratio = main.firstAnswerSeconds / floor.seconds;
    process.stdout.write(
      `ratio first answer / zcat: ${ratio.toFixed(2)} (goal ≤ 0.6); conversion / zcat ${(main.convertSeconds / floor.seconds).toFixed(2)} (goal ≤ 1.5)\n` +
        JSON.stringify({
          bench: 'offline-review',
          days: DAYS,
          locations: LOCATIONS,
          rows: ROWS,
          gz_mb: Number(mb(gzBytes)),
          csv_mb: Number(mb(floor.bytes)),
          threads,
          zcat_s: Number(floor.seconds.toFixed(2)),
          zcat_cpu_s: Number(floor.cpu.toFixed(2)),
          first_page_s: Number(main.firstPageSeconds.toFixed(2)),
          count_s: Number(main.countSeconds.toFixed(2)),
          first_answer_s: Number(main.firstAnswerSeconds.toFixed(2)),
          direct_group_by_s: Number(main.directGroupBySeconds.toFixed(2)),
          first_answer_cpu_s: Number(main.firstAnswerCpuSeconds.toFixed(2)),
          convert_s: Number(main.convertSeconds.toFixed(2)),
          group_by_s: Number(groupBy.seconds.toFixed(3)),
          review_cpu_s: Number(main.cpuSeconds.toFixed(2)),
          workspace_mb: Number(mb(dbBytes)),
          ...variants,
          goals: { first_answer: 0.6, convert: 1.5 },
          convert_ratio: Number((main.convertSeconds / floor.seconds).toFixed(2)),
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
