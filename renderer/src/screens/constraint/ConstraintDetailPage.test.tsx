// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BindingPoint } from '../../../../shared/bridge/binding.js';
import type { GridResults } from '../../../../shared/bridge/contract.js';
import { createFakeApi } from '../../test-support/fakeApi.js';
import type { FakeGridAnswers } from '../../test-support/fakeGrid.js';
import { renderApp } from '../../test-support/render.js';
import { FakeUPlot } from '../../test-support/uplotMock.js';
import { boundAnswer, boundSummary, listAnswer, windowInfo } from '../../test-support/constraintFixtures.js';
import { forgetOpenedSections } from './OnDemand.js';

vi.mock('uplot', () => import('../../test-support/uplotMock.js').then((m) => m.uplotModule()));
// The real mini map draws with maplibre (WebGL, not in happy-dom): a stand-in that shows the props it was given.
vi.mock('../../features/map/ConstraintMiniMap.js', () => ({
  default: (p: { name: string; start: { name: string } | null; synthetic: boolean }) => (
    <div data-testid="constraint-mini-map" data-synthetic={p.synthetic} aria-label={`Map of ${p.name}`}>
      {p.start?.name}
    </div>
  ),
}));

afterEach(() => {
  cleanup();
  forgetOpenedSections();
});

const ID = 'c-ches';
const NAME = 'CHESWICK138 KV CHE-LF53';
const BERGEN = { name: 'BERGEN', latitude: 40.9, longitude: -74.0 };
const point = (start: string, end: string, shadow_price: number, contingency: string | null = 'k1'): BindingPoint => ({
  interval_start_utc: start,
  interval_end_utc: end,
  shadow_price,
  contingency_gs_entity_id: contingency,
  contingency_name: contingency ? 'Cheswick-Logans Ferry' : null,
});

/** Three 5-minute intervals, the last after a gap. */
const POINTS = [
  point('2024-09-02T05:00:00Z', '2024-09-02T05:05:00Z', 30),
  point('2024-09-02T05:05:00Z', '2024-09-02T05:10:00Z', -90),
  point('2024-09-02T07:00:00Z', '2024-09-02T07:05:00Z', 60, null),
];

const OVERLAP: GridResults['overlap:forConstraint'] = {
  constraint: { constraint_gs_entity_id: ID, constraint_name: NAME, binding_interval_count: 3 },
  distanceKm: 50,
  allocation: 'equal',
  cost_in_window: 25,
  unexplained_cost: 10,
  truncated: false,
  synthetic: ['tickets with is_synthetic=true'],
  outages: [
    {
      ticket: 9000123,
      status: 'Active',
      outage_type: 'Planned',
      is_synthetic: true,
      interval_start_utc: '2024-09-01T12:00:00Z',
      interval_end_utc: '2024-09-03T12:00:00Z',
      distance_km: 12.34,
      overlapping_intervals: 3,
      congestion_cost: 15,
      allocated_cost: 12.5,
      lift: 3.2,
      bound_share_out: 0.8,
      bound_share_not_out: 0.25,
      equipment: ['CHESWICK 138 KV LINE'],
    },
    {
      ticket: 724453,
      status: 'Approved',
      outage_type: 'Continuous',
      is_synthetic: false,
      interval_start_utc: '2024-09-02T07:00:00Z',
      interval_end_utc: '2024-09-02T08:00:00Z',
      distance_km: 41,
      overlapping_intervals: 1,
      congestion_cost: 5,
      allocated_cost: 2.5,
      lift: null,
      bound_share_out: 1,
      bound_share_not_out: 0,
      equipment: ['MANSFIEL 345 KV BRKR'],
    },
  ],
};

