import { readCsv, offsetToUtc } from '../sql.js';
import { GRIDSTATUS_FIXTURE_NOTE, SAMPLE_NOTE, type CatalogueEntry } from './types.js';

const DIR = 'gridstatus-pjm-constraints';
const WINDOWS = ['2023-11-05_2023-11-07', '2024-09-02_2024-09-04'];
const UTC_FORMAT = "timestampformat='%Y-%m-%dT%H:%M:%S'";

function feedFiles(feed: string): string[] {
  return WINDOWS.map((w) => `${DIR}/${feed}_${w}.csv`);
}

const TIME_COLUMNS = { datetime_beginning_utc: 'TIMESTAMP', datetime_ending_utc: 'TIMESTAMP' };
const WINDOW_TEXT = 'Two windows: 2023-11-05…07 (includes the end of daylight saving time) and 2024-09-02…04.';

const marginalValueDa: CatalogueEntry = {
  id: 'pjm_marginal_value_day_ahead_hourly',
  name: 'PJM Marginal Value Day Ahead Hourly',
  description: [
    'Binding day-ahead transmission constraints and their shadow prices ($/MWh), one row per hour, monitored facility and contingency.',
    `Source: PJM Data Miner 2 feed \`da_marginal_value\`, ${GRIDSTATUS_FIXTURE_NOTE}. ${WINDOW_TEXT}`,
    SAMPLE_NOTE,
  ].join('\n\n'),
  source: 'pjm',
  source_url: 'https://dataminer2.pjm.com/feed/da_marginal_value',
  data_timezone: 'US/Eastern',
  time_index_column: 'interval_start_utc',
  subseries_index_column: 'monitored_facility',
  publish_time_column: null,
  primary_key_columns: ['interval_start_utc', 'monitored_facility', 'contingency_facility'],
  data_frequency: '1_HOUR',
  publication_frequency: '1_DAY',
  files: feedFiles('pjm_marginal_value_day_ahead_hourly'),
  load: (file) => `
    SELECT datetime_beginning_utc AS interval_start_utc, datetime_ending_utc AS interval_end_utc,
           monitored_facility, contingency_facility, shadow_price
    FROM ${readCsv(
      feedFiles('pjm_marginal_value_day_ahead_hourly').map(file),
      { ...TIME_COLUMNS, monitored_facility: 'VARCHAR', contingency_facility: 'VARCHAR', shadow_price: 'DOUBLE' },
      [UTC_FORMAT],
    )}
    ORDER BY interval_start_utc, monitored_facility, contingency_facility`,
};

const marginalValueRt: CatalogueEntry = {
  id: 'pjm_marginal_value_real_time_5_min',
  name: 'PJM Marginal Value Real Time 5 Min',
  description: [
    'Binding real-time (5-minute) transmission constraints: shadow price ($/MWh), transmission constraint penalty factor and limit control percentage.',
    `Source: PJM Data Miner 2 feed \`rt_marginal_value\`, ${GRIDSTATUS_FIXTURE_NOTE}. ${WINDOW_TEXT}`,
    SAMPLE_NOTE,
  ].join('\n\n'),
  source: 'pjm',
  source_url: 'https://dataminer2.pjm.com/feed/rt_marginal_value',
  data_timezone: 'US/Eastern',
  time_index_column: 'interval_start_utc',
  subseries_index_column: 'monitored_facility',
  publish_time_column: null,
  primary_key_columns: ['interval_start_utc', 'monitored_facility', 'contingency_facility'],
  data_frequency: '5_MINUTES',
  publication_frequency: null,
  files: feedFiles('pjm_marginal_value_real_time_5_min'),
  load: (file) => `
    SELECT datetime_beginning_utc AS interval_start_utc, datetime_ending_utc AS interval_end_utc,
           monitored_facility, contingency_facility, transmission_constraint_penalty_factor,
           limit_control_percentage, shadow_price
    FROM ${readCsv(
      feedFiles('pjm_marginal_value_real_time_5_min').map(file),
      {
        ...TIME_COLUMNS,
        monitored_facility: 'VARCHAR',
        contingency_facility: 'VARCHAR',
        transmission_constraint_penalty_factor: 'DOUBLE',
        limit_control_percentage: 'DOUBLE',
        shadow_price: 'DOUBLE',
      },
      [UTC_FORMAT],
    )}
    ORDER BY interval_start_utc, monitored_facility, contingency_facility`,
};

