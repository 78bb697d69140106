import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatasetListResponse, DatasetUpdatesResponse, ValidationErrorBody } from '../../shared/index.js';
import { TEST_KEY, csvDataRows, startTestServer } from '../test-support/testing.js';

let app: FastifyInstance;
let close: () => Promise<void>;
const get = (url: string) => app.inject({ method: 'GET', url, headers: { 'x-api-key': TEST_KEY } });
const updates = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode).toBe(200);
  expect(Object.keys(res.json())).toEqual(['data']);
  return DatasetUpdatesResponse.parse(res.json()).data;
};

beforeAll(async () => {
  ({ app, close } = await startTestServer());
});
afterAll(async () => close());

describe('GET /v1/dataset-updates', () => {
  it('gives one record per dataset and source file, adding up to the dataset rows', async () => {
    const all = await updates('/v1/dataset-updates');
    const datasets = DatasetListResponse.parse((await get('/v1/datasets')).json()).data;
    for (const dataset of datasets) {
      const records = all.filter((r) => r.dataset === dataset.id);
      expect(records.length).toBeGreaterThan(0);
      expect(records.reduce((sum, r) => sum + r.num_rows_inserted, 0)).toBe(dataset.number_of_rows_approximate);
      for (const record of records) {
        expect(Object.keys(record)).toEqual([
          'id',
          'dataset',
          'time_utc',
          'num_rows_inserted',
          'num_rows_updated',
          'is_backfill',
        ]);
        expect(record).toMatchObject({ time_utc: dataset.last_checked_time_utc, num_rows_updated: 0, is_backfill: true });
      }
    }
    expect(all.map((r) => r.id)).toEqual(all.map((_, i) => i + 1));
  });

  it('counts each file of a multi-file dataset separately', async () => {
    const records = await updates('/v1/dataset-updates/pjm_marginal_value_day_ahead_hourly');
    const files = ['2023-11-05_2023-11-07', '2024-09-02_2024-09-04'].map(
      (w) => `gridstatus-pjm-constraints/pjm_marginal_value_day_ahead_hourly_${w}.csv`,
    );
    expect(records.map((r) => r.num_rows_inserted)).toEqual([await csvDataRows(files[0]!), await csvDataRows(files[1]!)]);
  });

  it('orders by time then id, asc by default, and applies limit after ordering', async () => {
    const asc = await updates('/v1/dataset-updates');
    expect(await updates('/v1/dataset-updates/?order=asc')).toEqual(asc);
    expect(await updates('/v1/dataset-updates?order=desc')).toEqual([...asc].reverse());
    expect(await updates('/v1/dataset-updates?limit=3')).toEqual(asc.slice(0, 3));
    expect(await updates('/v1/dataset-updates?limit=2&order=desc')).toEqual([...asc].reverse().slice(0, 2));
    expect(await updates(`/v1/dataset-updates?limit=${asc.length + 5}`)).toEqual(asc);
    const one = await updates('/v1/dataset-updates/nyiso_fuel_mix?order=desc&limit=1');
    expect(one).toEqual([asc.filter((r) => r.dataset === 'nyiso_fuel_mix').at(-1)]);
  });

  it.each([
    ['/v1/dataset-updates/nope', 404, { detail: 'Dataset nope not found' }],
    [
      '/v1/dataset-updates?limit=0',
      422,
      { detail: [{ loc: ['query', 'limit'], msg: 'Input should be greater than or equal to 1', type: 'greater_than_equal' }] },
    ],
    [
      '/v1/dataset-updates/nyiso_zonal_load_5_min?limit=ten',
      422,
      {
        detail: [
          {
            loc: ['query', 'limit'],
            msg: 'Input should be a valid integer, unable to parse string as an integer',
            type: 'int_parsing',
          },
        ],
      },
    ],
    [
      '/v1/dataset-updates?order=newest',
      422,
      { detail: [{ loc: ['query', 'order'], msg: "Input should be 'asc' or 'desc'", type: 'enum' }] },
    ],
    ['/v1/dataset-updates/nope?order=newest', 422, undefined],
  ])('%s → %i', async (url, status, body) => {
    const res = await get(url);
    expect(res.statusCode).toBe(status);
    if (body) expect(res.json()).toEqual(body);
    if (status === 422) expect(ValidationErrorBody.safeParse(res.json()).success).toBe(true);
  });
});
