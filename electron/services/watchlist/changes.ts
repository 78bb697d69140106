import type { WatchChanges, WatchTicket, WatchTicketChange } from '../../../shared/index.js';

/**
 * What changed on a watched item between the look the user last opened and the one just taken
 * (docs/watchlist.md#what-a-look-shows). Pure: the snapshots are plain data kept in the workspace.
 */

/** The most new or changed tickets a look lists (the counts stay whole). */
export const LISTED_TICKETS = 50;

/** What a look keeps of an item, to count the next look's changes from and to show offline. */
export interface WatchSnapshot {
  window: { start: string; end: string };
  previous: { start: string; end: string };
  bindingIntervals: number;
  /** Start of the newest binding interval in the window (ISO `Z`), null when none. */
  latestIntervalUtc: string | null;
  /** $/MW over the window and the previous equal window; null when the item has no cost. */
  cost: number | null;
  previousCost: number | null;
  tickets: WatchTicket[];
  truncated: boolean;
  limitReached: boolean;
  synthetic: string[];
  /** When the binding rows were fetched (ISO `Z`). */
  asOf: string;
}

/** A look just taken: its snapshot and the starts (ISO `Z`) of every binding interval in its window. */
export interface CurrentLook extends WatchSnapshot {
  intervalStarts: readonly string[];
}

const sameTicket = (a: WatchTicket, b: WatchTicket): boolean =>
  a.status === b.status && Date.parse(a.start) === Date.parse(b.start) && Date.parse(a.end) === Date.parse(b.end);

/**
 * The changes of `current` since `seen` (the look last opened; null before any):
 * - new binding intervals: those of the window starting after the newest interval `seen` knew (all of them when it
 *   knew none; none on a first look, which only sets the baseline);
 * - cost against the previous equal window: both figures of `current` (no baseline needed);
 * - new tickets: near now, not near in `seen`; changed tickets: near in both, with another status or interval.
 */
export function changesOf(seen: WatchSnapshot | null, current: CurrentLook): WatchChanges {
  const firstLook = seen === null;
  const after = seen?.latestIntervalUtc ? Date.parse(seen.latestIntervalUtc) : -Infinity;
  const newIntervals = firstLook ? 0 : current.intervalStarts.filter((t) => Date.parse(t) > after).length;
  const before = new Map((seen?.tickets ?? []).map((t) => [t.ticket, t]));
  const newTickets: WatchTicket[] = [];
  const changedTickets: WatchTicketChange[] = [];
  if (!firstLook)
    for (const t of current.tickets) {
      const was = before.get(t.ticket);
      if (!was) newTickets.push(t);
      else if (!sameTicket(was, t)) changedTickets.push({ ...t, before: { status: was.status, start: was.start, end: was.end } });
    }
  return {
    firstLook,
    bindingIntervals: current.bindingIntervals,
    newIntervals,
    latestIntervalUtc: current.latestIntervalUtc,
    cost: current.cost,
    previousCost: current.previousCost,
    ticketsNear: current.tickets.length,
    newTicketCount: newTickets.length,
    changedTicketCount: changedTickets.length,
    newTickets: newTickets.slice(0, LISTED_TICKETS),
    changedTickets: changedTickets.slice(0, LISTED_TICKETS),
    limitReached: current.limitReached,
    truncated: current.truncated,
    synthetic: current.synthetic,
  };
}

/** The snapshot a look keeps: `current` without its interval list. */
export function snapshotOf(current: CurrentLook): WatchSnapshot {
  const { intervalStarts: _starts, ...kept } = current;
  return kept;
}