const transmissionConstraintsDa: CatalogueEntry = {
  id: 'pjm_transmission_constraints_day_ahead_hourly',
  name: 'PJM Transmission Constraints Day Ahead Hourly',
  description: [
    'Day-ahead congestion events: each row is a monitored facility and contingency binding from `interval_start_utc` to `interval_end_utc`; `duration` is in hours.',
    `Source: PJM Data Miner 2 feed \`da_transconstraints\`, ${GRIDSTATUS_FIXTURE_NOTE}. ${WINDOW_TEXT}`,
    SAMPLE_NOTE,
  ].join('\n\n'),
  source: 'pjm',
  source_url: 'https://dataminer2.pjm.com/feed/da_transconstraints',
  data_timezone: 'US/Eastern',
  time_index_column: 'interval_start_utc',
  subseries_index_column: 'monitored_facility',
  publish_time_column: null,
  primary_key_columns: ['interval_start_utc', 'monitored_facility', 'contingency_facility'],
  data_frequency: 'IRREGULAR',
  publication_frequency: '1_DAY',
  files: feedFiles('pjm_transmission_constraints_day_ahead_hourly'),
  load: (file) => `
    SELECT datetime_beginning_utc AS interval_start_utc, datetime_ending_utc AS interval_end_utc,
           duration, day_ahead_congestion_event, monitored_facility, contingency_facility
    FROM ${readCsv(
      feedFiles('pjm_transmission_constraints_day_ahead_hourly').map(file),
      {
        ...TIME_COLUMNS,
        duration: 'INTEGER',
        day_ahead_congestion_event: 'VARCHAR',
        monitored_facility: 'VARCHAR',
        contingency_facility: 'VARCHAR',
      },
      [UTC_FORMAT],
    )}
    ORDER BY interval_start_utc, monitored_facility, contingency_facility`,
};

function forecastEntry(kind: 'solar' | 'wind', publication: string): CatalogueEntry {
  const path = `gridstatus-fixtures-misc/pjm_hourly_${kind}_forecast_sample.json`;
  const values =
    kind === 'solar'
      ? { 'Solar Forecast BTM': 'DOUBLE', 'Solar Forecast': 'DOUBLE' }
      : { 'Wind Forecast': 'DOUBLE' };
  const valueSelect =
    kind === 'solar'
      ? '"Solar Forecast BTM" AS solar_forecast_btm, "Solar Forecast" AS solar_forecast'
      : '"Wind Forecast" AS wind_forecast';
  const title = kind === 'solar' ? 'Solar' : 'Wind';
  return {
    id: `pjm_${kind}_forecast_hourly`,
    name: `PJM ${title} Forecast Hourly`,
    description: [
      `Hourly ${kind} generation forecasts (MW) for the PJM RTO, one row per forecast interval and publish time (every vintage is kept${kind === 'solar' ? '; `solar_forecast_btm` is behind-the-meter solar' : ''}).`,
      `Source: PJM Data Miner 2 feed \`hourly_${kind}_power_forecast\`, ${GRIDSTATUS_FIXTURE_NOTE} (\`pjm_hourly_${kind}_forecast_sample.json\`, 2024-10-01…04).`,
      SAMPLE_NOTE,
    ].join('\n\n'),
    source: 'pjm',
    source_url: `https://dataminer2.pjm.com/feed/hourly_${kind}_power_forecast`,
    data_timezone: 'US/Eastern',
    time_index_column: 'interval_start_utc',
    subseries_index_column: null,
    publish_time_column: 'publish_time_utc',
    primary_key_columns: ['interval_start_utc', 'publish_time_utc'],
    data_frequency: '1_HOUR',
    publication_frequency: publication,
    files: [path],
    load: (file) => `
      SELECT ${offsetToUtc('"Interval Start"')} AS interval_start_utc,
             ${offsetToUtc('"Interval End"')} AS interval_end_utc,
             ${offsetToUtc('"Publish Time"')} AS publish_time_utc,
             ${valueSelect}
      FROM read_json(${file(path)}, format='array', columns={
        'Interval Start': 'VARCHAR', 'Interval End': 'VARCHAR', 'Publish Time': 'VARCHAR',
        ${Object.entries(values).map(([k, t]) => `'${k}': '${t}'`).join(', ')}})
      ORDER BY publish_time_utc, interval_start_utc`,
  };
}

/** The PJM datasets of the embedded catalogue. */
export const PJM_DATASETS: CatalogueEntry[] = [
  marginalValueDa,
  marginalValueRt,
  transmissionConstraintsDa,
  forecastEntry('solar', '1_HOUR'),
  forecastEntry('wind', '10_MINUTES'),
];
