import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLogSink } from '../common/logger.js';
import { readSeries } from './downsample.js';
import type { Series } from '../../../shared/index.js';
import type { SeriesOptions } from './downsample.js';
import { seedPull, tempWorkspace } from './test-support/helpers.js';
import type { Workspace } from './workspace.js';

/** The chart downsample (M4) against a reference computed here from the same formulas. */

const START = Date.UTC(2024, 0, 1) / 1000;
const PER_LOCATION = 10_000;
const LOCATIONS = ['LOC_A', 'LOC_B', 'LOC_C'];
/** Row i (per location): a minute from START; lmp and load from integer formulas (load NULL every 97th, lmp NaN every 1000th). */
const lmp = (i: number, loc: number): number | null => (i % 1000 === 999 ? null : ((i * 7919 + loc * 31) % 10007) / 10);
const load = (i: number, loc: number): number | null => (i % 97 === 0 ? null : 1000 + ((i * 104729 + loc) % 5003));
const SELECT = `
  SELECT TIMESTAMPTZ '2024-01-01 00:00:00+00' + to_minutes(CAST(i AS INTEGER)) AS interval_start_utc,
         ['LOC_A', 'LOC_B', 'LOC_C'][loc + 1] AS location,
         CASE WHEN i % 1000 = 999 THEN 'NaN'::DOUBLE ELSE ((i * 7919 + loc * 31) % 10007) / 10 END AS lmp,
         CASE WHEN i % 97 = 0 THEN NULL ELSE 1000 + (i * 104729 + loc) % 5003 END AS load
  FROM range(${PER_LOCATION}) a(i), range(3) b(loc) ORDER BY i, loc`;

let ws: Workspace;
let cleanup: () => Promise<void>;
let id: number;
beforeAll(async () => {
  setLogSink(() => undefined);
  ({ ws, cleanup } = await tempWorkspace());
  id = await seedPull(ws, SELECT);
});
afterAll(() => cleanup());

/** M4 of one line computed directly: per bucket the first, min, max and last point, deduplicated, sorted by x then y. */
function reference(
  loc: number,
  value: (i: number, loc: number) => number | null,
  pixels: number,
  from: number,
  to: number,
): { x: number[]; y: number[] } {
  const buckets = new Map<number, { t: number; v: number }[]>();
  for (let i = 0; i < PER_LOCATION; i++) {
    const t = START + i * 60;
    const v = value(i, loc);
    if (t < from || t > to || v === null) continue;
    const b = Math.min(Math.max(Math.floor(((t - from) / (to - from)) * pixels), 0), pixels - 1);
    (buckets.get(b) ?? buckets.set(b, []).get(b)!).push({ t, v });
  }
  const points = new Map<string, { t: number; v: number }>();
  for (const list of buckets.values()) {
    const min = list.reduce((a, p) => (p.v < a.v ? p : a));
    const max = list.reduce((a, p) => (p.v > a.v ? p : a));
    for (const p of [list[0]!, min, max, list.at(-1)!]) points.set(`${p.t}:${p.v}`, p);
  }
  const sorted = [...points.values()].sort((a, b) => a.t - b.t || a.v - b.v);
  return { x: sorted.map((p) => p.t), y: sorted.map((p) => p.v) };
}

async function series(options: Omit<SeriesOptions, 'x'> & { x?: string }) {
  const result = await readSeries(ws, id, { x: 'interval_start_utc', ...options });
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}
const line = (all: Series[], key: string | null, column: string) => all.find((s) => s.key === key && s.column === column)!;

