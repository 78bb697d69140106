import { z } from 'zod';
import type {
  BindingConstraintWithLocations,
  Constraint,
  ConstraintDatasetMetadata,
  ConstraintLocation,
  Contingency,
  LocationConstraintCost,
  ShiftFactorPerConstraint,
  ShiftFactorPerLocation,
} from '../schemas/constraints.js';
import type { OutageTicket } from '../schemas/outages.js';
import { DatasetId, RequestId } from './inputs.js';

/**
 * The grid verbs: constraints, contingencies, shift factors, constraint costs, binding constraints
 * and outages (docs/api.md#constraint-list … docs/api.md#active-outages), the pricing locations the
 * active profile's /v1 names in shift factors (docs/desktop.md#grid-verbs), and the outage ↔ binding-constraint
 * overlap computed in the workspace (docs/overlap.md).
 */

/** An instant with its offset, e.g. `2024-08-01T00:00:00Z` or `2024-08-01T00:00:00+00:00`. */
export const Instant = z.iso.datetime({ offset: true, error: 'a date-time with its offset, e.g. 2024-08-01T00:00:00Z' });

/** A market id as /v1 spells it (`pjm`, `miso`): lower-case letters, digits, `_` and `-`. */
export const MarketId = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[a-z0-9_-]+$/, 'market id: a-z, 0-9, _ and - only, e.g. pjm');

/** A `gs_entity_id` (constraint, contingency or location) as the service returns it. */
export const EntityIdText = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'entity id: letters, digits and _ . : - only');

/** `[start, end)` in UTC; `end` after `start` (checked by the verb). */
export const TimeWindow = z.object({ start: Instant, end: Instant }).strict();
export type TimeWindow = z.output<typeof TimeWindow>;

/** How the overlap splits a binding interval's cost among its near outages (docs/overlap.md#allocation); default `equal`. */
export const OverlapAllocation = z.enum(['equal', 'inverse_distance']);
export type OverlapAllocation = z.infer<typeof OverlapAllocation>;

const ShiftFactorOptions = {
  datasetId: DatasetId.optional(),
  contingencyId: EntityIdText.optional(),
  excludeZeros: z.boolean().optional(),
  aggregation: z.enum(['mean', 'max', 'min', 'median']).optional(),
  requestId: RequestId.optional(),
};

/** Input schemas of the grid verbs (merged into the contract's table). */
export const gridInputs = {
  /** `GET /constraints`; `costWindow` asks for rt/da absolute costs over it ($/MW). */
  'constraints:list': z
    .object({
      markets: z.array(MarketId).max(20).optional(),
      search: z.string().max(200).optional(),
      activeAfter: Instant.optional(),
      sortColumn: z.enum(['constraint_name', 'market_id', 'earliest_seen_utc', 'latest_seen_utc']).optional(),
      sortOrder: z.enum(['asc', 'desc']).optional(),
      limit: z.number().int().min(1).max(100_000).optional(),
      costWindow: TimeWindow.optional(),
      requestId: RequestId.optional(),
    })
    .strict(),
  /** `GET /constraints/contingencies`. */
  'constraints:contingencies': z
    .object({
      markets: z.array(MarketId).max(20).optional(),
      search: z.string().max(200).optional(),
      activeAfter: Instant.optional(),
      sortColumn: z.enum(['contingency_name', 'market_id', 'earliest_seen_utc', 'latest_seen_utc']).optional(),
      sortOrder: z.enum(['asc', 'desc']).optional(),
      limit: z.number().int().min(1).max(100_000).optional(),
      requestId: RequestId.optional(),
    })
    .strict(),
  /** `GET /constraints/{id}/location`. */
  'constraints:location': z.object({ constraintId: EntityIdText, requestId: RequestId.optional() }).strict(),
  /** `GET /constraints/{id}/shift-factors`: one row per location. */
  'constraints:shiftFactors': z.object({ constraintId: EntityIdText, ...ShiftFactorOptions }).strict(),
  /** `GET /constraints/binding/locations`: binding constraints of a dataset and window, ranked by peak |shadow price|. */
  'constraints:bindingLocations': z
    .object({
      datasetId: DatasetId,
      window: TimeWindow,
      limit: z.number().int().min(1).max(100_000).optional(),
      requestId: RequestId.optional(),
    })
    .strict(),
  /**
   * The pricing locations the active profile's /v1 names in the shift factors of its constraints, filtered by market and
   * name; waits while that index is first built.
   */
  'locations:list': z
    .object({
      market: MarketId.optional(),
      search: z.string().max(200).optional(),
      limit: z.number().int().min(1).max(5000).optional(),
      requestId: RequestId.optional(),
    })
    .strict(),
  /** How far the active profile's pricing-location index is: read locally, no /v1 call. */
  'locations:index': z.object({}).strict(),
  /** `GET /constraints/locations/{id}/shift-factors`: one row per constraint. */
  'locations:shiftFactors': z.object({ locationId: EntityIdText, ...ShiftFactorOptions }).strict(),
  /** `GET /constraints/locations/{id}/constraint-costs`. */
  'locations:constraintCosts': z
    .object({
      locationId: EntityIdText,
      datasetId: DatasetId,
      window: TimeWindow,
      groupBy: z.enum(['constraint', 'constraint_contingency']),
      requestId: RequestId.optional(),
    })
    .strict(),
  /** `GET /outages/{market}/active` over `window` (as of its start). */
  'outages:active': z
    .object({
      market: MarketId,
      window: TimeWindow,
      limit: z.number().int().min(1).max(100_000).optional(),
      requestId: RequestId.optional(),
    })
    .strict(),
  /** Outages near a binding constraint whose interval overlapped its binding intervals (docs/overlap.md). */
  'overlap:forConstraint': z
    .object({
      datasetId: DatasetId,
      market: MarketId,
      constraintId: EntityIdText,
      window: TimeWindow,
      distanceKm: z.number().min(0).max(1000),
      allocation: OverlapAllocation.optional(),
      requestId: RequestId.optional(),
    })
    .strict(),
  /** Binding constraints near an outage's equipment that bound while it was out (docs/overlap.md). */
  'overlap:forOutage': z
    .object({
      datasetId: DatasetId,
      market: MarketId,
      ticket: z.number().int().min(0),
      window: TimeWindow,
      distanceKm: z.number().min(0).max(1000),
      allocation: OverlapAllocation.optional(),
      requestId: RequestId.optional(),
    })
    .strict(),
} as const;

