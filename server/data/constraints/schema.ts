import { DuckDBTimestampValue, LIST, VARCHAR, type DuckDBConnection } from '@duckdb/node-api';

/** Column types the appender helper knows. TIMESTAMP values are epoch milliseconds. */
export type ColumnType = 'VARCHAR' | 'DOUBLE' | 'INTEGER' | 'BOOLEAN' | 'TIMESTAMP' | 'VARCHAR[]';

/** Tables of every constraint database, beside each constraint dataset's table; naive UTC (docs/constraints.md#storage). */
export const TABLES = {
  gs_store_facts: { built_at_utc: 'TIMESTAMP', kind: 'VARCHAR', generator_version: 'INTEGER' },
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
  gs_locations: { gs_entity_id: 'VARCHAR', location_name: 'VARCHAR', market_id: 'VARCHAR', location_type: 'VARCHAR', latitude: 'DOUBLE', longitude: 'DOUBLE' },
  gs_shift_factors: { location_id: 'VARCHAR', constraint_id: 'VARCHAR', contingency_id: 'VARCHAR', dataset_id: 'VARCHAR', estimated_shift_factor: 'DOUBLE' },
  gs_substations: { market_id: 'VARCHAR', name: 'VARCHAR', latitude: 'DOUBLE', longitude: 'DOUBLE' },
  gs_constraint_geometry: { constraint_id: 'VARCHAR', market_id: 'VARCHAR', start_name: 'VARCHAR', end_name: 'VARCHAR' },
  gs_cost_daily: { dataset_id: 'VARCHAR', day_start_utc: 'TIMESTAMP', constraint_name: 'VARCHAR', contingency_name: 'VARCHAR', absolute_cost: 'DOUBLE' },
  gs_outage_versions: {
    market_id: 'VARCHAR', ticket: 'INTEGER', version: 'INTEGER', version_time_utc: 'TIMESTAMP', status: 'VARCHAR',
    outage_type: 'VARCHAR', causes: 'VARCHAR[]', interval_start_utc: 'TIMESTAMP', interval_end_utc: 'TIMESTAMP', is_synthetic: 'BOOLEAN',
  },
  gs_outage_equipment: {
    market_id: 'VARCHAR', ticket: 'INTEGER', version: 'INTEGER', seq: 'INTEGER', zone: 'VARCHAR', facility_name: 'VARCHAR',
    equipment_type: 'VARCHAR', station_1: 'VARCHAR', station_2: 'VARCHAR', voltage: 'DOUBLE', equipment_name: 'VARCHAR',
    switching_action: 'VARCHAR', interval_start_utc: 'TIMESTAMP', interval_end_utc: 'TIMESTAMP',
  },
} as const satisfies Record<string, Record<string, ColumnType>>;

/** A table of {@link TABLES}. */
export type TableName = keyof typeof TABLES;
/** A row of a table, keyed by column (TIMESTAMP as epoch ms; a missing key or null appends NULL). */
export type Row = object;

/** Creates every table of {@link TABLES}, empty. */
export async function createTables(conn: DuckDBConnection): Promise<void> {
  for (const [table, columns] of Object.entries(TABLES)) {
    const list = Object.entries(columns).map(([name, type]) => `"${name}" ${type}`).join(', ');
    await conn.run(`CREATE TABLE "${table}" (${list})`);
  }
}

/** Appends rows with DuckDB's appender (fast, no SQL text); throws when a value does not fit its declared column type. */
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
