import { RESAMPLE_FREQUENCY_COUNTED, RESAMPLE_FREQUENCY_SHORTHANDS } from '../../shared/index.js';
import { HttpError } from '../errors.js';

/** Calendar unit of a frequency. */
export type FrequencyUnit = 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year';

/** A parsed frequency: `count` units, DuckDB interval text (`15 minutes`), nominal `seconds` (to tell up- from downsampling). */
export interface Frequency {
  count: number;
  unit: FrequencyUnit;
  interval: string;
  seconds: number; // a month is 30 days, a year 365
  calendar: boolean; // day and longer: buckets follow local days when `timezone` is set
}

const SHORTHAND: Record<(typeof RESAMPLE_FREQUENCY_SHORTHANDS)[number], [number, FrequencyUnit]> = {
  '5min': [5, 'minute'],
  '15min': [15, 'minute'],
  '30min': [30, 'minute'],
  '1h': [1, 'hour'],
  '1d': [1, 'day'],
  '1w': [1, 'week'],
  '1M': [1, 'month'],
};

const UNIT_SECONDS: Record<FrequencyUnit, number> = {
  minute: 60,
  hour: 3600,
  day: 86_400,
  week: 604_800,
  month: 2_592_000,
  year: 31_536_000,
};

/** The 400 detail for a frequency outside the accepted set. */
export function invalidFrequencyDetail(text: string): string {
  return (
    `Invalid resample_frequency '${text}'. Accepted values: ${RESAMPLE_FREQUENCY_SHORTHANDS.join(', ')}, ` +
    "or 'N minutes', 'N hours', 'N days', 'N weeks', 'N months', 'N years' with N a positive integer."
  );
}

function frequency(count: number, unit: FrequencyUnit): Frequency {
  return {
    count,
    unit,
    interval: `${count} ${unit}${count === 1 ? '' : 's'}`,
    seconds: count * UNIT_SECONDS[unit],
    calendar: unit === 'day' || unit === 'week' || unit === 'month' || unit === 'year',
  };
}

/** Parses `resample_frequency` (docs/query.md#resampling; `1M` is a month). @throws HttpError 400 listing the accepted values. */
export function parseFrequency(text: string): Frequency {
  const shorthand = SHORTHAND[text as keyof typeof SHORTHAND];
  if (shorthand) return frequency(...shorthand);
  const match = RESAMPLE_FREQUENCY_COUNTED.exec(text.trim());
  const count = Number(match?.[1]);
  if (!match || count < 1) throw new HttpError(400, invalidFrequencyDetail(text));
  return frequency(count, match[2]!.toLowerCase() as FrequencyUnit);
}
