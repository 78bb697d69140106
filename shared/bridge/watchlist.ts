import { z } from 'zod';
import { parseMarketDate } from '../time/market.js';
import { EntityIdText, MarketId } from './grid.js';
import { DatasetId, RequestId } from './inputs.js';

/**
 * The watchlist verbs (docs/watchlist.md): constraints, locations, paths and map views the user starred and named, kept
 * in the active profile's workspace, and what changed on each since it was last opened — new binding intervals, cost
 * against the previous equal window, new or changed outage tickets near it — computed from answers every grid screen
 * shares, and kept so the list still shows the last look offline.
 */

/** Longest name of a watched item. */
export const MAX_WATCH_NAME = 200;
/** Most items a watchlist holds. */
export const MAX_WATCH_ITEMS = 200;
/** Longest window a look covers, in market days (the previous window is as long again). */
export const MAX_WATCH_DAYS = 31;
/** Default distance (km) within which an outage ticket counts as near a constraint, location or path. */
export const DEFAULT_WATCH_DISTANCE_KM = 50;

const Name = z.string().trim().min(1, 'name: 1 to 200 characters').max(MAX_WATCH_NAME, 'name: 1 to 200 characters');
// The app's own address of the page watched (its hash), so the watchlist opens it as it was starred.
const address = (pattern: RegExp, example: string) =>
  z.string().max(4000).regex(pattern, `address: this page's own address, e.g. ${example}`);
const Km = z.number().min(0).max(1000);
const Latitude = z.number().min(-90).max(90);
const Longitude = z.number().min(-180).max(180);

/** A map area in degrees (WGS 84): west < east, south < north. */
export const WatchArea = z
  .object({ west: Longitude, south: Latitude, east: Longitude, north: Latitude })
  .strict()
  .refine((a) => a.west < a.east && a.south < a.north, 'area: west must be less than east, and south less than north');
export type WatchArea = z.output<typeof WatchArea>;

const common = { name: Name, market: MarketId, datasetId: DatasetId };

/**
 * What can be watched, each with its page's address, its market and the constraint dataset its changes are read from:
 * - `constraint`: one constraint (`distanceKm`: outages this near its substations count, default 50);
 * - `location`: a pricing location (its coordinates when known, for the outages near it);
 * - `path`: a source → sink pair of locations (any `#/paths…` address; costs are sink − source);
 * - `map`: a map view, its `area` (null: the whole market) and dataset.
 */
export const WatchTarget = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('constraint'),
      ...common,
      address: address(/^#\/constraints\/[^/?\s]+(?:\?\S*)?$/, '#/constraints/<id>?dataset=…'),
      constraintId: EntityIdText,
      distanceKm: Km.optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal('location'),
      ...common,
      address: address(/^#\/locations\/[^/?\s]+(?:\?\S*)?$/, '#/locations/<id>?dataset=…'),
      locationId: EntityIdText,
      latitude: Latitude.nullable().optional(),
      longitude: Longitude.nullable().optional(),
      distanceKm: Km.optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal('path'),
      ...common,
      address: address(/^#\/paths\/?(?:\?\S*)?$/, '#/paths?source=…&sink=…'),
      sourceId: EntityIdText,
      sinkId: EntityIdText,
      /** The source's and the sink's coordinates when known, for the outages near the path. */
      points: z
        .array(z.object({ latitude: Latitude, longitude: Longitude }).strict())
        .max(2)
        .optional(),
      distanceKm: Km.optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal('map'),
      ...common,
      address: address(/^#\/map\/?(?:\?\S*)?$/, '#/map?dataset=…'),
      area: WatchArea.nullable().optional(),
    })
    .strict(),
]);
export type WatchTarget = z.output<typeof WatchTarget>;
/** One of `constraint`, `location`, `path`, `map`. */
export type WatchKind = WatchTarget['kind'];

/** The key two stars of the same thing share: kind, dataset and ids; a map view by its address. */
export function watchKey(t: WatchTarget): string {
  switch (t.kind) {
    case 'constraint':
      return ['constraint', t.datasetId, t.constraintId].join('|');
    case 'location':
      return ['location', t.datasetId, t.locationId].join('|');
    case 'path':
      return ['path', t.datasetId, t.sourceId, t.sinkId].join('|');
    case 'map':
      return ['map', t.address].join('|');
  }
}

