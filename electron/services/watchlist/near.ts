import type { OutageTicket, WatchArea, WatchTicket } from '../../../shared/index.js';

/**
 * Which outage tickets a watched item counts as near it (docs/watchlist.md#what-a-look-shows): by great-circle
 * distance from any equipment endpoint to the item's points, as docs/overlap.md#distance measures it, or — for a map
 * view — an equipment endpoint inside its area.
 */

/** A point in degrees (WGS 84). */
export interface GeoPoint {
  latitude: number;
  longitude: number;
}

// Mean Earth radius (IUGG), km: the radius docs/overlap.md#distance uses.
const RADIUS_KM = 6371.0088;
const rad = (deg: number): number => (deg * Math.PI) / 180;

function greatCircleKm(a: GeoPoint, b: GeoPoint): number {
  const s = Math.sin(rad(b.latitude - a.latitude) / 2) ** 2;
  const t = Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(rad(b.longitude - a.longitude) / 2) ** 2;
  return 2 * RADIUS_KM * Math.asin(Math.sqrt(Math.min(1, s + t)));
}

function endpoints(t: OutageTicket): GeoPoint[] {
  return t.equipment.flatMap((e) => [e.from_substation, e.to_substation]).flatMap((p) => (p ? [p] : []));
}

function note(t: OutageTicket, distanceKm: number | null): WatchTicket {
  return {
    ticket: t.ticket,
    status: t.status,
    outage_type: t.outage_type,
    start: t.current_interval_start_utc,
    end: t.current_interval_end_utc,
    distance_km: distanceKm,
    facility: t.equipment[0]?.facility_name ?? '',
  };
}

/** The tickets with an equipment endpoint within `maxKm` (inclusive) of any of `points`, nearest first; none without points. */
export function ticketsNear(tickets: readonly OutageTicket[], points: readonly GeoPoint[], maxKm: number): WatchTicket[] {
  if (points.length === 0) return [];
  const near: WatchTicket[] = [];
  for (const t of tickets) {
    let best = Infinity;
    for (const e of endpoints(t)) for (const p of points) best = Math.min(best, greatCircleKm(e, p));
    if (best <= maxKm) near.push(note(t, best));
  }
  return near.sort((a, b) => a.distance_km! - b.distance_km! || a.ticket - b.ticket);
}

/** Whether `p` lies in `area` (edges included). */
export function inArea(p: GeoPoint, area: WatchArea): boolean {
  return p.latitude >= area.south && p.latitude <= area.north && p.longitude >= area.west && p.longitude <= area.east;
}

/** The tickets with an equipment endpoint in `area` (every ticket when it is null), by ticket number. */
export function ticketsInArea(tickets: readonly OutageTicket[], area: WatchArea | null): WatchTicket[] {
  return tickets
    .filter((t) => area === null || endpoints(t).some((p) => inArea(p, area)))
    .map((t) => note(t, null))
    .sort((a, b) => a.ticket - b.ticket);
}
