import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { PullRecord, PullRefresh, Result } from '../shared/index.js';
import { dispatch, setLogSink } from '../electron/services/index.js';
import type { PullsProgress } from '../electron/services/index.js';
import { ROWS_PER_DAY, startChangingV1 } from '../server/test-support/changingV1.js';
import { faster, timed } from './lib/timing.js';
import type { Timed } from './lib/timing.js';
import { benchServices } from './lib/v1Process.js';

// `npm run bench -- refresh [--rows 1000000] [--repeats 3]`: a pull of `rows` rows refreshed after its dataset grew by
// one day (2,880 rows), against pulling that day alone in the same run (bench/README.md). Goals: the refresh within 1 s,
// charging at most 1.05 × the day's rows.

const { values } = parseArgs({
  args: process.argv.slice(3),
  options: { rows: { type: 'string' }, repeats: { type: 'string' } },
  allowPositionals: false,
});
const ROWS = Number(values.rows ?? 1_000_000);
const REPEATS = Number(values.repeats ?? 3);
if (!Number.isSafeInteger(ROWS) || ROWS < 10 || !Number.isSafeInteger(REPEATS) || REPEATS < 1) {
  process.stderr.write('usage: npm run bench -- refresh [--rows N] [--repeats N]   (rows ≥ 10, repeats ≥ 1)\n');
  process.exit(2);
}
const KEY = 'bench-refresh-key-0123';
const GOALS = { refresh_s: 1, charged_ratio: 1.05 };

setLogSink(() => undefined);
const built = await timed(() => startChangingV1({ key: KEY, dataset: 'bench_refresh', rows: ROWS }));
const v1 = built;
process.stdout.write(`built ${ROWS} rows in ${built.seconds.toFixed(2)} s\n`);
const dir = await mkdtemp(path.join(tmpdir(), 'gridscope-bench-refresh-'));
let pullEnded: (() => void) | undefined;
const services = benchServices(dir, v1.baseUrl.replace(/\/v1$/, ''), KEY, {
  onPullProgress: (p: PullsProgress) => {
    if (p === null) pullEnded?.();
  },
});

async function call<T>(verb: string, input: unknown): Promise<T> {
  const r = (await dispatch(services.handlers, verb, input)) as Result<T>;
  if (!r.ok) throw new Error(`${verb}: ${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** One pull from the bridge call to `complete`; its record. */
async function pull(startTime?: string): Promise<PullRecord> {
  const ended = new Promise<void>((resolve) => (pullEnded = resolve));
  const started = await call<PullRecord>('workspace:pull', {
    query: { datasetId: v1.dataset, ...(startTime ? { startTime } : {}) },
  });
  await ended;
  const [done] = await call<PullRecord[]>('workspace:pulls', { pullIds: [started.id] });
  if (done?.state !== 'complete') throw new Error(`pull ${started.id} ended ${done?.state}: ${done?.error}`);
  return done;
}

try {
  const whole = await timed(() => pull());
  if (whole.rows !== ROWS) throw new Error(`the pull stored ${whole.rows} rows, expected ${ROWS}`);
  process.stdout.write(`pull: ${ROWS} rows in ${whole.seconds.toFixed(2)} s\n`);
  let refresh: Timed<PullRefresh> | undefined;
  let baseline: Timed<PullRecord> | undefined;
  for (let round = 0; round < REPEATS; round++) {
    const record = await v1.appendDay();
    // The baseline: the new day alone, as a fresh pull (one request for its rows), deleted once timed.
    const day = await timed(() => pull(record.start_time_utc ?? undefined));
    if (day.rows !== ROWS_PER_DAY) throw new Error(`the day's pull stored ${day.rows} rows`);
    await call('workspace:deletePull', { pullId: day.id });
    baseline = faster(baseline, day);
    const run = await timed(() => call<PullRefresh>('workspace:refresh', { pullId: whole.id }));
    if (run.state !== 'complete' || run.rowsAdded !== ROWS_PER_DAY)
      throw new Error(`refresh ${run.state}: ${run.rowsAdded} rows added (${run.error ?? 'no error'})`);
    refresh = faster(refresh, run);
  }
  if (!refresh || !baseline) throw new Error('no runs');
  const [after] = await call<PullRecord[]>('workspace:pulls', { pullIds: [whole.id] });
  if (after?.rows !== ROWS + REPEATS * ROWS_PER_DAY) throw new Error(`the pull holds ${after?.rows} rows after the refreshes`);
  const chargedRatio = refresh.rowsCharged / ROWS_PER_DAY;
  process.stdout.write(
    `refresh: +${refresh.rowsAdded} rows, ${refresh.rowsReplaced} replaced, ${refresh.rowsCharged} charged in ` +
      `${refresh.seconds.toFixed(3)} s (CPU ${refresh.cpuSeconds.toFixed(2)} s); the same day as a fresh pull: ` +
      `${baseline.seconds.toFixed(3)} s (CPU ${baseline.cpuSeconds.toFixed(2)} s)\n`,
  );
  const result = {
    bench: 'refresh',
    rows: ROWS,
    day_rows: ROWS_PER_DAY,
    pull_s: Number(whole.seconds.toFixed(2)),
    refresh_s: Number(refresh.seconds.toFixed(3)),
    baseline_s: Number(baseline.seconds.toFixed(3)),
    rows_charged: refresh.rowsCharged,
    charged_ratio: Number(chargedRatio.toFixed(3)),
    goals: GOALS,
    met: refresh.seconds <= GOALS.refresh_s && chargedRatio <= GOALS.charged_ratio,
    ratio: Number((refresh.seconds / baseline.seconds).toFixed(2)),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
} finally {
  await services.dispose();
  await v1.close();
  await rm(dir, { recursive: true, force: true });
}
