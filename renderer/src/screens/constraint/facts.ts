import type { BindingPoint } from '../../../../shared/bridge/binding.js';
import type { Constraint } from '../../../../shared/schemas/constraints.js';
import { addDays, marketDateOf, marketDaysWindow } from '../../../../shared/time/market.js';

/**
 * The chart's columns: x = interval starts (Unix seconds), y = signed shadow price ($/MWh). Where the constraint
 * stopped binding (an interval's end is not the next one's start) a null point breaks the line, so the chart does not
 * draw a price across hours with none.
 */
export function shadowPriceSeries(observations: readonly BindingPoint[]): [number[], (number | null)[]] {
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
