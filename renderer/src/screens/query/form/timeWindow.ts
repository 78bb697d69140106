import type { DatasetWithTimezone } from '../../../../../shared/schemas/dataset.js';
import { isKnownZone, zoneOffsetMs } from '../../../../../shared/time/zones.js';
import { zoneLabel, zoneParam } from '../../../features/workspace/zones.js';

/** The time presets of the form, relative to the dataset's availability (not to today). */
export const TIME_PRESETS = [
  { id: 'day', label: 'Last day' },
  { id: 'week', label: 'Last week' },
  { id: 'month', label: 'Last month' },
  { id: 'all', label: 'All available' },
] as const;
export type TimePreset = (typeof TIME_PRESETS)[number]['id'];

/** A window as the form's Start and End texts: dates (wall-clock days in the form's zone), End exclusive. */
export interface DateWindow {
  start: string;
  end: string;
}

/** The dataset's data as wall-clock days in `zone`: `first` is the day of its earliest interval, `end` the day after its latest. */
export interface Availability extends DateWindow {
  /** Earliest and latest interval starts as `YYYY-MM-DD HH:MM` in `zone`. */
  firstTime: string;
  lastTime: string;
}

const DAY_MS = 86_400_000;

const wallTime = (epochMs: number, zone: string): string =>
  new Date(epochMs + zoneOffsetMs(zone, epochMs)).toISOString().slice(0, 16).replace('T', ' ');

/** `date` (`YYYY-MM-DD`) moved by whole days and calendar months; a month from 03-31 back is 02-28/29 (clamped, not rolled). */
export function shiftDate(date: string, { days = 0, months = 0 }: { days?: number; months?: number }): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const firstOfMonth = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(firstOfMonth.getUTCFullYear(), firstOfMonth.getUTCMonth() + 1, 0)).getUTCDate();
  const moved = Date.UTC(firstOfMonth.getUTCFullYear(), firstOfMonth.getUTCMonth(), Math.min(d, lastDay)) + days * DAY_MS;
  return new Date(moved).toISOString().slice(0, 10);
}

/**
 * The IANA zone the form's times are read in: UTC when none is chosen, the dataset's `data_timezone` for market time,
 * and market time too while a typed zone is not a valid one (the field shows that problem).
 */
export function formZone(dataset: Pick<DatasetWithTimezone, 'data_timezone'>, zoneChoice: string, zoneTyped: string): string {
  const param = zoneParam(zoneChoice, zoneTyped);
  return typeof param === 'object' ? dataset.data_timezone : zoneLabel(param, dataset);
}

/**
 * Where the dataset's data lies as days in `zone` (`earliest_available_time_utc` … `latest_available_time_utc`, both
 * interval starts), or null when the catalogue does not say or `zone` is unknown.
 */
export function availability(
  dataset: Pick<DatasetWithTimezone, 'earliest_available_time_utc' | 'latest_available_time_utc'>,
  zone: string,
): Availability | null {
  const first = Date.parse(dataset.earliest_available_time_utc ?? '');
  const last = Date.parse(dataset.latest_available_time_utc ?? '');
  if (Number.isNaN(first) || Number.isNaN(last) || last < first || !isKnownZone(zone)) return null;
  const firstTime = wallTime(first, zone);
  const lastTime = wallTime(last, zone);
  return { start: firstTime.slice(0, 10), end: shiftDate(lastTime.slice(0, 10), { days: 1 }), firstTime, lastTime };
}

/**
 * The window of a preset: the last day, 7 days or calendar month of the data up to the day after its latest interval,
 * or all of it; never starting before the data's first day. Null when the availability is unknown.
 */
export function presetWindow(available: Availability | null, preset: TimePreset): DateWindow | null {
  if (!available) return null;
  const { end } = available;
  const from =
    preset === 'day'
      ? shiftDate(end, { days: -1 })
      : preset === 'week'
        ? shiftDate(end, { days: -7 })
        : preset === 'month'
          ? shiftDate(end, { months: -1 })
          : available.start;
  return { start: from < available.start ? available.start : from, end };
}

/**
 * The one preset shown as pressed for the form's Start and End texts, or null when no preset's window is them. On short
 * data several windows coincide (a week of 3 days is all of it): then `clicked`, the preset the user chose, when its
 * window is still the one in the fields; otherwise the first that matches, which is the narrowest (presets are listed
 * from a day to all of it).
 */
export function pressedPreset(
  available: Availability | null,
  start: string,
  end: string,
  clicked?: TimePreset,
): TimePreset | null {
  const matches = TIME_PRESETS.filter((p) => {
    const w = presetWindow(available, p.id);
    return w !== null && w.start === start.trim() && w.end === end.trim();
  }).map((p) => p.id);
  if (clicked && matches.includes(clicked)) return clicked;
  return matches[0] ?? null;
}
