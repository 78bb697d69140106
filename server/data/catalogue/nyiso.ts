import { localToUtc, readCsv } from '../sql.js';
import { PYISO_FIXTURE_NOTE, SAMPLE_NOTE, type CatalogueEntry } from './types.js';

/**
 * NYISO samples: MIS CSV files with naive US/Eastern timestamps. Files with a `Time Zone` column
 * (EST/EDT) are converted with that flag, which is exact even in the repeated autumn hour; files
 * without one are read in US/Eastern (their dates are far from a DST change). Interval conventions
 * follow gridstatus: load, fuel mix, interface flows and forecasts stamp the interval start, the
 * real-time LBMP stamps the interval end.
 */

const DIR = 'pyiso-nyiso';
const FUEL_MIX = [`${DIR}/20160119rtfuelmix.csv`, `${DIR}/20171122rtfuelmix.csv`];
const PAL = `${DIR}/20171122pal.csv`;
const ISOLF = `${DIR}/20171122isolf.csv`;
const FLOWS = `${DIR}/20171122ExternalLimitsFlows.csv`;
const LMP = `${DIR}/lmp.csv`;

/** Naive NYISO time stamp (with or without seconds) → SQL TIMESTAMP, still local. */
const parseLocal = (col: string) => `strptime(${col}, ['%m/%d/%Y %H:%M:%S', '%m/%d/%Y %H:%M'])`;

/** Local stamp + EST/EDT flag → naive UTC; an unknown flag gives NULL, which the build rejects. */
const flaggedToUtc = (col: string, zoneCol: string) =>
  `${parseLocal(col)} + CASE ${zoneCol} WHEN 'EST' THEN INTERVAL 5 HOUR WHEN 'EDT' THEN INTERVAL 4 HOUR END`;

const common = {
  source: 'nyiso',
  data_timezone: 'US/Eastern',
  time_index_column: 'interval_start_utc',
  publish_time_column: null,
  publication_frequency: null,
} as const;

const fuelMix: CatalogueEntry = {
  ...common,
  id: 'nyiso_fuel_mix',
  name: 'NYISO Fuel Mix',
  description: [
    'Real-time generation by fuel category (MW), every 5 minutes, one row per time stamp and fuel category. NYISO stamps the reading time; `interval_end_utc` is that time plus 5 minutes.',
    `Source: NYISO MIS \`rtfuelmix\` files for 2016-01-19 and 2017-11-22, ${PYISO_FIXTURE_NOTE}. The 2016 file names its value column \`Gen MWh\`; it holds the same MW readings.`,
    SAMPLE_NOTE,
  ].join('\n\n'),
  source_url: 'https://mis.nyiso.com/public/P-63list.htm',
  subseries_index_column: 'fuel_category',
  primary_key_columns: ['interval_start_utc', 'fuel_category'],
  data_frequency: '5_MINUTES',
  files: FUEL_MIX,
  load: (file) => `
    SELECT ${flaggedToUtc('time_stamp', 'time_zone')} AS interval_start_utc,
           ${flaggedToUtc('time_stamp', 'time_zone')} + INTERVAL 5 MINUTE AS interval_end_utc,
           fuel_category, gen_mw
    FROM ${readCsv(FUEL_MIX.map(file), {
      time_stamp: 'VARCHAR',
      time_zone: 'VARCHAR',
      fuel_category: 'VARCHAR',
      gen_mw: 'DOUBLE',
    })}
    ORDER BY interval_start_utc, fuel_category`,
};

const load: CatalogueEntry = {
  ...common,
  id: 'nyiso_load',
  name: 'NYISO Load',
  description: [
    'Real-time actual load (MW) of the 11 NYISO load zones, every 5 minutes, one row per time stamp and zone (`ptid` is NYISO\'s point id).',
    `Source: NYISO MIS \`pal\` file for 2017-11-22, ${PYISO_FIXTURE_NOTE}. Besides the 288 five-minute stamps the file has two off-grid readings (00:07:34 and 00:09:40), kept as published.`,
    'Shape: long (subseries `zone`) rather than one column per zone.',
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

/** The forecast file's columns: the NYISO total and the 11 zones, in header order. */
const ISOLF_ZONES = ['Capitl', 'Centrl', 'Dunwod', 'Genese', 'Hud Vl', 'Longil', 'Mhk Vl', 'Millwd', 'N.Y.C.', 'North', 'West', 'NYISO'];

const loadForecast: CatalogueEntry = {
  ...common,
  id: 'nyiso_load_forecast',
  name: 'NYISO Load Forecast',
  description: [
    'NYISO\'s hourly load forecast (MW) for each load zone and for the NYISO total, six days ahead, one row per hour and zone. Zone names are upper-cased to match `nyiso_load` (`Hud Vl` → `HUD VL`).',
    `Source: NYISO MIS \`isolf\` file published 2017-11-22, ${PYISO_FIXTURE_NOTE}. The file has one column per zone; Gridscope reshapes it to one row per zone (subseries \`zone\`). Its publish time is not in the file, so the dataset has no publish time column.`,
    'The id is Gridscope\'s: the GridStatus catalogue copies in `data/gridstatus-catalogue` do not list this feed.',
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
    'Real-time zonal locational based marginal prices ($/MWh) with their loss and congestion components (NYISO sign convention). NYISO stamps the interval end; `interval_start_utc` is 5 minutes earlier.',
    `Source: NYISO MIS real-time zonal LBMP for 2016-02-18 (three 5-minute intervals, 15 zones and external proxies), ${PYISO_FIXTURE_NOTE}. The file's first line is blank.`,
    SAMPLE_NOTE,
  ].join('\n\n'),
  source_url: 'https://mis.nyiso.com/public/P-24Alist.htm',
  subseries_index_column: 'location',
  primary_key_columns: ['interval_start_utc', 'location'],
  data_frequency: '5_MINUTES',
  files: [LMP],
  load: (file) => `
    SELECT ${localToUtc(parseLocal('time_stamp'), 'US/Eastern')} - INTERVAL 5 MINUTE AS interval_start_utc,
           ${localToUtc(parseLocal('time_stamp'), 'US/Eastern')} AS interval_end_utc,
           location, ptid, lmp, loss, congestion
    FROM ${readCsv(
      [file(LMP)],
      { time_stamp: 'VARCHAR', location: 'VARCHAR', ptid: 'INTEGER', lmp: 'DOUBLE', loss: 'DOUBLE', congestion: 'DOUBLE' },
      ['skip=1'],
    )}
    ORDER BY interval_start_utc, location`,
};

/** The NYISO datasets of the embedded catalogue. */
export const NYISO_DATASETS: CatalogueEntry[] = [fuelMix, load, loadForecast, interfaceFlows, lmpRealTime];
