import { DISTANCE_CTES } from '../sql.js';
import { MS_PER_HOUR } from '../types.js';

/**
 * The allocation of docs/overlap.md#allocation written the direct way, for tests (not a test file): every binding
 * interval joined with every near outage out in it, then grouped. Same parameters and rows as the sweep of
 * allocation.ts (`ALLOCATION_SQL`), which must give the same numbers.
 */

const hours = (a: string, b: string) => `(epoch_ms(${b}) - epoch_ms(${a})) / ${MS_PER_HOUR}.0`;

export const PAIRWISE_ALLOCATION_SQL = `
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
           CASE WHEN $4 = 'inverse_distance' THEN 1.0 / greatest(min(distance_km), 1) ELSE 1.0 END AS w
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
