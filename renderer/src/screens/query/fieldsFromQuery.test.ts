import { describe, expect, it } from 'vitest';
import type { PullQuery } from '../../../../shared/bridge/contract.js';
import { FULL_QUERY, SPP_FORECAST } from '../../test-support/pullQueries.js';
import { fieldsFromQuery } from './fieldsFromQuery.js';
import { toPullQuery } from './queryFields.js';

const QUERIES: PullQuery[] = [
  { datasetId: SPP_FORECAST.id, order: 'asc', publishTime: 'latest' },
  FULL_QUERY,
  {
    datasetId: SPP_FORECAST.id,
    order: 'asc',
    timezone: 'Asia/Tokyo',
    resampleFrequency: '3 hours',
    resampleBy: ['location'],
    resampleFunction: 'mean',
    publishTime: '2024-03-01 06:00',
  },
  { datasetId: SPP_FORECAST.id, order: 'asc', timezone: 'America/Chicago' },
];

describe('fieldsFromQuery', () => {
  it.each(QUERIES.map((q, i) => [i, q] as const))(
    'query %i fills the form so that running it sends the same query',
    (_i, query) => {
      const r = toPullQuery(SPP_FORECAST, fieldsFromQuery(SPP_FORECAST, query));
      expect('query' in r ? r.query : r.problems).toEqual(query);
    },
  );

  it('resampling without grouping columns (a hand-written link) groups by the subseries, as the data service does', () => {
    const link: PullQuery = { datasetId: SPP_FORECAST.id, resampleFrequency: '1d', resampleFunction: 'sum' };
    const fields = fieldsFromQuery(SPP_FORECAST, link);
    expect([...fields.resampleBy]).toEqual(['location']);
    const r = toPullQuery(SPP_FORECAST, fields);
    expect('query' in r && r.query).toMatchObject({ resampleFrequency: '1d', resampleBy: ['location'], resampleFunction: 'sum' });
  });
});
