import type { DuckDBConnection } from '@duckdb/node-api';
import type { AuditRow } from '../../shared/index.js';
import type { CatalogueEntry } from './catalogue/index.js';
import { ident, utcToLocal } from './sql.js';

/** Audit rows by market date ascending (docs/api.md#dataset-audit); a NULL publish time counts as a datapoint, forms no date. */
export async function auditRows(conn: DuckDBConnection, entry: CatalogueEntry): Promise<AuditRow[]> {
  const table = ident(entry.id);
  const localDate = (column: string) => `CAST(${utcToLocal(ident(column), '$tz')} AS DATE)`;
  const subseries = entry.subseries_index_column
    ? `count(DISTINCT ${ident(entry.subseries_index_column)})::INTEGER`
    : '0';
  const publish = entry.publish_time_column;
  const publishCounts = publish
    ? `SELECT ${localDate(publish)} AS publish_date, count(DISTINCT ${ident(publish)})::INTEGER AS n
       FROM ${table} WHERE ${ident(publish)} IS NOT NULL GROUP BY 1`
    : 'SELECT NULL::DATE AS publish_date, 0 AS n WHERE false';
  const sql = `
    WITH per_date AS (
      SELECT ${localDate(entry.time_index_column)} AS market_date,
             count(*)::INTEGER AS number_of_datapoints,
             count(DISTINCT ${ident(entry.time_index_column)})::INTEGER AS number_of_unique_time_index_values,
             ${subseries} AS number_of_unique_subseries_index_values
      FROM ${table} GROUP BY 1
    ), per_publish_date AS (${publishCounts})
    SELECT strftime(coalesce(d.market_date, p.publish_date), '%Y-%m-%d') AS market_date,
           coalesce(d.number_of_datapoints, 0)::INTEGER AS number_of_datapoints,
           coalesce(d.number_of_unique_time_index_values, 0)::INTEGER AS number_of_unique_time_index_values,
           coalesce(d.number_of_unique_subseries_index_values, 0)::INTEGER AS number_of_unique_subseries_index_values,
           coalesce(p.n, 0)::INTEGER AS number_of_unique_publish_times_on_publish_date
    FROM per_date d FULL OUTER JOIN per_publish_date p ON p.publish_date = d.market_date
    ORDER BY coalesce(d.market_date, p.publish_date)`;
  const result = await conn.runAndReadAll(sql, { tz: entry.data_timezone });
  return result.getRowObjectsJson() as unknown as AuditRow[];
}
