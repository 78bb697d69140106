// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { WatchItem, WatchTicket } from '../../../../shared/bridge/watchlist.js';
import { createFakeApi } from '../../test-support/fakeApi.js';
import { createFakeWatchlist } from '../../test-support/fakeWatchlist.js';
import { renderApp } from '../../test-support/render.js';
import { readLookChoice } from './route.js';

afterEach(cleanup);

const ticket = (n: number, status: string): WatchTicket => ({
  ticket: n,
  status,
  outage_type: 'Continuous',
  start: '2024-09-01T21:00:00Z',
  end: '2024-09-12T22:00:00Z',
  distance_km: 12,
  facility: `LINE ${n}`,
});

const LENOX: WatchItem = {
  id: 1,
  name: 'LENOX 115 KV',
  target: {
    kind: 'constraint',
    name: 'LENOX 115 KV',
    market: 'pjm',
    datasetId: 'pjm_rt',
    address: '#/constraints/c1?dataset=pjm_rt',
    constraintId: 'c1',
  },
  createdAt: '2024-09-04T12:00:00.000Z',
  openedAt: null,
  problem: null,
  look: {
    days: 2,
    lastDay: '2024-09-03',
    window: { start: '2024-09-02T04:00:00Z', end: '2024-09-04T04:00:00Z' },
    previous: { start: '2024-08-31T04:00:00Z', end: '2024-09-02T04:00:00Z' },
    asOf: '2024-09-04T05:00:00Z',
    changes: {
      firstLook: false,
      bindingIntervals: 217,
      newIntervals: 65,
      latestIntervalUtc: '2024-09-03T12:00:00Z',
      cost: 4071.52,
      previousCost: 1000,
      ticketsNear: 3,
      newTicketCount: 1,
      changedTicketCount: 1,
      newTickets: [ticket(9000074, 'Revised')],
      changedTickets: [
        {
          ...ticket(9000088, 'Active'),
          before: { status: 'Approved', start: '2024-09-01T21:00:00Z', end: '2024-09-12T22:00:00Z' },
        },
      ],
      limitReached: false,
      truncated: false,
      synthetic: [],
    },
  },
};

const PJM_HUB: WatchItem = {
  id: 2,
  name: 'PJM Western Hub',
  target: {
    kind: 'location',
    name: 'PJM Western Hub',
    market: 'pjm',
    datasetId: 'pjm_rt',
    address: '#/locations/hub',
    locationId: 'hub',
  },
  createdAt: '2024-09-04T12:00:00.000Z',
  openedAt: null,
  look: null,
  problem: { code: 'network', message: 'Could not reach the /v1 server.' },
};

describe('Watchlist', () => {
  it('looks at every item over the chosen market days and shows what changed, in market time and in words', async () => {
    const watchlist = { ...createFakeWatchlist(), items: [LENOX, PJM_HUB] };
    const { api } = createFakeApi({ watchlist });
    renderApp(api, '#/watchlist?days=2&last=2024-09-03');
    const [item, hub] = await screen.findAllByTestId('watch-item');
    expect(watchlist.checks).toEqual([{ days: 2, lastDay: '2024-09-03' }]);
    const facts = within(item!).getByTestId('watch-facts');
    expect(facts.querySelector('[data-fact="Binding intervals"] dd')!.textContent).toBe('217 (65 new since last opened)');
    expect(facts.querySelector('[data-fact="Absolute cost"] dd')!.textContent).toBe(
      '4,071.52 $/MW, against 1,000.00 $/MW in the 2 market days before (+3,071.52)',
    );
    expect(facts.querySelector('[data-fact="Last binding interval"] dd')!.textContent).toBe('2024-09-03 08:00 EDT');
    expect(within(item!).getByText(/2024-09-02 00:00 → 2024-09-04 00:00 EDT · as of 2024-09-04 01:00 EDT/)).toBeTruthy();
    expect(
      within(item!)
        .getAllByTestId('watch-ticket')
        .map((t) => t.textContent),
    ).toEqual([
      'New · Ticket 9000074 · Revised · Continuous · LINE 9000074 · 2024-09-01 17:00 → 2024-09-12 18:00 EDT',
      'Changed · Ticket 9000088 · Approved → Active · Continuous · LINE 9000088 · 2024-09-01 17:00 → 2024-09-12 18:00 EDT',
    ]);
    expect(within(hub!).getByTestId('watch-problem').textContent).toBe('Not looked at yet: Could not reach the /v1 server.');
  });

  it('renames and deletes an item; with none, says how to star one', async () => {
    const watchlist = { ...createFakeWatchlist(), items: [{ ...LENOX }] };
    const { api } = createFakeApi({ watchlist });
    renderApp(api, '#/watchlist?days=2&last=2024-09-03');
    const item = await screen.findByTestId('watch-item');
    fireEvent.click(within(item).getByTestId('watch-rename'));
    fireEvent.change(within(item).getByRole('textbox', { name: 'Name' }), { target: { value: 'Lenox' } });
    fireEvent.click(within(item).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(screen.getByTestId('watch-item')).getByTestId('watch-open').textContent).toBe('Lenox'));
    fireEvent.click(within(screen.getByTestId('watch-item')).getByTestId('watch-delete'));
    fireEvent.click(await screen.findByTestId('watch-delete-yes'));
    expect(await screen.findByTestId('watch-empty')).toBeTruthy();
    expect(watchlist.items).toEqual([]);
  });

  it('reads a bad address as 7 market days ending yesterday (PJM market time)', () => {
    const now = Date.parse('2024-09-04T03:30:00Z'); // still Sep 3 in EDT
    expect(readLookChoice('days=0&last=2024-02-30', now)).toEqual({ days: 7, lastDay: '2024-09-02' });
    expect(readLookChoice('days=14&last=2024-09-01', now)).toEqual({ days: 14, lastDay: '2024-09-01' });
  });
});
