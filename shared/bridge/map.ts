import { z } from 'zod';
import type { BindingConstraintWithLocations } from '../schemas/constraints.js';
import type { OutageTicket } from '../schemas/outages.js';
import { EntityIdText, MarketId, TimeWindow, type SyntheticFields } from './grid.js';
import { DatasetId, RequestId } from './inputs.js';

/**
 * The map verbs (docs/map.md#the-data-path): the map's features built in main's workspace from the /v1 answers and sent
 * as columns — two Apache Arrow IPC streams — and, on demand, one constraint's observations or one ticket's details.
 */

/** Input schemas of the map verbs (merged into the contract's table). */
export const mapInputs = {
  /**
   * The binding runs of `datasetId` (top `limit` constraints by peak |shadow price|) and the outage equipment of `market`
   * active in `window`; Cancelled tickets only with `includeCancelled`.
   */
  'map:features': z
    .object({
      datasetId: DatasetId,
      market: MarketId,
      window: TimeWindow,
      limit: z.number().int().min(1).max(100_000).optional(),
      includeCancelled: z.boolean().optional(),
      requestId: RequestId.optional(),
    })
    .strict(),
  /** One binding constraint of a `map:features` answer, with its observations and contingencies (same `limit`). */
  'map:constraintDetail': z
    .object({
      datasetId: DatasetId,
      window: TimeWindow,
      constraintId: EntityIdText,
      limit: z.number().int().min(1).max(100_000).optional(),
      requestId: RequestId.optional(),
    })
    .strict(),
  /** One outage ticket of a `map:features` answer, with its causes and every piece of equipment. */
  'map:ticket': z
    .object({
      market: MarketId,
      window: TimeWindow,
      ticket: z.number().int().min(0),
      requestId: RequestId.optional(),
    })
    .strict(),
} as const;

/** Arrow types of the feature columns: `dictionary` is Utf8 dictionary-encoded (Int8, Int16 or Int32 indices, as few as fit). */
export type MapColumnType = 'dictionary' | 'utf8' | 'float32' | 'int32' | 'bool';

/**
 * The columns of `MapFeatures.runs`, in order: one row per binding run (contiguous binding intervals of one
 * constraint). Times are minutes from `originMs`; prices $/MWh; `cost` Σ |shadow price| × hours over the run ($/MW);
 * coordinates degrees (WGS84), a missing end taking the other end's point, null only when neither is known.
 */
export const MAP_RUN_COLUMNS = {
  constraint_gs_entity_id: 'dictionary',
  constraint_name: 'dictionary',
  start_min: 'float32',
  end_min: 'float32',
  peak_abs_shadow_price: 'float32',
  constraint_peak_abs_shadow_price: 'float32',
  cost: 'float32',
  interval_count: 'int32',
  start_name: 'dictionary',
  end_name: 'dictionary',
  start_lon: 'float32',
  start_lat: 'float32',
  end_lon: 'float32',
  end_lat: 'float32',
} as const satisfies Record<string, MapColumnType>;

/**
 * The columns of `MapFeatures.equipment`, in order: one row per piece of outage equipment, with its ticket's number,
 * type, status and current interval (minutes from `originMs`); voltage in kV; from/to substations as in
 * {@link MAP_RUN_COLUMNS}.
 */
export const MAP_EQUIPMENT_COLUMNS = {
  ticket: 'int32',
  outage_type: 'dictionary',
  status: 'dictionary',
  is_synthetic: 'bool',
  equipment_name: 'dictionary',
  equipment_type: 'dictionary',
  voltage: 'float32',
  zone: 'dictionary',
  start_min: 'float32',
  end_min: 'float32',
  from_name: 'dictionary',
  to_name: 'dictionary',
  from_lon: 'float32',
  from_lat: 'float32',
  to_lon: 'float32',
  to_lat: 'float32',
} as const satisfies Record<string, MapColumnType>;

/** Columns that may hold nulls (everything else never does). */
export const MAP_NULLABLE_COLUMNS: ReadonlySet<string> = new Set([
  'start_name',
  'end_name',
  'from_name',
  'to_name',
  'start_lon',
  'start_lat',
  'end_lon',
  'end_lat',
  'from_lon',
  'from_lat',
  'to_lon',
  'to_lat',
]);

/** What `map:features` counted while building the columns. */
export interface MapFeatureCounts {
  constraints: number;
  runs: number;
  /** Tickets with a row in `equipment` (Cancelled ones only when asked for). */
  tickets: number;
  equipment: number;
  /** Cancelled tickets of the window left out (0 with `includeCancelled`). */
  cancelledTickets: number;
  /** Constraints and pieces of equipment without any coordinate (rows kept, coordinates null). */
  unplacedConstraints: number;
  unplacedEquipment: number;
}

/**
 * The answer of `map:features`: two Arrow IPC streams (bytes; {@link MAP_RUN_COLUMNS}, {@link MAP_EQUIPMENT_COLUMNS}),
 * `originMs` (epoch ms, the window's start floored to the minute) that every `*_min` column counts from, and
 * `windowMinutes`, the window's end in the same minutes. `synthetic` are the fields each /v1 answer marked synthetic.
 */
export interface MapFeatures {
  runs: Uint8Array;
  equipment: Uint8Array;
  originMs: number;
  windowMinutes: number;
  counts: MapFeatureCounts;
  /** The outage list stopped at the /v1 limit: some tickets may be missing. */
  truncated: boolean;
  synthetic: { binding: SyntheticFields; outages: SyntheticFields };
}

/** Result types of the map verbs. */
export interface MapResults {
  'map:features': MapFeatures;
  'map:constraintDetail': { constraint: BindingConstraintWithLocations; synthetic: SyntheticFields };
  'map:ticket': { ticket: OutageTicket; synthetic: SyntheticFields };
}
