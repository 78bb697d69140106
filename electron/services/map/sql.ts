import type { DuckDBConnection } from '@duckdb/node-api';
import type { BindingConstraintWithLocations, OutageTicket } from '../../../shared/index.js';

/**
 * The map's features as DuckDB queries on a workspace connection (docs/map.md#the-data-path): the /v1 bodies go in as
 * one bound JSON parameter (cast to a typed STRUCT list, so no table is written) and come out as columns, times in
 * epoch ms. Run merging, peaks and costs happen in SQL.
 */

/** Columns by name, one value per row: numbers, strings, booleans or null. */
export type Columns = Record<string, unknown[]>;

const POINT = 'STRUCT(latitude DOUBLE, longitude DOUBLE, name VARCHAR)';
const CONSTRAINTS_TYPE = `STRUCT(constraint_gs_entity_id VARCHAR, constraint_name VARCHAR, peak_abs_shadow_price DOUBLE,
  "start" ${POINT}, "end" ${POINT}, observations STRUCT(interval_start_utc VARCHAR, interval_end_utc VARCHAR, shadow_price DOUBLE)[])[]`;
const TICKETS_TYPE = `STRUCT(ticket BIGINT, status VARCHAR, outage_type VARCHAR, is_synthetic BOOLEAN,
  current_interval_start_utc VARCHAR, current_interval_end_utc VARCHAR,
  equipment STRUCT(equipment_name VARCHAR, equipment_type VARCHAR, voltage DOUBLE, zone VARCHAR,
    from_substation ${POINT}, to_substation ${POINT})[])[]`;

const ms = (text: string) => `epoch_ms(CAST(${text} AS TIMESTAMPTZ))::DOUBLE`;

// Runs: sorted by start, an interval starting at or before the latest end so far extends the run (intervals back to
// back make one run; docs/map.md#drawing). A missing end substation takes the other's point.
const RUNS_SQL = `
WITH
  cons AS (SELECT unnest(CAST($1 AS JSON)::${CONSTRAINTS_TYPE}) AS c),
  obs AS (
    SELECT c.constraint_gs_entity_id AS cid, ${ms('o.interval_start_utc')} AS s, ${ms('o.interval_end_utc')} AS e,
           abs(o.shadow_price) AS p
    FROM (SELECT c, unnest(c.observations) AS o FROM cons)),
  reach AS (
    SELECT *, max(e) OVER (PARTITION BY cid ORDER BY s, e ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS before FROM obs
    WHERE e > s),
  numbered AS (
    SELECT *, sum(CASE WHEN before IS NULL OR s > before THEN 1 ELSE 0 END)
                OVER (PARTITION BY cid ORDER BY s, e ROWS UNBOUNDED PRECEDING) AS run
    FROM reach),
  runs AS (
    SELECT cid, run, min(s) AS s, max(e) AS e, max(p) AS peak, sum(p * (e - s) / 3600000.0) AS cost, count(*)::INTEGER AS n
    FROM numbered GROUP BY cid, run),
  info AS (
    SELECT DISTINCT ON (c.constraint_gs_entity_id) c.constraint_gs_entity_id AS cid, c.constraint_name AS name,
           c.peak_abs_shadow_price AS cpeak, c."start" AS a, c."end" AS b
    FROM cons)
SELECT r.cid AS constraint_gs_entity_id, i.name AS constraint_name, r.s AS start_ms, r.e AS end_ms,
       r.peak AS peak_abs_shadow_price, i.cpeak AS constraint_peak_abs_shadow_price, r.cost, r.n AS interval_count,
       i.a.name AS start_name, i.b.name AS end_name,
       coalesce(i.a, i.b).longitude AS start_lon, coalesce(i.a, i.b).latitude AS start_lat,
       coalesce(i.b, i.a).longitude AS end_lon, coalesce(i.b, i.a).latitude AS end_lat
FROM runs r JOIN info i ON i.cid = r.cid
ORDER BY i.cpeak DESC, r.cid, r.s`;

const EQUIPMENT_SQL = `
WITH
  tix AS (SELECT unnest(CAST($1 AS JSON)::${TICKETS_TYPE}) AS t),
  eq AS (SELECT t, unnest(t.equipment) AS q, generate_subscripts(t.equipment, 1) AS seq FROM tix)
SELECT CAST(t.ticket AS INTEGER) AS ticket, t.outage_type, t.status, t.is_synthetic, q.equipment_name, q.equipment_type,
       q.voltage, q.zone, ${ms('t.current_interval_start_utc')} AS start_ms, ${ms('t.current_interval_end_utc')} AS end_ms,
       q.from_substation.name AS from_name, q.to_substation.name AS to_name,
       coalesce(q.from_substation, q.to_substation).longitude AS from_lon,
       coalesce(q.from_substation, q.to_substation).latitude AS from_lat,
       coalesce(q.to_substation, q.from_substation).longitude AS to_lon,
       coalesce(q.to_substation, q.from_substation).latitude AS to_lat
FROM eq
ORDER BY start_ms, t.ticket, seq`;

async function columns(conn: DuckDBConnection, sql: string, json: string): Promise<Columns> {
  return (await conn.runAndReadAll(sql, [json])).getColumnsObjectJS() as Columns;
}

/**
 * One row per binding run of `constraints` (contiguous observations merged), ranked by the constraint's peak |shadow
 * price|: id, name, `start_ms`/`end_ms`, the run's peak, the constraint's peak, cost (Σ |shadow price| × hours, $/MW),
 * interval count and both substations. A constraint without observations has no row.
 * @throws what DuckDB throws (an unreadable time, an interrupted read).
 */
export function runColumns(conn: DuckDBConnection, constraints: readonly BindingConstraintWithLocations[]): Promise<Columns> {
  const json = JSON.stringify(
    constraints.map((c) => ({
      constraint_gs_entity_id: c.constraint_gs_entity_id,
      constraint_name: c.constraint_name,
      peak_abs_shadow_price: c.peak_abs_shadow_price,
      start: c.start,
      end: c.end,
      observations: c.observations.map((o) => ({
        interval_start_utc: o.interval_start_utc,
        interval_end_utc: o.interval_end_utc,
        shadow_price: o.shadow_price,
      })),
    })),
  );
  return columns(conn, RUNS_SQL, json);
}

/**
 * One row per piece of equipment of `tickets`, in order of the ticket's start, then ticket, then the ticket's own
 * order: ticket fields, the equipment's, the ticket's current interval (`start_ms`/`end_ms`) and both substations.
 * @throws as {@link runColumns}.
 */
export function equipmentColumns(conn: DuckDBConnection, tickets: readonly OutageTicket[]): Promise<Columns> {
  const json = JSON.stringify(
    tickets.map((t) => ({
      ticket: t.ticket,
      status: t.status,
      outage_type: t.outage_type,
      is_synthetic: t.is_synthetic,
      current_interval_start_utc: t.current_interval_start_utc,
      current_interval_end_utc: t.current_interval_end_utc,
      equipment: t.equipment.map((e) => ({
        equipment_name: e.equipment_name,
        equipment_type: e.equipment_type,
        voltage: e.voltage,
        zone: e.zone,
        from_substation: e.from_substation,
        to_substation: e.to_substation,
      })),
    })),
  );
  return columns(conn, EQUIPMENT_SQL, json);
}
