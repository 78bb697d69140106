import type { BindingPoint } from '../../../../shared/bridge/binding.js';
import type { Constraint } from '../../../../shared/schemas/constraints.js';

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

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/**
 * Windows to offer when the constraint did not bind in the chosen one: the day before and the day of its last
 * sighting (whole UTC days), and its whole span from first to last seen; null where the list does not say.
 */
export function seenWindows(c: Pick<Constraint, 'earliest_seen_utc' | 'latest_seen_utc'> | undefined): {
  last: { start: string; end: string } | null;
  whole: { start: string; end: string } | null;
} {
  const latest = Date.parse(c?.latest_seen_utc ?? '');
  const earliest = Date.parse(c?.earliest_seen_utc ?? '');
  if (!Number.isFinite(latest)) return { last: null, whole: null };
  const lastDay = Math.floor(latest / DAY_MS) * DAY_MS;
  const last = { start: iso(lastDay - DAY_MS), end: iso(lastDay + DAY_MS) };
  const whole =
    Number.isFinite(earliest) && earliest < lastDay - DAY_MS
      ? { start: iso(Math.floor(earliest / DAY_MS) * DAY_MS), end: last.end }
      : null;
  return { last, whole };
}
