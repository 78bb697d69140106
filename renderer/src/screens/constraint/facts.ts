import type { BindingObservation, Constraint } from '../../../../shared/schemas/constraints.js';
import { addDays, marketDateOf, marketDaysWindow } from '../../../../shared/time/market.js';

/** What a constraint's binding observations add up to (docs/constraints.md, "Absolute cost"). */
export interface BindingFacts {
  /** Largest |shadow price| ($/MWh), null without observations. */
  peakAbs: number | null;
  /** Start of the first interval reaching the peak. */
  peakAt: string | null;
  /** Intervals with an observation. */
  intervals: number;
  /** Σ |shadow price| × interval hours ($/MW). */
  totalCost: number;
}

const HOUR_MS = 3_600_000;

/** Hours of an observation's interval `[start, end)`; 0 when either end is unreadable. */
export function intervalHours(o: Pick<BindingObservation, 'interval_start_utc' | 'interval_end_utc'>): number {
  const h = (Date.parse(o.interval_end_utc) - Date.parse(o.interval_start_utc)) / HOUR_MS;
  return Number.isFinite(h) && h > 0 ? h : 0;
}

/** Peak |shadow price|, binding intervals and total cost of `observations` (one per interval, in time order). */
export function bindingFacts(observations: readonly BindingObservation[]): BindingFacts {
  let peakAbs: number | null = null;
  let peakAt: string | null = null;
  let totalCost = 0;
  for (const o of observations) {
    const abs = Math.abs(o.shadow_price);
    if (peakAbs === null || abs > peakAbs) {
      peakAbs = abs;
      peakAt = o.interval_start_utc;
    }
    totalCost += abs * intervalHours(o);
  }
  return { peakAbs, peakAt, intervals: observations.length, totalCost };
}

/**
 * The chart's columns: x = interval starts (Unix seconds), y = signed shadow price ($/MWh). Where the constraint
 * stopped binding (an interval's end is not the next one's start) a null point breaks the line, so the chart does not
 * draw a price across hours with none.
 */
export function shadowPriceSeries(observations: readonly BindingObservation[]): [number[], (number | null)[]] {
  const xs: number[] = [];
  const ys: (number | null)[] = [];
  observations.forEach((o, i) => {
    xs.push(Date.parse(o.interval_start_utc) / 1000);
    ys.push(o.shadow_price);
    const next = observations[i + 1];
    if (next && Date.parse(next.interval_start_utc) > Date.parse(o.interval_end_utc)) {
      xs.push(Date.parse(o.interval_end_utc) / 1000);
      ys.push(null);
    }
  });
  return [xs, ys];
}

/**
 * Windows to offer when the constraint did not bind in the chosen one: the market day of its last sighting and the one
 * before (whole market days of `marketZone`, docs/market-time.md#market-days), and its whole span from the market day
 * first seen to the last; null where the list does not say.
 */
export function seenWindows(
  c: Pick<Constraint, 'earliest_seen_utc' | 'latest_seen_utc'> | undefined,
  marketZone: string,
): {
  last: { start: string; end: string } | null;
  whole: { start: string; end: string } | null;
} {
  const latest = Date.parse(c?.latest_seen_utc ?? '');
  const earliest = Date.parse(c?.earliest_seen_utc ?? '');
  if (!Number.isFinite(latest)) return { last: null, whole: null };
  const lastDay = marketDateOf(latest, marketZone);
  const last = marketDaysWindow(addDays(lastDay, -1), lastDay, marketZone);
  const firstDay = Number.isFinite(earliest) ? marketDateOf(earliest, marketZone) : null;
  const whole = firstDay !== null && firstDay < addDays(lastDay, -1) ? marketDaysWindow(firstDay, lastDay, marketZone) : null;
  return { last, whole };
}
