import type { DuckDBConnection } from '@duckdb/node-api';
import { WINDOW_TABLES } from '../../electron/services/bindingWindow/tables.js';
import type { OverlapConstraint, OverlapOutage } from '../../electron/services/overlap/types.js';

/**
 * SYNTHETIC data of `bench paths` (bench/README.md), seeded and deterministic: two stored binding windows (real-time
 * 5-minute and day-ahead hourly rows of `constraints` binding constraints, two contingencies each) with both ends'
 * shift factors on every pair, and for the allocation the top constraints with substations and observations and the
 * outage tickets — as JS inputs for the app and as plain tables for the bare SQL.
 */

export interface Sizes {
  constraints: number;
  rows: number;
  top: number;
  tickets: number;
  window: { start: string; end: string };
}

/** One (constraint, contingency) pair of a dataset and its shift factors at the two ends. */
export interface BenchPair {
  dataset: string;
  cid: string;
  cname: string;
  kid: string;
  kname: string;
  sf_source: number;
  sf_sink: number;
}

const ts = (iso: string) => `TIMESTAMPTZ '${iso.replace('T', ' ').replace('Z', '+00')}'`;

/** Writes the two windows (ids 1 = `bench_rt`, 2 = `bench_da`) and `bench_pairs`; returns the pairs for the fake /v1. */
export async function fillBindingWindows(conn: DuckDBConnection, n: Sizes): Promise<BenchPair[]> {
  for (const s of WINDOW_TABLES) await conn.run(s);
  const perConstraint = Math.max(1, Math.floor(n.rows / n.constraints));
  const steps = (Date.parse(n.window.end) - Date.parse(n.window.start)) / 300_000;
  for (const [id, dataset, minutes] of [
    [1, 'bench_rt', 5],
    [2, 'bench_da', 60],
  ] as const) {
    await conn.run(
      `INSERT INTO binding_windows VALUES (${id}, 'bench', '${dataset}', '${n.window.start}', '${n.window.end}', now(), ${n.constraints * perConstraint}, false, '[]')`,
    );
    // Each constraint binds in `perConstraint` intervals spread over the month, under one of its two contingencies.
    await conn.run(`
      INSERT INTO binding_window_rows
      SELECT ${id}, t0, t0 + INTERVAL ${minutes} MINUTE, -round(0.5 + (hash(i, j, 'p') % 100000) / 200.0, 2),
             'c' || i, 'C-' || i || ' 230 KV', 'k' || i || '-' || (j % 2), 'K-' || i || '-' || (j % 2), NULL
      FROM range(${n.constraints}) a(i), range(${perConstraint}) b(j),
           LATERAL (SELECT ${ts(n.window.start)} + to_minutes(${minutes} * ((hash(i, j) % ${Math.floor((steps * 5) / minutes)}))::BIGINT) AS t0)`);
  }
  await conn.run(`
    CREATE TABLE bench_pairs AS
    SELECT d.side, d.dataset, 'c' || i AS cid, 'C-' || i || ' 230 KV' AS cname, 'k' || i || '-' || k AS kid,
           'K-' || i || '-' || k AS kname,
           ((hash(i, k, d.side, 's') % 2001)::DOUBLE - 1000) / 1000 AS sf_source,
           ((hash(i, k, d.side, 't') % 2001)::DOUBLE - 1000) / 1000 AS sf_sink
    FROM range(${n.constraints}) a(i), range(2) b(k), (VALUES ('rt', 'bench_rt'), ('da', 'bench_da')) d(side, dataset)`);
  return (await conn.runAndReadAll('SELECT * FROM bench_pairs')).getRowObjectsJson() as unknown as BenchPair[];
}

/**
 * The path of `bench paths` as bare SQL over the tables: rows joined to their pair, Σ |shadow price| × hours × (sink −
 * source) per constraint, market day and side, in each bucket (PJM, Labor Day 2024 the window's one holiday).
 */
