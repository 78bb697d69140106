import type { DuckDBConnection } from '@duckdb/node-api';
import type { ShiftFactorPerConstraint, ShiftFactorPerLocation, ShiftFactorQuery } from '../../../shared/index.js';
import { Params } from './params.js';

/**
 * Shift factors (spec endpoints 3 and 5) from the SYNTHETIC source rows of `gs_shift_factors`:
 * filter by `contingency_id` / `dataset_id`, drop zeros first when `exclude_zeros`, then combine the
 * rows of one constraint (endpoint 3) or one location (endpoint 5) with `aggregation_function`.
 * Rows are ordered by constraint or location name, then id. An entity without rows yields [].
 */

const AGGREGATES = { mean: 'avg', max: 'max', min: 'min', median: 'median' } as const;

/** WHERE conditions of the optional filters. */
function conditions(params: Params, query: ShiftFactorQuery): string {
  const where: string[] = [];
  if (query.contingency_id !== undefined) where.push(`sf.contingency_id = ${params.add(query.contingency_id)}`);
  if (query.dataset_id !== undefined) where.push(`sf.dataset_id = ${params.add(query.dataset_id)}`);
  if (query.exclude_zeros) where.push('sf.estimated_shift_factor <> 0');
  return where.map((w) => ` AND ${w}`).join('');
}

/** Endpoint 3: one row per constraint for a location. */
export async function shiftFactorsForLocation(conn: DuckDBConnection, locationId: string, query: ShiftFactorQuery): Promise<ShiftFactorPerConstraint[]> {
  const params = new Params();
  const sql = `SELECT sf.constraint_id AS constraint_gs_entity_id,
                      ${AGGREGATES[query.aggregation_function]}(sf.estimated_shift_factor)::DOUBLE AS estimated_shift_factor,
                      c.constraint_name AS "constraint"
               FROM gs_shift_factors sf JOIN gs_constraints c ON c.gs_entity_id = sf.constraint_id
               WHERE sf.location_id = ${params.add(locationId)}${conditions(params, query)}
               GROUP BY sf.constraint_id, c.constraint_name ORDER BY c.constraint_name, sf.constraint_id`;
  return (await conn.runAndReadAll(sql, params.values)).getRowObjectsJson() as unknown as ShiftFactorPerConstraint[];
}

/** Endpoint 5: one row per location for a constraint. */
export async function shiftFactorsForConstraint(conn: DuckDBConnection, constraintId: string, query: ShiftFactorQuery): Promise<ShiftFactorPerLocation[]> {
  const params = new Params();
  const sql = `SELECT sf.location_id AS location_gs_entity_id,
                      ${AGGREGATES[query.aggregation_function]}(sf.estimated_shift_factor)::DOUBLE AS estimated_shift_factor,
                      l.location_name AS location
               FROM gs_shift_factors sf JOIN gs_locations l ON l.gs_entity_id = sf.location_id
               WHERE sf.constraint_id = ${params.add(constraintId)}${conditions(params, query)}
               GROUP BY sf.location_id, l.location_name ORDER BY l.location_name, sf.location_id`;
  return (await conn.runAndReadAll(sql, params.values)).getRowObjectsJson() as unknown as ShiftFactorPerLocation[];
}
