import type { DuckDBConnection } from '@duckdb/node-api';
import type { AuditRow } from '../../shared/index.js';
import type { CatalogueEntry } from './catalogue/index.js';
import { ident, utcToLocal } from './sql.js';

/**
 * Audit counts per market date (spec endpoint 13, "Dataset audit row"). The market date of a row is
 * the date, in the dataset's `data_timezone`, of its time index value. Per market date:
 * - `number_of_datapoints`: rows;
 * - `number_of_unique_time_index_values`: distinct time index values;
 * - `number_of_unique_subseries_index_values`: distinct subseries values (0 without a subseries column);
 * - `number_of_unique_publish_times_on_publish_date`: distinct publish times whose own local date is
 *   that market date (0 without a publish time column).
 * The dates are the union of both: a date on which forecasts were published but no row's time index
 * falls (e.g. the day before a day-ahead forecast's first interval) gets a row with 0 datapoints, 0
 * time index and 0 subseries values, so no publish count is dropped (a full outer join). A row
 * without a publish time (NULL) counts in its market date's datapoints but has no publish date: it
 * adds no publish count and no date of its own (otherwise the join would give a row with a null
 * market date).
 * Rows are ordered by market date ascending. The zone is bound as a parameter.
 */
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
