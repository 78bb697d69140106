import type { DuckDBConnection, DuckDBValue } from '@duckdb/node-api';
import { DISTANCE_CTES, bodies } from './sql.js';
import { MS_PER_HOUR } from './types.js';
import type { AllocationInput, AllocationResult } from './types.js';

/**
 * The allocation and lift of docs/overlap.md#allocation as one DuckDB query on a workspace connection: each binding
 * interval's cost split among the near outages active in it (outages on the same equipment share one part), the
 * remainder of intervals with no near outage "unexplained", and per (constraint, outage) the share of hours the
 * constraint bound while the outage was out against while it was not. It is a sweep, not an interval × outage join
 * (docs/overlap.md#how-it-is-computed).
 */

/** Least distance an inverse-distance weight divides by, km: an outage on the facility itself counts as 1 km away. */
export const MIN_WEIGHT_DISTANCE_KM = 1;

const hours = (a: string, b: string) => `(epoch_ms(${b}) - epoch_ms(${a})) / ${MS_PER_HOUR}.0`;
const WEIGHT = (km: string) =>
  `CASE WHEN $4 = 'inverse_distance' THEN 1.0 / greatest(${km}, ${MIN_WEIGHT_DISTANCE_KM}) ELSE 1.0::DOUBLE END`;
// Running sums per constraint along its instants' ranks x (below).
const RUNNING = 'OVER (PARTITION BY r.cid ORDER BY r.x)';

