import { wallParts } from './market.js';

/**
 * Hour ending, as ISOs publish hourly data (docs/market-time.md#hour-ending): the hour that starts at 00:00 market time
 * is HE01, the one starting at 23:00 is HE24. On the fall-back day the hour starting at 01:00 comes twice: the first is
 * HE02, the repeated one HE02*; on the spring-forward day there is no HE03 (the day has 23 hours).
 */

/** One interval's hour ending: `label` (`HE01`…`HE24`, `HE02*`), `hour` 1–24, `repeated` for the second 01:00 hour. */
export interface HourEnding {
  label: string;
  hour: number;
  repeated: boolean;
  /** The market date the hour belongs to (the day of its start in market time). */
  date: string;
}

/**
 * The hour ending of the hour that starts at instant `startMs` in `zone`. An hour starts on a whole hour of market time;
 * `repeated` is true when the same wall hour already began one hour earlier (the fall-back day's second 01:00).
 */
export function hourEnding(startMs: number, zone: string): HourEnding {
  const wall = wallParts(startMs, zone);
  const before = wallParts(startMs - 3600_000, zone);
  const repeated = before.date === wall.date && before.hour === wall.hour;
  const hour = wall.hour + 1;
  const label = `HE${String(hour).padStart(2, '0')}${repeated ? '*' : ''}`;
  return { label, hour, repeated, date: wall.date };
}

/** `HE07`-style label only (see {@link hourEnding}). */
export function hourEndingLabel(startMs: number, zone: string): string {
  return hourEnding(startMs, zone).label;
}
