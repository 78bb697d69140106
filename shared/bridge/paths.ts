import { z } from 'zod';
import type { BindingWindowInfo } from './binding.js';
import { EntityIdText, MarketId, TimeWindow } from './grid.js';
import { DatasetId, RequestId } from './inputs.js';

/**
 * The path verbs (docs/paths.md): the congestion of a source → sink path, per constraint (or per constraint and
 * contingency), from the binding rows of a real-time and a day-ahead constraint dataset (the binding window store,
 * docs/desktop.md#the-binding-window-store) and both locations' shift factors (docs/api.md#location-constraint-costs),
 * computed in the workspace.
 */

/** A path end: a pricing location's `gs_entity_id`, or null for the reference (shift factor 0 on every constraint). */
export const PathEnd = EntityIdText.nullable();

/** Input schemas of the path verbs (merged into the contract's table). */
export const pathInputs = {
  /**
   * The path's congestion over the window for each side asked (`datasets.rt`, `datasets.da`; at least one), split by
   * peak bucket, with its market days. `source` and `sink` must differ; null is the reference.
   */
  'paths:congestion': z
    .object({
      /** The datasets' market: its zone reads the peak buckets and the market days. */
      market: MarketId,
      source: PathEnd,
      sink: PathEnd,
      datasets: z.object({ rt: DatasetId.nullable(), da: DatasetId.nullable() }).strict(),
      window: TimeWindow,
      groupBy: z.enum(['constraint', 'constraint_contingency']),
      requestId: RequestId.optional(),
    })
    .strict(),
} as const;

/** A path side: real-time (`rt`) or day-ahead (`da`). */
export type PathSide = 'rt' | 'da';

/**
 * One figure per hours' bucket (docs/market-time.md#peak-buckets): all hours, on-peak, off-peak (= 2x16 + 7x8), 2x16
 * and 7x8. The unit is the field's: $/MW for costs, $/MWh for means, h for hours.
 */
export interface PathBuckets {
  all: number;
  on_peak: number;
  off_peak: number;
  '2x16': number;
  '7x8': number;
}

/** What one side of the path adds up to for a row or in total. */
export interface PathFigures {
  /** Σ over binding rows of |shadow price| × interval hours × (sink's shift factor − source's), $/MW. */
  cost: PathBuckets;
  /** `cost` ÷ the window's hours in that bucket, $/MWh (0 for a bucket with no hours in the window). */
  per_mwh: PathBuckets;
  /** Mean over the row's (constraint, contingency) pairs of sink's − source's shift factor; null for totals. */
  shift_factor: number | null;
}

/** One constraint (or constraint and contingency) that bound on the path in the window: each side, null when it did not. */
export interface PathRow {
  constraint_gs_entity_id: string;
  constraint_name: string;
  /** Null when grouped by constraint (or for a pair of no contingency). */
  contingency_gs_entity_id: string | null;
  contingency_name: string | null;
  rt: PathFigures | null;
  da: PathFigures | null;
}

/** One market day of the path: each side's cost that day and from the window's start through that day, $/MW. */
export interface PathDay {
  /** `YYYY-MM-DD` in the market's zone. */
  market_date: string;
  rt: PathBuckets | null;
  da: PathBuckets | null;
  rt_cumulative: PathBuckets | null;
  da_cumulative: PathBuckets | null;
}

/** A side's data: the stored binding window and the fields /v1 marked SYNTHETIC in its shift factors. */
export interface PathSideInfo {
  window: BindingWindowInfo;
  synthetic: string[];
}

/** Result types of the path verbs. */
export interface PathResults {
  'paths:congestion': {
    market: string;
    /** Zone of the peak buckets and market days (`UTC` for a market without one). */
    zone: string;
    source: string | null;
    sink: string | null;
    /** Hours of the window in each bucket. */
    hours: PathBuckets;
    sides: { rt: PathSideInfo | null; da: PathSideInfo | null };
    totals: { rt: PathFigures | null; da: PathFigures | null };
    /** Largest |real-time cost| first (then |day-ahead cost|, name, contingency name). */
    rows: PathRow[];
    days: PathDay[];
  };
}