export const PATH_BARE_SQL = `
WITH r AS (
  SELECT CASE window_id WHEN 1 THEN 'rt' ELSE 'da' END AS side, abs(shadow_price) AS a,
         (epoch(interval_end_utc) - epoch(interval_start_utc)) / 3600.0 AS h, constraint_gs_entity_id AS cid,
         contingency_gs_entity_id AS kid, timezone('America/New_York', interval_start_utc) AS lt
  FROM binding_window_rows WHERE window_id IN (1, 2)),
j AS (
  SELECT r.side, r.cid, strftime(CAST(r.lt AS DATE), '%Y-%m-%d') AS d, r.a * r.h * (p.sf_sink - p.sf_source) AS c,
         CASE WHEN hour(r.lt) < 7 OR hour(r.lt) >= 23 THEN '7x8'
              WHEN isodow(r.lt) >= 6 OR CAST(r.lt AS DATE) = DATE '2024-09-02' THEN '2x16' ELSE 'on_peak' END AS bucket
  FROM r JOIN bench_pairs p ON p.side = r.side AND p.cid = r.cid AND p.kid = r.kid)
SELECT CASE WHEN grouping(cid) = 0 THEN 'row' WHEN grouping(d) = 0 THEN 'day' ELSE 'total' END AS level, side, cid, d,
       sum(c) AS c_all, sum(c) FILTER (WHERE bucket = 'on_peak') AS c_on, sum(c) FILTER (WHERE bucket <> 'on_peak') AS c_off,
       sum(c) FILTER (WHERE bucket = '2x16') AS c_2x16, sum(c) FILTER (WHERE bucket = '7x8') AS c_7x8
FROM j GROUP BY GROUPING SETS ((side, cid), (side, d), (side))`;

// A small seeded generator (mulberry32): the same inputs on every run and machine.
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The allocation inputs: `top` constraints in a PJM-sized box (each binding in ~300 5-minute intervals of the window)
 * and `tickets` one-piece outages in the same box, out 1 h to 5 days; equipment names repeat (overlapping tickets on
 * one piece of equipment). Also written as the tables `b_cons`, `b_obs`, `b_tix` for the bare SQL.
 */
export async function allocationTables(
  conn: DuckDBConnection,
  n: Sizes,
): Promise<{ constraints: OverlapConstraint[]; outages: OverlapOutage[] }> {
  const r = rng(20240901);
  const w0 = Date.parse(n.window.start);
  const span = Date.parse(n.window.end) - w0;
  const iso = (ms: number) => new Date(ms).toISOString();
  const point = () => ({ latitude: 38 + 3 * r(), longitude: -81 + 6 * r() });
  const constraints: OverlapConstraint[] = Array.from({ length: n.top }, (_, i) => {
    const start = point();
    const starts = new Set(Array.from({ length: 300 }, () => Math.floor((r() * span) / 300_000) * 300_000));
    return {
      constraint_gs_entity_id: `top-${i}`,
      constraint_name: `TOP ${i} 345 KV`,
      peak_abs_shadow_price: 0,
      start,
      end: { latitude: start.latitude + 0.2, longitude: start.longitude },
      observations: [...starts]
        .sort((a, b) => a - b)
        .map((s) => ({
          interval_start_utc: iso(w0 + s),
          interval_end_utc: iso(w0 + s + 300_000),
          shadow_price: -(1 + 500 * r() ** 3),
        })),
    };
  });
  const outages: OverlapOutage[] = Array.from({ length: n.tickets }, (_, i) => {
    const os = w0 + Math.floor(r() * span);
    const from = point();
    return {
      ticket: 9_500_000 + i,
      current_interval_start_utc: iso(os),
      current_interval_end_utc: iso(os + 3_600_000 * (1 + Math.floor(r() * 120))),
      equipment: [
        {
          from_substation: from,
          to_substation: { latitude: from.latitude + 0.05, longitude: from.longitude },
          equipment_name: `EQ ${i % Math.floor(n.tickets * 0.8)}`,
        },
      ],
    };
  });
  await conn.run(
    `CREATE TABLE b_cons AS SELECT c.constraint_gs_entity_id AS cid, p.latitude AS lat, p.longitude AS lon
     FROM (SELECT unnest(CAST(? AS JSON)::STRUCT(constraint_gs_entity_id VARCHAR, "start" STRUCT(latitude DOUBLE, longitude DOUBLE), "end" STRUCT(latitude DOUBLE, longitude DOUBLE))[]) AS c),
          LATERAL (SELECT unnest([c."start", c."end"]) AS p)`,
    [
      JSON.stringify(
        constraints.map((c) => ({ constraint_gs_entity_id: c.constraint_gs_entity_id, start: c.start, end: c.end })),
      ),
    ],
  );
  await conn.run(
    `CREATE TABLE b_obs AS SELECT cid, CAST(o.interval_start_utc AS TIMESTAMPTZ) AS bs, CAST(o.interval_end_utc AS TIMESTAMPTZ) AS be, o.shadow_price AS sp
     FROM (SELECT c.constraint_gs_entity_id AS cid, unnest(c.observations) AS o
           FROM (SELECT unnest(CAST(? AS JSON)::STRUCT(constraint_gs_entity_id VARCHAR, observations STRUCT(interval_start_utc VARCHAR, interval_end_utc VARCHAR, shadow_price DOUBLE)[])[]) AS c))`,
    [
      JSON.stringify(
        constraints.map((c) => ({ constraint_gs_entity_id: c.constraint_gs_entity_id, observations: c.observations })),
      ),
    ],
  );
  await conn.run(
    `CREATE TABLE b_tix AS SELECT t.ticket, CAST(t.current_interval_start_utc AS TIMESTAMPTZ) AS os, CAST(t.current_interval_end_utc AS TIMESTAMPTZ) AS oe,
            t.equipment[1].equipment_name AS eq_key, t.equipment[1].from_substation.latitude AS lat1, t.equipment[1].from_substation.longitude AS lon1,
            t.equipment[1].to_substation.latitude AS lat2, t.equipment[1].to_substation.longitude AS lon2
     FROM (SELECT unnest(CAST(? AS JSON)::STRUCT(ticket BIGINT, current_interval_start_utc VARCHAR, current_interval_end_utc VARCHAR,
           equipment STRUCT(from_substation STRUCT(latitude DOUBLE, longitude DOUBLE), to_substation STRUCT(latitude DOUBLE, longitude DOUBLE), equipment_name VARCHAR)[])[]) AS t)`,
    [JSON.stringify(outages)],
  );
  return { constraints, outages };
}