function answers(over: FakeGridAnswers = {}): FakeGridAnswers {
  return {
    'constraints:list': listAnswer,
    'binding:constraints': boundAnswer,
    'binding:series': (input) => ({ window: windowInfo(input), points: POINTS }),
    'binding:profile': (input) => ({
      window: windowInfo(input),
      summary: {
        binding_intervals: 12,
        binding_hours: 1,
        mean_abs_shadow_price: 125,
        peak_abs_shadow_price: 200,
        peak_interval_start_utc: '2024-09-02T11:15:00Z',
        absolute_cost: 1500.25,
        penalty_factor_carried: false,
        intervals_at_penalty_cap: null,
      },
      days: [
        { market_date: '2024-09-02', binding_intervals: 12, binding_hours: 1, absolute_cost: 1500.25, cumulative_cost: 1500.25 },
      ],
      cells: [{ weekday: 1, hour_ending: 8, binding_hours: 1, window_hours: 1 }],
    }),
    'binding:contingencies': (input) => ({
      window: windowInfo(input),
      contingencies: [
        {
          contingency_gs_entity_id: 'k1',
          contingency_name: 'Cheswick-Logans Ferry',
          constraints: 1,
          peak_intervals: 2,
          ...boundSummary({ on_peak: 500, '2x16': 700.25, '7x8': 290 }, input.peak, { binding_intervals: 3 })!,
        },
        {
          contingency_gs_entity_id: null,
          contingency_name: null,
          constraints: 1,
          peak_intervals: 1,
          ...boundSummary({ on_peak: 0, '2x16': 0, '7x8': 10 }, 'all', { binding_intervals: 1 })!,
        },
      ],
    }),
    'constraints:location': () => ({
      constraint_gs_entity_id: ID,
      constraint_name: NAME,
      start: BERGEN,
      end: null,
      synthetic: ['start', 'end'],
    }),
    'constraints:shiftFactors': (input) => ({
      rows: [
        { location_gs_entity_id: 'l1', location: 'WESTERN HUB', estimated_shift_factor: input.aggregation === 'max' ? 0.5 : 0.1 },
        { location_gs_entity_id: 'l2', location: 'AEP', estimated_shift_factor: -0.3 },
      ],
      synthetic: ['estimated_shift_factor'],
    }),
    'overlap:forConstraint': () => OVERLAP,
    ...over,
  };
}

const fact = (term: string) => screen.getByTestId('constraint-facts').querySelector(`[data-fact="${term}"] dd`)!.textContent;

