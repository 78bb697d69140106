import { appendFile, copyFile, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DATA_DIR } from '../app.js';
import { csvDataRows, dataFile, tempDir } from '../testing.js';
import { ensureDatabase } from './build.js';
import { CATALOGUE, type CatalogueEntry } from './catalogue/index.js';
import { DatasetStore } from './store.js';

/** Expected rows per dataset, counted from the source files without DuckDB. */
async function expectedRows(entry: CatalogueEntry): Promise<number> {
  if (entry.id === 'nyiso_load_forecast') {
    // One row per hour and column: 11 zones plus the NYISO total.
    return (await csvDataRows(entry.files[0]!)) * 12;
  }
  let total = 0;
  for (const file of entry.files) {
    total += file.endsWith('.json')
      ? (JSON.parse(await readFile(dataFile(file), 'utf8')) as unknown[]).length
      : await csvDataRows(file);
  }
  return total;
}

/** Copies the catalogue's source files into a new folder (same relative layout). */
async function copySources(target: string): Promise<void> {
  for (const file of new Set(CATALOGUE.flatMap((e) => e.files))) {
    await mkdir(path.dirname(path.join(target, file)), { recursive: true });
    await copyFile(path.join(DEFAULT_DATA_DIR, file), path.join(target, file));
  }
}

describe('embedded datasets', () => {
  let cacheDir: string;
  let store: DatasetStore;

  beforeAll(async () => {
    cacheDir = await tempDir('build');
    store = await DatasetStore.open({ dataDir: DEFAULT_DATA_DIR, cacheDir });
  });
  afterAll(async () => {
    store.close();
    await rm(cacheDir, { recursive: true, force: true });
  });

  it('embeds the datasets the brief asks for', () => {
    expect(store.list().map((d) => d.id)).toEqual([
      'caiso_seven_day_resource_adequacy_outlook',
      'isone_fuel_mix',
      'isone_load_hourly',
      'nyiso_fuel_mix',
      'nyiso_interface_limits_and_flows_5_min',
      'nyiso_lmp_real_time_5_min',
      'nyiso_load',
      'nyiso_load_forecast',
      'pjm_marginal_value_day_ahead_hourly',
      'pjm_marginal_value_real_time_5_min',
      'pjm_solar_forecast_hourly',
      'pjm_transmission_constraints_day_ahead_hourly',
      'pjm_wind_forecast_hourly',
      'spp_west_tie_flows_1_min',
    ]);
  });

  it.each(CATALOGUE.map((e) => [e.id, e] as const))('%s holds every source row', async (_id, entry) => {
    const expected = await expectedRows(entry);
    expect(expected).toBeGreaterThan(0);
    expect(store.get(entry.id)?.number_of_rows_approximate).toBe(expected);
  });

  it('keeps primary keys unique and the time index complete', async () => {
    const instance = await DuckDBInstance.create(store.path, { access_mode: 'READ_ONLY' });
    const conn = await instance.connect();
    try {
      for (const entry of CATALOGUE) {
        const keys = entry.primary_key_columns.map((c) => `"${c}"`).join(', ');
        const sql = `SELECT count(*)::INTEGER AS n, (SELECT count(*)::INTEGER FROM (SELECT DISTINCT ${keys} FROM "${entry.id}")) AS d,
                     count("${entry.time_index_column}")::INTEGER AS t FROM "${entry.id}"`;
        const row = (await conn.runAndReadAll(sql)).getRowObjectsJson()[0]!;
        expect({ id: entry.id, distinct: row.d, times: row.t }).toEqual({ id: entry.id, distinct: row.n, times: row.n });
      }
    } finally {
      conn.closeSync();
      instance.closeSync();
    }
  });

  it('converts each market\'s local times to UTC', () => {
    // CAISO 2026-03-11 00:00 PDT (daylight time began 2026-03-08) = 07:00 UTC.
    expect(store.get('caiso_seven_day_resource_adequacy_outlook')?.earliest_available_time_utc).toBe('2026-03-11T07:00:00+00:00');
    // NYISO 2016-01-19 00:05 EST = 05:05 UTC; 2017-11-22 23:55 EST = 04:55 UTC next day.
    expect(store.get('nyiso_fuel_mix')?.earliest_available_time_utc).toBe('2016-01-19T05:05:00+00:00');
    expect(store.get('nyiso_fuel_mix')?.latest_available_time_utc).toBe('2017-11-23T04:55:00+00:00');
    // NYISO real-time LBMP stamps the interval end: 00:15 EST ends the 05:10–05:15 UTC interval.
    expect(store.get('nyiso_lmp_real_time_5_min')?.earliest_available_time_utc).toBe('2016-02-18T05:10:00+00:00');
    // ISO-NE offsets: 2024-11-03T23:00-05:00 = 2024-11-04T04:00Z.
    expect(store.get('isone_load_hourly')?.latest_available_time_utc).toBe('2024-11-04T04:00:00+00:00');
    expect(store.get('spp_west_tie_flows_1_min')?.earliest_available_time_utc).toBe('2026-03-25T05:00:00+00:00');
  });

  it('reports all_columns with catalogue type names and flags', () => {
    const columns = store.get('pjm_transmission_constraints_day_ahead_hourly')?.all_columns;
    expect(columns?.map((c) => `${c.name}:${c.type}`)).toEqual([
      'interval_start_utc:TIMESTAMP',
      'interval_end_utc:TIMESTAMP',
      'duration:INTEGER',
      'day_ahead_congestion_event:VARCHAR',
      'monitored_facility:VARCHAR',
      'contingency_facility:VARCHAR',
    ]);
    expect(columns?.[0]).toEqual({ name: 'interval_start_utc', type: 'TIMESTAMP', is_numeric: false, is_date: true, is_datetime: true });
    expect(columns?.[2]).toMatchObject({ is_numeric: true, is_date: false, is_datetime: false });
    const shadow = store.get('pjm_marginal_value_day_ahead_hourly')?.all_columns.find((c) => c.name === 'shadow_price');
    expect(shadow?.type).toBe('DOUBLE PRECISION');
  });
});

