/**
 * The binding window store's tables in the workspace (docs/desktop.md#the-binding-window-store), created on first use:
 * `binding_windows`, one record per window asked (server, dataset, `[start, end)` as ISO text, when, how many rows,
 * whether the answer hit its limit, the SYNTHETIC fields), and `binding_window_rows`, the rows' times, shadow price
 * and entity ids and names. The workspace's own catalogue (pulls) does not know them, so no schema version changes.
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
     contingency_name VARCHAR
   )`,
];
