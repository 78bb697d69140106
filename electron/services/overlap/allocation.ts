import type { DuckDBConnection } from '@duckdb/node-api';
import { rowObjects } from '../workspace/sql.js';
import { DISTANCE_CTES, bodies } from './sql.js';
import { MS_PER_HOUR } from './types.js';
import type { AllocationInput, AllocationResult } from './types.js';

/**
 * The allocation and lift of docs/overlap.md#allocation as one DuckDB query on a workspace connection: each binding
 * interval's cost split among the near outages active in it (outages on the same equipment share one part), the
 * remainder of intervals with no near outage "unexplained", and per (constraint, outage) the share of hours the
 * constraint bound while the outage was out against while it was not.
 */

/** Least distance an inverse-distance weight divides by, km: an outage on the facility itself counts as 1 km away. */
export const MIN_WEIGHT_DISTANCE_KM = 1;

const hours = (a: string, b: string) => `(epoch_ms(${b}) - epoch_ms(${a})) / ${MS_PER_HOUR}.0`;

const SQL = `
WITH ${DISTANCE_CTES},
  near AS (SELECT cid, ticket, distance_km FROM dist WHERE distance_km <= $3),
  -- The equipment a ticket takes out, as one key: tickets with the same key are one outage booked twice.
  spans AS (
    SELECT t.ticket AS ticket, CAST(t.current_interval_start_utc AS TIMESTAMPTZ) AS os,
           CAST(t.current_interval_end_utc AS TIMESTAMPTZ) AS oe,
           coalesce(nullif(array_to_string(list_sort(list_distinct(list_filter(
             list_transform(t.equipment, e -> e.equipment_name), n -> n IS NOT NULL AND n <> ''))), '|'), ''),
             '#' || CAST(t.ticket AS VARCHAR)) AS eq_key
    FROM tix),
  obs AS (
    SELECT cid, bs, be, abs(sp) * ${hours('bs', 'be')} AS cost, ${hours('bs', 'be')} AS h
    FROM (SELECT c.constraint_gs_entity_id AS cid, CAST(b.interval_start_utc AS TIMESTAMPTZ) AS bs,
                 CAST(b.interval_end_utc AS TIMESTAMPTZ) AS be, b.shadow_price AS sp
          FROM (SELECT c, unnest(c.observations) AS b FROM cons))),
  -- Each binding interval with each near outage out in it (half-open overlap).
  act AS (
    SELECT o.cid, o.bs, o.be, o.cost, n.ticket, n.distance_km, s.eq_key, s.os, s.oe
    FROM obs o JOIN near n ON n.cid = o.cid JOIN spans s ON s.ticket = n.ticket AND s.os < o.be AND o.bs < s.oe),
  grp AS (
    SELECT cid, bs, eq_key, count(*) AS tickets,
           CASE WHEN $4 = 'inverse_distance' THEN 1.0 / greatest(min(distance_km), ${MIN_WEIGHT_DISTANCE_KM}) ELSE 1.0 END AS w
    FROM act GROUP BY cid, bs, eq_key),
  shares AS (SELECT cid, bs, eq_key, w / sum(w) OVER (PARTITION BY cid, bs) / tickets AS share FROM grp),
  alloc AS (
    SELECT a.cid, a.ticket, sum(a.cost * s.share) AS allocated, count(*) AS intervals, sum(a.cost) AS while_out,
           sum(${hours('greatest(a.bs, a.os)', 'least(a.be, a.oe)')}) AS bound_out_h,
           any_value(a.os) AS os, any_value(a.oe) AS oe, any_value(a.distance_km) AS distance_km
    FROM act a JOIN shares s ON s.cid = a.cid AND s.bs = a.bs AND s.eq_key = a.eq_key
    GROUP BY a.cid, a.ticket),
  explained AS (SELECT DISTINCT cid, bs FROM act),
  totals AS (
    SELECT o.cid, sum(o.cost) AS cost, sum(o.h) AS bound_h, coalesce(sum(o.cost) FILTER (WHERE e.bs IS NULL), 0) AS unexplained
    FROM obs o LEFT JOIN explained e ON e.cid = o.cid AND e.bs = o.bs GROUP BY o.cid),
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
  const rows = await rowObjects(conn, SQL, [
    ...bodies(input),
    input.distanceKm,
    input.weighting,
    input.window.start,
    input.window.end,
  ]);
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
