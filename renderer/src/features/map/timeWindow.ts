import type { ExpressionSpecification } from 'maplibre-gl';
import { addDays, marketDateOf, marketDayStart } from '../../../../shared/time/market.js';

/**
 * The map's time slider, as pure functions: an instant `t` (epoch ms) and a step; the shown window is `[t, t + step)`,
 * and a "1 day" step is a market day, 00:00 to 00:00 market time (23 or 25 hours on the DST days).
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

/** 00:00 market time of the market day after the one containing `t` in `zone`. */
const nextDayStart = (t: number, zone: string): number => marketDayStart(addDays(marketDateOf(t, zone), 1), zone);

/**
 * `t` where its step starts: for "1 day", 00:00 market time (in `zone`) of the day containing it; for "1 hour", the
 * start of its market hour (counted from that midnight, so a DST day's hours stay whole); either way not before the
 * range's start (a window starting mid-day or mid-hour). "5 minutes" keeps `t`.
 */
export function alignTime(t: number, step: StepKey, zone: string, window: ShownWindow): number {
  if (step === '5m') return t;
  const dayStart = marketDayStart(marketDateOf(t, zone), zone);
  const start = step === '1d' ? dayStart : dayStart + Math.floor((t - dayStart) / 3_600_000) * 3_600_000;
  return Math.max(sliderRange(window).min, start);
}

/** The window a step shows at `t`: `[t, t + step)`, for "1 day" up to the next 00:00 market time in `zone`. */
export function stepWindow(t: number, step: StepKey, zone: string): ShownWindow {
  return step === '1d' ? { start: t, end: nextDayStart(t, zone) } : shownWindow(t, stepMs(step));
}

/**
 * `t` moved one step back or forward in `zone`, or null when that leaves the slider's range: "1 day" goes from midnight
 * to midnight of market time (back from mid-day first goes to that day's midnight, not before the range's start);
 * other steps as {@link stepTime}.
 */
export function stepTimeIn(t: number, direction: -1 | 1, step: StepKey, zone: string, window: ShownWindow): number | null {
  if (step !== '1d') return stepTime(t, direction, stepMs(step), window);
  const { min, max } = sliderRange(window);
  if (direction === 1) {
    const next = nextDayStart(t, zone);
    return next > max ? null : next;
  }
  const dayStart = marketDayStart(marketDateOf(t, zone), zone);
  const back = dayStart < t ? dayStart : marketDayStart(addDays(marketDateOf(t, zone), -1), zone);
  if (back >= min) return back;
  return t > min ? min : null;
}
