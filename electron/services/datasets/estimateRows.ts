import { RESAMPLE_CONVERSION } from '../../../shared/index.js';
import type { DatasetWithTimezone } from '../../../shared/index.js';

// The rows a query may return as a band (trusted bounds, a point, a hard ceiling), and the time grid that bounds them.

/**
 * Rows between `lo` and `hi` as far as the metadata is trusted (a dense date's share of its intervals), `p` the point
 * estimate, `cap` a ceiling no count can pass (what an "at most" figure reports); `why` says what keeps the bounds apart.
 */
export interface Rows {
  lo: number;
  hi: number;
  p: number;
  cap: number;
  why: string[];
}

/** {@link Rows} of a window, with the basis `text`, the dataset's `total` rows (null: unknown) and its panel size. */
export interface WindowRows extends Rows {
  text: string;
  total: number | null;
  /** Subseries per time index when every date in the window is a complete panel of that many; else null. */
  panel: number | null;
}

/** Step of a regular frequency in ms; 0 for irregular and unknown ones. */
export function stepMsOf(frequency: string | null): number {
  const seconds = RESAMPLE_CONVERSION[frequency as keyof typeof RESAMPLE_CONVERSION] ?? -1;
  return seconds > 0 ? seconds * 1000 : 0;
}

/** Points `anchor + k·step` in [from, to): the intervals of a regular frequency. */
export function stepPoints(anchor: number, step: number, from: number, to: number): number {
  return to <= from ? 0 : Math.max(0, Math.ceil((to - anchor) / step) - Math.ceil((from - anchor) / step));
}

/**
 * Most rows one time index value can hold, by the primary key: 1 when the key is the time index alone, `subs` when it is
 * the time index and the subseries column (also when the server names no key, as the no-gaps rule reads it); Infinity
 * when the key allows more.
 */
export function rowsPerTime(d: DatasetWithTimezone, subs: number | null): number {
  const key = d.primary_key_columns ?? [];
  const time = d.time_index_column;
  const sub = d.subseries_index_column ?? null;
  if (key.length > 0 && (!time || !key.includes(time))) return Infinity;
  const rest = key.filter((c) => c !== time);
  if (rest.some((c) => c !== sub)) return Infinity;
  return sub === null ? 1 : (subs ?? Infinity);
}

/** `points` intervals × `perTime` rows at most, 0 for no interval (also when `perTime` is unbounded). */
export const gridCap = (points: number, perTime: number): number => (points === 0 ? 0 : points * perTime);
