import { EARTH_RADIUS_KM, MS_PER_HOUR } from './types.js';
import type { OverlapInput, OverlapPair, OverlapPoint } from './types.js';

/**
 * The overlap rules of docs/overlap.md in plain TypeScript: a reference that tests compare the
 * DuckDB computation (sql.ts) with. The app never calls it; it states the rules once more, line by
 * line, so that a disagreement between the two shows up as a failing test.
 */

const radians = (deg: number): number => (deg * Math.PI) / 180;

/** Great-circle distance in km between two points (haversine, radius {@link EARTH_RADIUS_KM}); docs/overlap.md#distance. */
export function haversineKm(a: OverlapPoint, b: OverlapPoint): number {
  const h =
    Math.sin(radians(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(radians(b.longitude - a.longitude) / 2) ** 2;
  // Rounding can push h a hair above 1 for antipodal points; asin would give NaN.
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(Math.min(1, h)));
}

/** Half-open overlap of `[aStart, aEnd)` and `[bStart, bEnd)` (epoch ms): touching ends do not overlap; docs/overlap.md#time. */
export function intervalsOverlap(aStart: number, aEnd: number, bStart: number, bEnd: number): boolean {
  return aStart < bEnd && bStart < aEnd;
}

/** Least distance over all pairs of the two point lists, km; null when either list is empty (never matches). */
export function minDistanceKm(a: readonly OverlapPoint[], b: readonly OverlapPoint[]): number | null {
  let best: number | null = null;
  for (const p of a) for (const q of b) best = Math.min(best ?? Infinity, haversineKm(p, q));
  return best;
}

const present = (p: OverlapPoint | null): p is OverlapPoint => p !== null;

/** Orders pairs as docs/overlap.md#ranking says for `ranking`; the last keys only make the order total. */
export function comparePairs(ranking: OverlapInput['ranking']): (a: OverlapPair, b: OverlapPair) => number {
  const byText = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);
  return ranking === 'outages'
    ? (a, b) =>
        b.congestion_cost - a.congestion_cost ||
        b.overlapping_intervals - a.overlapping_intervals ||
        a.distance_km - b.distance_km ||
        a.ticket - b.ticket ||
        byText(a.constraint_gs_entity_id, b.constraint_gs_entity_id)
    : (a, b) =>
        b.congestion_cost - a.congestion_cost ||
        a.distance_km - b.distance_km ||
        byText(a.constraint_name, b.constraint_name) ||
        byText(a.constraint_gs_entity_id, b.constraint_gs_entity_id) ||
        a.ticket - b.ticket;
}

/** Every near, overlapping (constraint, outage) pair of `input`, ranked; docs/overlap.md. */
export function referenceOverlap(input: OverlapInput): OverlapPair[] {
  const pairs: OverlapPair[] = [];
  for (const c of input.constraints) {
    const stations = [c.start, c.end].filter(present);
    for (const o of input.outages) {
      const ends = o.equipment.flatMap((e) => [e.from_substation, e.to_substation]).filter(present);
      const distance = minDistanceKm(ends, stations);
      if (distance === null || distance > input.distanceKm) continue;
      const os = Date.parse(o.current_interval_start_utc);
      const oe = Date.parse(o.current_interval_end_utc);
      let count = 0;
      let cost = 0;
      for (const b of c.observations) {
        const bs = Date.parse(b.interval_start_utc);
        const be = Date.parse(b.interval_end_utc);
        if (!intervalsOverlap(os, oe, bs, be)) continue;
        count += 1;
        cost += Math.abs(b.shadow_price) * ((be - bs) / MS_PER_HOUR);
      }
      if (count === 0) continue;
      pairs.push({
        constraint_gs_entity_id: c.constraint_gs_entity_id,
        constraint_name: c.constraint_name,
        peak_abs_shadow_price: c.peak_abs_shadow_price,
        ticket: o.ticket,
        distance_km: distance,
        overlapping_intervals: count,
        congestion_cost: cost,
      });
    }
  }
  return pairs.sort(comparePairs(input.ranking));
}
