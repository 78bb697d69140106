import type { DuckDBConnection } from '@duckdb/node-api';
import type { ConstraintCostQuery, LocationConstraintCost } from '../../../shared/index.js';
import type { ConstraintDatasetConfig } from './configs.js';
import { Params } from './params.js';
import { windowCostSql } from './rollup.js';

/** SQL and parameters of the location constraint costs (docs/api.md#location-constraint-costs); exported for the benchmark. */
export function constraintCostSql(config: ConstraintDatasetConfig, locationId: string, query: ConstraintCostQuery): { sql: string; params: Params } {
  const params = new Params();
  const hasContingency = config.contingency_column !== null;
  const pairs = `
    WITH sf AS (
      SELECT constraint_id, contingency_id, avg(estimated_shift_factor) AS shift_factor FROM gs_shift_factors
      WHERE location_id = ${params.add(locationId)} AND dataset_id = ${params.add(config.dataset_id)} GROUP BY ALL
    ), cost AS (${windowCostSql(params, config, query.start_time, query.end_time)}
    ), pairs AS (
      SELECT sf.constraint_id, c.constraint_name, sf.contingency_id, k.contingency_name, sf.shift_factor, cost.absolute_cost
      FROM sf JOIN gs_constraints c ON c.gs_entity_id = sf.constraint_id
      LEFT JOIN gs_contingencies k ON k.gs_entity_id = sf.contingency_id
      LEFT JOIN cost ON cost.constraint_name = c.constraint_name ${hasContingency ? 'AND cost.contingency_name = k.contingency_name' : ''}
    )`;
  const order = 'ORDER BY abs(adjusted_cost) DESC NULLS LAST, constraint_name, contingency_name NULLS FIRST, constraint_gs_entity_id';
  const select =
    query.group_by === 'constraint_contingency'
      ? `SELECT constraint_id AS constraint_gs_entity_id, constraint_name, contingency_id AS contingency_gs_entity_id, contingency_name,
                shift_factor::DOUBLE AS shift_factor, absolute_cost::DOUBLE AS absolute_cost, (absolute_cost * shift_factor)::DOUBLE AS adjusted_cost
         FROM pairs`
      : `SELECT constraint_id AS constraint_gs_entity_id, any_value(constraint_name) AS constraint_name, NULL::VARCHAR AS contingency_gs_entity_id,
                NULL::VARCHAR AS contingency_name, avg(shift_factor)::DOUBLE AS shift_factor,
                ${hasContingency ? 'sum(absolute_cost)' : 'max(absolute_cost)'}::DOUBLE AS absolute_cost,
                sum(absolute_cost * shift_factor)::DOUBLE AS adjusted_cost
         FROM pairs GROUP BY constraint_id`;
  return { sql: `${pairs} ${select} ${order}`, params };
}

/** Location constraint cost rows; the config must have a shadow price column (the route checks). */
export async function locationConstraintCosts(
  conn: DuckDBConnection,
  config: ConstraintDatasetConfig,
  locationId: string,
  query: ConstraintCostQuery,
): Promise<LocationConstraintCost[]> {
  const { sql, params } = constraintCostSql(config, locationId, query);
  return (await conn.runAndReadAll(sql, params.values)).getRowObjectsJson() as unknown as LocationConstraintCost[];
}
