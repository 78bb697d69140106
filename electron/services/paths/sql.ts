import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import type { PathBuckets, PathSide } from '../../../shared/index.js';
import { bucketSql, marketZone } from '../bindingWindow/peakSql.js';
import { rowObjects } from '../workspace/sql.js';

/**
 * The path's congestion (docs/paths.md#formulas) as DuckDB SQL on a workspace read connection: the stored
 * binding rows of each side's window joined to the (constraint, contingency) pairs of both locations, whose shift
 * factors go in as one bound JSON list; one scan sums every row, market day and side total with GROUPING SETS.
 */

/** One location's shift factor on one (constraint, contingency) pair of one side, as /v1 answered it. */
export interface PairShiftFactor {
  side: PathSide;
  /** Which end of the path the location is. */
  role: 'source' | 'sink';
  constraint_gs_entity_id: string;
  contingency_gs_entity_id: string | null;
  contingency_name: string | null;
  shift_factor: number;
}

/** What the query reads: the market (zone of buckets and days), the window, each side's stored window id, the pairs. */
export interface PathScope {
  market: string;
  start: string;
  end: string;
  windows: { side: PathSide; windowId: number }[];
  pairs: readonly PairShiftFactor[];
  groupBy: 'constraint' | 'constraint_contingency';
}

/** One group of the scan: a row (constraint [and contingency]), a market day or a side's total, for one side ($/MW). */
export interface PathGroup {
  level: 'row' | 'day' | 'total';
  side: PathSide;
  constraint_gs_entity_id: string | null;
  constraint_name: string | null;
  contingency_gs_entity_id: string | null;
  contingency_name: string | null;
  market_date: string | null;
  cost: PathBuckets;
  /** Mean path shift factor of the row's pairs (rows only). */
  shift_factor: number | null;
}

const PAIR_TYPE = 'STRUCT(side VARCHAR, "role" VARCHAR, cid VARCHAR, kid VARCHAR, kname VARCHAR, sf DOUBLE)[]';
const WINDOW_TYPE = 'STRUCT(side VARCHAR, id INTEGER)[]';

// The five buckets' sums of `c`; off-peak is 2x16 + 7x8 (docs/market-time.md#peak-buckets).
const BUCKET_SUMS = `
  coalesce(sum(c), 0)::DOUBLE AS c_all,
  coalesce(sum(c) FILTER (WHERE bucket = 'on_peak'), 0)::DOUBLE AS c_on_peak,
  coalesce(sum(c) FILTER (WHERE bucket IN ('2x16', '7x8')), 0)::DOUBLE AS c_off_peak,
  coalesce(sum(c) FILTER (WHERE bucket = '2x16'), 0)::DOUBLE AS c_2x16,
  coalesce(sum(c) FILTER (WHERE bucket = '7x8'), 0)::DOUBLE AS c_7x8`;

const buckets = (r: Record<string, unknown>, prefix: string): PathBuckets => ({
  all: Number(r[`${prefix}all`]),
  on_peak: Number(r[`${prefix}on_peak`]),
  off_peak: Number(r[`${prefix}off_peak`]),
  '2x16': Number(r[`${prefix}2x16`]),
  '7x8': Number(r[`${prefix}7x8`]),
});

const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/**
 * Every path figure of `scope` in one query: per (side, row), per (side, market day) and per side, the Σ over binding
 * rows of |shadow price| × interval hours × (sink's − source's shift factor of the row's pair) in each bucket ($/MW).
 * A binding row joins the pair of its constraint and contingency; a constraint none of whose rows names a contingency
 * gives its rows to each of its pairs (the rule of docs/api.md#location-constraint-costs). Rows on no pair add nothing.
 * @throws what DuckDB throws (an interrupted read).
 */
