import { z } from 'zod';
import { PEAK_FILTERS } from '../time/peak.js';
import type { PeakBucket, PeakFilter } from '../time/peak.js';
import type { LocationConstraintCost } from '../schemas/constraints.js';
import { EntityIdText, MarketId, TimeWindow } from './grid.js';
import { DatasetId, RequestId } from './inputs.js';

/**
 * The binding-window verbs (docs/desktop.md#the-binding-window-store): what the binding rows of one dataset and window
 * add up to — per constraint, per contingency, and one constraint's shadow price over time — computed in the workspace
 * from one `GET /constraints/binding` (docs/api.md#binding-rows) that every grid screen shares.
 */

/** A time-of-use filter (docs/market-time.md#peak-buckets): `all`, `on_peak`, `off_peak`, `2x16` or `7x8`. */
export const PeakFilterInput = z.enum(PEAK_FILTERS as [PeakFilter, ...PeakFilter[]]);

// The window's scope: the dataset, the window and the market whose zone the peak buckets are read in.
const scope = {
  datasetId: DatasetId,
  /** The dataset's market (`pjm`): its zone reads the peak buckets; a market outside docs/market-time.md reads UTC. */
  market: MarketId,
  window: TimeWindow,
  /** Keep only the binding rows whose interval starts in this bucket (default `all`). */
  peak: PeakFilterInput.optional(),
  requestId: RequestId.optional(),
};

/** Input schemas of the binding-window verbs (merged into the contract's table). */
export const bindingInputs = {
  /** The constraints that bound in the window, each summed; `contingencyId` keeps the rows of one contingency. */
  'binding:constraints': z.object({ ...scope, contingencyId: EntityIdText.optional() }).strict(),
  /** The contingencies named on binding rows in the window, each summed; `constraintId` keeps one constraint's rows. */
  'binding:contingencies': z.object({ ...scope, constraintId: EntityIdText.optional() }).strict(),
  /** One constraint's signed shadow price per binding interval (the row with the largest |shadow price| of each). */
  'binding:series': z.object({ ...scope, constraintId: EntityIdText }).strict(),
  /** A location's constraint costs (docs/api.md#location-constraint-costs) counted over the hours of the peak filter. */
  'binding:locationCosts': z
    .object({ ...scope, locationId: EntityIdText, groupBy: z.enum(['constraint', 'constraint_contingency']) })
    .strict(),
} as const;

/** Absolute cost ($/MW) of the rows in each of the three disjoint peak buckets; they add up to the whole. */
export type BucketCosts = Record<PeakBucket, number>;

/**
 * What the binding rows of one constraint or contingency add up to in the window (after the peak filter):
 * - `first_binding_utc` / `last_binding_utc`: start of the first and of the last interval with a row (ISO, `Z`);
 * - `binding_intervals`: distinct intervals with a row; `binding_hours`: their length summed (h);
 * - `peak_abs_shadow_price` ($/MWh) and the start of the first interval reaching it;
 * - `absolute_cost`: Σ |shadow price| × interval hours over the rows ($/MW, docs/api.md#constraint-list), split in
 *   `bucket_costs`.
 */
export interface BindingSummary {
  first_binding_utc: string;
  last_binding_utc: string;
  binding_intervals: number;
  binding_hours: number;
  peak_abs_shadow_price: number | null;
  peak_interval_start_utc: string | null;
  absolute_cost: number;
  bucket_costs: BucketCosts;
}

/** A constraint that bound in the window; the id is null when /v1 named no entity for the row. */
export interface BoundConstraint extends BindingSummary {
  constraint_gs_entity_id: string | null;
  constraint_name: string;
}

/** A contingency named on binding rows in the window; null id and name: rows that named none. */
export interface BoundContingency extends BindingSummary {
  contingency_gs_entity_id: string | null;
  contingency_name: string | null;
  /** Distinct constraints it bound. */
  constraints: number;
  /** Intervals where its row held the constraint's largest |shadow price| (set with `constraintId` only, else null). */
  peak_intervals: number | null;
}

/**
 * The binding window an answer was computed from: the dataset and window asked, the rows /v1 answered and whether
 * that hit the most one answer holds (`limitReached`: more rows may exist, every sum is then partial), when it was
 * fetched (ISO `Z`), the zone the peak buckets were read in (`UTC` for a market without a zone), the fields /v1 marked
 * SYNTHETIC and the peak filter applied.
 */
export interface BindingWindowInfo {
  datasetId: string;
  start: string;
  end: string;
  rows: number;
  limitReached: boolean;
  fetchedAt: string;
  zone: string;
  peak: PeakFilter;
  synthetic: string[];
}

/** One point of a constraint's shadow price: the interval and the signed price ($/MWh) of its largest-|price| row. */
export interface BindingPoint {
  interval_start_utc: string;
  interval_end_utc: string;
  shadow_price: number;
  contingency_gs_entity_id: string | null;
  contingency_name: string | null;
}

/** Result types of the binding-window verbs. */
export interface BindingResults {
  'binding:constraints': { window: BindingWindowInfo; constraints: BoundConstraint[] };
  'binding:contingencies': { window: BindingWindowInfo; contingencies: BoundContingency[] };
  'binding:series': { window: BindingWindowInfo; points: BindingPoint[] };
  /** `rows` as `locations:constraintCosts` answers them; `synthetic` the fields /v1 marked in its costs answer. */
  'binding:locationCosts': { window: BindingWindowInfo; rows: LocationConstraintCost[]; synthetic: string[] };
}
