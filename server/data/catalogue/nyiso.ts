import { localToUtc, readCsv, sqlString } from '../sql.js';
import { PYISO_FIXTURE_NOTE, SAMPLE_NOTE, type CatalogueEntry } from './types.js';

// Naive US/Eastern stamps: converted with the file's EST/EDT flag where it has one (exact in the repeated hour), else
// read in US/Eastern (those samples are far from a DST change). As in gridstatus, only the real-time LBMP stamps interval ends.

const DIR = 'pyiso-nyiso';
const FUEL_MIX = [`${DIR}/20160119rtfuelmix.csv`, `${DIR}/20171122rtfuelmix.csv`];
const PAL = `${DIR}/20171122pal.csv`;
const ISOLF = `${DIR}/20171122isolf.csv`;
const FLOWS = `${DIR}/20171122ExternalLimitsFlows.csv`;
const LMP = `${DIR}/lmp.csv`;

const parseLocal = (col: string) => `strptime(${col}, ['%m/%d/%Y %H:%M:%S', '%m/%d/%Y %H:%M'])`;

// An unknown flag gives NULL, which the build rejects.
const flaggedToUtc = (col: string, zoneCol: string) =>
  `${parseLocal(col)} + CASE ${zoneCol} WHEN 'EST' THEN INTERVAL 5 HOUR WHEN 'EDT' THEN INTERVAL 4 HOUR END`;

const common = {
  source: 'nyiso',
  data_timezone: 'US/Eastern',
  time_index_column: 'interval_start_utc',
  publish_time_column: null,
  publication_frequency: null,
} as const;

// In the alphabetical column order of gridstatus' pivot.
const FUEL_COLUMNS: Record<string, string> = {
  'Dual Fuel': 'dual_fuel',
  Hydro: 'hydro',
  'Natural Gas': 'natural_gas',
  Nuclear: 'nuclear',
  'Other Fossil Fuels': 'other_fossil_fuels',
  'Other Renewables': 'other_renewables',
  Wind: 'wind',
};

const fuelMix: CatalogueEntry = {
  ...common,
  id: 'nyiso_fuel_mix',
  name: 'NYISO Fuel Mix',
  description: [
    'Real-time generation by fuel category (MW), every 5 minutes, one row per time stamp and one column per fuel: `dual_fuel`, `hydro`, `natural_gas`, `nuclear`, `other_fossil_fuels`, `other_renewables`, `wind`. NYISO stamps the reading time; `interval_end_utc` is that time plus 5 minutes.',
    `Source: NYISO MIS \`rtfuelmix\` files for 2016-01-19 and 2017-11-22, ${PYISO_FIXTURE_NOTE}. The 2016 file names its value column \`Gen MWh\`; it holds the same MW readings.`,
    "Shape: wide, as GridStatus' `nyiso_fuel_mix` and gridstatus' `get_fuel_mix` (which pivots the same file on `Fuel Category`). Gridscope converts the file's one row per time stamp and fuel category into one column per fuel; the MW values are unchanged.",
    SAMPLE_NOTE,
  ].join('\n\n'),
  source_url: 'https://mis.nyiso.com/public/P-63list.htm',
  subseries_index_column: null,
  primary_key_columns: ['interval_start_utc'],
  data_frequency: '5_MINUTES',
  files: FUEL_MIX,
  load: (file) => `
    SELECT ${flaggedToUtc('time_stamp', 'time_zone')} AS interval_start_utc,
           ${flaggedToUtc('time_stamp', 'time_zone')} + INTERVAL 5 MINUTE AS interval_end_utc,
           ${Object.entries(FUEL_COLUMNS)
             .map(([category, column]) => `max(gen_mw) FILTER (WHERE fuel_category = ${sqlString(category)}) AS ${column}`)
             .join(',\n           ')}
    FROM ${readCsv(FUEL_MIX.map(file), {
      time_stamp: 'VARCHAR',
      time_zone: 'VARCHAR',
      fuel_category: 'VARCHAR',
      gen_mw: 'DOUBLE',
    })}
    GROUP BY interval_start_utc, interval_end_utc
    ORDER BY interval_start_utc`,
};

