import type { DuckDBConnection } from '@duckdb/node-api';
import type { BindingConstraintWithLocations, OutageTicket } from '../../../shared/index.js';

/**
 * The map's features as columns (docs/map.md#the-data-path), times in epoch ms: the binding runs from a DuckDB query on
 * a workspace connection (the /v1 body goes in as one bound JSON parameter cast to a typed STRUCT list, so no table is
 * written; run merging, peaks and costs happen in SQL), the outage equipment flattened from the parsed tickets.
 */

/** Columns by name, one value per row: numbers, strings, booleans or null. */
export type Columns = Record<string, unknown[]>;

const POINT = 'STRUCT(latitude DOUBLE, longitude DOUBLE, name VARCHAR)';
const CONSTRAINTS_TYPE = `STRUCT(constraint_gs_entity_id VARCHAR, constraint_name VARCHAR, peak_abs_shadow_price DOUBLE,
  "start" ${POINT}, "end" ${POINT}, observations STRUCT(interval_start_utc VARCHAR, interval_end_utc VARCHAR, shadow_price DOUBLE)[])[]`;

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

/** Epoch ms of an ISO 8601 time, null for none. @throws RangeError for a time that does not parse. */
function epochMs(text: string | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const value = Date.parse(text);
  if (Number.isNaN(value)) throw new RangeError(`Unreadable outage time ${JSON.stringify(text)}.`);
  return value;
}

/**
 * One row per piece of equipment of `tickets`, in order of the ticket's start, then ticket, then the ticket's own
 * order: ticket fields, the equipment's, the ticket's current interval (`start_ms`/`end_ms`) and both substations (a
 * missing one takes the other's point). A flattening of objects already parsed, so done here rather than in DuckDB:
 * handing 100,000 pieces to DuckDB meant 38 MB of JSON written and parsed again, ten times this loop's time.
 * @throws RangeError for a ticket time that does not parse.
 */
export function equipmentColumns(tickets: readonly OutageTicket[]): Columns {
  const order = tickets
    .map((t) => ({ t, start: epochMs(t.current_interval_start_utc) }))
    .sort((a, b) => (a.start ?? Infinity) - (b.start ?? Infinity) || a.t.ticket - b.t.ticket);
  const names = [
    'ticket',
    'outage_type',
    'status',
    'is_synthetic',
    'equipment_name',
    'equipment_type',
    'voltage',
    'zone',
    'start_ms',
    'end_ms',
    'from_name',
    'to_name',
    'from_lon',
    'from_lat',
    'to_lon',
    'to_lat',
  ] as const;
  const out = Object.fromEntries(names.map((n) => [n, [] as unknown[]])) as Record<(typeof names)[number], unknown[]>;
  for (const { t, start } of order) {
    const end = epochMs(t.current_interval_end_utc);
    for (const q of t.equipment) {
      const from = q.from_substation ?? q.to_substation ?? null;
      const to = q.to_substation ?? q.from_substation ?? null;
      out.ticket.push(t.ticket);
      out.outage_type.push(t.outage_type ?? null);
      out.status.push(t.status ?? null);
      out.is_synthetic.push(t.is_synthetic ?? null);
      out.equipment_name.push(q.equipment_name ?? null);
      out.equipment_type.push(q.equipment_type ?? null);
      out.voltage.push(q.voltage ?? null);
      out.zone.push(q.zone ?? null);
      out.start_ms.push(start);
      out.end_ms.push(end);
      out.from_name.push(q.from_substation?.name ?? null);
      out.to_name.push(q.to_substation?.name ?? null);
      out.from_lon.push(from?.longitude ?? null);
      out.from_lat.push(from?.latitude ?? null);
      out.to_lon.push(to?.longitude ?? null);
      out.to_lat.push(to?.latitude ?? null);
    }
  }
  return out;
}