describe('readSeries', () => {
  it('keeps the first, lowest, highest and last point of every bucket of every line', async () => {
    const data = await series({ y: ['lmp', 'load'], seriesBy: 'location', pixels: 100 });
    const last = START + (PER_LOCATION - 1) * 60;
    expect(data).toMatchObject({ pullId: id, rows: 3 * PER_LOCATION, xMin: START, xMax: last, truncatedSeries: false });
    expect(data.series.map((s) => `${s.key}/${s.column}`)).toEqual([
      'LOC_A/lmp',
      'LOC_B/lmp',
      'LOC_C/lmp',
      'LOC_A/load',
      'LOC_B/load',
      'LOC_C/load',
    ]);
    LOCATIONS.forEach((key, loc) => {
      for (const [column, value] of [
        ['lmp', lmp],
        ['load', load],
      ] as const) {
        const got = line(data.series, key, column);
        const want = reference(loc, value, 100, START, last);
        expect({ x: got.x, y: got.y }).toEqual(want);
        expect(got.x.length).toBeLessThanOrEqual(400);
      }
    });
  });

  it('buckets the range asked for and only the rows in it', async () => {
    const from = START + 600;
    const to = START + 5400;
    const data = await series({ y: ['lmp'], seriesBy: 'location', seriesValues: ['LOC_B'], pixels: 7, from, to });
    expect(data).toMatchObject({ xMin: from, xMax: to, rows: 81 });
    expect(data.series).toHaveLength(1);
    expect(line(data.series, 'LOC_B', 'lmp')).toEqual({ key: 'LOC_B', column: 'lmp', ...reference(1, lmp, 7, from, to) });
  });

  it('draws one line without seriesBy, with row filters applied first', async () => {
    const data = await series({ y: ['load'], pixels: 50, filters: [{ column: 'location', op: '=', value: 'LOC_C' }] });
    expect(data.rows).toBe(PER_LOCATION);
    expect(data.series).toHaveLength(1);
    expect(data.series[0]).toMatchObject({ key: null, column: 'load', ...reference(2, load, 50, data.xMin!, data.xMax!) });
  });

  it('keeps the first 50 series in order and says the rest were left out', async () => {
    const many = await seedPull(
      ws,
      `SELECT TIMESTAMPTZ '2024-01-01 00:00:00+00' + to_minutes(CAST(range // 60 AS INTEGER)) AS t, 'S' || lpad(CAST(range % 60 AS VARCHAR), 2, '0') AS s, range AS v FROM range(600)`,
    );
    const result = await readSeries(ws, many, { x: 't', y: ['v'], seriesBy: 's', pixels: 5 });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.truncatedSeries).toBe(true);
    expect(result.value.series.map((s) => s.key)).toEqual(Array.from({ length: 50 }, (_, i) => `S${String(i).padStart(2, '0')}`));
  });

  it('draws the rows without a series value as the series with key null, last', async () => {
    const nulls = await seedPull(
      ws,
      `SELECT CAST(range AS DOUBLE) AS t, CASE WHEN range % 2 = 0 THEN 'A' END AS s, CAST(range * 10 AS DOUBLE) AS v FROM range(6)`,
    );
    const result = await readSeries(ws, nulls, { x: 't', y: ['v'], seriesBy: 's', pixels: 100 });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.series).toEqual([
      { key: 'A', column: 'v', x: [0, 2, 4], y: [0, 20, 40] },
      { key: null, column: 'v', x: [1, 3, 5], y: [10, 30, 50] },
    ]);
  });

  it('answers validation for columns that cannot be charted and for bad options', async () => {
    const failure = async (options: Partial<SeriesOptions>) => {
      const result = await readSeries(ws, id, { x: 'interval_start_utc', y: ['lmp'], pixels: 10, ...options });
      if (result.ok) throw new Error('expected a failure');
      return result.error;
    };
    expect(await failure({ y: ['location'] })).toEqual({ code: 'validation', message: 'y: location is not a number column.' });
    expect(await failure({ x: 'location' })).toMatchObject({
      code: 'validation',
      message: expect.stringContaining('neither a time nor a number'),
    });
    expect(await failure({ y: ['nope'] })).toMatchObject({
      code: 'validation',
      message: expect.stringContaining('Unknown y column "nope"'),
    });
    expect(await failure({ pixels: 0 })).toMatchObject({ code: 'validation' });
    expect(await failure({ from: 10, to: 5 })).toMatchObject({ code: 'validation' });
    expect(await readSeries(ws, 12345, { x: 'interval_start_utc', y: ['lmp'], pixels: 10 })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });

  it('downsamples a million rows to at most four points per pixel, extremes included', async () => {
    const big = await seedPull(
      ws,
      `SELECT TIMESTAMPTZ '2020-01-01 00:00:00+00' + to_minutes(CAST(range * 5 AS INTEGER)) AS t, CAST(hash(range, 42) % 1000000 AS DOUBLE) AS lmp FROM range(1000000)`,
    );
    const started = performance.now();
    const result = await readSeries(ws, big, { x: 't', y: ['lmp'], pixels: 1200 });
    const ms = performance.now() - started;
    if (!result.ok) throw new Error(result.error.message);
    const [only] = result.value.series;
    expect(result.value.rows).toBe(1_000_000);
    expect(only!.x.length).toBeLessThanOrEqual(4 * 1200);
    expect(only!.x.length).toBeGreaterThan(2 * 1200);
    const extremes = await ws.read(
      async (c) => (await c.runAndReadAll(`SELECT min(lmp), max(lmp) FROM pull_${big}`)).getRowsJson()[0],
    );
    const ys = only!.y.filter((v) => v !== null);
    expect(ys).toHaveLength(only!.y.length); // no gapSeconds asked: no breaks
    expect([Math.min(...ys), Math.max(...ys)]).toEqual(extremes);
    // A generous bound: on a busy 2-core machine this is well under a second.
    expect(ms).toBeLessThan(10_000);
  });
  it('breaks a line where its rows are further apart than gapSeconds: a null point halfway, one per bucket', async () => {
    // One constraint binding 10:00–10:55 and 15:00–15:25 (5-minute rows), another all along.
    const binds = await seedPull(
      ws,
      `SELECT TIMESTAMPTZ '2024-09-02 10:00:00+00' + to_minutes(CAST(m AS INTEGER)) AS t, c AS s, CAST(m AS DOUBLE) AS v
       FROM range(0, 360, 5) a(m), (VALUES ('A'), ('B')) b(c)
       WHERE c = 'B' OR m < 60 OR (m >= 300 AND m < 330)`,
    );
    const at = (h: number, m: number) => Date.UTC(2024, 8, 2, h, m) / 1000;
    const read = async (options: Partial<SeriesOptions>) => {
      const result = await readSeries(ws, binds, { x: 't', y: ['v'], seriesBy: 's', pixels: 1000, ...options });
      if (!result.ok) throw new Error(result.error.message);
      return result.value;
    };
    const data = await read({ gapSeconds: 450 });
    const a = line(data.series, 'A', 'v');
    const breaks = a.y.flatMap((v, i) => (v === null ? [a.x[i]] : []));
    expect(breaks).toEqual([(at(10, 55) + at(15, 0)) / 2]);
    expect(a.x.filter((_x, i) => a.y[i] !== null)).toHaveLength(12 + 6);
    expect(line(data.series, 'B', 'v').y.every((v) => v !== null)).toBe(true);
    expect(data).toMatchObject({ rows: 72 + 18, totalRows: 72 + 18 });

    // Without gapSeconds the same rows draw through; a chosen series counts its rows of all the rows in range.
    expect(line((await read({})).series, 'A', 'v').y.includes(null)).toBe(false);
    const one = await read({ gapSeconds: 450, seriesValues: ['A'], from: at(10, 30), to: at(15, 10) });
    expect(one).toMatchObject({ rows: 6 + 3, totalRows: 6 + 3 + 57 });
    expect(one.series[0]!.y.filter((v) => v === null)).toHaveLength(1);

    // At a coarse resolution (2 buckets) a bucket keeps at most one break, found inside the bucket, still halfway.
    const coarse = await read({ gapSeconds: 450, pixels: 2 });
    const coarseA = line(coarse.series, 'A', 'v');
    expect(coarseA.x.filter((_x, i) => coarseA.y[i] === null)).toEqual([(at(10, 55) + at(15, 0)) / 2]);
    // Zoomed in so that no bucket is wider than the gap, the break is found between buckets, halfway.
    const zoomed = await read({ gapSeconds: 450, pixels: 1000, from: at(10, 0), to: at(15, 25) });
    const zoomedA = line(zoomed.series, 'A', 'v');
    expect(zoomedA.x.filter((_x, i) => zoomedA.y[i] === null)).toEqual([(at(10, 55) + at(15, 0)) / 2]);
    expect(await readSeries(ws, binds, { x: 't', y: ['v'], pixels: 5, gapSeconds: -1 })).toMatchObject({
      ok: false,
      error: { code: 'validation' },
    });
  });
});