export async function pathGroups(conn: DuckDBConnection, scope: PathScope): Promise<PathGroup[]> {
  const zone = marketZone(scope.market);
  const bucket = bucketSql('t0', scope.market, scope);
  const byPair = scope.groupBy === 'constraint_contingency';
  const params: DuckDBValue[] = [
    JSON.stringify(
      scope.pairs.map((p) => ({
        side: p.side,
        role: p.role,
        cid: p.constraint_gs_entity_id,
        kid: p.contingency_gs_entity_id,
        kname: p.contingency_name,
        sf: p.shift_factor,
      })),
    ),
    JSON.stringify(scope.windows.map((w) => ({ side: w.side, id: w.windowId }))),
    ...bucket.params,
    zone,
  ];
  const rowKey = byPair ? 'side, cid, pkid' : 'side, cid';
  const sql = `
  WITH
    raw AS (SELECT unnest(CAST(? AS JSON)::${PAIR_TYPE}, recursive := true)),
    -- Both ends on the union of their pairs: a pair one end lacks counts 0 there.
    pairs AS (
      SELECT side, cid, kid, any_value(kname) AS kname,
             coalesce(sum(sf) FILTER (WHERE "role" = 'sink'), 0) - coalesce(sum(sf) FILTER (WHERE "role" = 'source'), 0) AS psf
      FROM raw GROUP BY side, cid, kid),
    w AS (SELECT unnest(CAST(? AS JSON)::${WINDOW_TYPE}, recursive := true)),
    -- The bucket and market date once per distinct interval start, not per row: rows share their starts.
    starts AS (
      SELECT t0, ${bucket.sql} AS bucket, strftime(CAST(timezone(CAST(? AS VARCHAR), t0) AS DATE), '%Y-%m-%d') AS d
      FROM (SELECT DISTINCT b.interval_start_utc AS t0 FROM binding_window_rows b JOIN w ON b.window_id = w.id)),
    r AS (
      SELECT w.side, b.interval_start_utc AS t0, abs(b.shadow_price) AS a,
             coalesce(greatest(epoch(b.interval_end_utc) - epoch(b.interval_start_utc), 0), 0) / 3600.0 AS h,
             b.constraint_gs_entity_id AS cid, b.constraint_name AS cname, b.contingency_gs_entity_id AS kid
      FROM binding_window_rows b JOIN w ON b.window_id = w.id
      WHERE b.shadow_price IS NOT NULL),
    -- Constraints with a row naming a contingency: their unnamed rows go to the unnamed pair only.
    named AS (SELECT DISTINCT side, cid FROM r WHERE kid IS NOT NULL),
    j AS (
      SELECT r.side, s.bucket, r.cid, r.cname, p.kid AS pkid, p.kname AS pkname, p.psf, s.d, r.a * r.h * p.psf AS c
      FROM r JOIN starts s ON s.t0 = r.t0
      LEFT JOIN named n ON n.side = r.side AND n.cid = r.cid
      JOIN pairs p ON p.side = r.side AND p.cid = r.cid
        AND (p.kid IS NOT DISTINCT FROM r.kid OR (r.kid IS NULL AND p.kid IS NOT NULL AND n.cid IS NULL))),
    sfm AS (SELECT side, cid, ${byPair ? 'kid' : 'NULL'} AS kid, avg(psf)::DOUBLE AS sf FROM pairs GROUP BY ALL),
    grouped AS (
      SELECT CASE WHEN grouping(cid) = 0 THEN 'row' WHEN grouping(d) = 0 THEN 'day' ELSE 'total' END AS level,
             side, cid, any_value(cname) AS cname, ${byPair ? 'pkid' : 'NULL'} AS kid,
             ${byPair ? 'any_value(pkname)' : 'NULL'} AS kname, d, ${BUCKET_SUMS}
      FROM j GROUP BY GROUPING SETS ((${rowKey}), (side, d), (side)))
  SELECT g.*, s.sf FROM grouped g
  LEFT JOIN sfm s ON g.level = 'row' AND s.side = g.side AND s.cid = g.cid AND s.kid IS NOT DISTINCT FROM g.kid`;
  const rows = await rowObjects(conn, sql, params);
  return rows.map((r) => ({
    level: r.level as PathGroup['level'],
    side: r.side as PathSide,
    constraint_gs_entity_id: text(r.cid),
    constraint_name: text(r.cname),
    contingency_gs_entity_id: text(r.kid),
    contingency_name: text(r.kname),
    market_date: text(r.d),
    cost: buckets(r, 'c_'),
    shift_factor: r.sf === null || r.sf === undefined ? null : Number(r.sf),
  }));
}

/**
 * The window's hours in each bucket (h): the window cut in 5-minute steps from its start (the last one ends at the
 * window's end), each step in the bucket of its start, read in the market's zone.
 */
export async function bucketHours(
  conn: DuckDBConnection,
  scope: Pick<PathScope, 'market' | 'start' | 'end'>,
): Promise<PathBuckets> {
  const bucket = bucketSql('ts', scope.market, scope);
  const rows = await rowObjects(
    conn,
    `WITH steps AS (
       SELECT ${bucket.sql} AS bucket, epoch(least(ts + INTERVAL 5 MINUTE, CAST(? AS TIMESTAMPTZ))) - epoch(ts) AS c
       FROM range(CAST(? AS TIMESTAMPTZ), CAST(? AS TIMESTAMPTZ), INTERVAL 5 MINUTE) t(ts))
     SELECT ${BUCKET_SUMS} FROM steps`,
    [...bucket.params, scope.end, scope.start, scope.end],
  );
  // Seconds summed, then hours: whole hours stay whole.
  const seconds = buckets(rows[0]!, 'c_');
  return {
    all: seconds.all / 3600,
    on_peak: seconds.on_peak / 3600,
    off_peak: seconds.off_peak / 3600,
    '2x16': seconds['2x16'] / 3600,
    '7x8': seconds['7x8'] / 3600,
  };
}
