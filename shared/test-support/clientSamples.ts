// Test-only /v1 bodies for the lenient client schemas: what other servers send, not what ours sends.

const cols = (spec: [name: string, type: string, numeric: boolean, date: boolean][]) =>
  spec.map(([name, type, is_numeric, is_date]) => ({ name, type, is_numeric, is_date }));

/** The hosted API's `GET /v1/datasets` as of 2024-09 (from rgridstatus' README): older names, no `status` or `is_datetime`. */
export const GRIDSTATUS_2024_LIST = {
  status_code: 200,
  data: [
    {
      id: 'all_records',
      name: 'All Records',
      description: 'Top daily records for various metrics across all ISOs',
      earliest_available_time: '2017-12-13T22:05:00+00:00',
      latest_available_time: '2024-09-17T00:15:00+00:00',
      source: 'gridstatus',
      last_checked_time: '2024-09-24T16:51:59+00:00',
      primary_key_columns: ['iso', 'rank', 'record_type', 'metric_name'],
      publish_time_column: null,
      time_index_column: 'interval_start_utc',
      subseries_index_column: null,
      all_columns: cols([
        ['rank', 'BIGINT', true, false],
        ['iso', 'TEXT', false, false],
        ['interval_start_utc', 'TIMESTAMP', false, true],
        ['date', 'DATE', false, true],
        ['record_type', 'TEXT', false, false],
        ['metric_name', 'TEXT', false, false],
        ['metric_value', 'DOUBLE PRECISION', true, false],
      ]),
      number_of_rows_approximate: 560,
      table_type: 'materialized_view',
      is_in_snowflake: false,
      data_frequency: 'IRREGULAR',
      is_published: true,
      created_at: null,
      updated_at: null,
      source_url: null,
      publication_frequency: null,
    },
    {
      id: 'caiso_as_prices',
      name: 'CAISO AS Prices',
      description:
        'Ancillary Services Prices as reported by CAISO.\n\n**AS Mapping**\n\nThe *_EXP show only the intertie resources.',
      earliest_available_time: '2010-01-01T08:00:00+00:00',
      latest_available_time: '2024-09-25T06:00:00+00:00',
      source: 'caiso',
      last_checked_time: '2024-09-24T16:54:44+00:00',
      primary_key_columns: ['interval_start_utc', 'region', 'market'],
      publish_time_column: null,
      time_index_column: 'interval_start_utc',
      subseries_index_column: 'region',
      all_columns: cols([
        ['interval_start_utc', 'TIMESTAMP', false, true],
        ['interval_end_utc', 'TIMESTAMP', false, true],
        ['region', 'VARCHAR', false, false],
        ['market', 'VARCHAR', false, false],
        ['non_spinning_reserves', 'DOUBLE PRECISION', true, false],
        ['regulation_down', 'DOUBLE PRECISION', true, false],
        ['regulation_mileage_down', 'DOUBLE PRECISION', true, false],
        ['regulation_mileage_up', 'DOUBLE PRECISION', true, false],
        ['regulation_up', 'DOUBLE PRECISION', true, false],
        ['spinning_reserves', 'DOUBLE PRECISION', true, false],
      ]),
      number_of_rows_approximate: 621445,
      table_type: 'table',
      is_in_snowflake: true,
      data_frequency: '1_HOUR',
      is_published: true,
      created_at: '2023-04-20T07:00:37+00:00',
      updated_at: '2024-08-21T18:50:24+00:00',
      source_url: 'http://oasis.caiso.com/mrioasis/logon.do',
      publication_frequency: null,
    },
    {
      id: 'caiso_curtailment',
      name: 'CAISO Curtailment',
      description:
        'Daily Curtailment data as reported by CAISO.\n\nNote: CAISO did not publish curtailment reports for 2024-07-26 and 2024-07-27.',
      earliest_available_time: '2017-01-01T12:00:00+00:00',
      latest_available_time: '2024-09-23T00:00:00+00:00',
      source: 'caiso',
      last_checked_time: '2024-09-24T16:54:53+00:00',
      primary_key_columns: ['interval_start_utc', 'curtailment_type', 'curtailment_reason', 'fuel_type'],
      publish_time_column: null,
      time_index_column: 'interval_start_utc',
      subseries_index_column: null,
      all_columns: cols([
        ['interval_start_utc', 'TIMESTAMP', false, true],
        ['interval_end_utc', 'TIMESTAMP', false, true],
        ['curtailment_type', 'VARCHAR', false, false],
        ['curtailment_reason', 'VARCHAR', false, false],
        ['fuel_type', 'VARCHAR', false, false],
        ['curtailment_mwh', 'INTEGER', true, false],
        ['curtailment_mw', 'INTEGER', true, false],
      ]),
      number_of_rows_approximate: 67748,
      table_type: 'table',
      is_in_snowflake: true,
      data_frequency: '5_MINUTES',
      is_published: true,
      created_at: '2023-04-20T16:35:38+00:00',
      updated_at: '2024-09-17T01:15:27+00:00',
      source_url: 'https://www.caiso.com/about/our-business/managing-the-evolving-grid',
      publication_frequency: null,
    },
  ],
  meta: { page: 1, limit: null, page_size: null, hasNextPage: null, cursor: null },
};

