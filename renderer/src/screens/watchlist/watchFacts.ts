import { DEFAULT_WATCH_DISTANCE_KM } from '../../../../shared/bridge/watchlist.js';
import type { WatchChanges, WatchItem, WatchKind, WatchLook } from '../../../../shared/bridge/watchlist.js';
import { formatInstant } from '../../../../shared/time/format.js';
import { formatNumber } from '../../../../shared/vocabulary/formats.js';
import { figure, termOf } from '../../../../shared/vocabulary/columns.js';
import type { Fact } from '../../features/constraints/BindingFacts.js';

/** What each kind of item is called on the Watchlist. */
export const KIND_WORDS: Record<WatchKind, string> = {
  constraint: 'Constraint',
  location: 'Location',
  path: 'Path',
  map: 'Map view',
};

// The cost each kind shows (docs/watchlist.md#what-a-look-shows): a constraint's or an area's absolute cost, a
// location's or a path's adjusted cost.
const COST_TERM: Record<WatchKind, string> = {
  constraint: 'absolute_cost',
  location: 'adjusted_cost',
  path: 'adjusted_cost',
  map: 'absolute_cost',
};

const count = (n: number) => formatNumber(n, 'count');
const days = (n: number) => (n === 1 ? 'the market day before' : `the ${n} market days before`);

/** `+1,234.56` / `-12.00`: a change in $/MW, signed. */
function signedMoney(v: number): string {
  return `${v > 0 ? '+' : ''}${formatNumber(v, 'money')}`;
}

/** Cost now against the previous equal window, in words: `1,234.56 $/MW, against 567.89 $/MW in the 2 market days before (+666.67)`. */
export function costText(c: WatchChanges, look: WatchLook, kind: WatchKind): string {
  if (c.cost === null || c.previousCost === null) return 'No shift factors for this dataset: no cost here';
  const now = figure(COST_TERM[kind], c.cost).value;
  const before = figure(COST_TERM[kind], c.previousCost).value;
  return `${now}, against ${before} in ${days(look.days)} (${signedMoney(c.cost - c.previousCost)})`;
}

function intervalsText(c: WatchChanges): string {
  if (c.firstLook) return `${count(c.bindingIntervals)} (first look: new ones count from here)`;
  return `${count(c.bindingIntervals)} (${count(c.newIntervals)} new since last opened)`;
}

function ticketsText(c: WatchChanges): string {
  if (c.firstLook) return `${count(c.ticketsNear)} (first look)`;
  return `${count(c.ticketsNear)} (${count(c.newTicketCount)} new, ${count(c.changedTicketCount)} changed since last opened)`;
}

/** The label of the near tickets: within the item's distance, or in a map view's area. */
function ticketsLabel(item: WatchItem): string {
  const t = item.target;
  if (t.kind === 'map') return t.area ? 'Outage tickets in its area' : 'Outage tickets in the market';
  return `Outage tickets within ${formatNumber(t.distanceKm ?? DEFAULT_WATCH_DISTANCE_KM, 'quantity')} km`;
}

/** The facts of an item's look, times in `zone`. */
export function watchFacts(item: WatchItem, look: WatchLook, zone: string): Fact[] {
  const c = look.changes;
  return [
    ['Binding intervals', intervalsText(c)],
    ['Last binding interval', formatInstant(c.latestIntervalUtc, zone)],
    [termOf(COST_TERM[item.target.kind]).label, costText(c, look, item.target.kind), termOf(COST_TERM[item.target.kind]).help],
    [ticketsLabel(item), ticketsText(c)],
  ];
}
