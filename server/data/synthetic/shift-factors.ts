import { destination, distanceKm, type Point } from './geo.js';
import { rng, uniform } from './random.js';

/**
 * SYNTHETIC estimated shift factors (docs/constraints.md). For a constraint whose facility runs
 * from A to B (midpoint M, axis bearing θ from A to B; a seeded θ when A = B), seeded per
 * constraint: peak s ∈ [0.35, 0.95) and decay length λ ∈ [120, 320) km. For a location L at distance
 * d from M and bearing β from M:
 *
 *   sf = s · e^(−d/λ) · cos(β − θ) · k,   k ∈ [0.85, 1.15) seeded per (constraint, contingency, dataset, location)
 *
 * clamped to [−1, 1] and rounded to 4 decimals; |sf| < 0.005 becomes exactly 0 (the cut-off PJM-style
 * shift factor files apply). So magnitudes fall with distance from the facility and the sign tells
 * the side of the facility the location is on.
 */

/** A constraint's facility ends. */
export interface FacilityGeometry {
  constraintId: string;
  start: Point;
  end: Point;
}

/** A shift factor source row (table `gs_shift_factors`). */
export interface ShiftFactorRow {
  location_id: string;
  constraint_id: string;
  contingency_id: string | null;
  dataset_id: string;
  estimated_shift_factor: number;
}

/** Initial bearing from a to b in degrees. */
function bearing(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const y = Math.sin((b.longitude - a.longitude) * rad) * Math.cos(b.latitude * rad);
  const x = Math.cos(a.latitude * rad) * Math.sin(b.latitude * rad) - Math.sin(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.cos((b.longitude - a.longitude) * rad);
  return Math.atan2(y, x) / rad;
}

/** The deterministic shift factor of one source row (see module doc). */
export function shiftFactor(geometry: FacilityGeometry, location: Point & { id: string }, contingencyId: string | null, datasetId: string): number {
  const c = rng('shift-factor', geometry.constraintId);
  const peak = uniform(c, 0.35, 0.95);
  const lambda = uniform(c, 120, 320);
  const length = distanceKm(geometry.start, geometry.end);
  const theta = length > 0.01 ? bearing(geometry.start, geometry.end) : uniform(c, 0, 180);
  const mid = length > 0.01 ? destination(geometry.start, length / 2, theta) : geometry.start;
  const d = distanceKm(mid, location);
  const side = d > 0.01 ? Math.cos(((bearing(mid, location) - theta) * Math.PI) / 180) : 1;
  const k = uniform(rng('shift-factor', geometry.constraintId, contingencyId ?? '', datasetId, location.id), 0.85, 1.15);
  const value = Math.max(-1, Math.min(1, peak * Math.exp(-d / lambda) * side * k));
  const rounded = Math.round(value * 1e4) / 1e4;
  return Math.abs(rounded) < 0.005 ? 0 : rounded;
}

/**
 * Source rows for every combination of location and (constraint, contingency, dataset) that binds
 * in a constraint dataset. Combinations whose constraint has no geometry get no rows.
 */
export function generateShiftFactors(
  locations: readonly (Point & { id: string })[],
  geometry: ReadonlyMap<string, FacilityGeometry>,
  combos: readonly { constraintId: string; contingencyId: string | null; datasetId: string }[],
): ShiftFactorRow[] {
  const rows: ShiftFactorRow[] = [];
  for (const combo of combos) {
    const facility = geometry.get(combo.constraintId);
    if (!facility) continue;
    for (const location of locations) {
      rows.push({
        location_id: location.id,
        constraint_id: combo.constraintId,
        contingency_id: combo.contingencyId,
        dataset_id: combo.datasetId,
        estimated_shift_factor: shiftFactor(facility, location, combo.contingencyId, combo.datasetId),
      });
    }
  }
  return rows;
}