/** A hosted-API list entry in today's names (`_utc`, `is_datetime`) that still says `is_in_snowflake`. */
export const GRIDSTATUS_CURRENT_DATASET = {
  id: 'ercot_spp_day_ahead_hourly',
  name: 'ERCOT SPP Day Ahead Hourly',
  description: 'Settlement Point Prices in hourly intervals as reported by ERCOT from the day-ahead market run.',
  earliest_available_time_utc: '2010-12-01T06:00:00+00:00',
  latest_available_time_utc: '2025-01-24T05:00:00+00:00',
  source: 'ercot',
  last_checked_time_utc: '2025-01-23T16:00:00+00:00',
  primary_key_columns: ['interval_start_utc', 'location', 'market'],
  publish_time_column: null,
  time_index_column: 'interval_start_utc',
  subseries_index_column: 'location',
  all_columns: [
    { name: 'interval_start_utc', type: 'TIMESTAMP', is_numeric: false, is_date: true, is_datetime: true },
    { name: 'location', type: 'VARCHAR', is_numeric: false, is_date: false, is_datetime: false },
    { name: 'spp', type: 'DOUBLE PRECISION', is_numeric: true, is_date: false, is_datetime: false },
  ],
  number_of_rows_approximate: 12_000_000,
  table_type: 'table',
  is_in_snowflake: true,
  data_frequency: '1_HOUR',
  source_url: null,
  publication_frequency: null,
  is_published: true,
  created_at_utc: '2023-04-20T07:00:00+00:00',
  status: 'active',
  popularity_rank: 3,
  updated_at_utc: '2025-01-23T16:00:00+00:00',
};

/** The barest valid dataset detail (docs/api.md#dataset-detail): keys mostly null, no `all_columns`, zone or envelope. */
export const SPEC_MIN_DATASET = {
  id: 'pjm_lmp_day_ahead_hourly',
  name: 'PJM LMP Day Ahead Hourly',
  description: null,
  earliest_available_time_utc: '2024-01-01T05:00:00+00:00',
  latest_available_time_utc: null,
  source: 'pjm',
  last_checked_time_utc: null,
  primary_key_columns: null,
  publish_time_column: null,
  time_index_column: 'interval_start_utc',
  subseries_index_column: null,
  number_of_rows_approximate: null,
  table_type: null,
  is_in_warehouse: null,
  data_frequency: '1_HOUR',
  source_url: null,
  publication_frequency: null,
  is_published: null,
  created_at_utc: null,
  status: null,
};

/** The barest valid dataset list (docs/api.md#dataset-list): `meta` has only `page`. */
export const SPEC_MIN_LIST = {
  status_code: 200,
  data: [SPEC_MIN_DATASET],
  meta: { page: 1 },
  dataset_metadata: { resample_conversion: { '1_HOUR': 3600 } },
};

/** The barest valid dataset audit (docs/api.md#dataset-audit): `meta` has only `page`, no `dataset_metadata`. */
export const SPEC_MIN_AUDIT = {
  status_code: 200,
  data: [
    {
      market_date: '2024-03-01',
      number_of_datapoints: 24,
      number_of_unique_time_index_values: 24,
      number_of_unique_subseries_index_values: 1,
      number_of_unique_publish_times_on_publish_date: 0,
    },
  ],
  meta: { page: 1 },
};

/** An API usage body (docs/api.md#api-usage) with only its required fields. */
export const SPEC_MIN_USAGE = {
  plan_name: 'Free',
  limits: { api_rows_returned_limit: 500_000, api_rows_per_response_limit: 50_000 },
  current_period_usage: { total_api_rows_returned: 1200, total_requests: 7 },
};
