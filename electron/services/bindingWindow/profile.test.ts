import type { DuckDBConnection } from '@duckdb/node-api';
import { beforeEach, describe, expect, it } from 'vitest';
import { withMemoryDuckDB } from '../common/test-support/memoryDuckDB.js';
import { hourEnding, marketDayWindow, wallParts } from '../../../shared/index.js';
import { marketDaysOf, profileCells, profileDays, profileSummary } from './profile.js';
import type { WindowScope } from './queries.js';
import { WINDOW_TABLES, upgradeWindowTables } from './tables.js';

// The constraint profile's SQL on hand-made binding rows around both DST days of US/Eastern (PJM's market time).

const ZONE = 'US/Eastern';
const C = 'c-1';
let conn: DuckDBConnection;

withMemoryDuckDB(async (c) => {
  conn = c;
  for (const s of WINDOW_TABLES) await conn.run(s);
  await upgradeWindowTables(conn);
});
beforeEach(async () => conn.run('DELETE FROM binding_window_rows'));

interface Row {
  start: number;
  minutes: number;
  price: number;
  penalty?: number | null;
  contingency?: string;
}

async function insert(rows: Row[], constraintId = C): Promise<void> {
  for (const r of rows)
    await conn.run(
      `INSERT INTO binding_window_rows VALUES (1, make_timestamptz($1::BIGINT * 1000), make_timestamptz($2::BIGINT * 1000),
         $3, $4, 'LAKENELS-MIDDLESE', $5, $5, $6)`,
      [r.start, r.start + r.minutes * 60_000, r.price, constraintId, r.contingency ?? null, r.penalty ?? null],
    );
}

const scopeOf = (w: { start: string; end: string }): WindowScope => ({ windowId: 1, market: 'pjm', ...w, peak: 'all' });
const hoursOf = (w: { start: string; end: string }): number[] => {
  const out: number[] = [];
  for (let t = Date.parse(w.start); t < Date.parse(w.end); t += 3600_000) out.push(t);
  return out;
};

describe('hour-of-day binning in market time', () => {
  it('spring-forward day (2024-03-10): 23 hours, no HE03, each hour in the cell its start reads in market time', async () => {
    const w = marketDayWindow('2024-03-10', ZONE);
    const hours = hoursOf(w);
    expect(hours).toHaveLength(23);
    await insert(hours.map((start) => ({ start, minutes: 60, price: -10 })));
    const cells = await profileCells(conn, scopeOf(w), C);
    expect(cells.map((c) => c.hour_ending)).toEqual([1, 2, ...Array.from({ length: 21 }, (_, i) => i + 4)]);
    for (const c of cells) expect(c).toEqual({ weekday: 7, hour_ending: c.hour_ending, binding_hours: 1, window_hours: 1 });
    // The same binning as shared/time's hour ending, hour by hour.
    expect(cells.map((c) => c.hour_ending)).toEqual(hours.map((t) => hourEnding(t, ZONE).hour));
  });

  it('fall-back day (2024-11-03): 25 hours, the repeated 01:00 hour joins HE02, so HE02 holds two hours', async () => {
    const w = marketDayWindow('2024-11-03', ZONE);
    const hours = hoursOf(w);
    expect(hours).toHaveLength(25);
    // Five-minute intervals in the first and in the repeated 01:00 hour (05:30Z is 01:30 EDT, 06:30Z 01:30 EST), one
    // 5-minute interval at 23:55 EST, and nothing else.
    const first = Date.parse('2024-11-03T05:30:00Z');
    const second = Date.parse('2024-11-03T06:30:00Z');
    const late = Date.parse('2024-11-04T04:55:00Z');
    await insert([
      { start: first, minutes: 5, price: 30 },
      { start: second, minutes: 5, price: -60 },
      { start: second, minutes: 5, price: 12, contingency: 'k' },
      { start: late, minutes: 5, price: 6 },
    ]);
    const cells = await profileCells(conn, scopeOf(w), C);
    expect(cells).toHaveLength(24);
    expect(cells.find((c) => c.hour_ending === 2)).toEqual({
      weekday: 7,
      hour_ending: 2,
      binding_hours: 10 / 60,
      window_hours: 2,
    });
    expect(cells.find((c) => c.hour_ending === 24)).toMatchObject({ binding_hours: 5 / 60, window_hours: 1 });
    expect(cells.filter((c) => c.binding_hours > 0).map((c) => c.hour_ending)).toEqual([2, 24]);
    expect(cells.reduce((s, c) => s + c.window_hours, 0)).toBe(25);
    for (const t of [first, second]) expect(hourEnding(t, ZONE).hour).toBe(2);
  });

  it('weekdays are read in market time: 00:30 EDT Monday is 04:30Z, still Monday, not Sunday evening', async () => {
    const w = marketDayWindow('2024-09-02', ZONE); // a Monday
    const t = Date.parse('2024-09-02T04:30:00Z');
    expect(wallParts(t, ZONE).weekday).toBe(1);
    await insert([{ start: t, minutes: 5, price: 5 }]);
    const bound = (await profileCells(conn, scopeOf(w), C)).filter((c) => c.binding_hours > 0);
    expect(bound).toEqual([{ weekday: 1, hour_ending: 1, binding_hours: 5 / 60, window_hours: 1 }]);
  });
});