describe('readSeries: ranges, time types and breaks per column', () => {
  it('buckets the range of the chosen series, and counts every series, when some are chosen', async () => {
    // A runs 00:00–00:59, B 00:00–09:59 (one row a minute).
    const partial = await seedPull(
      ws,
      `SELECT TIMESTAMPTZ '2024-01-01 00:00:00+00' + to_minutes(CAST(m AS INTEGER)) AS t, s, CAST(m AS DOUBLE) AS v
       FROM range(600) a(m), (VALUES ('A'), ('B')) b(s) WHERE s = 'B' OR m < 60`,
    );
    const result = await readSeries(ws, partial, { x: 't', y: ['v'], seriesBy: 's', seriesValues: ['A'], pixels: 10 });
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value).toMatchObject({ xMin: START, xMax: START + 59 * 60, rows: 60, totalRows: 660 });
    // Ten buckets of six minutes over A's hour alone: the line fills the plot, from its first row to its last.
    const a = line(result.value.series, 'A', 'v');
    expect([a.x[0], a.x.at(-1), a.y[0], a.y.at(-1)]).toEqual([START, START + 59 * 60, 0, 59]);
    expect(a.x.length).toBeGreaterThanOrEqual(20);
    // A chosen series with no row in view: an empty answer that still counts the rows of the others.
    const none = await readSeries(ws, partial, { x: 't', y: ['v'], seriesBy: 's', seriesValues: ['Z'], pixels: 10 });
    expect(none.ok && none.value).toMatchObject({ series: [], rows: 0, totalRows: 660, xMin: null, xMax: null });
  });

  it('reads a naive TIMESTAMP and a DATE x as epoch seconds, zoomed bounds inclusive', async () => {
    const naive = await seedPull(
      ws,
      `SELECT TIMESTAMP '2024-01-01 00:00:00' + to_minutes(CAST(m AS INTEGER)) AS t, DATE '2024-01-01' + CAST(m AS INTEGER) AS d,
              CAST(m AS DOUBLE) AS v FROM range(100) a(m)`,
    );
    const read = async (options: Partial<SeriesOptions>) => {
      const result = await readSeries(ws, naive, { x: 't', y: ['v'], pixels: 1000, ...options });
      if (!result.ok) throw new Error(result.error.message);
      return result.value;
    };
    const zoomed = await read({ from: START + 600, to: START + 1200 });
    expect(zoomed).toMatchObject({ xMin: START + 600, xMax: START + 1200, rows: 11 });
    expect(zoomed.series[0]!.x).toEqual(Array.from({ length: 11 }, (_, i) => START + 600 + i * 60));
    const days = await read({ x: 'd', from: START + 86_400, to: START + 3 * 86_400 });
    expect(days).toMatchObject({ rows: 3 });
    expect(days.series[0]).toMatchObject({ x: [START + 86_400, START + 2 * 86_400, START + 3 * 86_400], y: [1, 2, 3] });
  });

  it('breaks each y column where its own values skip, not where another column’s do', async () => {
    // 5-minute rows 10:00–11:55; `a` is NULL from 10:30 to 10:55, `b` never.
    const holes = await seedPull(
      ws,
      `SELECT TIMESTAMPTZ '2024-09-02 10:00:00+00' + to_minutes(CAST(m AS INTEGER)) AS t,
              CASE WHEN m >= 30 AND m < 60 THEN NULL ELSE CAST(m AS DOUBLE) END AS a, CAST(m AS DOUBLE) AS b
       FROM range(0, 120, 5) r(m)`,
    );
    const at = (h: number, m: number) => Date.UTC(2024, 8, 2, h, m) / 1000;
    for (const pixels of [3, 1000]) {
      const result = await readSeries(ws, holes, { x: 't', y: ['a', 'b'], pixels, gapSeconds: 450 });
      if (!result.ok) throw new Error(result.error.message);
      const breaks = (column: string) => {
        const s = line(result.value.series, null, column);
        return s.x.filter((_x, i) => s.y[i] === null);
      };
      expect(breaks('a')).toEqual([(at(10, 25) + at(11, 0)) / 2]);
      expect(breaks('b')).toEqual([]);
    }
  });
});