const HAV = (lat: string, lon: string) => `2 * 6371.0088 * asin(sqrt(least(1.0, pow(sin(radians(c.lat - ${lat}) / 2), 2)
  + cos(radians(${lat})) * cos(radians(c.lat)) * pow(sin(radians(c.lon - ${lon}) / 2), 2))))`;
// 50 km as degrees of latitude (with the app's slack), and the longitude half-width it allows at a latitude.
const BAND = `(50 / 6371.0088 * ${180 / Math.PI} * (1 + 1e-9) + 1e-9)`;
const LON_HALF = `degrees(2 * asin(sqrt(pow(sin(50 / (2 * 6371.0088)), 2) / (cos(radians(lat)) * cos(radians(abs(lat) + ${BAND}))))))
  * (1 + 1e-9) + 1e-9`;
const RUN = 'OVER (PARTITION BY r.cid ORDER BY r.x)';

/**
 * The allocation (equal shares, 50 km) as bare SQL over `b_cons`, `b_obs`, `b_tix`, the same algorithm as the app's
 * (docs/overlap.md#how-it-is-computed) written for these tables (every point located, every ticket of positive length
 * and once): near pairs through the latitude cells and longitude bound, the sweep over each constraint's ranked
 * instants, tickets sharing equipment joined one by one. One row per allocated pair: allocated cost, intervals,
 * congestion while out, bound hours while out, and the constraint's cost and unexplained part.
 */
