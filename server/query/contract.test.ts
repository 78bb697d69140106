import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolvePlan, type Plan } from '../plans/index.js';
import { TEST_CATALOGUE } from '../test-support/queryFixtures.js';
import { IN_WITHOUT_VALUES } from './filter.js';
import { invalidFrequencyDetail } from './frequency.js';
import {
  FX_DST_QUERY as DST,
  FX_FORECAST_QUERY as FORECAST,
  FX_POSSIBLE_COLUMNS as POSSIBLE,
  hours,
  queryColumn as column,
  queryRows as rows,
  startQueryServer,
  type QueryCase,
  type QueryTestServer,
} from '../test-support/query.js';

/** More query contract cases (docs/query.md), one per rule, on the datasets of test-support/queryFixtures.ts. */
const BASIC: Plan = { ...resolvePlan('unlimited'), name: 'basic', entitlements: { resampling: false, audit: false } };

const servers: Record<'open' | 'basic', QueryTestServer | undefined> = { open: undefined, basic: undefined };
beforeAll(async () => {
  servers.open = await startQueryServer({ catalogue: TEST_CATALOGUE });
  servers.basic = await startQueryServer({ catalogue: TEST_CATALOGUE, plan: BASIC });
});
afterAll(async () => {
  for (const server of Object.values(servers)) await server?.close();
});

const buckets = (res: LightMyRequestResponse, name: string) =>
  rows(res).map((row) => [row.interval_start_utc, row.interval_end_utc, row[name]]);

interface Case extends QueryCase {
  server?: 'open' | 'basic'; // default `open` (no limits)
}

const LATEST = hours(0, 24).map((h) => h + (h < 6 ? 400 : 500)); // publish_time=latest: vintage 4 before 06:00, then 5
const T = (text: string) => `${text}T00:00:00+00:00`;

