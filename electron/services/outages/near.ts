import type { NearTicket, OutageTicket, SubstationLocation } from '../../../shared/index.js';

/**
 * Which tickets lie near a constraint, by the distance rule of docs/overlap.md#distance: great-circle (haversine,
 * Earth radius 6371.0088 km) from each end of each piece of equipment to each substation of the constraint, the least
 * of them; an end without coordinates takes no part, and a ticket or constraint without any is never near.
 */

const R_KM = 6371.0088;
const toRad = Math.PI / 180;

/** Great-circle distance between two points in km (the root's argument capped at 1). */
export function greatCircleKm(a: SubstationLocation, b: SubstationLocation): number {
  const dLat = (b.latitude - a.latitude) * toRad;
  const dLon = (b.longitude - a.longitude) * toRad;
  const s = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * toRad) * Math.cos(b.latitude * toRad) * Math.sin(dLon / 2) ** 2;
  return 2 * R_KM * Math.asin(Math.sqrt(Math.min(1, s)));
}

/** The ticket's least distance to `stations` in km; null when either side has no coordinates. */
export function ticketDistanceKm(t: OutageTicket, stations: readonly SubstationLocation[]): number | null {
  let best: number | null = null;
  for (const e of t.equipment)
    for (const end of [e.from_substation, e.to_substation])
      if (end) for (const s of stations) best = Math.min(best ?? Infinity, greatCircleKm(end, s));
  return best;
}

/** The tickets within `maxKm` (inclusive) of `stations`, nearest first, then by current start and number. */
export function nearTickets(
  tickets: readonly OutageTicket[],
  stations: readonly SubstationLocation[],
  maxKm: number,
): NearTicket[] {
  return tickets
    .flatMap((t) => {
      const d = ticketDistanceKm(t, stations);
      return d !== null && d <= maxKm ? [{ ...t, distance_km: d }] : [];
    })
    .sort(
      (a, b) =>
        a.distance_km - b.distance_km ||
        Date.parse(a.current_interval_start_utc) - Date.parse(b.current_interval_start_utc) ||
        a.ticket - b.ticket,
    );
}