export const ALLOCATION_BARE_SQL = `
WITH opts AS (SELECT ticket, lat1 AS lat, lon1 AS lon FROM b_tix UNION ALL SELECT ticket, lat2, lon2 FROM b_tix),
cb AS (SELECT cid, lat, lon, ${LON_HALF} AS lon_half,
              unnest(range(floor((lat - ${BAND}) / ${BAND})::BIGINT, floor((lat + ${BAND}) / ${BAND})::BIGINT + 1)) AS cell
       FROM b_cons),
near AS (
  SELECT cid, ticket, min(km) AS km
  FROM (SELECT c.cid, o.ticket, ${HAV('o.lat', 'o.lon')} AS km
        FROM cb c JOIN (SELECT *, floor(lat / ${BAND})::BIGINT AS cell FROM opts) o ON o.cell = c.cell
        WHERE abs(o.lat - c.lat) <= ${BAND} AND abs(o.lon - c.lon) <= c.lon_half)
  WHERE km <= 50 GROUP BY ALL),
n AS (SELECT n.cid, row_number() OVER () AS j, t.ticket, t.eq_key, epoch_ms(t.os) AS os, epoch_ms(t.oe) AS oe,
             count(*) OVER (PARTITION BY n.cid, t.eq_key) = 1 AS swept
      FROM near n JOIN b_tix t ON t.ticket = n.ticket),
o AS (SELECT cid, row_number() OVER () AS k, epoch_ms(bs) AS bs, epoch_ms(be) AS be,
             abs(sp) * (epoch_ms(be) - epoch_ms(bs)) / 3600000.0 AS cost FROM b_obs),
inst AS (SELECT cid, t, row_number() OVER (PARTITION BY cid ORDER BY t) AS x
         FROM (SELECT cid, bs AS t FROM o UNION SELECT cid, be FROM o)),
ranks AS (SELECT cid, x FROM inst UNION ALL SELECT DISTINCT cid, 0 FROM inst),
ix AS (SELECT o.*, a.x AS a, b.x AS b FROM o LEFT JOIN inst a ON a.cid = o.cid AND a.t = o.bs
       LEFT JOIN inst b ON b.cid = o.cid AND b.t = o.be),
tx AS (SELECT n.*, coalesce(p.x, 0) AS sle, coalesce(p.x, 0) - coalesce((p.t = n.os)::INT, 0) AS slt,
              coalesce(q.x, 0) AS ele, coalesce(q.x, 0) - coalesce((q.t = n.oe)::INT, 0) AS elt
       FROM n ASOF LEFT JOIN inst p ON p.cid = n.cid AND p.t <= n.os ASOF LEFT JOIN inst q ON q.cid = n.cid AND q.t <= n.oe
       WHERE swept),
tcum AS (SELECT r.cid, r.x, sum(coalesce(hs.n, 0)) ${RUN} AS sn, sum(coalesce(he.n, 0)) ${RUN} AS en FROM ranks r
         LEFT JOIN (SELECT cid, sle AS x, count(*) AS n FROM tx GROUP BY ALL) hs ON hs.cid = r.cid AND hs.x = r.x
         LEFT JOIN (SELECT cid, elt AS x, count(*) AS n FROM tx GROUP BY ALL) he ON he.cid = r.cid AND he.x = r.x),
pact AS (SELECT o.cid, o.k, o.cost, o.bs, o.be, n.ticket, n.eq_key, n.os, n.oe
         FROM n JOIN o ON o.cid = n.cid AND n.os < o.be AND o.bs < n.oe WHERE NOT n.swept),
pgrp AS (SELECT k, eq_key, count(*) AS tickets FROM pact GROUP BY ALL),
psum AS (SELECT k, count(*) AS n FROM pgrp GROUP BY k),
iv AS (SELECT ix.*, s.sn - e.en + coalesce(p.n, 0) AS n FROM ix
       LEFT JOIN tcum s ON s.cid = ix.cid AND s.x = ix.b - 1 LEFT JOIN tcum e ON e.cid = ix.cid AND e.x = ix.a - 1
       LEFT JOIN psum p ON p.k = ix.k),
icum AS (
  SELECT r.cid, r.x, sum(coalesce(ha.q, 0)) ${RUN} AS aq, sum(coalesce(ha.c, 0)) ${RUN} AS ac, sum(coalesce(ha.n, 0)) ${RUN} AS an,
         sum(coalesce(ha.t, 0)) ${RUN} AS at, sum(coalesce(hb.q, 0)) ${RUN} AS bq, sum(coalesce(hb.c, 0)) ${RUN} AS bc,
         sum(coalesce(hb.n, 0)) ${RUN} AS bn, sum(coalesce(hb.t, 0)) ${RUN} AS bt
  FROM ranks r
  LEFT JOIN (SELECT cid, a AS x, sum(CASE WHEN n > 0 THEN cost / n END) AS q, sum(cost) AS c, count(*) AS n, sum(bs) AS t FROM iv GROUP BY ALL) ha
    ON ha.cid = r.cid AND ha.x = r.x
  LEFT JOIN (SELECT cid, b AS x, sum(CASE WHEN n > 0 THEN cost / n END) AS q, sum(cost) AS c, count(*) AS n, sum(be) AS t FROM iv GROUP BY ALL) hb
    ON hb.cid = r.cid AND hb.x = r.x),
pairs AS (
  SELECT t.cid, t.ticket, e1.aq - s0.bq AS allocated, e1.an - s0.bn AS intervals, e1.ac - s0.bc AS while_out,
         ((t.oe * (e1.an - e0.bn) - e1.at + e0.bt) - (t.os * (s1.an - s0.bn) - s1.at + s0.bt)) / 3600000.0 AS bound_out_h
  FROM tx t LEFT JOIN icum e1 ON e1.cid = t.cid AND e1.x = t.elt LEFT JOIN icum e0 ON e0.cid = t.cid AND e0.x = t.ele
  LEFT JOIN icum s1 ON s1.cid = t.cid AND s1.x = t.slt LEFT JOIN icum s0 ON s0.cid = t.cid AND s0.x = t.sle
  WHERE e1.an - s0.bn > 0
  UNION ALL
  SELECT a.cid, a.ticket, sum(a.cost / i.n / g.tickets), count(*), sum(a.cost),
         sum((least(a.be, a.oe) - greatest(a.bs, a.os)) / 3600000.0)
  FROM pact a JOIN pgrp g ON g.k = a.k AND g.eq_key = a.eq_key JOIN iv i ON i.k = a.k GROUP BY a.cid, a.ticket),
totals AS (SELECT cid, sum(cost) AS cost, coalesce(sum(cost) FILTER (WHERE n = 0), 0) AS unexplained FROM iv GROUP BY cid)
SELECT p.*, t.cost, t.unexplained FROM pairs p JOIN totals t ON t.cid = p.cid`;
