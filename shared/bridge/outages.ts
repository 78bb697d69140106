import { z } from 'zod';
import type { OutageTicket } from '../schemas/outages.js';
import { EntityIdText, Instant, MarketId, TimeWindow } from './grid.js';
import type { SyntheticFields } from './grid.js';
import { RequestId } from './inputs.js';

/**
 * The outage verbs (docs/outages.md): the tickets of a market and window as objects — a filtered list, one ticket, and
 * the tickets planned near a constraint in the days after a window — each from `GET /outages/{market}/active`
 * (docs/api.md#active-outages).
 */

/** Voltage classes of outage equipment, by kV (docs/outages.md#filters), lowest first. */
export const VOLTAGE_CLASSES = ['below_100', '100_199', '200_299', '300_399', '400_up'] as const;
/** One of {@link VOLTAGE_CLASSES}. */
export type VoltageClass = (typeof VOLTAGE_CLASSES)[number];

/** A voltage class in words. */
export const VOLTAGE_CLASS_LABELS: Readonly<Record<VoltageClass, string>> = {
  below_100: 'Below 100 kV',
  '100_199': '100–199 kV',
  '200_299': '200–299 kV',
  '300_399': '300–399 kV',
  '400_up': '400 kV and up',
};

/** The class of `kv` kV; null for a missing or non-positive voltage. */
export function voltageClassOf(kv: number | null | undefined): VoltageClass | null {
  if (kv === null || kv === undefined || !(kv > 0)) return null;
  if (kv < 100) return 'below_100';
  if (kv < 200) return '100_199';
  if (kv < 300) return '200_299';
  if (kv < 400) return '300_399';
  return '400_up';
}

const Choices = z.array(z.string().trim().min(1).max(100)).max(200);

/**
 * Filters of the outage list; each list keeps a ticket holding any of its values (an empty or absent list keeps all).
 * Equipment type, voltage class and zone are of the ticket's equipment: one piece matching is enough. `within`:
 * `active` keeps every ticket overlapping the window (what /v1 answers), `starting` those whose current start is in it.
 */
export const OutageFilters = z
  .object({
    statuses: Choices.optional(),
    outageTypes: Choices.optional(),
    equipmentTypes: Choices.optional(),
    voltageClasses: z.array(z.enum(VOLTAGE_CLASSES)).max(VOLTAGE_CLASSES.length).optional(),
    zones: Choices.optional(),
    within: z.enum(['active', 'starting']).optional(),
  })
  .strict();
export type OutageFilters = z.output<typeof OutageFilters>;

/** Input schemas of the outage verbs (merged into the contract's table). */
export const outageInputs = {
  /** The tickets active in `window`, filtered. */
  'outages:list': z
    .object({ market: MarketId, window: TimeWindow, filters: OutageFilters.optional(), requestId: RequestId.optional() })
    .strict(),
  /** One ticket as it stood at the window's start; `not_found` when it was not active in the window. */
  'outages:ticket': z
    .object({ market: MarketId, window: TimeWindow, ticket: z.number().int().min(0), requestId: RequestId.optional() })
    .strict(),
  /** Tickets within `distanceKm` of a constraint's substations whose interval starts in the `days` days from `from`. */
  'outages:ahead': z
    .object({
      market: MarketId,
      constraintId: EntityIdText,
      from: Instant,
      days: z.number().int().min(1).max(90),
      distanceKm: z.number().min(0).max(1000),
      requestId: RequestId.optional(),
    })
    .strict(),
} as const;

/** A value of one filter and how many of the window's tickets hold it. */
export interface OutageFacet {
  value: string;
  count: number;
}

/** The values each filter can take over the window's tickets (before filtering), most frequent first. */
export interface OutageFacets {
  statuses: OutageFacet[];
  outageTypes: OutageFacet[];
  equipmentTypes: OutageFacet[];
  voltageClasses: OutageFacet[];
  zones: OutageFacet[];
}

/** A ticket near a constraint: its least distance (km) from an equipment end to a constraint substation. */
export type NearTicket = OutageTicket & { distance_km: number };

/** Result types of the outage verbs. */
export interface OutageResults {
  /** `total`: tickets in the window before the filters; `tickets` in /v1's order (current start, then number). */
  'outages:list': {
    tickets: OutageTicket[];
    total: number;
    facets: OutageFacets;
    truncated: boolean;
    synthetic: SyntheticFields;
  };
  'outages:ticket': { ticket: OutageTicket; truncated: boolean; synthetic: SyntheticFields };
  /**
   * `window`: the days asked (`[from, from + days)`); `located`: false when the constraint has no mapped substation
   * (then no ticket is near); tickets nearest first, then by start.
   */
  'outages:ahead': {
    window: { start: string; end: string };
    distanceKm: number;
    located: boolean;
    tickets: NearTicket[];
    truncated: boolean;
    synthetic: SyntheticFields;
  };
}
