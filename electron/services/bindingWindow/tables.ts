import type { DuckDBConnection } from '@duckdb/node-api';

/**
 * The binding window store's tables in the workspace (docs/desktop.md#the-binding-window-store), created on first use:
 * `binding_windows`, one record per window asked (server, dataset, `[start, end)` as ISO text, when, how many rows,
 * whether the answer hit its limit, the SYNTHETIC fields), and `binding_window_rows`, the rows' times, shadow price
 * and entity ids and names, and the row's transmission constraint penalty factor ($/MWh; NULL when the dataset has none). The workspace's own catalogue (pulls) does not know them, so no schema version changes.
 */
export const WINDOW_TABLES: readonly string[] = [
  'CREATE SEQUENCE IF NOT EXISTS binding_window_ids START 1',
  `CREATE TABLE IF NOT EXISTS binding_windows (
     id INTEGER PRIMARY KEY,
     server VARCHAR NOT NULL,
     dataset_id VARCHAR NOT NULL,
     start_utc VARCHAR NOT NULL,
     end_utc VARCHAR NOT NULL,
     fetched_at TIMESTAMPTZ NOT NULL,
     rows BIGINT NOT NULL,
     limit_reached BOOLEAN NOT NULL,
     synthetic JSON NOT NULL
   )`,
  `CREATE TABLE IF NOT EXISTS binding_window_rows (
     window_id INTEGER NOT NULL,
     interval_start_utc TIMESTAMPTZ,
     interval_end_utc TIMESTAMPTZ,
     shadow_price DOUBLE,
     constraint_gs_entity_id VARCHAR,
     constraint_name VARCHAR,
     contingency_gs_entity_id VARCHAR,
     contingency_name VARCHAR,
     transmission_constraint_penalty_factor DOUBLE
   )`,
];

/**
 * Brings the tables of an older workspace up to {@link WINDOW_TABLES}: a store written before the penalty factor was
 * kept gains the column, and its windows are forgotten (their rows lack it, so they are asked again on next use).
 */
export async function upgradeWindowTables(conn: DuckDBConnection): Promise<void> {
  const reader = await conn.runAndReadAll(
    `SELECT count(*)::INTEGER AS n FROM duckdb_columns()
     WHERE table_name = 'binding_window_rows' AND column_name = 'transmission_constraint_penalty_factor'`,
  );
  if (Number(reader.getRowObjectsJson()[0]?.n ?? 0) > 0) return;
  await conn.run('ALTER TABLE binding_window_rows ADD COLUMN transmission_constraint_penalty_factor DOUBLE');
  await conn.run('DELETE FROM binding_window_rows');
  await conn.run('DELETE FROM binding_windows');
}
