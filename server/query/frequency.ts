import { RESAMPLE_FREQUENCY_SHORTHANDS, RESAMPLE_UNIT_SECONDS, readResampleFrequency } from '../../shared/index.js';
import type { ResampleUnit } from '../../shared/index.js';
import { HttpError } from '../errors.js';

/** Calendar unit of a frequency. */
export type FrequencyUnit = ResampleUnit;

/** A parsed frequency: `count` units, DuckDB interval text (`15 minutes`), nominal `seconds` (to tell up- from downsampling). */
export interface Frequency {
  count: number;
  unit: FrequencyUnit;
  interval: string;
  seconds: number; // a month is 30 days, a year 365
  calendar: boolean; // day and longer: buckets follow local days when `timezone` is set
}

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
    seconds: count * RESAMPLE_UNIT_SECONDS[unit],
    calendar: unit === 'day' || unit === 'week' || unit === 'month' || unit === 'year',
  };
}

/** Parses `resample_frequency` (docs/query.md#resampling; `1M` is a month). @throws HttpError 400 listing the accepted values. */
export function parseFrequency(text: string): Frequency {
  const parts = readResampleFrequency(text);
  if (!parts) throw new HttpError(400, invalidFrequencyDetail(text));
  return frequency(parts.count, parts.unit);
}
