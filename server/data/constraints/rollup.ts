import type { DuckDBConnection } from '@duckdb/node-api';
import { ident, sqlString } from '../sql.js';
import type { ConstraintDatasetConfig } from './configs.js';
import type { Params } from './params.js';

const DAY_MS = 86_400_000;

function rawTerms(c: ConstraintDatasetConfig, where: string[], withDay = false): string {
  const time = ident(c.time_index_column);
  const contingency = c.contingency_column ? ident(c.contingency_column) : 'NULL::VARCHAR';
  const day = withDay ? `date_trunc('day', ${time})::TIMESTAMP AS day_start_utc, ` : '';
  return `SELECT ${day}${ident(c.constraint_column)} AS constraint_name, ${contingency} AS contingency_name,
                 abs(${ident(c.shadow_price_column!)}) * (epoch(${ident(c.interval_end_column)}) - epoch(${time})) / 3600.0 AS cost
          FROM ${ident(c.dataset_id)} ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
}

/** Fills the daily rollup `gs_cost_daily` (Σ |shadow price| × interval hours) from the priced datasets' rows. */
export async function fillCostRollup(conn: DuckDBConnection, configs: readonly ConstraintDatasetConfig[]): Promise<void> {
  for (const c of configs.filter((config) => config.shadow_price_column !== null)) {
    await conn.run(`INSERT INTO gs_cost_daily
      SELECT ${sqlString(c.dataset_id)}, day_start_utc, constraint_name, contingency_name, sum(cost)
      FROM (${rawTerms(c, [], true)}) GROUP BY day_start_utc, constraint_name, contingency_name
      ORDER BY day_start_utc, constraint_name, contingency_name`);
  }
}

/** SQL of absolute cost per pair over [start, end): whole UTC days from the rollup (~30 rows, not ~8,640, per 30 days). */
export function windowCostSql(params: Params, c: ConstraintDatasetConfig, start?: string, end?: string): string {
  const time = ident(c.time_index_column);
  const startMs = start === undefined ? undefined : Date.parse(start);
  const endMs = end === undefined ? undefined : Date.parse(end);
  const bound = (ms: number) => params.time(new Date(ms).toISOString());
  const raw = (from?: number, to?: number) =>
    rawTerms(c, [from === undefined ? '' : `${time} >= ${bound(from)}`, to === undefined ? '' : `${time} < ${bound(to)}`].filter(Boolean));
  const firstDay = startMs === undefined ? undefined : Math.ceil(startMs / DAY_MS) * DAY_MS;
  const lastDay = endMs === undefined ? undefined : Math.floor(endMs / DAY_MS) * DAY_MS;
  const parts: string[] = [];
  if (firstDay !== undefined && lastDay !== undefined && lastDay <= firstDay) {
    parts.push(raw(startMs, endMs));
  } else {
    const days = [`dataset_id = ${params.add(c.dataset_id)}`];
    if (firstDay !== undefined) days.push(`day_start_utc >= ${bound(firstDay)}`);
    if (lastDay !== undefined) days.push(`day_start_utc < ${bound(lastDay)}`);
    parts.push(`SELECT constraint_name, contingency_name, absolute_cost AS cost FROM gs_cost_daily WHERE ${days.join(' AND ')}`);
    if (startMs !== undefined && startMs < firstDay!) parts.push(raw(startMs, firstDay));
    if (endMs !== undefined && lastDay! < endMs) parts.push(raw(lastDay, endMs));
  }
  return `SELECT constraint_name, contingency_name, sum(cost) AS absolute_cost FROM (${parts.join(' UNION ALL ')}) GROUP BY ALL`;
}