/**
 * Which fields of an answer are SYNTHETIC (generated, not published), from the /v1 response's
 * `x-gridscope-synthetic` header (docs/constraints.md#what-is-real-and-what-is-synthetic); empty when all real.
 */
export type SyntheticFields = string[];

/**
 * A pricing location the active profile's /v1 names in shift factors: its `gs_entity_id` and `name` as /v1 gives them,
 * the market of the constraints that name it; type and coordinates (degrees, WGS84) from CommonGrid's hubs and zones
 * (real, ODbL) matched by market and name, null when none matches (then the map cannot draw it).
 */
export interface PricingLocation {
  gs_entity_id: string;
  name: string;
  market_id: string;
  /** `hub`, `zone`, or null when CommonGrid does not know the name. */
  location_type: string | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * The pricing-location index of the active profile (docs/desktop.md#grid-verbs): `idle` until a list is first asked for
 * in this run, `building` while it reads shift factors (the list waits only for the first build), `ready`, or `failed`
 * (`message` says why; a list kept from before is still answered). `done` of `total` constraints are read; `locations`
 * found so far.
 */
export interface LocationIndexStatus {
  state: 'idle' | 'building' | 'ready' | 'failed';
  done: number;
  total: number;
  locations: number;
  message: string | null;
}

/** One outage ranked against a binding constraint; costs in $/MWh·h (Σ |shadow price| × overlapping hours). */
export interface OutageOverlap {
  ticket: number;
  status: string;
  outage_type: string;
  is_synthetic: boolean;
  interval_start_utc: string;
  interval_end_utc: string;
  /** Nearest equipment endpoint to the nearest constraint substation, km. */
  distance_km: number;
  /** Binding intervals of the constraint that the outage interval overlapped (half-open). */
  overlapping_intervals: number;
  /** Congestion while out: Σ |shadow price| × interval hours over the overlapping intervals. */
  congestion_cost: number;
  /** Its part of those intervals' costs, each split among the near outages out in it (docs/overlap.md#allocation). */
  allocated_cost: number;
  /** Lift (docs/overlap.md#lift): binding hours per hour out ÷ binding hours per hour not out; null when undefined. */
  lift: number | null;
  /** The two shares of the lift (0..1); null when the outage was not out, or out the whole window. */
  bound_share_out: number | null;
  bound_share_not_out: number | null;
  /** Equipment names of the ticket, for display. */
  equipment: string[];
}

/** One binding constraint ranked against an outage; same units as {@link OutageOverlap}. */
export interface ConstraintOverlap {
  constraint_gs_entity_id: string;
  constraint_name: string;
  distance_km: number;
  overlapping_intervals: number;
  /** Congestion while out ($/MW). */
  congestion_cost: number;
  peak_abs_shadow_price: number;
  /** The outage's allocated part of this constraint's cost, and its lift, as in {@link OutageOverlap}. */
  allocated_cost: number;
  lift: number | null;
}

/** Result types of the grid verbs. */
export interface GridResults {
  'constraints:list': {
    constraints: Constraint[];
    datasetMetadata: z.infer<typeof ConstraintDatasetMetadata> | null;
  };
  'constraints:contingencies': Contingency[];
  'constraints:location': ConstraintLocation & { synthetic: SyntheticFields };
  'constraints:shiftFactors': { rows: ShiftFactorPerLocation[]; synthetic: SyntheticFields };
  'constraints:bindingLocations': { constraints: BindingConstraintWithLocations[]; synthetic: SyntheticFields };
  'locations:list': PricingLocation[];
  'locations:index': LocationIndexStatus;
  'locations:shiftFactors': { rows: ShiftFactorPerConstraint[]; synthetic: SyntheticFields };
  'locations:constraintCosts': { rows: LocationConstraintCost[]; synthetic: SyntheticFields };
  'outages:active': { truncated: boolean; tickets: OutageTicket[]; synthetic: SyntheticFields };
  'overlap:forConstraint': {
    constraint: { constraint_gs_entity_id: string; constraint_name: string; binding_interval_count: number };
    distanceKm: number;
    allocation: z.infer<typeof OverlapAllocation>;
    /** Σ |shadow price| × hours over the constraint's binding intervals in the window ($/MW): Σ allocated + unexplained. */
    cost_in_window: number;
    /** The cost of its binding intervals in which no near outage was out ($/MW). */
    unexplained_cost: number;
    outages: OutageOverlap[];
    /** Outage list was cut at the service's limit: some outages may be missing. */
    truncated: boolean;
    synthetic: SyntheticFields;
  };
  'overlap:forOutage': {
    ticket: OutageTicket | null;
    distanceKm: number;
    allocation: z.infer<typeof OverlapAllocation>;
    constraints: ConstraintOverlap[];
    truncated: boolean;
    synthetic: SyntheticFields;
  };
}