const CASES: Case[] = [
  {
    rule: 'invalid resample_frequency on a plan without resampling → 400',
    server: 'basic',
    url: `${DST}resample_frequency=7min`,
    status: 400,
    detail: invalidFrequencyDetail('7min'),
  },
  {
    rule: 'unknown resample_by column on a plan without resampling → 400',
    server: 'basic',
    url: `${DST}resample_frequency=1h&resample_by=zone`,
    status: 400,
    detail: `Column zone not found in dataset. Possible columns: ${POSSIBLE}`,
  },
  {
    rule: 'valid resample_frequency on a plan without resampling → 403',
    server: 'basic',
    url: `${DST}resample_frequency=1h`,
    status: 403,
    detail: 'Resampling requires a paid plan. Your plan: basic.',
  },
  {
    rule: 'no resampling on a plan without it → 200',
    server: 'basic',
    url: `${DST}limit=1`,
    check: (r) => expect(rows(r)).toHaveLength(1),
  },
  {
    rule: 'resample_function=min',
    url: `${DST}start_time=2024-03-10&end_time=2024-03-11&resample_frequency=1d&resample_function=min&columns=value`,
    check: (r) =>
      expect(rows(r)).toEqual([
        { interval_start_utc: T('2024-03-10'), interval_end_utc: T('2024-03-11'), location: 'NORTH', value: 36 },
        { interval_start_utc: T('2024-03-10'), interval_end_utc: T('2024-03-11'), location: 'SOUTH, "X"', value: 1036 },
      ]),
  },
  {
    rule: 'resample_frequency=5min',
    url: `${DST}resample_frequency=5min&columns=value&limit=4`,
    check: (r) =>
      expect(buckets(r, 'value')).toEqual([
        ['2024-03-09T00:00:00+00:00', '2024-03-09T00:05:00+00:00', 0],
        ['2024-03-09T00:00:00+00:00', '2024-03-09T00:05:00+00:00', 1000],
        ['2024-03-09T00:05:00+00:00', '2024-03-09T00:10:00+00:00', 0],
        ['2024-03-09T00:05:00+00:00', '2024-03-09T00:10:00+00:00', 1000],
      ]),
  },
  {
    rule: 'resample_frequency=30min',
    url: `${DST}start_time=2024-03-09T01:00Z&resample_frequency=30min&columns=value&limit=4`,
    check: (r) =>
      expect(buckets(r, 'value')).toEqual([
        ['2024-03-09T01:00:00+00:00', '2024-03-09T01:30:00+00:00', 1.5],
        ['2024-03-09T01:00:00+00:00', '2024-03-09T01:30:00+00:00', 1001.5],
        ['2024-03-09T01:30:00+00:00', '2024-03-09T02:00:00+00:00', 1.5],
        ['2024-03-09T01:30:00+00:00', '2024-03-09T02:00:00+00:00', 1001.5],
      ]),
  },
  {
    rule: 'resample_frequency=1h',
    url: `${DST}start_time=2024-03-10T05:00Z&resample_frequency=1h&resample_function=sum&columns=value&limit=2`,
    check: (r) =>
      expect(buckets(r, 'value')).toEqual([
        ['2024-03-10T05:00:00+00:00', '2024-03-10T06:00:00+00:00', 43.5],
        ['2024-03-10T05:00:00+00:00', '2024-03-10T06:00:00+00:00', 1043.5],
      ]),
  },
  // 1w buckets start on Mondays (DuckDB's origin 2000-01-03); months and years count from 2000-01-01.
  {
    rule: 'resample_frequency=1w',
    url: `${DST}resample_frequency=1w&resample_function=count&columns=flag&filter_column=location&filter_value=NORTH`,
    check: (r) =>
      expect(buckets(r, 'flag')).toEqual([
        [T('2024-03-04'), T('2024-03-11'), 48],
        [T('2024-03-11'), T('2024-03-18'), 24],
        [T('2024-10-28'), T('2024-11-04'), 48],
        [T('2024-11-04'), T('2024-11-11'), 24],
      ]),
  },
  {
    rule: 'resample_frequency=1M',
    url: `${DST}resample_frequency=1M&resample_function=count&columns=flag&filter_column=location&filter_value=NORTH`,
    check: (r) =>
      expect(buckets(r, 'flag')).toEqual([
        [T('2024-03-01'), T('2024-04-01'), 72],
        [T('2024-11-01'), T('2024-12-01'), 72],
      ]),
  },
  {
    rule: 'resample_frequency=N months',
    url: `${DST}resample_frequency=2 months&resample_function=max&columns=flag&filter_column=location&filter_value=NORTH`,
    check: (r) =>
      expect(buckets(r, 'flag')).toEqual([
        [T('2024-03-01'), T('2024-05-01'), 71],
        [T('2024-11-01'), T('2025-01-01'), 71],
      ]),
  },
  {
    rule: 'resample_frequency=N years',
    url: `${DST}resample_frequency=1 year&resample_function=count&columns=flag`,
    check: (r) =>
      expect(rows(r)).toEqual([
        { interval_start_utc: T('2024-01-01'), interval_end_utc: T('2025-01-01'), location: 'NORTH', flag: 144 },
        { interval_start_utc: T('2024-01-01'), interval_end_utc: T('2025-01-01'), location: 'SOUTH, "X"', flag: 144 },
      ]),
  },
  {
    rule: 'resample_frequency=N years (plural, N > 1)',
    url: `${DST}resample_frequency=3 years&resample_function=count&columns=flag&limit=1`,
    check: (r) => expect(buckets(r, 'flag')).toEqual([[T('2024-01-01'), T('2027-01-01'), 144]]),
  },
  // Every fixture vintage is published at or before the intervals it covers: any positive offset selects what `latest` does.
  {
    rule: 'publish_time=latest_before:<positive offset>',
    url: `${FORECAST}publish_time=latest_before:6 hours`,
    check: (r) => expect(column(r, 'forecast')).toEqual(LATEST),
  },
  {
    rule: 'publish_time=latest_before:+<offset> (the + arrives as a space)',
    url: `${FORECAST}publish_time=latest_before:+1 day`,
    check: (r) => expect(column(r, 'forecast')).toEqual(LATEST),
  },
  {
    rule: 'publish_time=latest_before:%2B<offset> (encoded +)',
    url: `${FORECAST}publish_time=latest_before:%2B30 minutes`,
    check: (r) => expect(column(r, 'forecast')).toEqual(LATEST),
  },
  {
    rule: 'publish_time=latest_before:<zero offset> keeps vintages published at interval start out',
    url: `${FORECAST}publish_time=latest_before:0 hours`,
    check: (r) => expect(column(r, 'forecast')).toEqual(hours(0, 24).map((h) => h + 100 * (h === 0 ? 3 : h <= 6 ? 4 : 5))),
  },
  {
    rule: 'filter in: text items are trimmed',
    url: `${DST}filter_column=note&filter_operator=in&filter_value=n1, n2 ,n3`,
    check: (r) => {
      expect(rows(r)).toHaveLength(12);
      expect(new Set(column(r, 'note'))).toEqual(new Set(['n1', 'n2', 'n3']));
    },
  },
  {
    rule: 'filter in: timestamp items are trimmed',
    url: `${DST}filter_column=interval_start_utc&filter_operator=in&filter_value=2024-03-09T00:00:00Z, 2024-11-04T23:00:00Z`,
    check: (r) =>
      expect(column(r, 'interval_start_utc')).toEqual([
        '2024-03-09T00:00:00+00:00',
        '2024-03-09T00:00:00+00:00',
        '2024-11-04T23:00:00+00:00',
        '2024-11-04T23:00:00+00:00',
      ]),
  },
  {
    rule: 'filter in: a trailing comma adds no item',
    url: `${DST}filter_column=flag&filter_operator=in&filter_value=1,&columns=flag`,
    check: (r) => expect(new Set(column(r, 'flag'))).toEqual(new Set([1])),
  },
  {
    rule: 'filter in: an empty item between commas is dropped',
    url: `${DST}filter_column=flag&filter_operator=in&filter_value=1,, 2&columns=flag`,
    check: (r) => {
      expect(rows(r)).toHaveLength(8);
      expect(new Set(column(r, 'flag'))).toEqual(new Set([1, 2]));
    },
  },
  {
    rule: 'filter in: only commas and spaces → 400',
    url: `${DST}filter_column=note&filter_operator=in&filter_value= , ,`,
    status: 400,
    detail: IN_WITHOUT_VALUES,
  },
  {
    rule: 'filter in: an empty value → 400',
    url: `${DST}filter_column=note&filter_operator=in&filter_value=`,
    status: 400,
    detail: IN_WITHOUT_VALUES,
  },
  {
    rule: 'filter =: a value with a comma is one value (in cannot express it)',
    url: `${DST}filter_column=location&filter_value=SOUTH, "X"&columns=location`,
    check: (r) => expect(new Set(column(r, 'location'))).toEqual(new Set(['SOUTH, "X"'])),
  },
  {
    rule: 'filter =: a single text value is compared as given',
    url: `${DST}filter_column=note&filter_value= n1`,
    check: (r) => expect(rows(r)).toHaveLength(0),
  },
  {
    rule: 'start/end with an unencoded + offset',
    url: `${DST}start_time=2024-03-10T00:00:00+05:00&end_time=2024-03-10T02:00:00+05:00&columns=value`,
    check: (r) =>
      expect(buckets(r, 'value')).toEqual([
        ['2024-03-09T19:00:00+00:00', '2024-03-09T20:00:00+00:00', 28.5],
        ['2024-03-09T19:00:00+00:00', '2024-03-09T20:00:00+00:00', 1028.5],
        ['2024-03-09T20:00:00+00:00', '2024-03-09T21:00:00+00:00', 30],
        ['2024-03-09T20:00:00+00:00', '2024-03-09T21:00:00+00:00', 1030],
      ]),
  },
  {
    rule: 'time with an unencoded + offset',
    url: `${DST}time=2024-11-04T12:00:00+01:00&columns=flag`,
    check: (r) =>
      expect(buckets(r, 'flag')).toEqual([
        ['2024-11-04T11:00:00+00:00', '2024-11-04T12:00:00+00:00', 59],
        ['2024-11-04T11:00:00+00:00', '2024-11-04T12:00:00+00:00', 59],
      ]),
  },
];

describe('GET /v1/datasets/{id}/query: more contract cases', () => {
  it.each(CASES)('$rule', async ({ url, server = 'open', status = 200, detail, check }) => {
    // encodeURI leaves `+` alone: the server sees a decoded space, as from a client that does not encode it.
    const res = await servers[server]!.app.inject({ method: 'GET', url: encodeURI(url).replace('%252B', '%2B') });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
    if (detail !== undefined) expect(res.json()).toEqual({ detail });
    check?.(res);
  });
});
