import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CATALOGUE } from '../test-support/queryFixtures.js';
import { startQueryServer, type QueryTestServer } from '../test-support/query.js';

/** `timezone` across the 2024 US/Eastern DST changes: 2024-03-10 has 23 local hours, 2024-11-03 has 25 (fixture `fx_dst`). */

let server: QueryTestServer;
let app: FastifyInstance;
beforeAll(async () => {
  server = await startQueryServer({ catalogue: TEST_CATALOGUE });
  app = server.app;
});
afterAll(async () => server.close());

type Row = Record<string, unknown>;
async function rows(query: string): Promise<Row[]> {
  const url = encodeURI(`/v1/datasets/fx_dst/query?filter_column=location&filter_value=NORTH&timezone=US/Eastern&${query}`);
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const locals = (data: Row[]) => data.map((row) => row.interval_start_local);

describe('US/Eastern across DST changes', () => {
  it('2024-03-10 is a 23-hour local day: 01:00-05:00 is followed by 03:00-04:00', async () => {
    const data = await rows('start_time=2024-03-10&end_time=2024-03-11&columns=flag');
    expect(data).toHaveLength(23);
    expect(locals(data).slice(0, 3)).toEqual([
      '2024-03-10T00:00:00-05:00',
      '2024-03-10T01:00:00-05:00',
      '2024-03-10T03:00:00-04:00',
    ]);
    expect(data[1]).toMatchObject({
      interval_start_utc: '2024-03-10T06:00:00+00:00',
      interval_end_local: '2024-03-10T03:00:00-04:00',
      interval_end_utc: '2024-03-10T07:00:00+00:00',
    });
    expect(locals(data).at(-1)).toBe('2024-03-10T23:00:00-04:00');
  });

  it('2024-11-03 is a 25-hour local day: 01:00 appears at -04:00 then at -05:00', async () => {
    const data = await rows('start_time=2024-11-03&end_time=2024-11-04&columns=flag');
    expect(data).toHaveLength(25);
    expect(locals(data).slice(0, 4)).toEqual([
      '2024-11-03T00:00:00-04:00',
      '2024-11-03T01:00:00-04:00',
      '2024-11-03T01:00:00-05:00',
      '2024-11-03T02:00:00-05:00',
    ]);
    expect(data[0]!.interval_start_utc).toBe('2024-11-03T04:00:00+00:00');
    expect(locals(data).at(-1)).toBe('2024-11-03T23:00:00-05:00');
  });

  it('reads a naive time in the repeated hour as its first occurrence, and the skipped hour with the standard offset', async () => {
    expect(locals(await rows('start_time=2024-11-03 01:00&end_time=2024-11-03 02:00'))).toEqual([
      '2024-11-03T01:00:00-04:00',
      '2024-11-03T01:00:00-05:00',
    ]);
    expect(locals(await rows('start_time=2024-03-10 02:30&end_time=2024-03-10 05:00'))).toEqual(['2024-03-10T04:00:00-04:00']);
  });

  it('resamples 1d to local days: 23 and 25 hours long', async () => {
    const data = await rows(
      'start_time=2024-03-10&end_time=2024-03-11&resample_frequency=1d&resample_function=count&columns=flag',
    );
    expect(data).toEqual([
      {
        interval_start_local: '2024-03-10T00:00:00-05:00',
        interval_start_utc: '2024-03-10T05:00:00+00:00',
        interval_end_local: '2024-03-11T00:00:00-04:00',
        interval_end_utc: '2024-03-11T04:00:00+00:00',
        location: 'NORTH',
        flag: 23,
      },
    ]);
    const autumn = await rows(
      'start_time=2024-11-03&end_time=2024-11-04&resample_frequency=1d&resample_function=count&columns=flag',
    );
    expect(autumn[0]).toMatchObject({
      interval_start_utc: '2024-11-03T04:00:00+00:00',
      interval_end_utc: '2024-11-04T05:00:00+00:00',
      flag: 25,
    });
  });

  it('resamples 1d to UTC days without a timezone', async () => {
    const url = encodeURI(
      '/v1/datasets/fx_dst/query?filter_column=location&filter_value=NORTH&start_time=2024-03-10&end_time=2024-03-11&resample_frequency=1d&resample_function=count&columns=flag',
    );
    const data = (await app.inject({ method: 'GET', url })).json().data;
    expect(data).toEqual([
      {
        interval_start_utc: '2024-03-10T00:00:00+00:00',
        interval_end_utc: '2024-03-11T00:00:00+00:00',
        location: 'NORTH',
        flag: 24,
      },
    ]);
  });

  it('resamples 1M to the local calendar month', async () => {
    const data = await rows('start_time=2024-11-01&resample_frequency=1M&resample_function=count&columns=flag');
    expect(data).toEqual([
      {
        interval_start_local: '2024-11-01T00:00:00-04:00',
        interval_start_utc: '2024-11-01T04:00:00+00:00',
        interval_end_local: '2024-12-01T00:00:00-05:00',
        interval_end_utc: '2024-12-01T05:00:00+00:00',
        location: 'NORTH',
        flag: 72,
      },
    ]);
  });

  it('keeps sub-day buckets on UTC hours through the change', async () => {
    const data = await rows('start_time=2024-03-10 00:00&end_time=2024-03-10 04:00&resample_frequency=30 minutes&columns=value');
    expect(locals(data)).toEqual([
      '2024-03-10T00:00:00-05:00',
      '2024-03-10T00:30:00-05:00',
      '2024-03-10T01:00:00-05:00',
      '2024-03-10T01:30:00-05:00',
      '2024-03-10T03:00:00-04:00',
      '2024-03-10T03:30:00-04:00',
    ]);
    expect(data.map((row) => row.value)).toEqual([43.5, 43.5, 45, 45, 46.5, 46.5]);
  });

  it('writes local columns in CSV too', async () => {
    const url = encodeURI(
      '/v1/datasets/fx_dst/query?timezone=US/Eastern&return_format=csv&time=2024-11-03T06:00:00Z&columns=flag',
    );
    const lines = (await app.inject({ method: 'GET', url })).body.trim().split('\n');
    expect(lines).toEqual([
      'interval_start_local,interval_start_utc,interval_end_local,interval_end_utc,flag',
      '2024-11-03T01:00:00-05:00,2024-11-03T06:00:00+00:00,2024-11-03T02:00:00-05:00,2024-11-03T07:00:00+00:00,30',
      '2024-11-03T01:00:00-05:00,2024-11-03T06:00:00+00:00,2024-11-03T02:00:00-05:00,2024-11-03T07:00:00+00:00,30',
    ]);
  });
});
