import type { PullRecord } from '../../../../shared/bridge/contract.js';
import type { DatasetWithTimezone } from '../../../../shared/schemas/dataset.js';

/**
 * What the results table and chart need of a dataset, built from a local pull's own columns when the library kept no
 * metadata for it (files downloaded by an older version, or an index rebuilt from the folder): the time column is
 * `interval_start_utc` or else the first time-stamped column, times are shown in UTC, and no key columns are known.
 */
export function datasetFromPull(pull: PullRecord, name: string): DatasetWithTimezone {
  const timed = pull.columns.filter((c) => c.type === 'TIMESTAMPTZ' || c.type === 'TIMESTAMP');
  const time = timed.find((c) => c.name === 'interval_start_utc') ?? timed[0];
  return {
    id: pull.datasetId,
    name,
    description: null,
    earliest_available_time_utc: null,
    latest_available_time_utc: null,
    source: null,
    last_checked_time_utc: null,
    primary_key_columns: null,
    publish_time_column: null,
    time_index_column: time?.name ?? null,
    subseries_index_column: null,
    all_columns: pull.columns.map((c) => ({
      name: c.name,
      type: c.type,
      is_numeric: c.type === 'DOUBLE' || c.type === 'BIGINT',
      is_date: c.type === 'DATE',
      is_datetime: c.type === 'TIMESTAMPTZ' || c.type === 'TIMESTAMP',
    })),
    number_of_rows_approximate: null,
    table_type: null,
    is_in_warehouse: null,
    data_frequency: null,
    source_url: null,
    publication_frequency: null,
    is_published: null,
    created_at_utc: null,
    status: null,
    data_timezone: 'UTC',
  };
}
