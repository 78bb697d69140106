import type { ExpressionSpecification } from 'maplibre-gl';

/**
 * The map's time slider, as pure functions: an instant `t` (epoch ms) and a step; the shown window is `[t, t + step)`.
 * A feature with `[start_ms, end_ms)` shows while the two overlap, half-open on both sides (docs/api.md#active-outages
 * uses the same rule for tickets and windows): `start_ms < t + step AND t < end_ms`.
 */

/** A half-open interval `[start, end)` in epoch ms (UTC). */
export interface ShownWindow {
  start: number;
  end: number;
}

/** The slider's steps: how far Play and the step buttons move `t`, and how long the shown window is. */
export const STEPS = [
  { key: '5m', label: '5 minutes', ms: 5 * 60_000 },
  { key: '1h', label: '1 hour', ms: 3_600_000 },
  { key: '1d', label: '1 day', ms: 86_400_000 },
] as const;

/** A step's address value (`?step=1h`). */
export type StepKey = (typeof STEPS)[number]['key'];

/** The step a first visit uses. */
export const DEFAULT_STEP: StepKey = '1h';

/**
 * The slider's own resolution: `t` lands on `window start + k × 5 minutes` (the finest interval of the embedded data),
 * whatever the step, so switching from "1 hour" to "1 day" keeps `t` where it was.
 */
export const SLIDER_RESOLUTION_MS = 5 * 60_000;

/** Milliseconds of a step key; an unknown key is the default step. */
export function stepMs(key: string): number {
  return (STEPS.find((s) => s.key === key) ?? STEPS.find((s) => s.key === DEFAULT_STEP)!).ms;
}

/** True when `[startMs, endMs)` overlaps `w` (half-open): the rule the map's filter expression applies. */
export function overlaps(startMs: number, endMs: number, w: ShownWindow): boolean {
  return startMs < w.end && w.start < endMs;
}

/** The maplibre filter of {@link overlaps} on a feature's numeric `start_ms` / `end_ms` properties. */
export function overlapFilter(w: ShownWindow): ExpressionSpecification {
  return ['all', ['<', ['get', 'start_ms'], w.end], ['<', w.start, ['get', 'end_ms']]];
}

/** The slider's range over the page's window `[start, end)`: from its start to its last 5-minute instant. */
export function sliderRange(window: ShownWindow): { min: number; max: number } {
  const span = Math.max(0, window.end - window.start - 1);
  return { min: window.start, max: window.start + Math.floor(span / SLIDER_RESOLUTION_MS) * SLIDER_RESOLUTION_MS };
}

/** `t` clamped into the slider's range and rounded down to a multiple of 5 minutes; NaN → the range's start. */
export function snapTime(t: number, window: ShownWindow): number {
  const { min, max } = sliderRange(window);
  if (!Number.isFinite(t)) return min;
  const clamped = Math.min(max, Math.max(min, t));
  return min + Math.floor((clamped - min) / SLIDER_RESOLUTION_MS) * SLIDER_RESOLUTION_MS;
}

/**
 * `t` moved one step back (`-1`) or forward (`+1`), or null when that leaves the slider's range. Not re-aligned to the
 * step: from 11:00 one day forward is 11:00 the next day.
 */
export function stepTime(t: number, direction: -1 | 1, step: number, window: ShownWindow): number | null {
  const { min, max } = sliderRange(window);
  const next = t + direction * step;
  return next < min || next > max ? null : next;
}

/** The shown window `[t, t + step)`. */
export function shownWindow(t: number, step: number): ShownWindow {
  return { start: t, end: t + step };
}
