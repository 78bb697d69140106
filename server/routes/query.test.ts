import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CATALOGUE } from '../test-support/queryFixtures.js';
import {
  FX_DST_QUERY as DST,
  FX_FORECAST_QUERY as FORECAST,
  FX_POSSIBLE_COLUMNS as POSSIBLE,
  hours,
  queryColumn as column,
  queryRows as rows,
  startQueryServer,
  type QueryCase as Case,
  type QueryTestServer,
} from '../test-support/query.js';

// One case per rule of docs/api.md#dataset-query; `fx_dst`: hourly × NORTH/SOUTH over 2024-03-09…11 and 2024-11-02…04 UTC.

let server: QueryTestServer;
let app: FastifyInstance;
beforeAll(async () => {
  server = await startQueryServer({ catalogue: TEST_CATALOGUE });
  app = server.app;
});
afterAll(async () => server.close());

const starts = (res: LightMyRequestResponse) => rows(res).map((row) => row.interval_start_utc);

const CASES: Case[] = [
  // Time range: [start, end) on the time index, every accepted form; naive values read in `timezone`.
  {
    rule: 'date-only start/end',
    url: `${DST}start_time=2024-03-10&end_time=2024-03-11`,
    check: (r) => {
      expect(rows(r)).toHaveLength(48);
      expect([starts(r)[0], starts(r).at(-1)]).toEqual(['2024-03-10T00:00:00+00:00', '2024-03-10T23:00:00+00:00']);
    },
  },
  {
    rule: 'space form',
    url: `${DST}start_time=2024-03-10 05:00:00&end_time=2024-03-10 07:00`,
    check: (r) => expect(new Set(starts(r))).toEqual(new Set(['2024-03-10T05:00:00+00:00', '2024-03-10T06:00:00+00:00'])),
  },
  {
    rule: 'T form',
    url: `${DST}start_time=2024-03-10T05:00:00&end_time=2024-03-10T07:00:00`,
    check: (r) => expect(rows(r)).toHaveLength(4),
  },
  {
    rule: 'Z suffix',
    url: `${DST}start_time=2024-03-10T05:00:00Z&end_time=2024-03-10T07:00:00Z`,
    check: (r) => expect(rows(r)).toHaveLength(4),
  },
  {
    rule: '±HH:MM offset',
    url: `${DST}start_time=2024-03-10T00:00:00-05:00&end_time=2024-03-10T03:00:00-04:00`,
    check: (r) =>
      expect(starts(r)).toEqual([
        '2024-03-10T05:00:00+00:00',
        '2024-03-10T05:00:00+00:00',
        '2024-03-10T06:00:00+00:00',
        '2024-03-10T06:00:00+00:00',
      ]),
  },
  {
    rule: 'naive values read in timezone',
    url: `${DST}start_time=2024-03-10 00:00&end_time=2024-03-10 03:00&timezone=US/Eastern&columns=value`,
    check: (r) =>
      expect(column(r, 'interval_start_utc')).toEqual([
        '2024-03-10T05:00:00+00:00',
        '2024-03-10T05:00:00+00:00',
        '2024-03-10T06:00:00+00:00',
        '2024-03-10T06:00:00+00:00',
      ]),
  },
  {
    rule: 'bad timestamp',
    url: `${DST}start_time=yesterday`,
    status: 400,
    detail:
      "Invalid start_time 'yesterday': expected an ISO 8601 date or date-time such as 2024-01-01, 2024-01-01 00:00:00 or 2024-01-01T00:00:00-05:00",
  },
  {
    rule: 'time=latest',
    url: `${DST}time=latest`,
    check: (r) => expect(starts(r)).toEqual(['2024-11-04T23:00:00+00:00', '2024-11-04T23:00:00+00:00']),
  },
  {
    rule: 'time with default =',
    url: `${DST}time=2024-03-09T00:00:00Z`,
    check: (r) => expect(column(r, 'location')).toEqual(['NORTH', 'SOUTH, "X"']),
  },
  {
    rule: 'time_comparison >=',
    url: `${DST}time=2024-11-04T22:00:00Z&time_comparison=>=`,
    check: (r) => expect(rows(r)).toHaveLength(4),
  },
  {
    rule: 'time_comparison <',
    url: `${DST}time=2024-03-09T02:00:00Z&time_comparison=<`,
    check: (r) => expect(rows(r)).toHaveLength(4),
  },
  {
    rule: 'time with start/end',
    url: `${DST}time=latest&start_time=2024-03-10`,
    status: 400,
    detail: 'time cannot be combined with start_time or end_time',
  },
  // publish_time (fx_forecast: vintage v published 2024-05-31 + 6h·v, forecast = hour + 100·v).
  {
    rule: 'publish_time=latest_report',
    url: `${FORECAST}publish_time=latest_report`,
    check: (r) => {
      expect(new Set(column(r, 'publish_time_utc'))).toEqual(new Set(['2024-06-01T06:00:00+00:00']));
      expect(column(r, 'forecast')).toEqual(hours(6, 24).map((h) => h + 500));
    },
  },
  {
    rule: 'publish_time=latest',
    url: `${FORECAST}publish_time=latest`,
    check: (r) => expect(column(r, 'forecast')).toEqual(hours(0, 24).map((h) => h + (h < 6 ? 400 : 500))),
  },
  {
    rule: 'publish_time=latest_before:<offset>',
    url: `${FORECAST}publish_time=latest_before:-12 hours`,
    check: (r) => {
      const vintage = (h: number) => (h === 0 ? 1 : h <= 6 ? 2 : h <= 12 ? 3 : h <= 18 ? 4 : 5);
      expect(column(r, 'forecast')).toEqual(hours(0, 24).map((h) => h + 100 * vintage(h)));
    },
  },
  {
    rule: 'publish_time=<timestamp>',
    url: `${FORECAST}publish_time=2024-05-31T18:00:00Z`,
    check: (r) => expect(column(r, 'forecast')).toEqual(hours(0, 24).map((h) => h + 300)),
  },
  {
    rule: 'publish_time_start/end',
    url: `${FORECAST}publish_time_start=2024-06-01&publish_time_end=2024-06-01T06:00:00Z`,
    check: (r) => expect(column(r, 'forecast')).toEqual(hours(0, 24).map((h) => h + 400)),
  },
  {
    rule: 'publish_time without a publish column',
    url: `${DST}publish_time=latest`,
    status: 400,
    detail: 'Dataset fx_dst has no publish time column: publish_time, publish_time_start and publish_time_end do not apply to it',
  },
  {
    rule: 'bad latest_before offset',
    url: `${FORECAST}publish_time=latest_before:yesterday`,
    status: 400,
    detail:
      "Invalid publish_time 'latest_before:yesterday': the offset after latest_before: must look like -1 day, -6 hours or 30 minutes",
  },
  {
    rule: 'filter =',
    url: `${DST}filter_column=location&filter_value=NORTH`,
    check: (r) => expect(new Set(column(r, 'location'))).toEqual(new Set(['NORTH'])),
  },
  {
    rule: 'filter !=',
    url: `${DST}filter_column=location&filter_value=NORTH&filter_operator=!=`,
    check: (r) => expect(rows(r)).toHaveLength(144),
  },
  {
    rule: 'filter > on a number',
    url: `${DST}filter_column=value&filter_operator=>&filter_value=1100`,
    check: (r) => expect(column(r, 'flag')).toEqual([67, 68, 69, 70, 71, 67, 68, 69, 70, 71]),
  },
  {
    rule: 'filter in',
    url: `${DST}filter_column=flag&filter_operator=in&filter_value=1,2`,
    check: (r) => expect(rows(r)).toHaveLength(8),
  },
  {
    rule: 'filter on a timestamp, naive in timezone',
    url: `${DST}filter_column=interval_start_utc&filter_operator=<&filter_value=2024-03-09 01:00&timezone=US/Eastern`,
    check: (r) => expect(rows(r)).toHaveLength(12),
  },
  {
    rule: 'filter value of the wrong type',
    url: `${DST}filter_column=flag&filter_value=1.5`,
    status: 400,
    detail: "Invalid filter_value '1.5' for column flag of type INTEGER: expected an integer",
  },
  {
    rule: 'filter on an unknown column',
    url: `${DST}filter_column=price&filter_value=1`,
    status: 400,
    detail: `Column price not found in dataset. Possible columns: ${POSSIBLE}`,
  },
  { rule: 'filter_operator alone is ignored', url: `${DST}filter_operator=%3E`, check: (r) => expect(rows(r)).toHaveLength(288) },
  {
    rule: 'unknown filter_operator',
    url: `${DST}filter_column=flag&filter_value=1&filter_operator=like`,
    status: 400,
    detail: "Invalid filter_operator 'like'. Accepted values: =, !=, >, >=, <, <=, in",
  },
  {
    rule: 'filter_column without filter_value',
    url: `${DST}filter_column=flag`,
    status: 400,
    detail: 'filter_value is required when filter_column is given',
  },
  {
    rule: 'columns: time index columns first',
    url: `${DST}columns=note,interval_end_utc,location&limit=1`,
    check: (r) => expect(Object.keys(rows(r)[0]!)).toEqual(['interval_start_utc', 'interval_end_utc', 'note', 'location']),
  },
  {
    rule: 'unknown column in columns',
    url: `${DST}columns=value,nope`,
    status: 400,
    detail: `Column nope not found in dataset. Possible columns: ${POSSIBLE}`,
  },
  {
    rule: 'order=desc: time index then key',
    url: `${DST}order=desc&limit=3&columns=location`,
    check: (r) =>
      expect(rows(r).map((row) => [row.interval_start_utc, row.location])).toEqual([
        ['2024-11-04T23:00:00+00:00', 'SOUTH, "X"'],
        ['2024-11-04T23:00:00+00:00', 'NORTH'],
        ['2024-11-04T22:00:00+00:00', 'SOUTH, "X"'],
      ]),
  },
  {
    rule: 'timezone=market adds _local before _utc',
    url: `${DST}timezone=market&limit=1&columns=value`,
    check: (r) =>
      expect(rows(r)[0]).toEqual({
        interval_start_local: '2024-03-08T19:00:00-05:00',
        interval_start_utc: '2024-03-09T00:00:00+00:00',
        interval_end_local: '2024-03-08T20:00:00-05:00',
        interval_end_utc: '2024-03-09T01:00:00+00:00',
        value: 0,
      }),
  },
  {
    rule: 'IANA timezone',
    url: `${DST}timezone=Asia/Kolkata&limit=1&columns=value`,
    check: (r) => expect(rows(r)[0]!.interval_start_local).toBe('2024-03-09T05:30:00+05:30'),
  },
  {
    rule: 'unknown timezone',
    url: `${DST}timezone=Mars/Olympus`,
    status: 400,
    detail:
      "Unknown timezone 'Mars/Olympus'. Use an IANA time zone name such as US/Eastern or America/Chicago, or market for the dataset's own zone.",
  },
  // Resampling (fx_dst: value = 1.5·hour, +1000 for SOUTH; flag = hour).
  {
    rule: 'resample 1d count (UTC days)',
    url: `${DST}resample_frequency=1d&resample_function=count&columns=flag`,
    check: (r) => {
      expect(rows(r)).toHaveLength(12);
      expect(new Set(column(r, 'flag'))).toEqual(new Set([24]));
    },
  },
  {
    rule: 'resample mean by the subseries',
    url: `${DST}resample_frequency=1 day&columns=value&limit=2`,
    check: (r) =>
      expect(rows(r)).toEqual([
        {
          interval_start_utc: '2024-03-09T00:00:00+00:00',
          interval_end_utc: '2024-03-10T00:00:00+00:00',
          location: 'NORTH',
          value: 17.25,
        },
        {
          interval_start_utc: '2024-03-09T00:00:00+00:00',
          interval_end_utc: '2024-03-10T00:00:00+00:00',
          location: 'SOUTH, "X"',
          value: 1017.25,
        },
      ]),
  },
  {
    rule: 'resample N hours sum',
    url: `${DST}resample_frequency=2 hours&resample_function=sum&columns=flag&limit=1`,
    check: (r) => expect(rows(r)[0]).toMatchObject({ interval_end_utc: '2024-03-09T02:00:00+00:00', flag: 1 }),
  },
  {
    rule: 'resample min/max/stddev/variance',
    url: `${DST}resample_frequency=1d&resample_function=variance&columns=value&limit=1`,
    check: (r) => expect(rows(r)[0]!.value).toBeCloseTo(112.5, 9),
  },
  {
    rule: 'resample stddev',
    url: `${DST}resample_frequency=1d&resample_function=stddev&columns=value&limit=1`,
    check: (r) => expect(rows(r)[0]!.value).toBeCloseTo(Math.sqrt(112.5), 9),
  },
  {
    rule: 'resample max',
    url: `${DST}resample_frequency=1d&resample_function=max&columns=value&limit=1`,
    check: (r) => expect(rows(r)[0]!.value).toBe(34.5),
  },
  {
    rule: 'resample_by another column',
    url: `${DST}resample_frequency=1d&resample_by=note&resample_function=count&columns=flag&limit=1`,
    check: (r) =>
      expect(rows(r)[0]).toEqual({
        interval_start_utc: '2024-03-09T00:00:00+00:00',
        interval_end_utc: '2024-03-10T00:00:00+00:00',
        note: null,
        flag: 10,
      }),
  },
  {
    rule: 'upsampling repeats values',
    url: `${DST}resample_frequency=15min&columns=value&limit=8`,
    check: (r) => {
      expect(column(r, 'value')).toEqual([0, 1000, 0, 1000, 0, 1000, 0, 1000]);
      expect(column(r, 'interval_end_utc').slice(0, 3)).toEqual([
        '2024-03-09T00:15:00+00:00',
        '2024-03-09T00:15:00+00:00',
        '2024-03-09T00:30:00+00:00',
      ]);
    },
  },
  {
    rule: 'resample_frequency outside the set',
    url: `${DST}resample_frequency=7min`,
    status: 400,
    detail:
      "Invalid resample_frequency '7min'. Accepted values: 5min, 15min, 30min, 1h, 1d, 1w, 1M, or 'N minutes', 'N hours', 'N days', 'N weeks', 'N months', 'N years' with N a positive integer.",
  },
  {
    rule: 'resample_by unknown column',
    url: `${DST}resample_frequency=1h&resample_by=zone`,
    status: 400,
    detail: `Column zone not found in dataset. Possible columns: ${POSSIBLE}`,
  },
  { rule: 'unknown dataset', url: '/v1/datasets/nope/query', status: 404, detail: 'Dataset nope not found' },
];