/** The sweep's SQL (`$1`–`$6`: constraints, outages, distance km, weighting, window start and end). */
export const ALLOCATION_SQL = `
WITH ${DISTANCE_CTES},
  -- The equipment a ticket takes out, as one key: tickets with the same key are one outage booked twice.
  spans AS (
    SELECT t.ticket AS ticket, CAST(t.current_interval_start_utc AS TIMESTAMPTZ) AS os,
           CAST(t.current_interval_end_utc AS TIMESTAMPTZ) AS oe,
           coalesce(nullif(array_to_string(list_sort(list_distinct(list_filter(
             list_transform(t.equipment, e -> e.equipment_name), n -> n IS NOT NULL AND n <> ''))), '|'), ''),
             '#' || CAST(t.ticket AS VARCHAR)) AS eq_key
    FROM tix),
  near0 AS (
    SELECT d.cid, row_number() OVER () AS j, s.ticket, d.distance_km, s.eq_key, s.os, s.oe,
           epoch_us(s.os) AS os_us, epoch_us(s.oe) AS oe_us, epoch_ms(s.os) AS os_ms, epoch_ms(s.oe) AS oe_ms,
           ${WEIGHT('d.distance_km')} AS w
    FROM dist d JOIN spans s ON s.ticket = d.ticket),
  shared AS (SELECT cid, eq_key FROM near0 GROUP BY cid, eq_key HAVING count(*) > 1),
  twice AS (SELECT ticket FROM spans GROUP BY ticket HAVING count(*) > 1),
  -- A near ticket alone on its equipment, once in the list, with a positive length, is swept; the others (few) are
  -- joined to the intervals one by one, as their equipment's share depends on which of them is out.
  near AS (
    SELECT n.*, coalesce(n.os < n.oe, false) AND sh.cid IS NULL AND tw.ticket IS NULL AS swept
    FROM near0 n LEFT JOIN shared sh ON sh.cid = n.cid AND sh.eq_key = n.eq_key LEFT JOIN twice tw ON tw.ticket = n.ticket),
  obs AS (
    SELECT cid, row_number() OVER () AS k, bs, be, epoch_us(bs) AS bs_us, epoch_us(be) AS be_us, epoch_ms(bs) AS bs_ms,
           epoch_ms(be) AS be_ms, h,
           CASE WHEN be < bs THEN error(format('A binding interval of {} ends before it starts: {} to {}.', cid, bs, be))
                ELSE abs(sp) * h END AS cost
    FROM (SELECT cid, bs, be, sp, ${hours('bs', 'be')} AS h
          FROM (SELECT c.constraint_gs_entity_id AS cid, CAST(b.interval_start_utc AS TIMESTAMPTZ) AS bs,
                       CAST(b.interval_end_utc AS TIMESTAMPTZ) AS be, b.shadow_price AS sp
                FROM (SELECT c, unnest(c.observations) AS b FROM cons)))),
  -- The sweep's timeline: a constraint's interval starts and ends in order (µs, as TIMESTAMPTZ compares), ranked
  -- x = 1, 2, …; x = 0 before them all. Hours are summed in whole ms, as epoch_ms gives them to the direct rule.
  inst AS (
    SELECT cid, t, row_number() OVER (PARTITION BY cid ORDER BY t) AS x
    FROM (SELECT cid, bs_us AS t FROM obs WHERE bs_us IS NOT NULL AND be_us IS NOT NULL
          UNION SELECT cid, be_us FROM obs WHERE bs_us IS NOT NULL AND be_us IS NOT NULL)),
  ranks AS (SELECT cid, t, x FROM inst UNION ALL SELECT DISTINCT cid, NULL, 0 FROM inst),
  -- Each interval [bs, be) as ranks [a, b).
  ix AS (SELECT o.*, a.x AS a, b.x AS b FROM obs o LEFT JOIN inst a ON a.cid = o.cid AND a.t = o.bs_us
         LEFT JOIN inst b ON b.cid = o.cid AND b.t = o.be_us WHERE a.x IS NOT NULL AND b.x IS NOT NULL),
  -- Each swept ticket's ends as ranks: le = instants ≤ t, lt = instants < t, for t = os (s) and oe (e).
  tx AS (
    SELECT n.*, coalesce(p.x, 0) AS sle, coalesce(p.x, 0) - coalesce((p.t = n.os_us)::INT, 0) AS slt,
           coalesce(q.x, 0) AS ele, coalesce(q.x, 0) - coalesce((q.t = n.oe_us)::INT, 0) AS elt
    FROM near n ASOF LEFT JOIN inst p ON p.cid = n.cid AND p.t <= n.os_us ASOF LEFT JOIN inst q ON q.cid = n.cid AND q.t <= n.oe_us
    WHERE n.swept),
  -- Swept tickets out in [bs, be) = [P(a), P(b)): those started before be (sle < b) less those ended by bs (elt < a).
  tcum AS (
    SELECT r.cid, r.x, sum(coalesce(hs.n, 0)) ${RUNNING} AS sn, sum(coalesce(hs.w, 0)) ${RUNNING} AS sw,
           sum(coalesce(he.n, 0)) ${RUNNING} AS en, sum(coalesce(he.w, 0)) ${RUNNING} AS ew
    FROM ranks r
    LEFT JOIN (SELECT cid, sle AS x, count(*) AS n, sum(w) AS w FROM tx GROUP BY ALL) hs ON hs.cid = r.cid AND hs.x = r.x
    LEFT JOIN (SELECT cid, elt AS x, count(*) AS n, sum(w) AS w FROM tx GROUP BY ALL) he ON he.cid = r.cid AND he.x = r.x),
  tcount AS (
    SELECT i.k, s.sn - e.en AS n, s.sw - e.ew AS s
    FROM ix i LEFT JOIN tcum s ON s.cid = i.cid AND s.x = i.b - 1 LEFT JOIN tcum e ON e.cid = i.cid AND e.x = i.a - 1),
  pact AS (
    SELECT o.cid, o.k, o.cost, o.bs, o.be, n.ticket, n.distance_km, n.eq_key, n.os, n.oe
    FROM near n JOIN obs o ON o.cid = n.cid AND n.os < o.be AND o.bs < n.oe WHERE NOT n.swept),
  pgrp AS (SELECT cid, k, eq_key, count(*) AS tickets, ${WEIGHT('min(distance_km)')} AS w FROM pact GROUP BY cid, k, eq_key),
  psum AS (SELECT k, count(*) AS n, sum(w) AS s FROM pgrp GROUP BY k),
  -- Each binding interval with n, the outages (equipment groups) out in it, s their Σ weight, q its cost per weight.
  ival AS (
    SELECT o.cid, o.k, o.bs_ms, o.be_ms, o.cost, o.h, n, s, CASE WHEN n > 0 THEN o.cost / s END AS q
    FROM (SELECT o.*, coalesce(c.n, 0) + coalesce(p.n, 0) AS n, coalesce(c.s, 0) + coalesce(p.s, 0) AS s
          FROM obs o LEFT JOIN tcount c ON c.k = o.k LEFT JOIN psum p ON p.k = o.k) o),
  -- A swept ticket [os, oe) overlaps the intervals started before oe (a ≤ elt) less those ended by os (b ≤ sle); its
  -- bound hours are bound(oe) − bound(os), bound(t) = Σ |[bs, be) ∩ (−∞, t)| = t × (started − ended) − Σ bs + Σ be.
  icum AS (
    SELECT r.cid, r.x, sum(coalesce(ha.q, 0)) ${RUNNING} AS aq, sum(coalesce(ha.c, 0)) ${RUNNING} AS ac,
           sum(coalesce(ha.n, 0)) ${RUNNING} AS an, sum(coalesce(ha.t, 0)) ${RUNNING} AS at,
           sum(coalesce(hb.q, 0)) ${RUNNING} AS bq, sum(coalesce(hb.c, 0)) ${RUNNING} AS bc,
           sum(coalesce(hb.n, 0)) ${RUNNING} AS bn, sum(coalesce(hb.t, 0)) ${RUNNING} AS bt
    FROM ranks r
    LEFT JOIN (SELECT i.cid, x.a AS x, sum(i.q) AS q, sum(i.cost) AS c, count(*) AS n, sum(i.bs_ms) AS t
               FROM ival i JOIN ix x ON x.k = i.k GROUP BY ALL) ha ON ha.cid = r.cid AND ha.x = r.x
    LEFT JOIN (SELECT i.cid, x.b AS x, sum(i.q) AS q, sum(i.cost) AS c, count(*) AS n, sum(i.be_ms) AS t
               FROM ival i JOIN ix x ON x.k = i.k GROUP BY ALL) hb ON hb.cid = r.cid AND hb.x = r.x),
  swept AS (
    SELECT t.j, t.w * (e1.aq - s0.bq) AS allocated, e1.an - s0.bn AS intervals, e1.ac - s0.bc AS while_out,
           ((t.oe_ms * (e1.an - e0.bn) - e1.at + e0.bt) - (t.os_ms * (s1.an - s0.bn) - s1.at + s0.bt)) AS bound_out_ms
    FROM tx t
    LEFT JOIN icum e1 ON e1.cid = t.cid AND e1.x = t.elt LEFT JOIN icum e0 ON e0.cid = t.cid AND e0.x = t.ele
    LEFT JOIN icum s1 ON s1.cid = t.cid AND s1.x = t.slt LEFT JOIN icum s0 ON s0.cid = t.cid AND s0.x = t.sle),
  alloc AS (
    SELECT n.cid, n.ticket, s.allocated, s.intervals, s.while_out, s.bound_out_ms / ${MS_PER_HOUR}.0 AS bound_out_h,
           n.os, n.oe, n.distance_km
    FROM swept s JOIN near n ON n.j = s.j WHERE s.intervals > 0
    UNION ALL
    SELECT a.cid, a.ticket, sum(a.cost * (g.w / i.s / g.tickets)), count(*), sum(a.cost),
           sum(epoch_ms(least(a.be, a.oe)) - epoch_ms(greatest(a.bs, a.os))) / ${MS_PER_HOUR}.0, any_value(a.os), any_value(a.oe),
           any_value(a.distance_km)
    FROM pact a JOIN pgrp g ON g.k = a.k AND g.eq_key = a.eq_key JOIN ival i ON i.k = a.k
    GROUP BY a.cid, a.ticket),
  totals AS (
    -- Bound hours from whole ms, as a ticket's bound hours while out are: a ticket out over all of them then leaves
    -- exactly 0 bound hours while not out (no lift), not a rounding residue.
    SELECT cid, sum(cost) AS cost, sum(be_ms - bs_ms) / ${MS_PER_HOUR}.0 AS bound_h,
           coalesce(sum(cost) FILTER (WHERE n = 0), 0) AS unexplained
    FROM ival GROUP BY cid),
  win AS (SELECT CAST($5 AS TIMESTAMPTZ) AS ws, CAST($6 AS TIMESTAMPTZ) AS we)
SELECT t.cid AS constraint_gs_entity_id, t.cost::DOUBLE AS cost, t.unexplained::DOUBLE AS unexplained,
       CAST(a.ticket AS DOUBLE) AS ticket, a.distance_km::DOUBLE AS distance_km, a.intervals::INTEGER AS intervals,
       a.while_out::DOUBLE AS while_out, a.allocated::DOUBLE AS allocated,
       (${hours('greatest(a.os, win.ws)', 'least(a.oe, win.we)')})::DOUBLE AS out_h, a.bound_out_h::DOUBLE AS bound_out_h,
       t.bound_h::DOUBLE AS bound_h, (${hours('win.ws', 'win.we')})::DOUBLE AS window_h
FROM totals t CROSS JOIN win LEFT JOIN alloc a ON a.cid = t.cid
ORDER BY t.cid, a.allocated DESC NULLS LAST, a.ticket`;

