import type { DuckDBConnection } from '@duckdb/node-api';
import type { SubstationLocation } from '../../../shared/index.js';
import { Params } from './params.js';

/** A constraint, whether its market has geometry, and its end substations (SYNTHETIC in PJM; docs/api.md#constraint-location). */
export interface ConstraintGeometry {
  constraint_gs_entity_id: string;
  constraint_name: string;
  market_id: string;
  market_has_geometry: boolean;
  start: SubstationLocation | null;
  end: SubstationLocation | null;
}

const point = (alias: string) =>
  `CASE WHEN ${alias}.name IS NULL THEN NULL ELSE {'latitude': ${alias}.latitude, 'longitude': ${alias}.longitude, 'name': ${alias}.name} END`;

/** The constraint's geometry, or undefined when no constraint has this id. */
export async function constraintGeometry(conn: DuckDBConnection, constraintId: string): Promise<ConstraintGeometry | undefined> {
  const params = new Params();
  const sql = `SELECT c.gs_entity_id AS constraint_gs_entity_id, c.constraint_name, c.market_id,
                      EXISTS (SELECT 1 FROM gs_constraint_geometry m WHERE m.market_id = c.market_id) AS market_has_geometry,
                      ${point('s1')} AS "start", ${point('s2')} AS "end"
               FROM gs_constraints c
               LEFT JOIN gs_constraint_geometry g ON g.constraint_id = c.gs_entity_id
               LEFT JOIN gs_substations s1 ON s1.market_id = g.market_id AND s1.name = g.start_name
               LEFT JOIN gs_substations s2 ON s2.market_id = g.market_id AND s2.name = g.end_name
               WHERE c.gs_entity_id = ${params.add(constraintId)}`;
  const rows = (await conn.runAndReadAll(sql, params.values)).getRowObjectsJson() as unknown as ConstraintGeometry[];
  return rows[0];
}
