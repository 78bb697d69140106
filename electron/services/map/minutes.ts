/**
 * Times of the map's features as whole minutes from the window's origin (docs/map.md#the-data-path), so a float32 on the
 * GPU holds them exactly: every whole number up to 2^24 is a float32, and 2^24 minutes are 31.9 years.
 */

/** Milliseconds per minute. */
export const MINUTE_MS = 60_000;

/** Largest |minutes| stored: an interval edge further from the origin is stored at ±this (still outside any window). */
export const MINUTES_LIMIT = 2 ** 24;

const clamp = (m: number) => Math.max(-MINUTES_LIMIT, Math.min(MINUTES_LIMIT, m));

/** The origin of a window starting at `startMs` (epoch ms): that instant floored to the minute. */
export function windowOrigin(startMs: number): number {
  return Math.floor(startMs / MINUTE_MS) * MINUTE_MS;
}

/**
 * An interval start as minutes from `originMs`, rounded down; an end rounded up. So `[start, end)` never shrinks: a
 * feature shows in every whole-minute window `[a, b)` it overlaps (`start < b && a < end`), and at most a minute longer
 * when its edges are not on whole minutes (market intervals are). NaN stays NaN.
 */
export function startMinutes(ms: number, originMs: number): number {
  return clamp(Math.floor((ms - originMs) / MINUTE_MS));
}

/** See {@link startMinutes}: the end of an interval, rounded up. */
export function endMinutes(ms: number, originMs: number): number {
  return clamp(Math.ceil((ms - originMs) / MINUTE_MS));
}
