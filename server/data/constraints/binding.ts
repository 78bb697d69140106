import type { DuckDBConnection } from '@duckdb/node-api';
import type { BindingConstraintWithLocations, BindingLocationsQuery, BindingQuery } from '../../../shared/index.js';
import { ident } from '../sql.js';
import type { ConstraintDatasetConfig } from './configs.js';
import { jsonRows } from './json.js';
import { Params, utcText } from './params.js';

/** Column names and DuckDB types of a dataset table, in table order. */
export type TableColumns = { name: string; type: string }[];

function window(params: Params, config: ConstraintDatasetConfig, query: { start_time?: string; end_time?: string }): string[] {
  const time = `d.${ident(config.time_index_column)}`;
  const where: string[] = [];
  if (query.start_time !== undefined) where.push(`${time} >= ${params.time(query.start_time)}`);
  if (query.end_time !== undefined) where.push(`${time} < ${params.time(query.end_time)}`);
  return where;
}

/** A constraint dataset's rows in the window with constraint and contingency ids and names (docs/api.md#binding-rows). */
export async function bindingRows(conn: DuckDBConnection, config: ConstraintDatasetConfig, columns: TableColumns, query: BindingQuery): Promise<Record<string, unknown>[]> {
  const params = new Params();
  const where = window(params, config, query);
  if (query.price_threshold !== undefined) where.push(`abs(d.${ident(config.shadow_price_column!)}) > ${params.add(query.price_threshold)}`);
  const market = params.add(config.market_id);
  const constraint = `d.${ident(config.constraint_column)}`;
  const contingency = config.contingency_column ? `d.${ident(config.contingency_column)}` : 'NULL::VARCHAR';
  const select = columns.map(({ name, type }) => (type === 'TIMESTAMP' ? `${utcText(`d.${ident(name)}`)} AS ${ident(name)}` : `d.${ident(name)}`));
  const sql = `SELECT ${select.join(', ')}, c.gs_entity_id AS constraint_gs_entity_id, ${constraint} AS constraint_name,
                      k.gs_entity_id AS contingency_gs_entity_id, ${contingency} AS contingency_name
               FROM ${ident(config.dataset_id)} d
               LEFT JOIN gs_constraints c ON c.market_id = ${market} AND c.constraint_name = ${constraint}
               LEFT JOIN gs_contingencies k ON k.market_id = ${market} AND k.contingency_name = ${contingency}
               ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
               ORDER BY d.${ident(config.time_index_column)}, ${constraint}, ${contingency} NULLS FIRST
               LIMIT ${Math.trunc(query.limit)}`;
  return (await conn.runAndReadAll(sql, params.values)).getRowObjectsJson() as Record<string, unknown>[];
}

const substation = (alias: string) =>
  `CASE WHEN ${alias}.name IS NULL THEN NULL ELSE {'latitude': ${alias}.latitude, 'longitude': ${alias}.longitude, 'name': ${alias}.name} END`;

/** The constraints binding hardest in the window, peak row per interval (docs/api.md#binding-constraints-with-locations). */
export async function bindingConstraintsWithLocations(
  conn: DuckDBConnection,
  config: ConstraintDatasetConfig,
  query: BindingLocationsQuery,
): Promise<BindingConstraintWithLocations[]> {
  const params = new Params();
  const where = window(params, config, query);
  const market = params.add(config.market_id);
  const contingency = config.contingency_column ? `d.${ident(config.contingency_column)}` : 'NULL::VARCHAR';
  const sql = `
    WITH obs AS (
      SELECT d.${ident(config.constraint_column)} AS constraint_name, ${contingency} AS contingency_name,
             d.${ident(config.time_index_column)} AS t0, d.${ident(config.interval_end_column)} AS t1,
             d.${ident(config.shadow_price_column!)}::DOUBLE AS shadow_price
      FROM ${ident(config.dataset_id)} d ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
    ), peaks AS (
      SELECT * FROM obs
      QUALIFY row_number() OVER (PARTITION BY constraint_name, t0 ORDER BY abs(shadow_price) DESC, contingency_name NULLS LAST) = 1
    ), scored AS (
      SELECT constraint_name, t0, abs(shadow_price) AS a, max(abs(shadow_price)) OVER (PARTITION BY constraint_name) AS peak FROM peaks
    ), ranked AS (
      SELECT constraint_name, max(peak) AS peak, min(t0) FILTER (WHERE a = peak) AS peak_t0, count(*)::INTEGER AS n
      FROM scored GROUP BY constraint_name ORDER BY peak DESC, peak_t0, constraint_name LIMIT ${Math.trunc(query.limit)}
    )
    SELECT to_json({'constraint_gs_entity_id': c.gs_entity_id, 'constraint_name': r.constraint_name, 'market_id': ${market},
           'dataset_id': ${params.add(config.dataset_id)},
           'peak_abs_shadow_price': r.peak::DOUBLE, 'peak_interval_start_utc': ${utcText('r.peak_t0')}, 'binding_interval_count': r.n,
           'start': ${substation('s1')}, 'end': ${substation('s2')},
           'contingencies': coalesce((SELECT list(DISTINCT {'contingency_gs_entity_id': k.gs_entity_id, 'contingency_name': k.contingency_name})
                     FROM obs o JOIN gs_contingencies k ON k.market_id = ${market} AND k.contingency_name = o.contingency_name
                     WHERE o.constraint_name = r.constraint_name), []),
           'observations': (SELECT list({'interval_start_utc': ${utcText('p.t0')}, 'interval_end_utc': ${utcText('p.t1')}, 'shadow_price': p.shadow_price,
                         'contingency_gs_entity_id': k.gs_entity_id, 'contingency_name': p.contingency_name} ORDER BY p.t0)
            FROM peaks p LEFT JOIN gs_contingencies k ON k.market_id = ${market} AND k.contingency_name = p.contingency_name
            WHERE p.constraint_name = r.constraint_name)})::VARCHAR AS constraint_json
    FROM ranked r
    LEFT JOIN gs_constraints c ON c.market_id = ${market} AND c.constraint_name = r.constraint_name
    LEFT JOIN gs_constraint_geometry g ON g.constraint_id = c.gs_entity_id
    LEFT JOIN gs_substations s1 ON s1.market_id = g.market_id AND s1.name = g.start_name
    LEFT JOIN gs_substations s2 ON s2.market_id = g.market_id AND s2.name = g.end_name
    ORDER BY r.peak DESC, r.peak_t0, r.constraint_name`;
  const rows = await jsonRows<BindingConstraintWithLocations>(conn, sql, params.values);
  for (const row of rows) row.contingencies.sort((a, b) => (a.contingency_name < b.contingency_name ? -1 : 1));
  return rows;
}
