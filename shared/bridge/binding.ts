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
  /** One constraint's profile: its figures, cost per market day and binding by weekday and hour ending. */
  'binding:profile': z.object({ ...scope, constraintId: EntityIdText }).strict(),
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

/**
 * One constraint's figures in the window (after the peak filter; docs/desktop.md#the-binding-window-store):
 * - `binding_intervals`, `binding_hours`, `absolute_cost` ($/MW) as {@link BindingSummary};
 * - `mean_abs_shadow_price` ($/MWh): each binding interval's largest |shadow price|, averaged weighted by interval hours;
 *   `peak_abs_shadow_price` ($/MWh) and the first interval reaching it; both null without binding;
 * - `penalty_factor_carried`: the window's rows carry a transmission constraint penalty factor (PJM real-time does);
 *   `intervals_at_penalty_cap`: intervals where a row's |shadow price| reached its penalty factor (within 0.05 $/MWh,
 *   half the factor's published step), null when not carried.
 */
export interface ConstraintProfileSummary {
  binding_intervals: number;
  binding_hours: number;
  mean_abs_shadow_price: number | null;
  peak_abs_shadow_price: number | null;
  peak_interval_start_utc: string | null;
  absolute_cost: number;
  penalty_factor_carried: boolean;
  intervals_at_penalty_cap: number | null;
}

/** One market day of the window (`YYYY-MM-DD` in market time): its binding intervals, hours, absolute cost ($/MW) and the running total. */
export interface ConstraintProfileDay {
  market_date: string;
  binding_intervals: number;
  binding_hours: number;
  absolute_cost: number;
  cumulative_cost: number;
}

/**
 * One cell of the binding heat map, in market time: ISO `weekday` (1 Monday … 7 Sunday) and `hour_ending` (1–24; an
 * interval counts in the hour it starts in, the fall-back day's repeated hour in HE02 with the first), the hours the
 * constraint bound in it and the hours of the window in it (the spring-forward day has no HE03, the fall-back day two
 * HE02s); binding frequency = `binding_hours / window_hours`.
 */
export interface ConstraintProfileCell {
  weekday: number;
  hour_ending: number;
  binding_hours: number;
  window_hours: number;
}

/** Result types of the binding-window verbs. */
export interface BindingResults {
  'binding:constraints': { window: BindingWindowInfo; constraints: BoundConstraint[] };
  'binding:contingencies': { window: BindingWindowInfo; contingencies: BoundContingency[] };
  'binding:series': { window: BindingWindowInfo; points: BindingPoint[] };
  /** `rows` as `locations:constraintCosts` answers them; `synthetic` the fields /v1 marked in its costs answer. */
  'binding:locationCosts': { window: BindingWindowInfo; rows: LocationConstraintCost[]; synthetic: string[] };
  /** `days`: every market day the window touches, in order; `cells`: every weekday × hour ending with window hours. */
  'binding:profile': {
    window: BindingWindowInfo;
    summary: ConstraintProfileSummary;
    days: ConstraintProfileDay[];
    cells: ConstraintProfileCell[];
  };
}
