import type { DuckDBConnection } from '@duckdb/node-api';
import type { ShiftFactorPerConstraint, ShiftFactorPerLocation, ShiftFactorQuery } from '../../../shared/index.js';
import { Params } from './params.js';

const AGGREGATES = { mean: 'avg', max: 'max', min: 'min', median: 'median' } as const;

function conditions(params: Params, query: ShiftFactorQuery): string {
  const where: string[] = [];
  if (query.contingency_id !== undefined) where.push(`sf.contingency_id = ${params.add(query.contingency_id)}`);
  if (query.dataset_id !== undefined) where.push(`sf.dataset_id = ${params.add(query.dataset_id)}`);
  if (query.exclude_zeros) where.push('sf.estimated_shift_factor <> 0');
  return where.map((w) => ` AND ${w}`).join('');
}

/** SYNTHETIC shift factors per constraint for a location (docs/api.md#shift-factors-by-location); [] without rows. */
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

/** SYNTHETIC shift factors per location for a constraint (docs/api.md#shift-factors-by-constraint); [] without rows. */
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
