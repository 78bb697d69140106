import { destination, distanceKm, type Point } from './geo.js';
import { rng, uniform } from './random.js';

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

function bearing(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const y = Math.sin((b.longitude - a.longitude) * rad) * Math.cos(b.latitude * rad);
  const x = Math.cos(a.latitude * rad) * Math.sin(b.latitude * rad) - Math.sin(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.cos((b.longitude - a.longitude) * rad);
  return Math.atan2(y, x) / rad;
}

/** SYNTHETIC shift factor `s·e^(−d/λ)·cos(β−θ)·k` of one source row (docs/constraints.md#generators-seeded-deterministic). */
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

/** Source rows for every location × binding (constraint, contingency, dataset); none for a constraint without geometry. */
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
