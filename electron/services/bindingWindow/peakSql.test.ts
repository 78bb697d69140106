import type { DuckDBConnection } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { withMemoryDuckDB } from '../common/test-support/memoryDuckDB.js';
import { marketDayWindow, peakBucket } from '../../../shared/index.js';
import type { PeakFilter } from '../../../shared/index.js';
import { bucketSql, keptBuckets, marketZone } from './peakSql.js';

let conn: DuckDBConnection;
withMemoryDuckDB(async (c) => {
  conn = c;
  await conn.run("SET TimeZone = 'UTC'");
});

// Every 5-minute interval start of the market days `dates` in `zone`, bucketed by SQL and by peakBucket().
async function compare(market: string, zone: string, dates: string[]) {
  const starts: number[] = [];
  for (const d of dates) {
    const w = marketDayWindow(d, zone);
    for (let t = Date.parse(w.start); t < Date.parse(w.end); t += 300_000) starts.push(t);
  }
  starts.sort((a, b) => a - b);
  const window = { start: new Date(starts[0]!).toISOString(), end: new Date(starts.at(-1)!).toISOString() };
  const bucket = bucketSql('t', market, window);
  const reader = await conn.runAndReadAll(
    `SELECT epoch_ms(t) AS ms, ${bucket.sql} AS bucket
     FROM (SELECT make_timestamptz(unnest(CAST(CAST(? AS JSON) AS BIGINT[])) * 1000) AS t)
     ORDER BY ms`,
    [...bucket.params, JSON.stringify(starts)],
  );
  const sql = reader.getRowObjectsJson().map((r) => [Number(r.ms), String(r.bucket)]);
  return { sql, ts: starts.map((t) => [t, peakBucket(t, zone)]), count: starts.length };
}

describe('the peak bucket in SQL', () => {
  it('agrees with peakBucket() every 5 minutes of both DST days, a holiday and a weekend (Eastern)', async () => {
    // Spring forward (23 h), fall back (25 h), Labor Day, the Saturday after, and an ordinary Tuesday.
    const r = await compare('pjm', 'US/Eastern', ['2024-03-10', '2024-11-03', '2024-09-02', '2024-09-07', '2024-09-03']);
    expect(r.count).toBe((23 + 25 + 24 * 3) * 12);
    expect(r.sql).toEqual(r.ts);
  });

  it('agrees in Central time over its DST days and a Sunday holiday observed on Monday (Christmas 2022)', async () => {
    const r = await compare('ercot', 'US/Central', ['2022-03-13', '2022-11-06', '2022-12-25', '2022-12-26']);
    expect(r.sql).toEqual(r.ts);
    expect(r.ts.filter(([, b]) => b === 'on_peak')).toHaveLength(0); // Sunday, then the observed holiday
  });

  it('reads UTC for a market without a zone, and binds the holidays of every year the window touches, one year early', () => {
    expect(marketZone('nowhere')).toBe('UTC');
    const { params } = bucketSql('t', 'pjm', { start: '2024-01-01T00:00:00Z', end: '2024-01-02T00:00:00Z' });
    expect(params).toContain('2023-12-25');
    expect(params).toContain('2024-01-01');
    expect(params.filter((p) => /^\d{4}-\d{2}-\d{2}$/.test(p))).toHaveLength(12);
  });

  it('keeps the buckets of each filter, as inPeakFilter() says', () => {
    const kept = (f: PeakFilter) => JSON.parse(keptBuckets(f)) as string[];
    expect(kept('all')).toEqual(['on_peak', '2x16', '7x8']);
    expect(kept('off_peak')).toEqual(['2x16', '7x8']);
    expect(kept('on_peak')).toEqual(['on_peak']);
    expect(kept('7x8')).toEqual(['7x8']);
  });
});
