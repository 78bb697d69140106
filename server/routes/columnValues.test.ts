import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ColumnValuesResponse } from '../../shared/index.js';
import { TEST_KEY, startTestServer } from '../test-support/testing.js';

let app: FastifyInstance;
let close: () => Promise<void>;
const get = (url: string) => app.inject({ method: 'GET', url, headers: { 'x-api-key': TEST_KEY } });
const values = async (url: string) => {
  const res = await get(url);
  expect(res.statusCode).toBe(200);
  expect(Object.keys(res.json())).toEqual(['dataset_id', 'column', 'values', 'truncated']);
  return ColumnValuesResponse.parse(res.json());
};
const url = (dataset: string, column: string, query = '') => `/v1/datasets/${dataset}/columns/${column}/values${query}`;

beforeAll(async () => {
  ({ app, close } = await startTestServer());
});
afterAll(async () => close());

describe('GET /v1/datasets/{dataset_id}/columns/{column}/values', () => {
  it('lists every zone with its row count, by count then value', async () => {
    const body = await values(url('nyiso_zonal_load_5_min', 'zone'));
    expect(body).toMatchObject({ dataset_id: 'nyiso_zonal_load_5_min', column: 'zone', truncated: false });
    expect(body.values).toHaveLength(11);
    expect(body.values.reduce((sum, v) => sum + v.count, 0)).toBe(3190);
    const sorted = [...body.values].sort((a, b) => b.count - a.count || String(a.value).localeCompare(String(b.value)));
    expect(body.values).toEqual(sorted);
  });

  it('trims to limit (default 100) and says so', async () => {
    const three = await values(url('nyiso_zonal_load_5_min', 'zone', '?limit=3'));
    expect(three.values).toEqual((await values(url('nyiso_zonal_load_5_min', 'zone'))).values.slice(0, 3));
    expect(three.truncated).toBe(true);
    const many = await values(url('spp_west_tie_flows_1_min', 'interval_start_utc'));
    expect([many.values.length, many.truncated]).toEqual([100, true]);
    expect((await values(url('nyiso_zonal_load_5_min', 'zone', '?limit=11'))).truncated).toBe(false);
  });

  it('matches search as a case-insensitive substring, wildcards and quotes taken literally', async () => {
    expect((await values(url('nyiso_zonal_load_5_min', 'zone', '?search=capit'))).values.map((v) => v.value)).toEqual(['CAPITL']);
    expect((await values(url('nyiso_zonal_load_5_min', 'zone', '?search=%25'))).values).toEqual([]);
    expect((await values(url('nyiso_zonal_load_5_min', 'zone', `?search=${encodeURIComponent("x' OR '1'='1")}`))).values).toEqual(
      [],
    );
    expect((await values(url('nyiso_zonal_load_5_min', 'zone', '?search='))).values).toHaveLength(11);
  });

  it('gives timestamps in the API form and numbers as numbers', async () => {
    const times = await values(url('nyiso_zonal_load_5_min', 'interval_start_utc', '?search=T05:05&limit=5'));
    expect(times.values).toEqual([{ value: '2017-11-22T05:05:00+00:00', count: 11 }]);
    const loads = await values(url('nyiso_zonal_load_5_min', 'load', '?limit=2'));
    expect(loads.values.every((v) => typeof v.value === 'number')).toBe(true);
  });

  it.each([
    [url('nope', 'zone'), 404, { detail: 'Dataset nope not found' }],
    [
      url('nyiso_zonal_load_5_min', 'Zone'),
      404,
      { detail: 'Column Zone not found in dataset. Possible columns: interval_start_utc, interval_end_utc, zone, ptid, load.' },
    ],
    [url('nyiso_zonal_load_5_min', encodeURIComponent('zone"; DROP TABLE nyiso_zonal_load_5_min; --')), 404, undefined],
    [
      url('nyiso_zonal_load_5_min', 'zone', '?limit=10001'),
      422,
      { detail: [{ loc: ['query', 'limit'], msg: 'Input should be less than or equal to 10000', type: 'less_than_equal' }] },
    ],
    [
      url('nyiso_zonal_load_5_min', 'zone', '?limit=0'),
      422,
      { detail: [{ loc: ['query', 'limit'], msg: 'Input should be greater than or equal to 1', type: 'greater_than_equal' }] },
    ],
    [
      url('nyiso_zonal_load_5_min', 'zone', '?limit=1.5'),
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
  ])('%s → %i', async (path, status, body) => {
    const res = await get(path);
    expect(res.statusCode).toBe(status);
    if (body) expect(res.json()).toEqual(body);
  });

  it('does not count the values as data rows', async () => {
    const rowsOf = async () => (await get('/v1/api_usage')).json().current_period_usage.total_api_rows_returned;
    const before = await rowsOf();
    await get(url('nyiso_zonal_load_5_min', 'zone'));
    expect(await rowsOf()).toBe(before);
  });
});
