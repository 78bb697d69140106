import type { DuckDBConnection } from '@duckdb/node-api';
import { ident, sqlString } from '../sql.js';
import type { ConstraintDatasetConfig } from './configs.js';
import { entityId } from './ids.js';
import { appendRows } from './schema.js';

/** A distinct name of a market: first and last time index (epoch ms) and the sorted ids of the datasets it is in. */
export interface SeenName {
  market_id: string;
  name: string;
  earliest: number;
  latest: number;
  datasets: string[];
}

async function seenNames(
  conn: DuckDBConnection,
  configs: readonly ConstraintDatasetConfig[],
  column: 'constraint_column' | 'contingency_column',
): Promise<SeenName[]> {
  const parts = configs
    .filter((c) => c[column] !== null)
    .map(
      (c) => `SELECT ${sqlString(c.market_id)} AS market_id, ${ident(c[column]!)} AS name, ${ident(c.time_index_column)} AS t,
              ${sqlString(c.dataset_id)} AS dataset_id FROM ${ident(c.dataset_id)} WHERE ${ident(c[column]!)} IS NOT NULL`,
    );
  if (parts.length === 0) return [];
  const sql = `SELECT market_id, name, epoch_ms(min(t))::DOUBLE AS earliest, epoch_ms(max(t))::DOUBLE AS latest,
                      list(DISTINCT dataset_id ORDER BY dataset_id) AS datasets
               FROM (${parts.join(' UNION ALL ')}) GROUP BY market_id, name ORDER BY market_id, name`;
  return (await conn.runAndReadAll(sql)).getRowObjectsJson() as unknown as SeenName[];
}

/** Rows of `gs_constraints` / `gs_contingencies` for seen names; created and updated at `builtAt` (epoch ms). */
export function entityRows(kind: 'constraint' | 'contingency', seen: readonly SeenName[], builtAt: number) {
  return seen.map((s) => ({
    gs_entity_id: entityId(kind, s.market_id, s.name),
    [kind === 'constraint' ? 'constraint_name' : 'contingency_name']: s.name,
    market_id: s.market_id,
    earliest_seen_utc: s.earliest,
    latest_seen_utc: s.latest,
    available_datasets: s.datasets,
    gs_created_at_utc: builtAt,
    gs_updated_at_utc: builtAt,
  }));
}

/** Fills `gs_constraints` and `gs_contingencies` from the dataset tables; returns the constraint names for the geometry. */
export async function deriveEntities(conn: DuckDBConnection, configs: readonly ConstraintDatasetConfig[], builtAt: number): Promise<SeenName[]> {
  const constraints = await seenNames(conn, configs, 'constraint_column');
  const contingencies = await seenNames(conn, configs, 'contingency_column');
  await appendRows(conn, 'gs_constraints', entityRows('constraint', constraints, builtAt));
  await appendRows(conn, 'gs_contingencies', entityRows('contingency', contingencies, builtAt));
  return constraints;
}

/** Distinct (constraint, contingency, dataset) ids binding in the priced datasets (contingency null without a column). */
export async function bindingCombos(conn: DuckDBConnection, configs: readonly ConstraintDatasetConfig[]) {
  const combos: { constraintId: string; contingencyId: string | null; datasetId: string }[] = [];
  for (const c of configs.filter((config) => config.shadow_price_column !== null)) {
    const contingency = c.contingency_column ? ident(c.contingency_column) : 'NULL';
    const sql = `SELECT DISTINCT ${ident(c.constraint_column)} AS constraint_name, ${contingency} AS contingency_name
                 FROM ${ident(c.dataset_id)} WHERE ${ident(c.constraint_column)} IS NOT NULL ORDER BY ALL`;
    for (const row of (await conn.runAndReadAll(sql)).getRowObjectsJson()) {
      const name = row.contingency_name as string | null;
      combos.push({
        constraintId: entityId('constraint', c.market_id, String(row.constraint_name)),
        contingencyId: name === null ? null : entityId('contingency', c.market_id, name),
        datasetId: c.dataset_id,
      });
    }
  }
  return combos;
}
