import { appendFile, copyFile, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DATA_DIR } from '../app.js';
import { csvDataRows, csvRecords, dataFile, tempDir } from '../test-support/testing.js';
import { ensureDatabase } from './build.js';
import { CATALOGUE, type CatalogueEntry } from './catalogue/index.js';
import { DatasetStore } from './store.js';

/** Long source records of the two wide fuel-mix datasets (UTC instant, target column, MW), read without DuckDB. */
async function fuelMixRecords(entry: CatalogueEntry): Promise<{ time: string; column: string; value: number }[]> {
  const column = (category: string) => category.toLowerCase().replaceAll(' ', '_');
  const records = [];
  for (const file of entry.files) {
    for (const cells of await csvRecords(file)) {
      if (entry.id === 'isone_fuel_mix') {
        records.push({ time: new Date(cells[0]!).toISOString(), column: column(cells[1]!), value: Number(cells[3]) });
      } else {
        const [, mm, dd, yyyy, hh, mi, ss] = /^(\d\d)\/(\d\d)\/(\d{4}) (\d\d):(\d\d)(?::(\d\d))?$/.exec(cells[0]!)!;
        const offsetHours = cells[1] === 'EDT' ? 4 : 5;
        const utc = Date.UTC(Number(yyyy), Number(mm) - 1, Number(dd), Number(hh) + offsetHours, Number(mi), Number(ss ?? 0));
        records.push({ time: new Date(utc).toISOString(), column: column(cells[2]!), value: Number(cells[3]) });
      }
    }
  }
  return records;
}

const WIDE_FUEL_MIXES = ['isone_fuel_mix', 'nyiso_fuel_mix'];

async function expectedRows(entry: CatalogueEntry): Promise<number> {
  if (entry.id === 'nyiso_zonal_load_forecast_hourly') {
    return (await csvDataRows(entry.files[0]!)) * 12;
  }
  if (WIDE_FUEL_MIXES.includes(entry.id)) {
    return new Set((await fuelMixRecords(entry)).map((r) => r.time)).size;
  }
  let total = 0;
  for (const file of entry.files) {
    total += file.endsWith('.json')
      ? (JSON.parse(await readFile(dataFile(file), 'utf8')) as unknown[]).length
      : await csvDataRows(file);
  }
  return total;
}

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

  it('embeds every catalogue dataset, ordered by id', () => {
    expect(store.list().map((d) => d.id)).toEqual([
      'caiso_seven_day_resource_adequacy_outlook',
      'isone_fuel_mix',
      'isone_load_hourly',
      'nyiso_fuel_mix',
      'nyiso_interface_limits_and_flows_5_min',
      'nyiso_lmp_real_time_5_min',
      'nyiso_zonal_load_5_min',
      'nyiso_zonal_load_forecast_hourly',
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

  it.each(WIDE_FUEL_MIXES)('%s holds every source value in its fuel column, unchanged', async (id) => {
    const entry = CATALOGUE.find((e) => e.id === id)!;
    const expected = (await fuelMixRecords(entry)).map((r) => `${r.time} ${r.column} ${r.value}`).sort();
    const instance = await DuckDBInstance.create(store.path, { access_mode: 'READ_ONLY' });
    const conn = await instance.connect();
    try {
      const rows = (await conn.runAndReadAll(`SELECT * FROM "${id}"`)).getRowObjectsJson();
      const fuelColumns = store.get(id)!.all_columns.map((c) => c.name).filter((name) => !name.endsWith('_utc'));
      const actual = rows.flatMap((row) => {
        const time = `${String(row.interval_start_utc).replace(' ', 'T')}.000Z`;
        return fuelColumns.filter((c) => row[c] !== null).map((c) => `${time} ${c} ${Number(row[c])}`);
      });
      // Same multiset: no value lost, duplicated, moved to another fuel or time, or invented.
      expect(actual.sort()).toEqual(expected);
    } finally {
      conn.closeSync();
      instance.closeSync();
    }
  });

  it('names the fuel columns as GridStatus does', () => {
    const columns = (id: string) => store.get(id)?.all_columns.map((c) => `${c.name}:${c.type}`);
    const mw = (names: string[]) => names.map((n) => `${n}:DOUBLE PRECISION`);
    expect(columns('isone_fuel_mix')).toEqual([
      'interval_start_utc:TIMESTAMP',
      ...mw(['coal', 'hydro', 'landfill_gas', 'natural_gas', 'nuclear', 'oil', 'other', 'refuse', 'solar', 'wind', 'wood']),
    ]);
    expect(columns('nyiso_fuel_mix')).toEqual([
      'interval_start_utc:TIMESTAMP',
      'interval_end_utc:TIMESTAMP',
      ...mw(['dual_fuel', 'hydro', 'natural_gas', 'nuclear', 'other_fossil_fuels', 'other_renewables', 'wind']),
    ]);
    expect(store.get('nyiso_fuel_mix')?.subseries_index_column).toBeNull();
  });

  it('gives the NYISO real-time LMP the GridStatus columns, energy derived from the file', async () => {
    const entry = store.get('nyiso_lmp_real_time_5_min')!;
    expect(entry.all_columns.map((c) => c.name)).toEqual([
      'interval_start_utc', 'interval_end_utc', 'market', 'location', 'location_type', 'lmp', 'energy', 'congestion', 'loss',
    ]);
    const instance = await DuckDBInstance.create(store.path, { access_mode: 'READ_ONLY' });
    const conn = await instance.connect();
    try {
      const rows = (await conn.runAndReadAll('SELECT * FROM "nyiso_lmp_real_time_5_min"')).getRowObjectsJson();
      const source = await csvRecords('pyiso-nyiso/lmp.csv');
      expect(rows).toHaveLength(source.length);
      const byKey = new Map(rows.map((r) => [`${String(r.interval_end_utc)} ${String(r.location)}`, r]));
      for (const [stamp, name, , lbmp, losses, congestion] of source) {
        const [, mm, dd, yyyy, time] = /^(\d\d)\/(\d\d)\/(\d{4}) (.*)$/.exec(stamp!)!;
        const hours = Number(time!.slice(0, 2)) + 5;
        const end = `${yyyy}-${mm}-${dd} ${String(hours).padStart(2, '0')}${time!.slice(2)}`;
        const row = byKey.get(`${end} ${name}`)!;
        expect(row).toMatchObject({ market: 'REAL_TIME_5_MIN', location_type: 'Zone' });
        expect([Number(row.lmp), Number(row.loss)]).toEqual([Number(lbmp), Number(losses)]);
        // NYISO's congestion sign flipped (this sample's values are all 0, and must not become -0).
        expect(Object.is(Number(row.congestion), 0 - Number(congestion))).toBe(true);
        expect(Number(row.energy)).toBeCloseTo(Number(lbmp) - Number(losses) + Number(congestion), 9);
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
