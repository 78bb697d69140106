import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inPeakFilter, peakBucket } from '../../../shared/time/peak.js';
import type { PeakView } from '../../../shared/index.js';
import { setLogSink } from '../common/logger.js';
import { readSeries } from './downsample.js';
import { exportPull } from './export.js';
import { readRows } from './page.js';
import { seedPull, tempWorkspace } from './test-support/helpers.js';
import type { Workspace } from './workspace.js';

/** The peak filter of the results table, in SQL: the same buckets as shared/time/peak.ts, hour by hour. */

let ws: Workspace;
let dir: string;
let cleanup: () => Promise<void>;
let hourly: number;
let naive: number;

const HOURS = 3 * 366 * 24;
const FIRST = Date.parse('2021-12-20T00:00:00Z');

beforeAll(async () => {
  setLogSink(() => undefined);
  ({ ws, dir, cleanup } = await tempWorkspace());
  // Every hour from 2021-12-20 over three years: three New Year's Days, a Sunday Christmas (2022), two DST changes a year.
  hourly = await seedPull(
    ws,
    `SELECT TIMESTAMPTZ '2021-12-20 00:00:00+00' + to_hours(range) AS interval_start_utc, range AS n FROM range(${HOURS})`,
  );
  naive = await seedPull(ws, `SELECT TIMESTAMP '2024-09-02 00:00:00' + to_hours(range) AS t, range AS n FROM range(48)`);
});
afterAll(() => cleanup());

const peak = (bucket: PeakView['bucket'], zone = 'US/Eastern', column = 'interval_start_utc'): PeakView => ({
  column,
  bucket,
  zone,
});

async function kept(bucket: PeakView['bucket'], zone: string): Promise<number[]> {
  const page = await readRows(ws, hourly, { limit: 10_000, peak: peak(bucket, zone) });
  if (!page.ok) throw new Error(page.error.message);
  const rows = page.value.rows.map((r) => Number(r[1]));
  for (let offset = 10_000; offset < page.value.totalRows; offset += 10_000) {
    const next = await readRows(ws, hourly, { offset, limit: 10_000, peak: peak(bucket, zone) });
    if (!next.ok) throw new Error(next.error.message);
    rows.push(...next.value.rows.map((r) => Number(r[1])));
  }
  return rows;
}

const expected = (bucket: PeakView['bucket'], zone: string): number[] =>
  Array.from({ length: HOURS }, (_, n) => n).filter((n) => inPeakFilter(peakBucket(FIRST + n * 3600_000, zone), bucket));

describe('the peak filter of a table view', () => {
  it.each([
    ['on_peak', 'US/Eastern'],
    ['off_peak', 'US/Eastern'],
    ['2x16', 'US/Central'],
    ['7x8', 'US/Pacific'],
  ] as const)('keeps exactly the %s hours of %s that peakBucket() puts there', async (bucket, zone) => {
    const rows = await kept(bucket, zone);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows).toEqual(expected(bucket, zone));
  });

  it('adds to the column filters, and counts what it keeps', async () => {
    const page = await readRows(ws, hourly, {
      limit: 1,
      filters: [{ column: 'n', op: '<', value: 24 * 7 }],
      peak: peak('on_peak'),
    });
    // 2021-12-20 … 26 (EST): Monday–Friday 16 hours each; Christmas falls on a Saturday, so no weekday is a holiday.
    expect(page).toMatchObject({ ok: true, value: { totalRows: 5 * 16 } });
  });

  it('reads a naive TIMESTAMP as UTC', async () => {
    const page = await readRows(ws, naive, { limit: 100, peak: peak('on_peak', 'US/Eastern', 't') });
    // 2024-09-02 is Labor Day (a NERC holiday): only Tuesday 07:00–23:00 EDT = 11:00Z Sep 3 … 02:00Z Sep 4 stays.
    expect(page.ok && page.value.rows.map((r) => r[0])).toEqual(
      Array.from({ length: 13 }, (_, h) => `2024-09-03T${String(11 + h).padStart(2, '0')}:00:00`),
    );
  });

  it('applies to the chart and to exports', async () => {
    const series = await readSeries(ws, hourly, { x: 'interval_start_utc', y: ['n'], pixels: 100, peak: peak('7x8') });
    expect(series.ok && series.value.rows).toBe(expected('7x8', 'US/Eastern').length);
    const path = join(dir, 'peak.csv');
    const written = await exportPull(ws, hourly, { format: 'csv', path, peak: peak('2x16'), columns: ['n'] });
    expect(written).toMatchObject({ ok: true, value: { rows: expected('2x16', 'US/Eastern').length } });
    const lines = (await readFile(path, 'utf8')).trim().split('\n').slice(1).map(Number);
    expect(lines).toEqual(expected('2x16', 'US/Eastern'));
  });

  it('refuses a column that is not a date-time, or unknown', async () => {
    expect(await readRows(ws, hourly, { peak: peak('on_peak', 'US/Eastern', 'n') })).toMatchObject({
      ok: false,
      error: { code: 'validation', message: 'Peak filter: n is not a date-time column.' },
    });
    expect(await readRows(ws, hourly, { peak: peak('on_peak', 'US/Eastern', 'nope') })).toMatchObject({
      ok: false,
      error: { code: 'validation' },
    });
  });
});
