import type { FeatureCollection, LineString, Point, Position } from 'geojson';
import type { SubstationLocation } from '../../../../shared/schemas/constraints.js';
import type { MapRows } from './mapRows.js';

/** Geometry helpers of the maps: a constraint's segment (the small map) and the bounds of what is drawn. */

const position = (s: SubstationLocation): Position => [s.longitude, s.latitude];

/** A line from `a` to `b`, a point when only one is known or both are the same place, null when neither is. */
export function segment(a: SubstationLocation | null, b: SubstationLocation | null): LineString | Point | null {
  if (a && b && (a.latitude !== b.latitude || a.longitude !== b.longitude))
    return { type: 'LineString', coordinates: [position(a), position(b)] };
  const one = a ?? b;
  return one ? { type: 'Point', coordinates: position(one) } : null;
}

type Bounds = [[number, number], [number, number]];

/** `[[west, south], [east, north]]` around `positions` (NaN ones skipped); null when there is none. */
function boundsOfPositions(positions: Iterable<readonly [number, number]>): Bounds | null {
  let [w, s, e, n] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [x, y] of positions) {
    if (Number.isNaN(x) || Number.isNaN(y)) continue;
    w = Math.min(w, x);
    e = Math.max(e, x);
    s = Math.min(s, y);
    n = Math.max(n, y);
  }
  return Number.isFinite(w)
    ? [
        [w, s],
        [e, n],
      ]
    : null;
}

/** The bounds around every coordinate of `collections`; null when they hold none. */
export function boundsOf(...collections: FeatureCollection<LineString | Point>[]): Bounds | null {
  return boundsOfPositions(
    collections.flatMap((c) =>
      c.features.flatMap(
        (f) => (f.geometry.type === 'Point' ? [f.geometry.coordinates] : f.geometry.coordinates) as [number, number][],
      ),
    ),
  );
}

/** The bounds around both ends of every placed row of `rows`; null when none is placed. */
export function rowsBounds(rows: MapRows): Bounds | null {
  function* ends(): Generator<[number, number]> {
    for (const r of [rows.runs, rows.equipment])
      for (const i of r.placed) {
        yield [r.fromLon[i]!, r.fromLat[i]!];
        yield [r.toLon[i]!, r.toLat[i]!];
      }
  }
  return boundsOfPositions(ends());
}

/** The bounds around `halos` (a selection's lines and points); null when there is none. */
export function halosBounds(halos: readonly { from: [number, number]; to: [number, number] }[]): Bounds | null {
  return boundsOfPositions(halos.flatMap((h) => [h.from, h.to]));
}
