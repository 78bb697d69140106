import type { DuckDBConnection } from '@duckdb/node-api';
import type { ActiveOutagesQuery, ActiveOutagesResponse, OutageTicket } from '../../../shared/index.js';
import { jsonRows } from './json.js';
import { Params, utcText } from './params.js';

const substation = (alias: string) =>
  `CASE WHEN ${alias}.name IS NULL THEN NULL ELSE {'latitude': ${alias}.latitude, 'longitude': ${alias}.longitude, 'name': ${alias}.name} END`;

/** A market's tickets as of `start_time` overlapping the window (docs/api.md#active-outages); the route checks the market. */
export async function activeOutages(conn: DuckDBConnection, market: string, query: ActiveOutagesQuery): Promise<ActiveOutagesResponse> {
  const params = new Params();
  const m = params.add(market);
  const start = params.time(query.start_time);
  const conditions = [`v.interval_start_utc < ${params.time(query.end_time)}`, `v.interval_end_utc > ${start}`];
  if (query.start_date !== undefined) conditions.push(`v.interval_start_utc >= ${params.time(query.start_date)}`);
  const sql = `
    WITH as_of AS (
      SELECT * FROM gs_outage_versions WHERE market_id = ${m} AND version_time_utc <= ${start}
      QUALIFY row_number() OVER (PARTITION BY ticket ORDER BY version_time_utc DESC, version DESC) = 1
    ), picked AS (
      SELECT * FROM as_of v WHERE ${conditions.join(' AND ')}
      ORDER BY v.interval_start_utc, v.ticket LIMIT ${Math.trunc(query.limit) + 1}
    )
    SELECT to_json({'ticket': v.ticket, 'status': v.status, 'outage_type': v.outage_type,
           'version_time_utc': ${utcText('v.version_time_utc')},
           'current_interval_start_utc': ${utcText('v.interval_start_utc')}, 'current_interval_end_utc': ${utcText('v.interval_end_utc')},
           'causes': v.causes,
           'equipment': coalesce((SELECT list({'zone': e.zone, 'facility_name': e.facility_name, 'equipment_type': e.equipment_type,
                                  'station_1': e.station_1, 'station_2': e.station_2, 'from_substation': ${substation('s1')},
                                  'to_substation': ${substation('s2')}, 'voltage': e.voltage, 'equipment_name': e.equipment_name,
                                  'switching_action': e.switching_action, 'interval_start_utc': ${utcText('e.interval_start_utc')},
                                  'interval_end_utc': ${utcText('e.interval_end_utc')}} ORDER BY e.seq)
                     FROM gs_outage_equipment e
                     LEFT JOIN gs_substations s1 ON s1.market_id = e.market_id AND s1.name = e.station_1
                     LEFT JOIN gs_substations s2 ON s2.market_id = e.market_id AND s2.name = e.station_2
                     WHERE e.market_id = v.market_id AND e.ticket = v.ticket AND e.version = v.version), []),
           'is_synthetic': v.is_synthetic})::VARCHAR AS ticket
    FROM picked v ORDER BY v.interval_start_utc, v.ticket`;
  const tickets = await jsonRows<OutageTicket>(conn, sql, params.values);
  const truncated = tickets.length > query.limit;
  return { truncated, tickets: truncated ? tickets.slice(0, query.limit) : tickets };
}

/** Markets that have outage tickets (lower-case ids). */
export async function outageMarkets(conn: DuckDBConnection): Promise<string[]> {
  const rows = (await conn.runAndReadAll('SELECT DISTINCT market_id FROM gs_outage_versions ORDER BY 1')).getRowObjectsJson();
  return rows.map((row) => String(row.market_id));
}