describe('Constraint detail', () => {
  it('charts the shadow price and shows its figures in the window, from two answers and nothing else', async () => {
    const fake = createFakeApi({ grid: answers() });
    renderApp(fake.api, `#/constraints/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: NAME })).toBeTruthy();
    await screen.findByTestId('constraint-facts');
    // Times in market time with the zone named; the cost named for the real-time dataset, split by peak bucket.
    expect(fact('Peak |shadow price|')).toBe('200.00 $/MWh at 2024-09-02 07:15 EDT');
    expect(fact('Binding intervals')).toBe('12');
    expect(fact('Binding hours')).toBe('1.00 h');
    expect(fact('First binding interval')).toBe('2024-09-02 00:05 EDT');
    expect(fact('Real-time absolute cost')).toBe('1,500.25 $/MW');
    expect(fact('On-peak cost')).toBe('500.00 $/MW');
    expect(fact('Off-peak cost')).toBe('1,000.25 $/MW');
    expect(fact('7x8 cost')).toBe('300.00 $/MW');
    await waitFor(() => expect(screen.getByTestId('shadow-price-chart')).toBeTruthy());
    const chart = FakeUPlot.instances.at(-1)!;
    expect(chart.labels).toEqual(['Shadow price ($/MWh)']);
    expect(chart.data[1]).toEqual([30, -90, null, 60]); // a gap where it did not bind
    // Its contingencies with what they count, each opening its view.
    const table = screen.getByTestId('constraint-contingencies');
    const heads = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.firstChild?.textContent);
    expect(heads).toEqual(['Contingency', 'Binding intervals', 'Intervals as top contingency', 'Real-time absolute cost ($/MW)']);
    const first = table.querySelector('tr[data-contingency-id="k1"]') as HTMLTableRowElement;
    expect([...first.cells].map((c) => c.textContent)).toEqual(['Cheswick-Logans Ferry', '3', '2', '1,490.25']);
    expect(within(first).getByRole('link').getAttribute('href')).toMatch(/^#\/contingencies\/k1\?dataset=/);
    expect(table.textContent).toContain('No contingency named');
    expect(screen.getByTestId('show-on-map').getAttribute('href')).toBe(
      '#/map?dataset=pjm_marginal_value_real_time_5_min&market=pjm&start=2024-09-02T04%3A00%3A00Z&end=2024-09-04T04%3A00%3A00Z&constraint=c-ches',
    );
    expect(fake.state.gridInputs.find((c) => c.verb === 'binding:series')!.input).toMatchObject({
      datasetId: 'pjm_marginal_value_real_time_5_min',
      market: 'pjm',
      window: { start: '2024-09-02T04:00:00Z', end: '2024-09-04T04:00:00Z' },
      peak: 'all',
      constraintId: ID,
    });
    // The page's /v1 work: the constraint list and the binding window. Location, shift factors, outages wait for a click.
    expect([...new Set(fake.state.gridInputs.map((c) => c.verb))].sort()).toEqual([
      'binding:constraints',
      'binding:contingencies',
      'binding:profile',
      'binding:series',
      'constraints:list',
    ]);
    // The profile is summed from the same window: its day table and no error card.
    await within(screen.getByTestId('constraint-profile')).findByText('2024-09-02');
    expect(fake.state.calls).not.toContain('datasets:list');
  });

  it('counts only the hours chosen: the peak filter goes to every binding verb and stays in the address', async () => {
    const fake = createFakeApi({ grid: answers() });
    renderApp(fake.api, `#/constraints/${ID}`);
    await screen.findByTestId('constraint-facts');
    fireEvent.change(screen.getByTestId('peak-filter'), { target: { value: 'on_peak' } });
    await waitFor(() => expect(fact('Real-time absolute cost')).toBe('500.00 $/MW'));
    expect(fact('Off-peak cost')).toBe('0.00 $/MW');
    expect(window.location.hash).toContain('peak=on_peak');
    for (const verb of ['binding:constraints', 'binding:series', 'binding:contingencies'])
      expect(fake.state.gridInputs.filter((c) => c.verb === verb).at(-1)!.input).toMatchObject({ peak: 'on_peak' });
    expect(screen.getByText(/, the hours chosen only\./)).toBeTruthy();
  });

  it('finds the overlapping outages on request, in rank order, each synthetic ticket marked', async () => {
    const fake = createFakeApi({ grid: answers() });
    renderApp(fake.api, `#/constraints/${ID}`);
    const open = await screen.findByTestId('open-overlap');
    expect(open.closest('p')!.textContent).toBe('Find overlapping outages (2 requests to the data service)');
    fireEvent.click(open);
    const list = await screen.findByTestId('overlap-list');
    const rows = within(list).getAllByTestId('overlap-row');
    expect(rows.map((r) => r.getAttribute('data-ticket'))).toEqual(['9000123', '724453']);
    expect([...(rows[0] as HTMLTableRowElement).cells].map((c) => c.textContent)).toEqual([
      '9000123 Synthetic',
      'Planned',
      'Active',
      '2024-09-01 08:00 → 2024-09-03 08:00 EDT', // market time, by default
      '12.34', // a distance in km: up to 2 decimals, as every quantity
      '3',
      '15.00',
      '12.50',
      '3.2',
      'CHESWICK 138 KV LINE',
    ]);
    // A lift that cannot be computed (never bound while not out) reads as missing, not as 0 or ∞.
    expect((rows[1] as HTMLTableRowElement).cells[8]!.textContent).toBe('—');
    const heads = [...within(list).getAllByRole('columnheader')];
    expect(heads[6]!.getAttribute('title')).toBe('congestion_cost');
    expect(within(heads[6]!).getByRole('button', { name: 'What is Congestion while out ($/MW)?' })).toBeTruthy();
    expect(heads[7]!.getAttribute('title')).toBe('allocated_cost');
    // The whole is said once: cost in the window = allocated + unexplained.
    expect(screen.getByTestId('overlap-summary').textContent).toBe(
      'Cost in the window: 25.00 $/MW = allocated cost to these outages 15.00 $/MW (60 %) + unexplained 10.00 $/MW (no near outage out).',
    );
    fireEvent.click(within(screen.getByTestId('overlap-allocation')).getByRole('radio', { name: 'By inverse distance' }));
    await waitFor(() =>
      expect(fake.state.gridInputs.filter((c) => c.verb === 'overlap:forConstraint').at(-1)!.input).toMatchObject({
        allocation: 'inverse_distance',
      }),
    );
    expect(within(rows[1]!).queryByText('Synthetic')).toBeNull();
    fireEvent.change(screen.getByTestId('overlap-distance'), { target: { value: '10' } });
    fireEvent.click(within(list.closest('section')!).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(
        fake.state.gridInputs
          .filter((c) => c.verb === 'overlap:forConstraint')
          .map((c) => (c.input as { distanceKm: number }).distanceKm),
      ).toEqual([50, 50, 10]),
    );
    expect(fake.state.gridInputs.find((c) => c.verb === 'overlap:forConstraint')!.input).toMatchObject({
      market: 'pjm',
      constraintId: ID,
    });
  });

  it('shows shift factors and the map on request, marks them synthetic, and keeps them open on a reopen', async () => {
    const fake = createFakeApi({ grid: answers() });
    renderApp(fake.api, `#/constraints/${ID}`);
    await screen.findByTestId('constraint-facts');
    expect(fake.state.calls).not.toContain('constraints:shiftFactors');
    fireEvent.click(screen.getByTestId('open-shift-factors'));
    const table = await screen.findByTestId('shift-factor-table');
    const section = table.closest('section')!;
    expect(within(section).getByTestId('synthetic-badge').textContent).toContain('shift factors');
    expect([...table.querySelectorAll('tbody tr')].map((r) => r.textContent)).toEqual(['AEP-0.3000', 'WESTERN HUB0.1000']);
    fireEvent.change(screen.getByTestId('sf-aggregation'), { target: { value: 'max' } });
    fireEvent.click(screen.getByTestId('sf-exclude-zeros'));
    await waitFor(() => expect(table.querySelector('tbody tr')!.textContent).toBe('WESTERN HUB0.5000'));
    expect(fake.state.gridInputs.filter((c) => c.verb === 'constraints:shiftFactors').at(-1)!.input).toMatchObject({
      aggregation: 'max',
      excludeZeros: true,
      datasetId: 'pjm_marginal_value_real_time_5_min',
    });
    fireEvent.click(screen.getByTestId('open-map'));
    const map = await screen.findByTestId('constraint-mini-map');
    expect(map.getAttribute('aria-label')).toBe(`Map of ${NAME}`);
    expect(map.getAttribute('data-synthetic')).toBe('true');
    expect(map.textContent).toBe('BERGEN');
    expect(within(map.closest('section')!).getByTestId('synthetic-badge').textContent).toContain('substation coordinates');
    // Back on this constraint later: the sections it opened are open again.
    cleanup();
    renderApp(fake.api, `#/constraints/${ID}`);
    expect(await screen.findByTestId('constraint-mini-map')).toBeTruthy();
    expect(screen.queryByTestId('open-shift-factors')).toBeNull();
    expect(screen.getByTestId('open-overlap')).toBeTruthy();
  });

  it('says plainly when it did not bind in the window and offers where it was last seen', async () => {
    const fake = createFakeApi({
      grid: answers({ 'binding:constraints': (input) => ({ window: windowInfo(input), constraints: [] }) }),
    });
    renderApp(fake.api, `#/constraints/${ID}?dataset=pjm_marginal_value_day_ahead_hourly`);
    const message = await screen.findByTestId('not-binding');
    expect(message.textContent).toContain(
      'It did not bind in Day-ahead — PJM marginal value day ahead hourly between 2024-09-02 00:00 EDT and 2024-09-04 00:00 EDT.',
    );
    expect(message.textContent).toContain('last seen 2024-09-03 23:55 EDT');
    // The market days of the last sighting and the one before.
    expect(screen.getByTestId('last-seen-window').getAttribute('href')).toBe(
      '#/constraints/c-ches?dataset=pjm_marginal_value_day_ahead_hourly&market=pjm&start=2024-09-02T04%3A00%3A00Z&end=2024-09-04T04%3A00%3A00Z',
    );
    expect(screen.getByTestId('last-seen-window').textContent).toBe('Show 2024-09-02 00:00 EDT → 2024-09-04 00:00 EDT');
    expect(await screen.findByRole('heading', { level: 1, name: NAME })).toBeTruthy(); // from the list
    expect(screen.queryByTestId('constraint-facts')).toBeNull();
    expect(screen.queryByTestId('constraint-contingencies')).toBeNull();
    // The dataset picker offers the priced datasets of the list's metadata (no other request).
    const options = [...screen.getByTestId('detail-dataset').querySelectorAll('option')].map((o) => o.value);
    expect(options).toEqual(['pjm_marginal_value_real_time_5_min', 'pjm_marginal_value_day_ahead_hourly']);
    fireEvent.click(screen.getByTestId('open-overlap'));
    expect(await screen.findByText('It did not bind in this window, so no outage overlaps its binding.')).toBeTruthy();
    expect(fake.state.calls).not.toContain('overlap:forConstraint');
  });

  it('shows the error with fitting advice when the binding rows cannot be read', async () => {
    const fake = createFakeApi({
      grid: answers(),
      failures: {
        'binding:constraints': {
          code: 'validation',
          status: 400,
          message: 'Dataset pjm_transmission_constraints_day_ahead_hourly has no shadow price column.',
        },
      },
    });
    renderApp(fake.api, `#/constraints/${ID}?dataset=pjm_transmission_constraints_day_ahead_hourly`);
    const alert = await screen.findByTestId('error-state');
    expect(alert.textContent).toContain('Could not load the binding intervals');
    expect(alert.textContent).toContain('no shadow price column');
    expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull(); // asking again cannot help
  });

  it('says plainly that an unknown id names no constraint, and shows no empty sections', async () => {
    const fake = createFakeApi({ grid: answers() });
    renderApp(fake.api, '#/constraints/nope');
    const notice = await screen.findByTestId('constraint-unknown');
    expect(notice.textContent).toContain('No constraint has the id nope');
    expect(within(notice).getByRole('link').getAttribute('href')).toMatch(/^#\/constraints\?dataset=/);
    expect(screen.queryByTestId('not-binding')).toBeNull();
    expect(screen.queryByTestId('show-on-map')).toBeNull();
    expect(screen.queryByRole('heading', { level: 2, name: /Shift factors/ })).toBeNull();
    expect(fake.state.calls).not.toContain('constraints:location');
  });
});
