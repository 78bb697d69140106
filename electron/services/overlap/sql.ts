import type { DuckDBConnection } from '@duckdb/node-api';
import { rowObjects } from '../workspace/sql.js';
import { EARTH_RADIUS_KM, MS_PER_HOUR } from './types.js';
import type { OverlapInput, OverlapPair, OverlapRanking } from './types.js';

/**
 * The overlap rules of docs/overlap.md as one DuckDB query on a workspace connection. The /v1
 * bodies go in as two bound JSON parameters (cast to typed STRUCT lists, so no table is written);
 * distance, interval overlap, congestion cost and ranking all happen in SQL.
 */

const POINT = 'STRUCT(latitude DOUBLE, longitude DOUBLE)';
const CONSTRAINTS_TYPE = `STRUCT(constraint_gs_entity_id VARCHAR, constraint_name VARCHAR, peak_abs_shadow_price DOUBLE,
  "start" ${POINT}, "end" ${POINT},
  observations STRUCT(interval_start_utc VARCHAR, interval_end_utc VARCHAR, shadow_price DOUBLE)[])[]`;
const OUTAGES_TYPE = `STRUCT(ticket BIGINT, current_interval_start_utc VARCHAR, current_interval_end_utc VARCHAR,
  equipment STRUCT(from_substation ${POINT}, to_substation ${POINT}, equipment_name VARCHAR)[])[]`;

// Haversine from an outage endpoint (olat, olon) to a constraint substation (lat, lon), the same arithmetic as reference.ts.
const HAVERSINE = `2 * ${EARTH_RADIUS_KM} * asin(sqrt(least(1.0,
    pow(sin(radians(lat - olat) / 2), 2)
  + cos(radians(olat)) * cos(radians(lat)) * pow(sin(radians(lon - olon) / 2), 2))))`;

// Fixed texts chosen by the ranking, never built from caller input. The last keys only make the order total.
const ORDER: Record<OverlapRanking, string> = {
  outages: 'congestion_cost DESC, overlapping_intervals DESC, distance_km ASC, ticket ASC, constraint_gs_entity_id ASC',
  constraints: 'congestion_cost DESC, distance_km ASC, constraint_name ASC, constraint_gs_entity_id ASC, ticket ASC',
};

// A cheap test before the haversine that keeps every pair within $3 km (with room for rounding), for points of valid
// latitude: hav(d/R) = hav(Δφ) + cos φ₁ cos φ₂ hav(Δλ), so d ≥ R·|Δφ| (a latitude band, joined by cells of its height),
// and, with cos φ₂ ≥ cos(|φ₁| + band) in the band, |Δλ| ≤ 2 asin √(hav(d/R) / (cos φ₁ cos(|φ₁| + band))) when that is < 1.
const SLACK = (x: string) => `(${x} * (1 + 1e-9) + 1e-9)`;
const BAND = SLACK(`$3 / ${EARTH_RADIUS_KM} * ${180 / Math.PI}`);
const CELL = `greatest(${BAND}, 0.01)`;
const HAV_D = `pow(sin(least($3 / (2 * ${EARTH_RADIUS_KM}), pi() / 2)), 2)`;
const LON_RATIO = `${HAV_D} / (cos(radians(lat)) * cos(radians(least(90, abs(lat) + ${BAND}))))`;
const LON_HALF = `CASE WHEN $3 / (2 * ${EARTH_RADIUS_KM}) < pi() / 2 AND abs(lat) + ${BAND} < 90 AND ${LON_RATIO} < 1
  THEN ${SLACK(`degrees(2 * asin(sqrt(${LON_RATIO})))`)} ELSE 360 END`;
const LON_GAP = `least(abs(o.lon - c.lon) % 360, 360 - abs(o.lon - c.lon) % 360)`;
const VALID = (p: string) => `${p}.lat IS NOT NULL AND ${p}.lon IS NOT NULL`;
const IN_RANGE = (p: string) => `${p}.lat BETWEEN -90 AND 90`;

