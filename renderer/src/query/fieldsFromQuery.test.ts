import { describe, expect, it } from 'vitest';
import type { PullQuery } from '../../../shared/bridge/contract.js';
import type { DatasetWithTimezone } from '../../../shared/schemas/dataset.js';
import { makeDataset } from '../test-support/fakeApi.js';
import { fieldsFromQuery } from './fieldsFromQuery.js';
import { toPullQuery } from './queryFields.js';

const DATASET: DatasetWithTimezone = {
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

const QUERIES: PullQuery[] = [
  { datasetId: DATASET.id, order: 'asc', publishTime: 'latest' },
  {
    datasetId: DATASET.id,
    startTime: '2024-03-01',
    endTime: '2024-03-08 12:00',
    columns: ['interval_start_utc', 'location', 'spp'],
    filter: { column: 'location', operator: 'in', value: 'HB_HOUSTON,HB_NORTH' },
    order: 'desc',
    limit: 250_000,
    timezone: 'market',
    resampleFrequency: '1h',
    resampleBy: ['location'],
    resampleFunction: 'max',
    publishTime: 'latest_before:-1 day',
    publishTimeStart: '2024-02-28',
  },
  {
    datasetId: DATASET.id,
    order: 'asc',
    timezone: 'Asia/Tokyo',
    resampleFrequency: '3 hours',
    resampleBy: ['location'],
    resampleFunction: 'mean',
    publishTime: '2024-03-01 06:00',
  },
  { datasetId: DATASET.id, order: 'asc', timezone: 'America/Chicago' },
];

describe('fieldsFromQuery', () => {
  it.each(QUERIES.map((q, i) => [i, q] as const))(
    'query %i fills the form so that running it sends the same query',
    (_i, query) => {
      const r = toPullQuery(DATASET, fieldsFromQuery(DATASET, query));
      expect('query' in r ? r.query : r.problems).toEqual(query);
    },
  );
});