/** M4 of one line with its breaks, computed here from its rows: the answer `readSeries` must give for it. */
function m4WithBreaks(rows: { t: number; v: number }[], pixels: number, lo: number, hi: number, gap: number) {
  const bucket = (t: number) => Math.min(Math.max(Math.floor(((t - lo) / (hi - lo)) * pixels), 0), pixels - 1);
  const sorted = [...rows].sort((a, b) => a.t - b.t);
  const buckets = new Map<number, { t: number; v: number }[]>();
  for (const p of sorted) (buckets.get(bucket(p.t)) ?? buckets.set(bucket(p.t), []).get(bucket(p.t))!).push(p);
  const points = new Map<string, { t: number; v: number | null }>();
  for (const list of buckets.values()) {
    const min = list.reduce((a, p) => (p.v < a.v ? p : a));
    const max = list.reduce((a, p) => (p.v > a.v ? p : a));
    for (const p of [list[0]!, min, max, list.at(-1)!]) points.set(`${p.t}:${p.v}`, p);
  }
  const breaks = new Map<number, number>();
  for (let i = 1; i < sorted.length; i++) {
    if (sorted[i]!.t - sorted[i - 1]!.t <= gap) continue;
    const m = (sorted[i - 1]!.t + sorted[i]!.t) / 2;
    if (!breaks.has(bucket(m))) breaks.set(bucket(m), m);
  }
  for (const m of breaks.values()) points.set(`${m}:null`, { t: m, v: null });
  const all = [...points.values()].sort((a, b) => a.t - b.t || (a.v ?? Infinity) - (b.v ?? Infinity));
  return { x: all.map((p) => p.t), y: all.map((p) => p.v) };
}

