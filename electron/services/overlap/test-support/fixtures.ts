import type { OverlapConstraint, OverlapOutage, OverlapPoint } from '../types.js';

/** Test builders of the overlap inputs (not a test file): compact constraints and outages. */

/** `[latitude, longitude]` or null (no coordinates). */
export type LatLon = readonly [number, number] | null;

const at = (p: LatLon): OverlapPoint | null => (p ? { latitude: p[0], longitude: p[1] } : null);

/** A binding interval: start and end as ISO instants, signed shadow price ($/MWh). */
export type Obs = readonly [start: string, end: string, shadowPrice: number];

/** A binding constraint with substations `start`/`end` and its observations; peak = largest |shadow price|. */
export function constraint(id: string, start: LatLon, end: LatLon, observations: readonly Obs[], name = id): OverlapConstraint {
  return {
    constraint_gs_entity_id: id,
    constraint_name: name,
    peak_abs_shadow_price: Math.max(0, ...observations.map((o) => Math.abs(o[2]))),
    start: at(start),
    end: at(end),
    observations: observations.map(([s, e, sp]) => ({ interval_start_utc: s, interval_end_utc: e, shadow_price: sp })),
  };
}

/** An outage ticket out over `[start, end)` with equipment from → to, named `names[i]` when given. */
export function outage(
  ticket: number,
  start: string,
  end: string,
  equipment: readonly (readonly [LatLon, LatLon])[],
  names: readonly string[] = [],
): OverlapOutage {
  return {
    ticket,
    current_interval_start_utc: start,
    current_interval_end_utc: end,
    equipment: equipment.map(([from, to], i) => ({
      from_substation: at(from),
      to_substation: at(to),
      ...(names[i] ? { equipment_name: names[i] } : {}),
    })),
  };
}

/** `2024-09-03T<hh:mm>:00+00:00`. */
export const t = (hhmm: string): string => `2024-09-03T${hhmm}:00+00:00`;

/** Consecutive intervals of `minutes` from `from` (hh:mm), one per shadow price. */
export function series(from: string, minutes: number, prices: readonly number[]): Obs[] {
  const t0 = Date.parse(t(from));
  const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', '+00:00');
  return prices.map((sp, i) => [iso(t0 + i * minutes * 60_000), iso(t0 + (i + 1) * minutes * 60_000), sp]);
}
