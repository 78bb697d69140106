import { localToUtc, offsetToUtc, readCsv } from '../sql.js';
import { GRIDSTATUS_FIXTURE_NOTE, SAMPLE_NOTE, type CatalogueEntry } from './types.js';

const CAISO = 'gridstatus-fixtures-misc/caiso_rtm_forecast_7day_20260311.csv';
const SPP = 'gridstatus-fixtures-misc/spp_TieFlows_SWPW_Mar2026.csv';

const CAISO_COLUMNS: Record<string, string> = {
  Demand: 'demand',
  'Net Demand': 'net_demand',
  'Day-ahead demand forecast': 'day_ahead_demand_forecast',
  'Day-ahead net demand forecast': 'day_ahead_net_demand_forecast',
  'Resource adequacy capacity forecast': 'resource_adequacy_capacity_forecast',
  'Net resource adequacy capacity forecast': 'net_resource_adequacy_capacity_forecast',
  'Reserve requirement': 'reserve_requirement',
  'Reserve requirement forecast': 'reserve_requirement_forecast',
  'Resource adequacy credits': 'resource_adequacy_credits',
};

const caisoOutlook: CatalogueEntry = {
  id: 'caiso_seven_day_resource_adequacy_outlook',
  name: 'CAISO Seven Day Resource Adequacy Outlook',
  description: [
    "CAISO Today's Outlook seven-day view, every 5 minutes (MW): actual demand and net demand (empty for future intervals), day-ahead demand and net demand forecasts, resource adequacy capacity forecasts, reserve requirements and resource adequacy credits. Times are CAISO's local (US/Pacific) interval starts.",
    `Source: CAISO Today's Outlook 7-day CSV downloaded 2026-03-11 (\`caiso_rtm_forecast_7day_20260311.csv\`), ${GRIDSTATUS_FIXTURE_NOTE}.`,
    "The id is Gridscope's, after gridstatus' `get_seven_day_resource_adequacy_outlook`: the GridStatus catalogue copies in `data/gridstatus-catalogue` do not list this feed.",
    SAMPLE_NOTE,
  ].join('\n\n'),
  source: 'caiso',
  source_url: 'https://www.caiso.com/todays-outlook',
  data_timezone: 'US/Pacific',
  time_index_column: 'interval_start_utc',
  subseries_index_column: null,
  publish_time_column: null,
  primary_key_columns: ['interval_start_utc'],
  data_frequency: '5_MINUTES',
  publication_frequency: null,
  files: [CAISO],
  load: (file) => {
    const start = localToUtc(`strptime("Time", '%m/%d/%Y %H:%M')`, 'US/Pacific');
    const values = Object.entries(CAISO_COLUMNS).map(([src, name]) => `"${src}" AS ${name}`);
    return `
      SELECT ${start} AS interval_start_utc, ${start} + INTERVAL 5 MINUTE AS interval_end_utc,
             ${values.join(', ')}
      FROM ${readCsv([file(CAISO)], {
        Time: 'VARCHAR',
        ...Object.fromEntries(Object.keys(CAISO_COLUMNS).map((k) => [k, 'DOUBLE'])),
      })}
      ORDER BY interval_start_utc`;
  },
};

const SPP_COLUMNS = ['SPP_NSI', 'SPP_NAI', 'APS', 'BHBA', 'NWMT', 'PACE', 'PNM', 'PSCO', 'WALC'];

const sppWestTieFlows: CatalogueEntry = {
  id: 'spp_west_tie_flows_1_min',
  name: 'SPP West Tie Flows 1 Min',
  description: [
    'SPP RTO West tie flows every minute (MW): `spp_nsi` and `spp_nai` (net scheduled and net actual interchange) and one column per neighbouring balancing authority (APS, BHBA, NWMT, PACE, PNM, PSCO, WALC). Every value in this sample (2026-03-25…30) is 0.',
    `Source: SPP \`TieFlows_SWPW\` file for March 2026, ${GRIDSTATUS_FIXTURE_NOTE}. \`GMTTIME\` (UTC) is taken as the interval start. The file mixes CRLF and LF line endings and misses 6 minutes.`,
    'Shape: kept wide as the file is (one column per balancing authority, no subseries). The id is Gridscope\'s: the GridStatus catalogue copies in `data/gridstatus-catalogue` do not list this feed.',
    SAMPLE_NOTE,
  ].join('\n\n'),
  source: 'spp',
  source_url: 'https://portal.spp.org/',
  data_timezone: 'US/Central',
  time_index_column: 'interval_start_utc',
  subseries_index_column: null,
  publish_time_column: null,
  primary_key_columns: ['interval_start_utc'],
  data_frequency: '1_MINUTE',
  publication_frequency: null,
  files: [SPP],
  load: (file) => `
    SELECT ${offsetToUtc('GMTTIME')} AS interval_start_utc,
           ${offsetToUtc('GMTTIME')} + INTERVAL 1 MINUTE AS interval_end_utc,
           ${SPP_COLUMNS.map((c) => `${c} AS ${c.toLowerCase()}`).join(', ')}
    FROM ${readCsv(
      [file(SPP)],
      { GMTTIME: 'VARCHAR', ...Object.fromEntries(SPP_COLUMNS.map((c) => [c, 'DOUBLE'])) },
      // Mixed line endings defeat the strict dialect check; the row count is verified in tests.
      ['strict_mode=false'],
    )}
    ORDER BY interval_start_utc`,
};

/** The CAISO and SPP datasets of the embedded catalogue. */
export const CAISO_SPP_DATASETS: CatalogueEntry[] = [caisoOutlook, sppWestTieFlows];