/**
 * The CTEs both overlap queries share, for `$1` (constraints JSON), `$2` (outages JSON) and `$3` (distance, km):
 * `cons`, `tix`, every located constraint substation and equipment endpoint, and `dist`, each (constraint, ticket)
 * within `$3` km with its least distance (km).
 */
export const DISTANCE_CTES = `
  cons AS (SELECT unnest(CAST($1 AS JSON)::${CONSTRAINTS_TYPE}) AS c),
  tix AS (SELECT unnest(CAST($2 AS JSON)::${OUTAGES_TYPE}) AS t),
  cpts AS (
    SELECT c.constraint_gs_entity_id AS cid, c."start".latitude AS lat, c."start".longitude AS lon FROM cons
    UNION ALL
    SELECT c.constraint_gs_entity_id, c."end".latitude, c."end".longitude FROM cons),
  equipment AS (SELECT t.ticket AS ticket, unnest(t.equipment) AS e FROM tix),
  opts AS (
    SELECT ticket, e.from_substation.latitude AS lat, e.from_substation.longitude AS lon FROM equipment
    UNION ALL
    SELECT ticket, e.to_substation.latitude, e.to_substation.longitude FROM equipment),
  -- A point without both coordinates never matches (docs/overlap.md#distance).
  cband AS (
    SELECT cid, lat, lon, ${LON_HALF} AS lon_half,
           unnest(range(floor((lat - ${BAND}) / ${CELL})::BIGINT, floor((lat + ${BAND}) / ${CELL})::BIGINT + 1)) AS cell
    FROM cpts c WHERE ${VALID('c')} AND ${IN_RANGE('c')}),
  pairs AS (
    SELECT c.cid, o.ticket, c.lat, c.lon, o.lat AS olat, o.lon AS olon
    FROM cband c JOIN (SELECT *, floor(lat / ${CELL})::BIGINT AS cell FROM opts o WHERE ${VALID('o')} AND ${IN_RANGE('o')}) o
      ON o.cell = c.cell
    WHERE abs(o.lat - c.lat) <= ${BAND} AND ${LON_GAP} <= c.lon_half
    -- A latitude out of range takes no shortcut.
    UNION ALL
    SELECT c.cid, o.ticket, c.lat, c.lon, o.lat, o.lon
    FROM (SELECT * FROM cpts c WHERE ${VALID('c')} AND NOT ${IN_RANGE('c')}) c, (SELECT * FROM opts o WHERE ${VALID('o')}) o
    UNION ALL
    SELECT c.cid, o.ticket, c.lat, c.lon, o.lat, o.lon
    FROM (SELECT * FROM cpts c WHERE ${VALID('c')} AND ${IN_RANGE('c')}) c,
         (SELECT * FROM opts o WHERE ${VALID('o')} AND NOT ${IN_RANGE('o')}) o),
  dist AS (
    SELECT cid, ticket, min(km) AS distance_km
    FROM (SELECT cid, ticket, ${HAVERSINE} AS km FROM pairs)
    WHERE km <= $3
    GROUP BY cid, ticket)`;

