import type { ApiUsage, AuditRow, Dataset } from '../../shared/index.js';

/** Minimal valid /v1 bodies for tests (shapes from shared/schemas). */

export function dataset(id: string): Dataset {
  return {
    id,
    name: `Dataset ${id}`,
    description: null,
    earliest_available_time_utc: '2024-01-01T00:00:00+00:00',
    latest_available_time_utc: '2024-03-01T00:00:00+00:00',
    source: 'pjm',
    last_checked_time_utc: null,
    primary_key_columns: ['interval_start_utc', 'location'],
    publish_time_column: null,
    time_index_column: 'interval_start_utc',
    subseries_index_column: 'location',
    all_columns: [{ name: 'interval_start_utc', type: 'TIMESTAMP', is_numeric: false, is_date: false, is_datetime: true }],
    number_of_rows_approximate: 10,
    table_type: null,
    is_in_warehouse: null,
    data_frequency: '1_HOUR',
    source_url: null,
    publication_frequency: null,
    is_published: true,
    created_at_utc: null,
    status: 'active',
  };
}

export function auditRow(marketDate: string): AuditRow {
  return {
    market_date: marketDate,
    number_of_datapoints: 24,
    number_of_unique_time_index_values: 24,
    number_of_unique_subseries_index_values: 1,
    number_of_unique_publish_times_on_publish_date: 1,
  };
}

export function usage(): ApiUsage {
  return {
    plan_name: 'Embedded',
    limits: {
      api_rows_returned_limit: -1,
      api_requests_limit: -1,
      api_rows_per_response_limit: -1,
      per_second_api_rate_limit: -1,
      per_minute_api_rate_limit: -1,
      per_hour_api_rate_limit: -1,
    },
    current_usage_period_start: '2024-03-01T00:00:00+00:00',
    current_usage_period_end: '2024-04-01T00:00:00+00:00',
    current_period_usage: { total_requests: 0, total_api_rows_returned: 0 },
  };
}
