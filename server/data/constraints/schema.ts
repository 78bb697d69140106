import { DuckDBTimestampValue, LIST, VARCHAR, type DuckDBConnection } from '@duckdb/node-api';

/**
 * Tables of the constraint database (one DuckDB file: the embedded build, a test fixture or the
 * `--scale` benchmark data all share this layout). Beside them the file holds a copy of every
 * constraint dataset's own table under its dataset id (e.g. `pjm_marginal_value_real_time_5_min`).
 * Times are naive UTC TIMESTAMPs. Tables marked SYNTHETIC are generator output (docs/constraints.md).
 */

/** Column types the appender helper knows. TIMESTAMP values are epoch milliseconds. */
export type ColumnType = 'VARCHAR' | 'DOUBLE' | 'INTEGER' | 'BOOLEAN' | 'TIMESTAMP' | 'VARCHAR[]';

/** Table name → ordered columns. */
export const TABLES = {
  /** Build facts: when, what kind (`embedded` | `scaled` | `fixture`), generator version. */
  gs_store_facts: { built_at_utc: 'TIMESTAMP', kind: 'VARCHAR', generator_version: 'INTEGER' },
  /** Which dataset tables are constraint datasets and how to read them; `description` says SYNTHETIC for generated datasets. */
  gs_constraint_datasets: {
    dataset_id: 'VARCHAR', market_id: 'VARCHAR', constraint_column: 'VARCHAR', contingency_column: 'VARCHAR',
    shadow_price_column: 'VARCHAR', price_kind: 'VARCHAR', time_index_column: 'VARCHAR', interval_end_column: 'VARCHAR',
    description: 'VARCHAR',
  },
  gs_constraints: {
    gs_entity_id: 'VARCHAR', constraint_name: 'VARCHAR', market_id: 'VARCHAR', earliest_seen_utc: 'TIMESTAMP',
    latest_seen_utc: 'TIMESTAMP', available_datasets: 'VARCHAR[]', gs_created_at_utc: 'TIMESTAMP', gs_updated_at_utc: 'TIMESTAMP',
  },
  gs_contingencies: {
    gs_entity_id: 'VARCHAR', contingency_name: 'VARCHAR', market_id: 'VARCHAR', earliest_seen_utc: 'TIMESTAMP',
    latest_seen_utc: 'TIMESTAMP', available_datasets: 'VARCHAR[]', gs_created_at_utc: 'TIMESTAMP', gs_updated_at_utc: 'TIMESTAMP',
  },
  /** Pricing locations (real names and coordinates). */
  gs_locations: { gs_entity_id: 'VARCHAR', location_name: 'VARCHAR', market_id: 'VARCHAR', location_type: 'VARCHAR', latitude: 'DOUBLE', longitude: 'DOUBLE' },
  /** SYNTHETIC shift factor source rows, one per location, constraint, contingency and dataset. */
  gs_shift_factors: { location_id: 'VARCHAR', constraint_id: 'VARCHAR', contingency_id: 'VARCHAR', dataset_id: 'VARCHAR', estimated_shift_factor: 'DOUBLE' },
  /** SYNTHETIC substation coordinates by market and station name. */
  gs_substations: { market_id: 'VARCHAR', name: 'VARCHAR', latitude: 'DOUBLE', longitude: 'DOUBLE' },
  /** The geometry table: start/end station of each mapped constraint (names in gs_substations). */
  gs_constraint_geometry: { constraint_id: 'VARCHAR', market_id: 'VARCHAR', start_name: 'VARCHAR', end_name: 'VARCHAR' },
  /** Daily rollup of absolute costs (Σ |shadow price| × hours) per priced dataset, UTC day, constraint and contingency (rollup.ts). */
  gs_cost_daily: { dataset_id: 'VARCHAR', day_start_utc: 'TIMESTAMP', constraint_name: 'VARCHAR', contingency_name: 'VARCHAR', absolute_cost: 'DOUBLE' },
  /** Outage ticket versions (eDART shape); every change of a ticket is a version. */
  gs_outage_versions: {
    market_id: 'VARCHAR', ticket: 'INTEGER', version: 'INTEGER', version_time_utc: 'TIMESTAMP', status: 'VARCHAR',
    outage_type: 'VARCHAR', causes: 'VARCHAR[]', interval_start_utc: 'TIMESTAMP', interval_end_utc: 'TIMESTAMP', is_synthetic: 'BOOLEAN',
  },
  /** Equipment of each ticket version. */
  gs_outage_equipment: {
    market_id: 'VARCHAR', ticket: 'INTEGER', version: 'INTEGER', seq: 'INTEGER', zone: 'VARCHAR', facility_name: 'VARCHAR',
    equipment_type: 'VARCHAR', station_1: 'VARCHAR', station_2: 'VARCHAR', voltage: 'DOUBLE', equipment_name: 'VARCHAR',
    switching_action: 'VARCHAR', interval_start_utc: 'TIMESTAMP', interval_end_utc: 'TIMESTAMP',
  },
} as const satisfies Record<string, Record<string, ColumnType>>;

export type TableName = keyof typeof TABLES;
/** A row of a table, keyed by column (TIMESTAMP as epoch ms; a missing key or null appends NULL). */
export type Row = object;

/** Creates every table of {@link TABLES} (empty). */
export async function createTables(conn: DuckDBConnection): Promise<void> {
  for (const [table, columns] of Object.entries(TABLES)) {
    const list = Object.entries(columns).map(([name, type]) => `"${name}" ${type}`).join(', ');
    await conn.run(`CREATE TABLE "${table}" (${list})`);
  }
}

/**
 * Appends rows to a table with DuckDB's appender (fast, no SQL text). Values must match the declared
 * types: strings, finite numbers, booleans, epoch-millisecond numbers for TIMESTAMP, string arrays.
 * @throws when a value does not fit its column.
 */
export async function appendRows(conn: DuckDBConnection, table: TableName, rows: Iterable<Row>): Promise<void> {
  const columns = Object.entries(TABLES[table]) as [string, ColumnType][];
  const appender = await conn.createAppender(table);
  try {
    for (const row of rows) {
      for (const [name, type] of columns) {
        const value = (row as Record<string, unknown>)[name];
        if (value === null || value === undefined) appender.appendNull();
        else if (type === 'VARCHAR') appender.appendVarchar(String(value));
        else if (type === 'DOUBLE') appender.appendDouble(Number(value));
        else if (type === 'INTEGER') appender.appendInteger(Number(value));
        else if (type === 'BOOLEAN') appender.appendBoolean(Boolean(value));
        else if (type === 'TIMESTAMP') appender.appendTimestamp(new DuckDBTimestampValue(BigInt(Math.round(Number(value))) * 1000n));
        else appender.appendList(value as string[], LIST(VARCHAR));
      }
      appender.endRow();
    }
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
}
