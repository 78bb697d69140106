import { gzipSync } from 'node:zlib';
import type { DatasetWithTimezone } from '../../../../shared/index.js';

/**
 * Fixtures of the download manager's unit tests: a small dataset and the gzipped CSV of one of its days.
 */

/** A dataset with three columns, as `GET /v1/datasets/{id}` describes it. */
export function fixtureDataset(
  id = 'test_dataset_1_min',
  columns: readonly string[] = ['interval_start_utc', 'zone', 'load'],
): DatasetWithTimezone {
  return {
    id,
    name: `Test ${id}`,
    description: null,
    earliest_available_time_utc: null,
    latest_available_time_utc: null,
    source: 'test',
    last_checked_time_utc: null,
    primary_key_columns: ['interval_start_utc'],
    publish_time_column: null,
    time_index_column: 'interval_start_utc',
    subseries_index_column: null,
    all_columns: columns.map((name, i) => ({
      name,
      type: i === 0 ? 'TIMESTAMP' : 'VARCHAR',
      is_numeric: false,
      is_date: false,
      is_datetime: i === 0,
    })),
    number_of_rows_approximate: null,
    table_type: null,
    is_in_warehouse: null,
    data_frequency: '1_MINUTE',
    source_url: null,
    publication_frequency: null,
    is_published: true,
    created_at_utc: null,
    status: 'active',
    data_timezone: 'UTC',
  };
}

/** The gzipped CSV of `date`: a header of `columns` and `rows` lines (sizes of a few KB at 200 rows). */
export function fixtureCsvGz(
  date: string,
  columns: readonly string[] = ['interval_start_utc', 'zone', 'load'],
  rows = 200,
): Buffer {
  const lines = [columns.join(',')];
  for (let i = 0; i < rows; i++) {
    const minute = String(i % 60).padStart(2, '0');
    const hour = String(Math.floor(i / 60) % 24).padStart(2, '0');
    lines.push(
      [`${date}T${hour}:${minute}:00+00:00`, `Z${i % 7}`, String((i * 37.5) % 1000), ...columns.slice(3).map(() => 'x')].join(
        ',',
      ),
    );
  }
  return gzipSync(`${lines.join('\n')}\n`, { level: 1 });
}
