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
  /** `equipment_name` tells two tickets on the same equipment apart from two outages (docs/overlap.md#allocation). */
  equipment: readonly {
    from_substation: OverlapPoint | null;
    to_substation: OverlapPoint | null;
    equipment_name?: string | null;
  }[];
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

/** How a binding interval's cost is split among its near outages (docs/overlap.md#allocation). */
export type AllocationWeighting = 'equal' | 'inverse_distance';

/** Input of the allocation: as {@link OverlapInput} without a ranking, with the weighting and the window (ISO instants). */
export interface AllocationInput extends Omit<OverlapInput, 'ranking'> {
  weighting: AllocationWeighting;
  window: { start: string; end: string };
}

/** One near outage of a constraint out in at least one of its binding intervals. */
export interface AllocatedOutage {
  ticket: number;
  distance_km: number;
  overlapping_intervals: number;
  /** Congestion while out: Σ |shadow price| × hours over the intervals it overlapped, $/MW. */
  congestion_cost: number;
  /** Its part of those intervals' costs, $/MW (≤ `congestion_cost`). */
  allocated_cost: number;
  /** Binding hours while out ÷ its hours out in the window; null when it was not out in the window. */
  bound_share_out: number | null;
  /** Binding hours while not out ÷ the window's other hours; null when it was out the whole window. */
  bound_share_not_out: number | null;
  /** `bound_share_out` ÷ `bound_share_not_out`; null when either is null or the second is 0. */
  lift: number | null;
}

/** A constraint's cost in the window, the part no near outage explains, and its near outages ($/MW). */
export interface AllocationResult {
  constraint_gs_entity_id: string;
  cost: number;
  unexplained: number;
  outages: AllocatedOutage[];
}