const zonalLoad: CatalogueEntry = {
  ...common,
  id: 'nyiso_zonal_load_5_min',
  name: 'NYISO Zonal Load 5 Min',
  description: [
    'Real-time actual load (MW) of the 11 NYISO load zones, every 5 minutes, one row per time stamp and zone (`ptid` is NYISO\'s point id).',
    `Source: NYISO MIS \`pal\` file for 2017-11-22, ${PYISO_FIXTURE_NOTE}. Besides the 288 five-minute stamps the file has two off-grid readings (00:07:34 and 00:09:40), kept as published.`,
    "The id is Gridscope's. GridStatus' `nyiso_load`, built from the same NYISO feed, is wide: a total `load` column (the sum of the zones) plus one column per zone. Gridscope keeps the file's long per-zone shape (subseries `zone`) under its own id instead, so no total is computed and every value is as published.",
    SAMPLE_NOTE,
  ].join('\n\n'),
  source_url: 'https://mis.nyiso.com/public/P-58Blist.htm',
  subseries_index_column: 'zone',
  primary_key_columns: ['interval_start_utc', 'zone'],
  data_frequency: '5_MINUTES',
  files: [PAL],
  load: (file) => `
    SELECT ${flaggedToUtc('time_stamp', 'time_zone')} AS interval_start_utc,
           ${flaggedToUtc('time_stamp', 'time_zone')} + INTERVAL 5 MINUTE AS interval_end_utc,
           zone, ptid, load
    FROM ${readCsv([file(PAL)], {
      time_stamp: 'VARCHAR',
      time_zone: 'VARCHAR',
      zone: 'VARCHAR',
      ptid: 'INTEGER',
      load: 'DOUBLE',
    })}
    ORDER BY interval_start_utc, zone`,
};

const ISOLF_ZONES = ['Capitl', 'Centrl', 'Dunwod', 'Genese', 'Hud Vl', 'Longil', 'Mhk Vl', 'Millwd', 'N.Y.C.', 'North', 'West', 'NYISO'];

const loadForecast: CatalogueEntry = {
  ...common,
  id: 'nyiso_zonal_load_forecast_hourly',
  name: 'NYISO Zonal Load Forecast Hourly',
  description: [
    'NYISO\'s hourly load forecast (MW) for each load zone and for the NYISO total, six days ahead, one row per hour and zone. Zone names are upper-cased to match `nyiso_zonal_load_5_min` (`Hud Vl` → `HUD VL`).',
    `Source: NYISO MIS \`isolf\` file published 2017-11-22, ${PYISO_FIXTURE_NOTE}. The file has one column per zone; Gridscope reshapes it to one row per zone (subseries \`zone\`). Its publish time is not in the file, so the dataset has no publish time column.`,
    "The id is Gridscope's. GridStatus lists a `nyiso_load_forecast` dataset (it is not in the catalogue copies in `data/gridstatus-catalogue`, so its columns could not be checked here); this per-zone sample without publish times keeps its own id rather than claim that one's shape.",
    SAMPLE_NOTE,
  ].join('\n\n'),
  source_url: 'https://mis.nyiso.com/public/P-7list.htm',
  subseries_index_column: 'zone',
  primary_key_columns: ['interval_start_utc', 'zone'],
  data_frequency: '1_HOUR',
  files: [ISOLF],
  load: (file) => `
    SELECT ${localToUtc(parseLocal('time_stamp'), 'US/Eastern')} AS interval_start_utc,
           ${localToUtc(parseLocal('time_stamp'), 'US/Eastern')} + INTERVAL 1 HOUR AS interval_end_utc,
           upper(zone) AS zone, load_forecast
    FROM (UNPIVOT (SELECT * FROM ${readCsv([file(ISOLF)], {
      time_stamp: 'VARCHAR',
      ...Object.fromEntries(ISOLF_ZONES.map((z) => [z, 'DOUBLE'])),
    })}) ON COLUMNS(* EXCLUDE (time_stamp)) INTO NAME zone VALUE load_forecast)
    ORDER BY interval_start_utc, zone`,
};