describe('readSeries: breaks on the data’s grid and off it', () => {
  // Three lines of 5-minute rows over three days, each missing its own intervals (one long outage on B).
  const lines = ['A', 'B', 'C'];
  const kept = (i: number, s: number) => (i * 7 + s * 3) % 23 !== 0 && !(s === 1 && i >= 300 && i < 340);
  const value = (i: number, s: number) => ((i * 37 + s * 11) % 101) / 4;
  const select = (jitter: string, extra = '', start = '2024-03-01') => `
    SELECT TIMESTAMPTZ '${start} 00:00:00+00' + to_seconds(CAST(i * 300 + ${jitter} AS BIGINT)) AS t,
           ['A', 'B', 'C'][s + 1] AS s, ((i * 37 + s * 11) % 101) / 4 AS v
    FROM range(864) a(i), range(3) b(s)
    WHERE (i * 7 + s * 3) % 23 <> 0 AND NOT (s = 1 AND i >= 300 AND i < 340) ${extra}`;
  const T0 = Date.UTC(2024, 2, 1) / 1000;
  const rowsOf = (s: number, jitter: (i: number) => number, twice: (i: number) => boolean = () => false, t0 = T0) =>
    Array.from({ length: 864 }, (_, i) => i)
      .filter((i) => kept(i, s))
      .flatMap((i) => {
        const p = { t: t0 + i * 300 + jitter(i), v: value(i, s) };
        return twice(i) ? [p, p] : [p];
      });

  const check = async (pull: number, rows: (s: number) => { t: number; v: number }[]) => {
    const all = lines.flatMap((_, s) => rows(s));
    const lo = Math.min(...all.map((p) => p.t));
    const hi = Math.max(...all.map((p) => p.t));
    for (const pixels of [2, 7, 50, 1000]) {
      const result = await readSeries(ws, pull, { x: 't', y: ['v'], seriesBy: 's', pixels, gapSeconds: 450 });
      if (!result.ok) throw new Error(result.error.message);
      lines.forEach((key, s) => {
        expect({ pixels, ...line(result.value.series, key, 'v') }).toEqual({
          pixels,
          key,
          column: 'v',
          ...m4WithBreaks(rows(s), pixels, lo, hi, 450),
        });
      });
    }
  };

  it('rows on a 5-minute grid: every break halfway, the first per bucket', async () => {
    await check(await seedPull(ws, select('0')), (s) => rowsOf(s, () => 0));
  });

  it('rows on the grid across 1970 (negative epoch seconds) give the same breaks', async () => {
    const t0 = Date.UTC(1969, 11, 31) / 1000;
    await check(await seedPull(ws, select('0', '', '1969-12-31')), (s) => rowsOf(s, () => 0, undefined, t0));
  });

  it('rows off the grid and rows repeated give the same breaks as computed from the rows', async () => {
    // Up to 40 s late: consecutive rows 260–340 s apart, and 600–680 s across a missing interval.
    await check(await seedPull(ws, select('(i * 13) % 41')), (s) => rowsOf(s, (i) => (i * 13) % 41));
    const repeated = await seedPull(ws, `${select('0')} UNION ALL ${select('0', 'AND i % 50 = 0')}`);
    await check(repeated, (s) =>
      rowsOf(
        s,
        () => 0,
        (i) => i % 50 === 0,
      ),
    );
  });
});
