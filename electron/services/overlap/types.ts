/**
 * Shapes of the outage ↔ binding-constraint overlap (docs/overlap.md): the parts of the /v1 answers
 * the rules read, and one ranked pair. Structural subsets of `BindingConstraintWithLocations` and
 * `OutageTicket`, so the parsed /v1 bodies are passed as they are.
 */

/** A substation: degrees (WGS 84). */
export interface OverlapPoint {
  latitude: number;
  longitude: number;
}

/** A binding constraint of docs/api.md#binding-constraints-with-locations, as far as the rules read it. */
export interface OverlapConstraint {
  constraint_gs_entity_id: string;
  constraint_name: string;
  /** Largest |shadow price| in the window, $/MWh. */
  peak_abs_shadow_price: number;
  start: OverlapPoint | null;
  end: OverlapPoint | null;
  /** One per binding interval `[interval_start_utc, interval_end_utc)`; `shadow_price` signed, $/MWh. */
  observations: readonly { interval_start_utc: string; interval_end_utc: string; shadow_price: number }[];
}

/** An outage ticket of docs/api.md#active-outages, as far as the rules read it. */
export interface OverlapOutage {
  ticket: number;
  /** The ticket's interval `[current_interval_start_utc, current_interval_end_utc)`. */
  current_interval_start_utc: string;
  current_interval_end_utc: string;
  equipment: readonly { from_substation: OverlapPoint | null; to_substation: OverlapPoint | null }[];
}

/** Which list is ranked: outages of one constraint, or constraints of one outage (docs/overlap.md#ranking). */
export type OverlapRanking = 'outages' | 'constraints';

/** One (constraint, outage) pair that is near and overlapped at least one binding interval. */
export interface OverlapPair {
  constraint_gs_entity_id: string;
  constraint_name: string;
  peak_abs_shadow_price: number;
  ticket: number;
  /** Least great-circle distance between an equipment endpoint and a constraint substation, km. */
  distance_km: number;
  /** Binding intervals the outage interval overlapped (half-open). */
  overlapping_intervals: number;
  /** Σ |shadow price| × interval hours over those intervals, $/MW. */
  congestion_cost: number;
}

/** Input of one overlap computation: every constraint is paired with every outage. */
export interface OverlapInput {
  constraints: readonly OverlapConstraint[];
  outages: readonly OverlapOutage[];
  /** Inclusive distance threshold, km (≥ 0). */
  distanceKm: number;
  ranking: OverlapRanking;
}

/** Mean Earth radius (IUGG), km: the haversine's radius in docs/overlap.md#distance. */
export const EARTH_RADIUS_KM = 6371.0088;

/** Milliseconds per hour: interval lengths in hours for the congestion cost. */
export const MS_PER_HOUR = 3_600_000;
