import type { BindingConstraintWithLocations, OutageTicket, SubstationLocation } from '../shared/index.js';

/**
 * An independent reading of docs/overlap.md for the e2e tests: which outages overlapped a binding constraint,
 * computed here in plain TypeScript from the raw /v1 answers, to compare with what the page shows.
 */

/** The embedded data's busiest real binding window (real PJM rows; docs/constraints.md). */
export const WINDOW = { start: '2024-09-02T00:00:00Z', end: '2024-09-04T00:00:00Z' } as const;
export const RT_DATASET = 'pjm_marginal_value_real_time_5_min';

const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number): number => (deg * Math.PI) / 180;

/** Great-circle distance in km (haversine). */
export function distanceKm(a: SubstationLocation, b: SubstationLocation): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** One ranked outage: ticket, its distance (km), overlapping binding intervals and Σ |shadow price| × hours. */
export interface ExpectedOverlap {
  ticket: number;
  distance: number;
  intervals: number;
  cost: number;
}

/** The outages (not Cancelled) within `maxKm` of `constraint` whose interval overlapped its binding intervals, ranked as docs/overlap.md says. */
export function expectedOverlaps(
  constraint: BindingConstraintWithLocations,
  tickets: readonly OutageTicket[],
  maxKm: number,
): ExpectedOverlap[] {
  const stations = [constraint.start, constraint.end].filter((s): s is SubstationLocation => !!s);
  const out: ExpectedOverlap[] = [];
  for (const t of tickets) {
    if (t.status.toLowerCase() === 'cancelled') continue; // never out: overlaps nothing
    const ends = t.equipment.flatMap((e) => [e.from_substation, e.to_substation]).filter((s): s is SubstationLocation => !!s);
    const distance = Math.min(...ends.flatMap((e) => stations.map((s) => distanceKm(e, s))));
    if (!(distance <= maxKm)) continue;
    const os = Date.parse(t.current_interval_start_utc);
    const oe = Date.parse(t.current_interval_end_utc);
    let intervals = 0;
    let cost = 0;
    for (const o of constraint.observations) {
      const bs = Date.parse(o.interval_start_utc);
      const be = Date.parse(o.interval_end_utc);
      if (os < be && bs < oe) {
        intervals += 1;
        cost += (Math.abs(o.shadow_price) * (be - bs)) / 3_600_000;
      }
    }
    if (intervals > 0) out.push({ ticket: t.ticket, distance, intervals, cost });
  }
  return out.sort((a, b) => b.cost - a.cost || b.intervals - a.intervals || a.distance - b.distance || a.ticket - b.ticket);
}

/** Tickets whose `[start, end)` overlaps `[from, to)` (epoch ms), sorted. */
export function ticketsOverlapping(tickets: readonly OutageTicket[], from: number, to: number): number[] {
  return tickets
    .filter((t) => Date.parse(t.current_interval_start_utc) < to && from < Date.parse(t.current_interval_end_utc))
    .map((t) => t.ticket)
    .sort((a, b) => a - b);
}
