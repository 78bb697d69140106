import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLogSink } from '../common/logger.js';
import { readSeries } from './downsample.js';
import { seedPull, tempWorkspace } from './test-support/helpers.js';
import { readValueCounts } from './values.js';
import type { Workspace } from './workspace.js';

/** Value counts of a pulled column (the chart's series picker) against counts computed here. */

let ws: Workspace;
let cleanup: () => Promise<void>;
let id: number;

// 100 rows: location LOC_<i mod 7>, NULL on every 10th row; lmp and an hourly time by row.
const location = (i: number): string | null => (i % 10 === 9 ? null : `LOC_${i % 7}`);

beforeAll(async () => {
  setLogSink(() => undefined);
  ({ ws, cleanup } = await tempWorkspace());
  id = await seedPull(
    ws,
    `SELECT CASE WHEN i % 10 = 9 THEN NULL ELSE 'LOC_' || (i % 7) END AS location, CAST(i AS DOUBLE) AS lmp,
       TIMESTAMPTZ '2024-01-01 00:00:00+00' + to_hours(CAST(i AS BIGINT)) AS interval_start_utc
     FROM range(100) t(i)`,
  );
});
afterAll(async () => {
  await cleanup();
  setLogSink();
});

describe('readValueCounts', () => {
  it('counts every value, NULL included, most frequent first with ties by value', async () => {
    const expected = new Map<string | null, number>();
    for (let i = 0; i < 100; i++) expected.set(location(i), (expected.get(location(i)) ?? 0) + 1);
    const r = await readValueCounts(ws, id, 'location');
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.truncated).toBe(false);
    expect(new Map(r.value.values.map((v) => [v.value, v.count]))).toEqual(expected);
    const sorted = [...expected].sort(([a, x], [b, y]) => y - x || (a === null ? 1 : b === null ? -1 : a.localeCompare(b)));
    expect(r.value.values).toEqual(sorted.map(([value, count]) => ({ value, count })));
  });

  it('ranks by the peak |value| of a number column when asked (the chart’s top lines), with each peak', async () => {
    const peaks = new Map<string | null, number>();
    for (let i = 0; i < 100; i++) peaks.set(location(i), Math.max(peaks.get(location(i)) ?? 0, i));
    const r = await readValueCounts(ws, id, 'location', 3, undefined, 'lmp');
    if (!r.ok) throw new Error(r.error.message);
    const expected = [...peaks].sort(([, a], [, b]) => b - a).slice(0, 3);
    expect(r.value.values.map((v) => [v.value, v.peak])).toEqual(expected);
    expect(r.value).toMatchObject({ rankBy: 'lmp', truncated: true });
    expect(await readValueCounts(ws, id, 'location', 3, undefined, 'location')).toMatchObject({
      ok: false,
      error: { code: 'validation', message: 'rankBy: location is not a number column.' },
    });
  });

  it('keeps the top `limit` and says when values were left out', async () => {
    const all = await readValueCounts(ws, id, 'location');
    const top = await readValueCounts(ws, id, 'location', 3);
    if (!all.ok || !top.ok) throw new Error('read failed');
    expect(top.value).toEqual({ pullId: id, column: 'location', values: all.value.values.slice(0, 3), truncated: true });
    const exact = await readValueCounts(ws, id, 'location', all.value.values.length);
    expect(exact.ok && exact.value.truncated).toBe(false);
  });

  it('gives values as the chart names its series, so a picked value selects its line', async () => {
    const counts = await readValueCounts(ws, id, 'location', 2);
    if (!counts.ok) throw new Error(counts.error.message);
    const picked = counts.value.values.map((v) => v.value!);
    const series = await readSeries(ws, id, {
      x: 'interval_start_utc',
      y: ['lmp'],
      seriesBy: 'location',
      seriesValues: picked,
      pixels: 1000,
    });
    if (!series.ok) throw new Error(series.error.message);
    expect(series.value.series.map((s) => s.key).sort()).toEqual([...picked].sort());
    expect(series.value.rows).toBe(counts.value.values.reduce((n, v) => n + v.count, 0));
  });

  it('refuses an unknown column, a bad limit and an unknown pull', async () => {
    expect(await readValueCounts(ws, id, 'price')).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(await readValueCounts(ws, id, 'location', 0)).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(await readValueCounts(ws, id, 'location', 1001)).toMatchObject({ ok: false, error: { code: 'validation' } });
    expect(await readValueCounts(ws, 999, 'location')).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });
});