describe('the profile figures', () => {
  const w = { start: marketDayWindow('2024-11-03', ZONE).start, end: marketDayWindow('2024-11-04', ZONE).end };

  it('sums per market day (a day without binding counts zero) with the running cost', async () => {
    await insert([
      { start: Date.parse('2024-11-03T12:00:00Z'), minutes: 60, price: -20 },
      { start: Date.parse('2024-11-03T12:00:00Z'), minutes: 60, price: 5, contingency: 'k' },
    ]);
    expect(marketDaysOf(w.start, w.end, ZONE)).toEqual(['2024-11-03', '2024-11-04']);
    expect(await profileDays(conn, scopeOf(w), C)).toEqual([
      { market_date: '2024-11-03', binding_intervals: 1, binding_hours: 1, absolute_cost: 25, cumulative_cost: 25 },
      { market_date: '2024-11-04', binding_intervals: 0, binding_hours: 0, absolute_cost: 0, cumulative_cost: 25 },
    ]);
  });

  it('mean and peak |shadow price| per interval (its largest row), weighted by hours; the cost over every row', async () => {
    const t = Date.parse('2024-11-04T15:00:00Z');
    await insert([
      { start: t, minutes: 60, price: -20 },
      { start: t, minutes: 60, price: 50, contingency: 'k' },
      { start: t + 3600_000, minutes: 30, price: 10 },
    ]);
    const s = await profileSummary(conn, scopeOf(w), C);
    expect(s).toMatchObject({ binding_intervals: 2, binding_hours: 1.5, peak_abs_shadow_price: 50, absolute_cost: 75 });
    expect(s.mean_abs_shadow_price).toBeCloseTo((50 * 1 + 10 * 0.5) / 1.5, 9);
    expect(s.peak_interval_start_utc).toBe('2024-11-04T15:00:00Z');
    expect(s).toMatchObject({ penalty_factor_carried: false, intervals_at_penalty_cap: null });
  });

  it('counts the intervals where a row reached its penalty factor (to 0.05 $/MWh) when the rows carry one', async () => {
    const t = Date.parse('2024-11-04T15:00:00Z');
    await insert([
      { start: t, minutes: 5, price: -183.11, penalty: 183.1 },
      { start: t + 300_000, minutes: 5, price: 2000, penalty: 2000 },
      { start: t + 600_000, minutes: 5, price: 150, penalty: 2000 },
      // 0.06 under its factor: not at the cap; 0.04 under: at it.
      { start: t + 600_000, minutes: 5, price: -76.04, penalty: 76.1, contingency: 'k' },
      { start: t + 900_000, minutes: 5, price: -76.06, penalty: 76.1 },
    ]);
    const s = await profileSummary(conn, scopeOf(w), C);
    expect(s).toMatchObject({ penalty_factor_carried: true, intervals_at_penalty_cap: 3, binding_intervals: 4 });
  });

  it('answers zeros and nulls for a constraint that did not bind', async () => {
    await insert([{ start: Date.parse('2024-11-04T15:00:00Z'), minutes: 5, price: 9 }], 'other');
    expect(await profileSummary(conn, scopeOf(w), C)).toMatchObject({
      binding_intervals: 0,
      binding_hours: 0,
      mean_abs_shadow_price: null,
      peak_abs_shadow_price: null,
      absolute_cost: 0,
    });
  });
});