const ratio = (num: number, den: number): number | null => (den > 0 ? num / den : null);

/**
 * Per constraint of `input`: its cost in the window (Σ |shadow price| × hours over its binding intervals, $/MW), the
 * part no near outage was out for (`unexplained`), and per near outage out in at least one binding interval: its
 * congestion while out, its allocated cost and its lift (docs/overlap.md#allocation, docs/overlap.md#lift).
 * Σ allocated + unexplained = cost, up to floating-point rounding.
 * @throws what DuckDB throws: an unreadable time, or an interrupted read.
 */
export async function allocate(conn: DuckDBConnection, input: AllocationInput): Promise<AllocationResult[]> {
  // DuckDB runs an ASOF join as a nested loop when it expects few rows on the left, and it cannot tell how many rows
  // the JSON parameters hold: the sort-merge ASOF, always, on this connection while the query runs.
  await conn.run('SET SESSION asof_loop_join_threshold = 0');
  let rows: Record<string, DuckDBValue>[];
  try {
    // Every column is a DOUBLE, an INTEGER or text: DuckDB's own values are JS numbers and strings, without the JSON
    // conversion (a third of the time on 100,000 rows).
    const result = await conn.runAndReadAll(ALLOCATION_SQL, [
      ...bodies(input),
      input.distanceKm,
      input.weighting,
      input.window.start,
      input.window.end,
    ]);
    rows = result.getRowObjects();
  } finally {
    await conn.run('RESET SESSION asof_loop_join_threshold');
  }
  const byConstraint = new Map<string, AllocationResult>();
  for (const r of rows) {
    const id = String(r.constraint_gs_entity_id);
    const c = byConstraint.get(id) ?? {
      constraint_gs_entity_id: id,
      cost: Number(r.cost),
      unexplained: Number(r.unexplained),
      outages: [],
    };
    byConstraint.set(id, c);
    if (r.ticket === null) continue;
    const [outH, boundOut, bound, windowH] = [r.out_h, r.bound_out_h, r.bound_h, r.window_h].map(Number) as [
      number,
      number,
      number,
      number,
    ];
    const whileOut = ratio(boundOut, outH);
    const whileNot = ratio(bound - boundOut, windowH - outH);
    c.outages.push({
      ticket: Number(r.ticket),
      distance_km: Number(r.distance_km),
      overlapping_intervals: Number(r.intervals),
      congestion_cost: Number(r.while_out),
      allocated_cost: Number(r.allocated),
      bound_share_out: whileOut,
      bound_share_not_out: whileNot,
      lift: whileOut === null || whileNot === null || whileNot === 0 ? null : whileOut / whileNot,
    });
  }
  return [...byConstraint.values()];
}
