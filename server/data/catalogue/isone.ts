import { offsetToUtc, readCsv, sqlString } from '../sql.js';
import { GRIDSTATUS_FIXTURE_NOTE, SAMPLE_NOTE, type CatalogueEntry } from './types.js';

// `BeginDate` carries its UTC offset, so the repeated 01:00 hour at the end of DST stays two hours without zone rules.

const FUEL_MIX = 'gridstatus-fixtures-misc/isone_genfuelmix_2024-11-02_2024-11-03.csv';
const LOAD = 'gridstatus-fixtures-misc/isone_hourlysysload_2024-11-02_2024-11-03.csv';

// In the alphabetical column order of gridstatus' pivot.
const FUEL_COLUMNS: Record<string, string> = {
  Coal: 'coal',
  Hydro: 'hydro',
  'Landfill Gas': 'landfill_gas',
  'Natural Gas': 'natural_gas',
  Nuclear: 'nuclear',
  Oil: 'oil',
  Other: 'other',
  Refuse: 'refuse',
  Solar: 'solar',
  Wind: 'wind',
  Wood: 'wood',
};

const fuelMix: CatalogueEntry = {
  id: 'isone_fuel_mix',
  name: 'ISO-NE Fuel Mix',
  description: [
    'Generation by fuel category (MW) in ISO New England, one row per report time and one column per fuel: `coal`, `hydro`, `landfill_gas`, `natural_gas`, `nuclear`, `oil`, `other`, `refuse`, `solar`, `wind`, `wood`. Reports are irregular (a few minutes apart) and stamp an instant, so the dataset has `interval_start_utc` only.',
    `Source: ISO-NE web services \`genfuelmix\`, ${GRIDSTATUS_FIXTURE_NOTE}, flattened from JSON to CSV. 2024-11-02…03, across the end of daylight saving time.`,
    "Shape: wide, as GridStatus' `isone_fuel_mix` and gridstatus' `get_fuel_mix` (which pivots the same feed on `FuelCategory`). Gridscope converts the file's one row per report time and fuel category into one column per fuel; the MW values are unchanged. Differences from GridStatus: a fuel absent from a report (coal, oil and solar often are) is empty (null) here, where gridstatus fills 0; the file's per-fuel `MarginalFlag` and `FuelCategoryRollup` are not carried over (GridStatus has no such columns); and there is no `interval_end_utc`, because how GridStatus sets it for these irregular reports is not established from the sources at hand.",
    SAMPLE_NOTE,
  ].join('\n\n'),
  source: 'isone',
  source_url: 'https://webservices.iso-ne.com/api/v1.1/genfuelmix',
  data_timezone: 'US/Eastern',
  time_index_column: 'interval_start_utc',
  subseries_index_column: null,
  publish_time_column: null,
  primary_key_columns: ['interval_start_utc'],
  data_frequency: 'IRREGULAR',
  publication_frequency: null,
  files: [FUEL_MIX],
  load: (file) => `
    SELECT ${offsetToUtc('BeginDate')} AS interval_start_utc,
           ${Object.entries(FUEL_COLUMNS)
             .map(([category, column]) => `max(GenMw) FILTER (WHERE FuelCategory = ${sqlString(category)}) AS ${column}`)
             .join(',\n           ')}
    FROM ${readCsv([file(FUEL_MIX)], {
      BeginDate: 'VARCHAR',
      FuelCategory: 'VARCHAR',
      FuelCategoryRollup: 'VARCHAR',
      GenMw: 'DOUBLE',
      MarginalFlag: 'VARCHAR',
    })}
    GROUP BY interval_start_utc
    ORDER BY interval_start_utc`,
};

const loadHourly: CatalogueEntry = {
  id: 'isone_load_hourly',
  name: 'ISO-NE Load Hourly',
  description: [
    'Hourly system load of the New England control area (MW): `load`, `native_load` and `ard_demand` (asset-related demand, e.g. pumped storage).',
    `Source: ISO-NE web services \`hourlysysload\`, ${GRIDSTATUS_FIXTURE_NOTE}, flattened from JSON to CSV. 2024-11-02…03: 24 hours plus the 25-hour day at the end of daylight saving time.`,
    SAMPLE_NOTE,
  ].join('\n\n'),
  source: 'isone',
  source_url: 'https://webservices.iso-ne.com/api/v1.1/hourlysysload',
  data_timezone: 'US/Eastern',
  time_index_column: 'interval_start_utc',
  subseries_index_column: null,
  publish_time_column: null,
  primary_key_columns: ['interval_start_utc'],
  data_frequency: '1_HOUR',
  publication_frequency: null,
  files: [LOAD],
  load: (file) => `
    SELECT ${offsetToUtc('BeginDate')} AS interval_start_utc,
           ${offsetToUtc('BeginDate')} + INTERVAL 1 HOUR AS interval_end_utc,
           Location AS location, LocId AS location_id, "Load" AS load, NativeLoad AS native_load,
           ArdDemand AS ard_demand
    FROM ${readCsv([file(LOAD)], {
      BeginDate: 'VARCHAR',
      Location: 'VARCHAR',
      LocId: 'INTEGER',
      Load: 'DOUBLE',
      NativeLoad: 'DOUBLE',
      ArdDemand: 'DOUBLE',
    })}
    ORDER BY interval_start_utc`,
};

/** The ISO-NE datasets of the embedded catalogue. */
export const ISONE_DATASETS: CatalogueEntry[] = [fuelMix, loadHourly];
