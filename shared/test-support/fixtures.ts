import type { AuditRow, Dataset } from '../schemas/dataset.js';
import type { ApiUsage } from '../schemas/usage.js';

// Test-only /v1 bodies in our own shapes, one builder for the electron, renderer and server tests (no Node imports here).

/**
 * A valid /v1 dataset `id`, named `Dataset <id>`: PJM, `1_HOUR`, keyed by `interval_start_utc` and `location`, available
 * 2024-01-01 to 2024-03-01 (UTC), about 10 rows, one column. `over` replaces fields (tests override what they assert on).
 */
export function dataset(id: string, over: Partial<Dataset> = {}): Dataset {
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
    ...over,
  };
}

/** The audit row of `marketDate` (`YYYY-MM-DD`): 24 data points over 24 time index values, one subseries; `over` replaces counts. */
export function auditRow(marketDate: string, over: Partial<Omit<AuditRow, 'market_date'>> = {}): AuditRow {
  return {
    market_date: marketDate,
    number_of_datapoints: 24,
    number_of_unique_time_index_values: 24,
    number_of_unique_subseries_index_values: 1,
    number_of_unique_publish_times_on_publish_date: 1,
    ...over,
  };
}

/** The free plan's published limits: rows a month and a response, requests a month, a second, a minute and an hour. */
export const FREE_TIER_LIMITS: Readonly<ApiUsage['limits']> = Object.freeze({
  api_rows_returned_limit: 500_000,
  api_requests_limit: 250,
  api_rows_per_response_limit: 50_000,
  per_second_api_rate_limit: 1,
  per_minute_api_rate_limit: 30,
  per_hour_api_rate_limit: 600,
});

/** A usage report for March 2024 (UTC): by default the `Embedded` plan, every limit -1 (none), nothing used; `over` replaces fields. */
export function usage(over: Partial<ApiUsage> = {}): ApiUsage {
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
    ...over,
  };
}