describe('GET /v1/datasets/{id}/query: selection rules', () => {
  it.each(CASES)('$rule', async ({ url, status = 200, detail, check }) => {
    const res = await app.inject({ method: 'GET', url: encodeURI(url) });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
    if (detail !== undefined) expect(res.json()).toEqual({ detail });
    check?.(res);
  });
});

const INVALID: [string, string, string, string][] = [
  ['time_comparison=~', 'time_comparison', 'enum', "Input should be '=', '>', '>=', '<' or '<='"],
  ['order=sideways', 'order', 'enum', "Input should be 'asc' or 'desc'"],
  [
    'resample_function=median',
    'resample_function',
    'enum',
    "Input should be 'mean', 'sum', 'min', 'max', 'count', 'stddev' or 'variance'",
  ],
  ['page=0', 'page', 'greater_than_equal', 'Input should be greater than or equal to 1'],
  ['page=x', 'page', 'int_parsing', 'Input should be a valid integer, unable to parse string as an integer'],
  ['limit=-1', 'limit', 'greater_than_equal', 'Input should be greater than or equal to 0'],
  ['page_size=0', 'page_size', 'greater_than_equal', 'Input should be greater than or equal to 1'],
  ['return_format=xml', 'return_format', 'enum', "Input should be 'json' or 'csv'"],
  ['download=maybe', 'download', 'bool_parsing', 'Input should be a valid boolean, unable to interpret input'],
];

describe('GET /v1/datasets/{id}/query: parameter syntax', () => {
  it.each(INVALID)('%s → 422', async (query, name, type, msg) => {
    const res = await app.inject({ method: 'GET', url: `${DST}${query}` });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: [{ loc: ['query', name], msg, type }] });
  });
});
