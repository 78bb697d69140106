/** A WGS84 point in degrees. */
export interface Point {
  latitude: number;
  longitude: number;
}

const EARTH_KM = 6371;
const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

/** Great-circle (haversine) distance in km. */
export function distanceKm(a: Point, b: Point): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point `km` away from `from` on initial bearing `bearingDeg` (0 = north, 90 = east). */
export function destination(from: Point, km: number, bearingDeg: number): Point {
  const d = km / EARTH_KM;
  const b = rad(bearingDeg);
  const lat1 = rad(from.latitude);
  const lon1 = rad(from.longitude);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lon2 = lon1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
  return { latitude: deg(lat2), longitude: deg(lon2) };
}

/** Rounds a point to 5 decimals (about 1 m), the precision the API reports. */
export function roundPoint(p: Point): Point {
  return { latitude: Math.round(p.latitude * 1e5) / 1e5, longitude: Math.round(p.longitude * 1e5) / 1e5 };
}

type Ring = [number, number][];
interface Polygon {
  box: [number, number, number, number];
  /** Edges `[x1, y1, x2, y2]` of every ring, bucketed by the horizontal bands of `box` they cross. */
  bands: number[][][];
}

// The ring edges crossing each horizontal band of the box, so a point test reads one band's edges, not every edge.
function banded(rings: Ring[], box: Polygon['box']): number[][][] {
  const edges = rings.flatMap((ring) => ring.map((a, i) => [...a, ...ring[(i + 1) % ring.length]!]));
  const n = Math.max(1, Math.min(512, Math.ceil(edges.length / 8)));
  const height = box[3] - box[1] || 1;
  const band = (y: number) => Math.min(n - 1, Math.max(0, Math.floor(((y - box[1]) / height) * n)));
  const bands: number[][][] = Array.from({ length: n }, () => []);
  for (const e of edges) for (let b = band(Math.min(e[1]!, e[3]!)); b <= band(Math.max(e[1]!, e[3]!)); b += 1) bands[b]!.push(e);
  return bands;
}

/** An ISO footprint from a GeoJSON (Multi)Polygon feature, else throws; `box` is `[minLon, minLat, maxLon, maxLat]`. */
export class Footprint {
  private readonly polygons: Polygon[];
  readonly box: [number, number, number, number];

  constructor(geojson: unknown) {
    const geometry = (geojson as { features?: { geometry?: { type: string; coordinates: unknown } }[] }).features?.[0]?.geometry;
    if (!geometry || (geometry.type !== 'MultiPolygon' && geometry.type !== 'Polygon')) throw new Error('Footprint needs a Polygon or MultiPolygon feature');
    const polys = (geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates) as Ring[][];
    this.polygons = polys.map((rings) => {
      const xs = rings[0]!.map((c) => c[0]);
      const ys = rings[0]!.map((c) => c[1]);
      const box: Polygon['box'] = [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
      return { box, bands: banded(rings, box) };
    });
    this.box = [
      Math.min(...this.polygons.map((p) => p.box[0])),
      Math.min(...this.polygons.map((p) => p.box[1])),
      Math.max(...this.polygons.map((p) => p.box[2])),
      Math.max(...this.polygons.map((p) => p.box[3])),
    ];
  }

  /** True when the point is inside the footprint (outer ring in, holes out; even-odd rule over the polygon's rings). */
  contains(p: Point): boolean {
    const x = p.longitude;
    const y = p.latitude;
    return this.polygons.some(({ box, bands }) => {
      if (x < box[0] || x > box[2] || y < box[1] || y > box[3]) return false;
      const n = bands.length;
      const edges = bands[Math.min(n - 1, Math.floor(((y - box[1]) / (box[3] - box[1] || 1)) * n))]!;
      let inside = false;
      for (const [xi, yi, xj, yj] of edges) {
        if (yi! > y !== yj! > y && x < ((xj! - xi!) * (y - yi!)) / (yj! - yi!) + xi!) inside = !inside;
      }
      return inside;
    });
  }
}