/** A market day `YYYY-MM-DD` (docs/market-time.md#market-days). */
const MarketDay = z.string().refine((d) => {
  try {
    parseMarketDate(d);
    return true;
  } catch {
    return false;
  }
}, 'a market day, e.g. 2024-09-03');
const Id = z.number().int().min(1);

/** Input schemas of the watchlist verbs (merged into the contract's table). */
export const watchlistInputs = {
  /** Every watched item with its last look; no request. */
  'watchlist:list': z.object({}).strict(),
  /** Stars a target; starring one already watched (same kind, dataset and ids; a map view: same address) answers that item. */
  'watchlist:add': WatchTarget,
  'watchlist:rename': z.object({ id: Id, name: Name }).strict(),
  'watchlist:delete': z.object({ id: Id }).strict(),
  /**
   * Looks at every item over the `days` market days ending with `lastDay` (each in its market's time) against the `days`
   * before; an item whose answers cannot be had keeps its last look, marked stale.
   */
  'watchlist:check': z
    .object({ days: z.number().int().min(1).max(MAX_WATCH_DAYS), lastDay: MarketDay, requestId: RequestId.optional() })
    .strict(),
  /** The user opened the item: its last look becomes what the next changes are counted from. */
  'watchlist:open': z.object({ id: Id }).strict(),
} as const;

/** An outage ticket near a watched item as a look saw it: its interval `[start, end)` (ISO `Z`) and distance (km, null: no coordinates asked for). */
export interface WatchTicket {
  ticket: number;
  status: string;
  outage_type: string;
  start: string;
  end: string;
  distance_km: number | null;
  /** The first equipment's facility name, for display. */
  facility: string;
}

/** A ticket whose status or interval changed since the last opened look, with what it was then. */
export interface WatchTicketChange extends WatchTicket {
  before: Pick<WatchTicket, 'status' | 'start' | 'end'>;
}

/**
 * What changed on an item (docs/watchlist.md#what-a-look-shows):
 * - `firstLook`: no look was opened before (nothing counts as new yet);
 * - `bindingIntervals` in the window, `newIntervals` of them after the last binding interval the opened look knew,
 *   `latestIntervalUtc` the newest one;
 * - `cost` and `previousCost` ($/MW) over the window and the previous equal window (null: the item has no cost,
 *   e.g. a location without shift factors);
 * - `ticketsNear` now, the `newTickets` and `changedTickets` since the opened look (at most 50 each listed; the counts
 *   are whole);
 * - `limitReached` (a window held more binding rows than one answer), `truncated` (the outage list was cut), and the
 *   fields /v1 marked SYNTHETIC.
 */
export interface WatchChanges {
  firstLook: boolean;
  bindingIntervals: number;
  newIntervals: number;
  latestIntervalUtc: string | null;
  cost: number | null;
  previousCost: number | null;
  ticketsNear: number;
  newTicketCount: number;
  changedTicketCount: number;
  newTickets: WatchTicket[];
  changedTickets: WatchTicketChange[];
  limitReached: boolean;
  truncated: boolean;
  synthetic: string[];
}

/**
 * One look at an item: the window `[start, end)` and the previous equal window (ISO `Z`), how many market days ending
 * when, when its binding rows were fetched (`asOf`, ISO `Z`: the older window's) and what changed.
 */
export interface WatchLook {
  days: number;
  lastDay: string;
  window: { start: string; end: string };
  previous: { start: string; end: string };
  asOf: string;
  changes: WatchChanges;
}

/**
 * A watched item: its target, name, when it was starred and last opened (ISO `Z`), and its last look; `problem` when the
 * last check could not get its answers (offline, a failed request): the look shown is then an older one, or none.
 */
export interface WatchItem {
  id: number;
  name: string;
  target: WatchTarget;
  createdAt: string;
  openedAt: string | null;
  look: WatchLook | null;
  problem: { code: string; message: string } | null;
}

/** Result types of the watchlist verbs. */
export interface WatchlistResults {
  'watchlist:list': WatchItem[];
  'watchlist:add': WatchItem;
  'watchlist:rename': WatchItem;
  'watchlist:delete': { id: number };
  'watchlist:check': WatchItem[];
  'watchlist:open': WatchItem;
}
