import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DatasetQueryResponse } from '../../shared/index.js';
import { TEST_KEY, startTestServer } from '../test-support/testing.js';

let app: FastifyInstance;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ app, close } = await startTestServer({
    plan: {
      name: 'starter',
      limits: {
        api_rows_returned_limit: -1,
        api_requests_limit: -1,
        api_rows_per_response_limit: 1000,
        per_second_api_rate_limit: -1,
        per_minute_api_rate_limit: -1,
        per_hour_api_rate_limit: -1,
      },
      entitlements: { resampling: false, audit: true },
    },
  }));
});
afterAll(async () => close());

const get = (url: string, key: string | null = TEST_KEY) =>
  app.inject({ method: 'GET', url: encodeURI(url), headers: key ? { 'x-api-key': key } : {} });

describe('GET /v1/datasets/{id}/query in the /v1 service', () => {
  it('requires an API key', async () => {
    const res = await get('/v1/datasets/pjm_solar_forecast_hourly/query', null);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'API key is required.' });
  });

  it('serves the embedded PJM forecast vintages (newest per interval)', async () => {
    const res = await get(
      '/v1/datasets/pjm_solar_forecast_hourly/query?publish_time=latest&timezone=market&json_schema=array-of-arrays',
    );
    expect(res.statusCode).toBe(200);
    const { data, meta, dataset_metadata } = DatasetQueryResponse.parse(res.json());
    expect(data[0]).toEqual([
      'interval_start_local',
      'interval_start_utc',
      'interval_end_local',
      'interval_end_utc',
      'publish_time_local',
      'publish_time_utc',
      'solar_forecast_btm',
      'solar_forecast',
    ]);
    const starts = data.slice(1).map((row) => (row as unknown[])[1]);
    expect(new Set(starts).size).toBe(starts.length);
    expect(meta).toMatchObject({ page: 1, page_size: 1000, hasNextPage: false });
    expect(dataset_metadata.data_timezone).toBe('US/Eastern');
  });

  it("applies the plan's rows per response and resampling entitlement", async () => {
    expect((await get('/v1/datasets/nyiso_zonal_load_5_min/query?page_size=1001')).json()).toEqual({
      detail: 'page_size 1001 exceeds the 1000 rows per response of your plan',
    });
    const resampled = await get('/v1/datasets/nyiso_zonal_load_5_min/query?resample_frequency=1h');
    expect(resampled.statusCode).toBe(403);
    expect(resampled.json()).toEqual({ detail: 'Resampling requires a paid plan. Your plan: starter.' });
  });

  it('counts the rows it returns in /v1/api_usage', async () => {
    const before = (await get('/v1/api_usage')).json().current_period_usage.total_api_rows_returned;
    expect((await get('/v1/datasets/nyiso_zonal_load_5_min/query?limit=25')).statusCode).toBe(200);
    const after = (await get('/v1/api_usage')).json().current_period_usage.total_api_rows_returned;
    expect(after - before).toBe(25);
  });
});
