import { readFile, rm } from 'node:fs/promises';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditRow } from '../../shared/index.js';
import { DEFAULT_DATA_DIR } from '../app.js';
import { csvRecords, dataFile, tempDir } from '../test-support/testing.js';
import { auditRows } from './audit.js';
import type { CatalogueEntry } from './catalogue/index.js';
import { DatasetStore } from './store.js';

// Expected figures come from the source files with Intl's time-zone rules, independent of DuckDB's.
function localDate(instant: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

interface Expected {
  rows: number;
  times: Set<string>;
  subseries: Set<string>;
}

function group(records: { date: string; time: string; subseries?: string }[]): Map<string, Expected> {
  const byDate = new Map<string, Expected>();
  for (const r of records) {
    const g = byDate.get(r.date) ?? { rows: 0, times: new Set<string>(), subseries: new Set<string>() };
    g.rows += 1;
    g.times.add(r.time);
    if (r.subseries !== undefined) g.subseries.add(r.subseries);
    byDate.set(r.date, g);
  }
  return byDate;
}

function toRows(byDate: Map<string, Expected>, publish: Map<string, number> = new Map()): AuditRow[] {
  const dates = [...new Set([...byDate.keys(), ...publish.keys()])].sort();
  return dates.map((date) => ({
    market_date: date,
    number_of_datapoints: byDate.get(date)?.rows ?? 0,
    number_of_unique_time_index_values: byDate.get(date)?.times.size ?? 0,
    number_of_unique_subseries_index_values: byDate.get(date)?.subseries.size ?? 0,
    number_of_unique_publish_times_on_publish_date: publish.get(date) ?? 0,
  }));
}

describe('audit per market date', () => {
  let cacheDir: string;
  let store: DatasetStore;

  beforeAll(async () => {
    cacheDir = await tempDir('audit');
    store = await DatasetStore.open({ dataDir: DEFAULT_DATA_DIR, cacheDir });
  });
  afterAll(async () => {
    store.close();
    await rm(cacheDir, { recursive: true, force: true });
  });

  it('PJM day-ahead marginal value: Eastern market dates across the end of DST', async () => {
    const records = [];
    for (const file of ['2023-11-05_2023-11-07', '2024-09-02_2024-09-04']) {
      for (const [start, , monitored] of await csvRecords(`gridstatus-pjm-constraints/pjm_marginal_value_day_ahead_hourly_${file}.csv`)) {
        records.push({ date: localDate(new Date(`${start}Z`), 'America/New_York'), time: start!, subseries: monitored! });
      }
    }
    const expected = toRows(group(records));
    expect(expected.length).toBeGreaterThanOrEqual(4);
    expect(await store.audit('pjm_marginal_value_day_ahead_hourly')).toEqual(expected);
  });

  it('ISO-NE hourly load: 24 hours, then the 25-hour day', async () => {
    const records = (await csvRecords('gridstatus-fixtures-misc/isone_hourlysysload_2024-11-02_2024-11-03.csv')).map(
      ([begin]) => ({ date: begin!.slice(0, 10), time: new Date(begin!).toISOString() }),
    );
    const expected = toRows(group(records));
    expect(expected.map((r) => r.number_of_datapoints)).toEqual([24, 25]);
    expect(await store.audit('isone_load_hourly')).toEqual(expected);
  });

  it('NYISO zonal load: one market date, 290 time stamps (two off the 5-minute grid), 11 zones', async () => {
    const records = (await csvRecords('pyiso-nyiso/20171122pal.csv')).map(([stamp, , zone]) => ({
      date: `${stamp!.slice(6, 10)}-${stamp!.slice(0, 2)}-${stamp!.slice(3, 5)}`,
      time: stamp!,
      subseries: zone!,
    }));
    const expected = toRows(group(records));
    expect(expected).toEqual([expect.objectContaining({ market_date: '2017-11-22', number_of_unique_time_index_values: 290, number_of_unique_subseries_index_values: 11 })]);
    expect(await store.audit('nyiso_zonal_load_5_min')).toEqual(expected);
  });

  it('PJM wind forecast: publish times counted on their own local date', async () => {
    const items = JSON.parse(await readFile(dataFile('gridstatus-fixtures-misc/pjm_hourly_wind_forecast_sample.json'), 'utf8')) as Record<string, string>[];
    const records = items.map((item) => ({
      date: localDate(new Date(item['Interval Start']!), 'America/New_York'),
      time: item['Interval Start']!,
    }));
    const publishByDate = new Map<string, Set<string>>();
    for (const item of items) {
      const date = localDate(new Date(item['Publish Time']!), 'America/New_York');
      publishByDate.set(date, (publishByDate.get(date) ?? new Set()).add(item['Publish Time']!));
    }
    const publish = new Map([...publishByDate].map(([date, set]) => [date, set.size]));
    const expected = toRows(group(records), publish);
    expect(expected.some((r) => r.number_of_unique_publish_times_on_publish_date > 0)).toBe(true);
    const audit = await store.audit('pjm_wind_forecast_hourly');
    expect(audit).toEqual(expected);
    expect(audit?.every((row) => AuditRow.safeParse(row).success)).toBe(true);
  });

  it('answers undefined for an unknown dataset', async () => {
    expect(await store.audit('no_such_dataset')).toBeUndefined();
  });
});

describe('audit of publish dates without rows of their own', () => {
  const entry: CatalogueEntry = {
    id: 'forecast_fixture',
    name: 'Forecast fixture',
    description: '',
    source: 'pjm',
    source_url: 'https://example.invalid/',
    data_timezone: 'US/Eastern',
    time_index_column: 'interval_start_utc',
    subseries_index_column: 'area',
    publish_time_column: 'publish_time_utc',
    primary_key_columns: ['interval_start_utc', 'publish_time_utc', 'area'],
    data_frequency: '1_HOUR',
    publication_frequency: null,
    files: [],
    load: () => 'SELECT 1',
  };

  const row = (market_date: string, datapoints: number, times: number, subseries: number, publish: number): AuditRow => ({
    market_date,
    number_of_datapoints: datapoints,
    number_of_unique_time_index_values: times,
    number_of_unique_subseries_index_values: subseries,
    number_of_unique_publish_times_on_publish_date: publish,
  });

  it.each<[string, string, AuditRow[]]>([
    [
      'keeps a publish-only date as a row with zero datapoints (full outer join)',
      `(TIMESTAMP '2024-10-02 04:00:00', TIMESTAMP '2024-09-30 14:00:00', 'RTO'),
       (TIMESTAMP '2024-10-02 04:00:00', TIMESTAMP '2024-10-01 14:00:00', 'RTO'),
       (TIMESTAMP '2024-10-02 05:00:00', TIMESTAMP '2024-10-01 14:00:00', 'MIDATL'),
       (TIMESTAMP '2024-10-04 04:00:00', TIMESTAMP '2024-10-02 14:00:00', 'RTO'),
       (TIMESTAMP '2024-10-04 04:00:00', TIMESTAMP '2024-10-02 15:00:00', 'RTO')`,
      [row('2024-09-30', 0, 0, 0, 1), row('2024-10-01', 0, 0, 0, 1), row('2024-10-02', 3, 2, 2, 2), row('2024-10-04', 2, 1, 1, 0)],
    ],
    [
      'a row without a publish time counts as a datapoint and forms no publish date',
      `(TIMESTAMP '2024-10-02 04:00:00', NULL::TIMESTAMP, 'RTO'),
       (TIMESTAMP '2024-10-02 05:00:00', TIMESTAMP '2024-10-01 14:00:00', 'RTO'),
       (TIMESTAMP '2024-10-04 04:00:00', NULL::TIMESTAMP, 'MIDATL')`,
      [row('2024-10-01', 0, 0, 0, 1), row('2024-10-02', 2, 2, 1, 0), row('2024-10-04', 1, 1, 1, 0)],
    ],
  ])('%s', async (_rule, values, expected) => {
    const instance = await DuckDBInstance.create(':memory:');
    const conn = await instance.connect();
    try {
      await conn.run(`CREATE TABLE forecast_fixture AS SELECT * FROM (VALUES ${values}) AS t(interval_start_utc, publish_time_utc, area)`);
      const rows = await auditRows(conn, entry);
      expect(rows).toEqual(expected);
      expect(rows.every((r) => AuditRow.safeParse(r).success)).toBe(true);
    } finally {
      conn.closeSync();
      instance.closeSync();
    }
  });
});
