import { isKnownZone } from '../../../../shared/time/zones.js';
import type { DatasetWithTimezone } from '../../../../shared/schemas/dataset.js';

/** Select value of "Other…" (a typed IANA zone). */
export const OTHER_ZONE = 'other';

/** Zones offered by name: the North American ISOs' market zones, then two references. */
export const COMMON_ZONES = [
  'America/New_York',
  'America/Chicago',
  'America/Denver',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Edmonton',
  'America/Toronto',
  'Europe/London',
] as const;

/** Every IANA zone Intl knows ([] where it cannot list them). */
export function allZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

/** The `timezone` parameter (docs/query.md) of a choice: undefined for UTC; a typed zone Intl does not know → `{ problem }`. */
export function zoneParam(choice: string, typed: string): string | undefined | { problem: string } {
  if (choice === '') return undefined;
  if (choice !== OTHER_ZONE) return choice;
  const zone = typed.trim();
  if (!zone) return { problem: 'Type an IANA zone such as America/Chicago, or pick one from the list.' };
  if (!isKnownZone(zone)) return { problem: `"${zone}" is not an IANA time zone (e.g. America/Chicago, Europe/Berlin).` };
  return zone;
}

/** How a chosen zone is named in labels: `UTC`, the market's zone name, or the zone itself. */
export function zoneLabel(param: string | undefined, dataset: Pick<DatasetWithTimezone, 'data_timezone'>): string {
  if (param === undefined) return 'UTC';
  return param === 'market' ? dataset.data_timezone : param;
}

/** The time index columns every result starts with, as the server picks them (`*_start_utc` and its `*_end_utc`). */
export function timeIndexColumns(dataset: Pick<DatasetWithTimezone, 'time_index_column' | 'all_columns'>): string[] {
  const time = dataset.time_index_column;
  if (!time || !dataset.all_columns.some((c) => c.name === time)) return [];
  const end = time.endsWith('_start_utc') ? time.replace(/_start_utc$/, '_end_utc') : null;
  return end && dataset.all_columns.some((c) => c.name === end) ? [time, end] : [time];
}
