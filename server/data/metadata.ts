import type { DuckDBConnection } from '@duckdb/node-api';
import type { DatasetColumn, DatasetWithTimezone } from '../../shared/index.js';
import type { CatalogueEntry } from './catalogue/index.js';
import { ident, isoUtc } from './sql.js';

const TYPE_NAMES: Record<string, string> = {
  VARCHAR: 'VARCHAR',
  DOUBLE: 'DOUBLE PRECISION',
  TIMESTAMP: 'TIMESTAMP',
  BIGINT: 'BIGINT',
  INTEGER: 'INTEGER',
  DATE: 'DATE',
};

const NUMERIC = new Set(['DOUBLE PRECISION', 'BIGINT', 'INTEGER']);

/** One `all_columns` entry (docs/api.md#dataset-list); throws for a DuckDB type with no catalogue name (loaders cast it). */
export function describeColumn(name: string, duckdbType: string): DatasetColumn {
  const type = TYPE_NAMES[duckdbType];
  if (type === undefined) throw new Error(`Column ${name} has unsupported type ${duckdbType}`);
  return {
    name,
    type,
    is_numeric: NUMERIC.has(type),
    is_date: type === 'DATE' || type === 'TIMESTAMP',
    is_datetime: type === 'TIMESTAMP',
  };
}

/** One dataset's metadata, keys in the `Dataset` schema's order then `data_timezone`; `builtAt` is `last_checked_time_utc`. */
export async function readDatasetMetadata(
  conn: DuckDBConnection,
  entry: CatalogueEntry,
  builtAt: string,
): Promise<DatasetWithTimezone> {
  const table = ident(entry.id);
  const described = (await conn.runAndReadAll(`DESCRIBE ${table}`)).getRowObjectsJson();
  const allColumns = described.map((row) => describeColumn(String(row.column_name), String(row.column_type)));
  const time = ident(entry.time_index_column);
  const stats = (
    await conn.runAndReadAll(
      `SELECT count(*)::INTEGER AS n, ${isoUtc(`min(${time})`)} AS earliest, ${isoUtc(`max(${time})`)} AS latest FROM ${table}`,
    )
  ).getRowObjectsJson()[0];
  return {
    id: entry.id,
    name: entry.name,
    description: entry.description,
    earliest_available_time_utc: (stats?.earliest as string | null) ?? null,
    latest_available_time_utc: (stats?.latest as string | null) ?? null,
    source: entry.source,
    last_checked_time_utc: builtAt,
    primary_key_columns: [...entry.primary_key_columns],
    publish_time_column: entry.publish_time_column,
    time_index_column: entry.time_index_column,
    subseries_index_column: entry.subseries_index_column,
    all_columns: allColumns,
    number_of_rows_approximate: Number(stats?.n ?? 0),
    table_type: 'table',
    is_in_warehouse: false,
    data_frequency: entry.data_frequency,
    source_url: entry.source_url,
    publication_frequency: entry.publication_frequency,
    is_published: true,
    created_at_utc: null,
    status: 'active',
    data_timezone: entry.data_timezone,
  };
}
