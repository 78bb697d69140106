import type { PullQuery } from '../../../shared/bridge/contract.js';
import type { DatasetWithTimezone } from '../../../shared/schemas/dataset.js';
import { makeDataset } from './fakeApi.js';

/** An ERCOT settlement point price forecast: a subseries (`location`) and forecast vintages (`publish_time_utc`). */
export const SPP_FORECAST: DatasetWithTimezone = {
  ...makeDataset({
    id: 'ercot_spp_forecast',
    name: 'ERCOT SPP forecast',
    subseries_index_column: 'location',
    publish_time_column: 'publish_time_utc',
    all_columns: [
      { name: 'interval_start_utc', type: 'TIMESTAMP', is_numeric: false, is_date: false, is_datetime: true },
      { name: 'publish_time_utc', type: 'TIMESTAMP', is_numeric: false, is_date: false, is_datetime: true },
      { name: 'location', type: 'VARCHAR', is_numeric: false, is_date: false, is_datetime: false },
      { name: 'spp', type: 'DOUBLE PRECISION', is_numeric: true, is_date: false, is_datetime: false },
    ],
  }),
  data_timezone: 'US/Central',
};

/**
 * A query of {@link SPP_FORECAST} that sets nearly every parameter (not `publishTimeEnd`), with a filter value holding
 * `&`, `=`, spaces and commas that an address must escape.
 */
export const FULL_QUERY: PullQuery = {
  datasetId: SPP_FORECAST.id,
  startTime: '2024-03-01',
  endTime: '2024-03-08 12:00',
  columns: ['interval_start_utc', 'location', 'spp'],
  filter: { column: 'location', operator: 'in', value: 'HB_HOUSTON,A & B, C=D' },
  order: 'desc',
  limit: 250_000,
  timezone: 'market',
  resampleFrequency: '1h',
  resampleBy: ['location'],
  resampleFunction: 'max',
  publishTime: 'latest_before:-1 day',
  publishTimeStart: '2024-02-28',
};