const interfaceFlows: CatalogueEntry = {
  ...common,
  id: 'nyiso_interface_limits_and_flows_5_min',
  name: 'NYISO Interface Limits And Flows 5 Min',
  description: [
    'Flows on NYISO\'s internal and external interfaces with their positive and negative limits (MW; the file labels them MWH, as gridstatus notes they are MW). ±9999 is NYISO\'s "no limit monitored" value.',
    `Source: NYISO MIS \`ExternalLimitsFlows\` file for 2017-11-22 (18 interfaces), ${PYISO_FIXTURE_NOTE}.`,
    SAMPLE_NOTE,
  ].join('\n\n'),
  source_url: 'https://mis.nyiso.com/public/P-32list.htm',
  subseries_index_column: 'interface_name',
  primary_key_columns: ['interval_start_utc', 'interface_name'],
  data_frequency: '5_MINUTES',
  files: [FLOWS],
  load: (file) => `
    SELECT ${localToUtc(parseLocal('time_stamp'), 'US/Eastern')} AS interval_start_utc,
           ${localToUtc(parseLocal('time_stamp'), 'US/Eastern')} + INTERVAL 5 MINUTE AS interval_end_utc,
           interface_name, point_id, flow_mw, positive_limit_mw, negative_limit_mw
    FROM ${readCsv([file(FLOWS)], {
      time_stamp: 'VARCHAR',
      interface_name: 'VARCHAR',
      point_id: 'INTEGER',
      flow_mw: 'DOUBLE',
      positive_limit_mw: 'DOUBLE',
      negative_limit_mw: 'DOUBLE',
    })}
    ORDER BY interval_start_utc, interface_name`,
};

const lmpRealTime: CatalogueEntry = {
  ...common,
  id: 'nyiso_lmp_real_time_5_min',
  name: 'NYISO LMP Real Time 5 Min',
  description: [
    'Real-time zonal locational based marginal prices ($/MWh) with their energy, congestion and loss components. NYISO stamps the interval end; `interval_start_utc` is 5 minutes earlier. `market` is `REAL_TIME_5_MIN` and `location_type` is `Zone` on every row (the zonal file, external proxies included), as gridstatus labels them.',
    `Source: NYISO MIS real-time zonal LBMP for 2016-02-18 (three 5-minute intervals, 15 zones and external proxies), ${PYISO_FIXTURE_NOTE}. The file's first line is blank.`,
    "Columns as GridStatus' `nyiso_lmp_real_time_5_min` and gridstatus' `get_lmp`. `lmp` and `loss` are the file's LBMP and Marginal Cost Losses. NYISO publishes Marginal Cost Congestion with the opposite sign (LBMP = energy + losses − congestion); like gridstatus, `congestion` is that value with its sign flipped, so `lmp` = `energy` + `loss` + `congestion`. `energy` is not in the file: it is derived as `lmp` − `loss` − `congestion`, rounded to the cent (the file's precision), and comes out the same for every location in an interval up to that rounding (NYISO's reference-bus energy price). Every congestion value in this sample is 0. NYISO's point id (`PTID`) is not kept, as in GridStatus.",
    SAMPLE_NOTE,
  ].join('\n\n'),
  source_url: 'https://mis.nyiso.com/public/P-24Alist.htm',
  subseries_index_column: 'location',
  primary_key_columns: ['interval_start_utc', 'location'],
  data_frequency: '5_MINUTES',
  files: [LMP],
  // 0.0 - x flips the sign without turning 0.00 into -0.0.
  load: (file) => `
    SELECT ${localToUtc(parseLocal('time_stamp'), 'US/Eastern')} - INTERVAL 5 MINUTE AS interval_start_utc,
           ${localToUtc(parseLocal('time_stamp'), 'US/Eastern')} AS interval_end_utc,
           'REAL_TIME_5_MIN' AS market, location, 'Zone' AS location_type, lmp,
           round(lmp - loss + congestion_nyiso, 2) AS energy, 0.0 - congestion_nyiso AS congestion, loss
    FROM ${readCsv(
      [file(LMP)],
      { time_stamp: 'VARCHAR', location: 'VARCHAR', ptid: 'INTEGER', lmp: 'DOUBLE', loss: 'DOUBLE', congestion_nyiso: 'DOUBLE' },
      ['skip=1'],
    )}
    ORDER BY interval_start_utc, location`,
};

/** The NYISO datasets of the embedded catalogue. */
export const NYISO_DATASETS: CatalogueEntry[] = [fuelMix, zonalLoad, loadForecast, interfaceFlows, lmpRealTime];