const SQL = (ranking: OverlapRanking): string => `
WITH ${DISTANCE_CTES},
  spans AS (
    SELECT t.ticket AS ticket, CAST(t.current_interval_start_utc AS TIMESTAMPTZ) AS os,
           CAST(t.current_interval_end_utc AS TIMESTAMPTZ) AS oe FROM tix),
  obs AS (
    SELECT cid, CAST(b.interval_start_utc AS TIMESTAMPTZ) AS bs, CAST(b.interval_end_utc AS TIMESTAMPTZ) AS be,
           abs(b.shadow_price) AS abs_sp
    FROM (SELECT c.constraint_gs_entity_id AS cid, unnest(c.observations) AS b FROM cons)),
  -- Half-open intervals: [os, oe) and [bs, be) overlap iff os < be AND bs < oe.
  hits AS (
    SELECT d.cid, d.ticket, any_value(d.distance_km) AS distance_km, count(*) AS overlapping_intervals,
           sum(b.abs_sp * ((epoch_ms(b.be) - epoch_ms(b.bs)) / ${MS_PER_HOUR}.0)) AS congestion_cost
    FROM dist d
    JOIN spans s ON s.ticket = d.ticket
    JOIN obs b ON b.cid = d.cid AND s.os < b.be AND b.bs < s.oe
    WHERE d.distance_km <= $3
    GROUP BY d.cid, d.ticket),
  names AS (SELECT DISTINCT ON (c.constraint_gs_entity_id) c.constraint_gs_entity_id AS cid, c.constraint_name AS name,
                   c.peak_abs_shadow_price AS peak FROM cons)
SELECT h.cid AS constraint_gs_entity_id, n.name AS constraint_name, n.peak AS peak_abs_shadow_price,
       CAST(h.ticket AS DOUBLE) AS ticket, h.distance_km, CAST(h.overlapping_intervals AS INTEGER) AS overlapping_intervals,
       h.congestion_cost
FROM hits h JOIN names n ON n.cid = h.cid
ORDER BY ${ORDER[ranking]}`;

/**
 * Every (constraint, outage) pair of `input` whose distance is ≤ `distanceKm` and whose outage interval
 * overlapped at least one binding interval, ranked by `input.ranking` (docs/overlap.md).
 * Each constraint id and ticket is expected once (a repeated one is counted once per copy).
 * @throws what DuckDB throws: an unreadable time, or an interrupted read.
 */
export async function overlapPairs(conn: DuckDBConnection, input: OverlapInput): Promise<OverlapPair[]> {
  const rows = await rowObjects(conn, SQL(input.ranking), [...bodies(input), input.distanceKm]);
  return rows.map((r) => ({
    constraint_gs_entity_id: String(r.constraint_gs_entity_id),
    constraint_name: String(r.constraint_name),
    peak_abs_shadow_price: Number(r.peak_abs_shadow_price),
    ticket: Number(r.ticket),
    distance_km: Number(r.distance_km),
    overlapping_intervals: Number(r.overlapping_intervals),
    congestion_cost: Number(r.congestion_cost),
  }));
}

// Only the fields the query reads: the bodies carry contingencies, causes, names… that would only cost bytes.
const point = (p: { latitude: number; longitude: number } | null) =>
  p ? { latitude: p.latitude, longitude: p.longitude } : null;

/** The two bodies as the queries bind them (`$1`, `$2`): only the fields the rules read. */
export function bodies(input: Pick<OverlapInput, 'constraints' | 'outages'>): [string, string] {
  return [JSON.stringify(input.constraints.map(pickConstraint)), JSON.stringify(input.outages.map(pickOutage))];
}

function pickConstraint(c: OverlapInput['constraints'][number]) {
  return {
    constraint_gs_entity_id: c.constraint_gs_entity_id,
    constraint_name: c.constraint_name,
    peak_abs_shadow_price: c.peak_abs_shadow_price,
    start: point(c.start),
    end: point(c.end),
    observations: c.observations.map((b) => ({
      interval_start_utc: b.interval_start_utc,
      interval_end_utc: b.interval_end_utc,
      shadow_price: b.shadow_price,
    })),
  };
}

function pickOutage(o: OverlapInput['outages'][number]) {
  return {
    ticket: o.ticket,
    current_interval_start_utc: o.current_interval_start_utc,
    current_interval_end_utc: o.current_interval_end_utc,
    equipment: o.equipment.map((e) => ({
      from_substation: point(e.from_substation),
      to_substation: point(e.to_substation),
      equipment_name: e.equipment_name ?? null,
    })),
  };
}