describe('DuckDB file lifecycle', () => {
  let dataDir: string;
  let cacheDir: string;

  beforeAll(async () => {
    dataDir = await tempDir('data');
    cacheDir = await tempDir('cache');
    await copySources(dataDir);
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
    await rm(cacheDir, { recursive: true, force: true });
  });

  it('reuses the file, and rebuilds it under a new name when a source changes', async () => {
    const first = await ensureDatabase({ dataDir, cacheDir, catalogue: CATALOGUE });
    expect(first.built).toBe(true);
    const again = await ensureDatabase({ dataDir, cacheDir, catalogue: CATALOGUE });
    expect(again).toEqual({ ...first, built: false });

    await appendFile(path.join(dataDir, 'pyiso-nyiso/lmp.csv'), '\n"02/18/2016 01:00:00","CAPITL",61757,22.00,1.70,0.00\n');
    const changed = await ensureDatabase({ dataDir, cacheDir, catalogue: CATALOGUE });
    expect(changed.built).toBe(true);
    expect(changed.path).not.toBe(first.path);
    expect(await readdir(cacheDir)).toEqual([path.basename(changed.path)]);

    const store = await DatasetStore.open({ dataDir, cacheDir });
    try {
      expect(store.path).toBe(changed.path);
      expect(store.get('nyiso_lmp_real_time_5_min')?.number_of_rows_approximate).toBe(46);
      expect(store.get('nyiso_lmp_real_time_5_min')?.latest_available_time_utc).toBe('2016-02-18T05:55:00+00:00');
    } finally {
      store.close();
    }
  });

  it('rebuilds a cached file DuckDB cannot open', async () => {
    const current = await ensureDatabase({ dataDir, cacheDir, catalogue: CATALOGUE });
    await writeFile(current.path, 'this is not a DuckDB file');
    const store = await DatasetStore.open({ dataDir, cacheDir });
    try {
      expect(store.path).toBe(current.path);
      expect(store.get('nyiso_lmp_real_time_5_min')?.number_of_rows_approximate).toBe(46);
    } finally {
      store.close();
    }
  });

  it('leaves no temporary file behind when a loader fails', async () => {
    const broken: CatalogueEntry = { ...CATALOGUE[0]!, id: 'broken', load: () => 'SELECT * FROM no_such_table' };
    const failedCache = await tempDir('failed');
    try {
      await expect(ensureDatabase({ dataDir, cacheDir: failedCache, catalogue: [broken] })).rejects.toThrow(/no_such_table/);
      expect(await readdir(failedCache)).toEqual([]);
    } finally {
      await rm(failedCache, { recursive: true, force: true });
    }
  });

  it('refuses a loader that reads an undeclared file', async () => {
    const sneaky: CatalogueEntry = { ...CATALOGUE[0]!, id: 'sneaky', load: (file) => `SELECT * FROM read_csv(${file('../etc/passwd')})` };
    await expect(ensureDatabase({ dataDir, cacheDir, catalogue: [sneaky] })).rejects.toThrow(/undeclared file/);
  });
});
