import { describe, expect, it } from 'vitest';
import type { WatchTicket } from '../../../shared/index.js';
import { LISTED_TICKETS, changesOf, snapshotOf } from './changes.js';
import type { CurrentLook, WatchSnapshot } from './changes.js';

// The change rules of docs/watchlist.md#what-a-look-shows on hand-made snapshots.

const W = { start: '2024-09-02T04:00:00Z', end: '2024-09-04T04:00:00Z' };
const P = { start: '2024-08-31T04:00:00Z', end: '2024-09-02T04:00:00Z' };

const ticket = (n: number, o: Partial<WatchTicket> = {}): WatchTicket => ({
  ticket: n,
  status: 'Approved',
  outage_type: 'Planned',
  start: '2024-09-01T12:00:00Z',
  end: '2024-09-05T12:00:00Z',
  distance_km: 10,
  facility: `LINE ${n}`,
  ...o,
});

function look(starts: string[], o: Partial<CurrentLook> = {}): CurrentLook {
  return {
    window: W,
    previous: P,
    bindingIntervals: starts.length,
    latestIntervalUtc: starts.at(-1) ?? null,
    intervalStarts: starts,
    cost: 100,
    previousCost: 40,
    tickets: [],
    truncated: false,
    limitReached: false,
    synthetic: [],
    asOf: '2024-09-04T05:00:00Z',
    ...o,
  };
}

const seenOf = (l: CurrentLook): WatchSnapshot => snapshotOf(l);

describe('changes since the look last opened', () => {
  it('a first look sets the baseline: nothing is new, but the counts and both costs are shown', () => {
    const c = changesOf(null, look(['2024-09-02T10:00:00Z', '2024-09-02T10:05:00Z'], { tickets: [ticket(1)] }));
    expect(c).toMatchObject({ firstLook: true, bindingIntervals: 2, newIntervals: 0, cost: 100, previousCost: 40 });
    expect(c).toMatchObject({ ticketsNear: 1, newTicketCount: 0, changedTicketCount: 0, newTickets: [], changedTickets: [] });
  });

  it('new binding intervals are those after the newest interval the opened look knew', () => {
    const seen = seenOf(look(['2024-09-02T10:00:00Z', '2024-09-02T10:05:00Z']));
    const now = look(['2024-09-02T10:00:00Z', '2024-09-02T10:05:00Z', '2024-09-03T01:00:00Z', '2024-09-03T01:05:00Z']);
    expect(changesOf(seen, now)).toMatchObject({ firstLook: false, newIntervals: 2, bindingIntervals: 4 });
    expect(changesOf(seen, now).latestIntervalUtc).toBe('2024-09-03T01:05:00Z');
    // Times compare as instants, whatever their spelling.
    const spelled = { ...seen, latestIntervalUtc: '2024-09-02T06:05:00-04:00' };
    expect(changesOf(spelled, now).newIntervals).toBe(2);
  });

  it('when the opened look knew no binding, every interval now is new; none bound → none new', () => {
    const seen = seenOf(look([]));
    expect(changesOf(seen, look(['2024-09-02T10:00:00Z'])).newIntervals).toBe(1);
    expect(changesOf(seen, look([])).newIntervals).toBe(0);
  });

  it('cost is compared with the previous equal window, not with the opened look', () => {
    const seen = seenOf(look([], { cost: 5, previousCost: 1 }));
    const c = changesOf(seen, look([], { cost: 250.5, previousCost: 300 }));
    expect([c.cost, c.previousCost]).toEqual([250.5, 300]);
    expect(changesOf(seen, look([], { cost: null, previousCost: null }))).toMatchObject({ cost: null, previousCost: null });
  });

  it('new tickets are near now and not before; changed ones differ in status or interval, with what they were', () => {
    const seen = seenOf(look([], { tickets: [ticket(1), ticket(2), ticket(3), ticket(4)] }));
    const now = look([], {
      tickets: [
        ticket(1),
        ticket(2, { status: 'Cancelled' }),
        ticket(3, { end: '2024-09-06T12:00:00Z' }),
        ticket(4, { start: '2024-09-01T08:00:00-04:00' }), // the same instant as before: unchanged
        ticket(5),
      ],
    });
    const c = changesOf(seen, now);
    expect(c.newTickets.map((t) => t.ticket)).toEqual([5]);
    expect(c.changedTickets.map((t) => [t.ticket, t.status, t.before])).toEqual([
      [2, 'Cancelled', { status: 'Approved', start: ticket(2).start, end: ticket(2).end }],
      [3, 'Approved', { status: 'Approved', start: ticket(3).start, end: ticket(3).end }],
    ]);
    expect(c).toMatchObject({ ticketsNear: 5, newTicketCount: 1, changedTicketCount: 2 });
  });

  it('a ticket no longer near is neither new nor changed', () => {
    const c = changesOf(seenOf(look([], { tickets: [ticket(1), ticket(2)] })), look([], { tickets: [ticket(2)] }));
    expect(c).toMatchObject({ ticketsNear: 1, newTicketCount: 0, changedTicketCount: 0 });
  });

  it(`lists at most ${LISTED_TICKETS} new tickets, counting them all`, () => {
    const many = Array.from({ length: LISTED_TICKETS + 7 }, (_, i) => ticket(i + 1));
    const c = changesOf(seenOf(look([])), look([], { tickets: many }));
    expect(c.newTicketCount).toBe(LISTED_TICKETS + 7);
    expect(c.newTickets).toHaveLength(LISTED_TICKETS);
  });

  it('passes on the answers’ limits and SYNTHETIC fields; the kept snapshot drops the interval list', () => {
    const now = look(['2024-09-02T10:00:00Z'], { truncated: true, limitReached: true, synthetic: ['shift_factor'] });
    expect(changesOf(null, now)).toMatchObject({ truncated: true, limitReached: true, synthetic: ['shift_factor'] });
    const kept = snapshotOf(now);
    expect(kept).not.toHaveProperty('intervalStarts');
    expect(kept).toMatchObject({ bindingIntervals: 1, latestIntervalUtc: '2024-09-02T10:00:00Z' });
  });
});
