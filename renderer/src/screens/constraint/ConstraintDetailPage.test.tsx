// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GridResults } from '../../../../shared/bridge/contract.js';
import type { BindingConstraintWithLocations } from '../../../../shared/schemas/constraints.js';
import { createFakeApi } from '../../test-support/fakeApi.js';
import type { FakeGridAnswers } from '../../test-support/fakeGrid.js';
import { renderApp } from '../../test-support/render.js';
import { FakeUPlot } from '../../test-support/uplotMock.js';
import { listAnswer } from '../../test-support/constraintFixtures.js';

vi.mock('uplot', () => import('../../test-support/uplotMock.js').then((m) => m.uplotModule()));
// The real mini map draws with maplibre (WebGL, not in happy-dom): a stand-in that shows the props it was given.
vi.mock('../../features/map/ConstraintMiniMap.js', () => ({
  default: (p: { name: string; start: { name: string } | null; synthetic: boolean }) => (
    <div data-testid="constraint-mini-map" data-synthetic={p.synthetic} aria-label={`Map of ${p.name}`}>
      {p.start?.name}
    </div>
  ),
}));

afterEach(cleanup);

const ID = 'c-ches';
const NAME = 'CHESWICK138 KV CHE-LF53';
const BERGEN = { name: 'BERGEN', latitude: 40.9, longitude: -74.0 };
const obs = (start: string, end: string, shadow_price: number, contingency: string | null = 'k1') => ({
  interval_start_utc: start,
  interval_end_utc: end,
  shadow_price,
  contingency_gs_entity_id: contingency,
  contingency_name: contingency ? 'Cheswick-Logans Ferry' : null,
});

/** Binds in three 5-minute intervals, the last after a gap; |shadow price| 30 + 90 + 60 → 180 × 1/12 h = 15 $/MW. */
const BINDING: BindingConstraintWithLocations = {
  constraint_gs_entity_id: ID,
  constraint_name: NAME,
  market_id: 'pjm',
  dataset_id: 'pjm_marginal_value_real_time_5_min',
  peak_abs_shadow_price: 90,
  peak_interval_start_utc: '2024-09-02T05:05:00Z',
  binding_interval_count: 3,
  start: BERGEN,
  end: null,
  contingencies: [{ contingency_gs_entity_id: 'k1', contingency_name: 'Cheswick-Logans Ferry' }],
  observations: [
    obs('2024-09-02T05:00:00Z', '2024-09-02T05:05:00Z', 30),
    obs('2024-09-02T05:05:00Z', '2024-09-02T05:10:00Z', -90),
    obs('2024-09-02T07:00:00Z', '2024-09-02T07:05:00Z', 60, null),
  ],
};

const OVERLAP: GridResults['overlap:forConstraint'] = {
  constraint: { constraint_gs_entity_id: ID, constraint_name: NAME, binding_interval_count: 3 },
  distanceKm: 50,
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
      equipment: ['MANSFIEL 345 KV BRKR'],
    },
  ],
};

function answers(over: FakeGridAnswers = {}): FakeGridAnswers {
  return {
    'constraints:list': listAnswer,
    'constraints:bindingLocations': () => ({ constraints: [BINDING], synthetic: ['start', 'end'] }),
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
  it('charts the shadow price and computes peak, intervals and total cost from the observations', async () => {
    const fake = createFakeApi({ grid: answers() });
    renderApp(fake.api, `#/constraints/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: NAME })).toBeTruthy();
    await screen.findByTestId('constraint-facts');
    expect(fact('Peak |shadow price|')).toBe('90.00 $/MWh at 2024-09-02 05:05 UTC');
    expect(fact('Binding intervals')).toBe('3');
    expect(fact('Absolute cost')).toBe('15.00 $/MW');
    expect(screen.getByTestId('shadow-price-chart')).toBeTruthy();
    const chart = FakeUPlot.instances.at(-1)!;
    expect(chart.labels).toEqual(['Shadow price ($/MWh)']);
    expect(chart.data[1]).toEqual([30, -90, null, 60]); // a gap where it did not bind
    expect(within(screen.getByTestId('constraint-contingencies')).getByText('Cheswick-Logans Ferry')).toBeTruthy();
    expect(screen.getByTestId('show-on-map').getAttribute('href')).toBe(
      '#/map?dataset=pjm_marginal_value_real_time_5_min&market=pjm&start=2024-09-02T00%3A00%3A00Z&end=2024-09-04T00%3A00%3A00Z&constraint=c-ches',
    );
    const binding = fake.state.gridInputs.find((c) => c.verb === 'constraints:bindingLocations')!.input;
    expect(binding).toMatchObject({
      datasetId: 'pjm_marginal_value_real_time_5_min',
      window: { start: '2024-09-02T00:00:00Z', end: '2024-09-04T00:00:00Z' },
    });
  });

  it('lists the overlapping outages in rank order, each synthetic ticket marked', async () => {
    const fake = createFakeApi({ grid: answers() });
    renderApp(fake.api, `#/constraints/${ID}`);
    const list = await screen.findByTestId('overlap-list');
    const rows = within(list).getAllByTestId('overlap-row');
    expect(rows.map((r) => r.getAttribute('data-ticket'))).toEqual(['9000123', '724453']);
    expect([...(rows[0] as HTMLTableRowElement).cells].map((c) => c.textContent)).toEqual([
      '9000123 Synthetic',
      'Planned',
      'Active',
      '2024-09-01 12:00 → 2024-09-03 12:00', // the header says UTC
      '12.34', // a distance in km: up to 2 decimals, as every quantity
      '3',
      '15.00',
      'CHESWICK 138 KV LINE',
    ]);
    const heads = [...within(list).getAllByRole('columnheader')];
    expect(heads[6]!.getAttribute('title')).toBe('congestion_cost');
    expect(within(heads[6]!).getByRole('button', { name: 'What is Absolute cost ($/MW)?' })).toBeTruthy();
    expect(within(rows[1]!).queryByText('Synthetic')).toBeNull();
    fireEvent.change(screen.getByTestId('overlap-distance'), { target: { value: '10' } });
    fireEvent.click(within(list.closest('section')!).getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(
        fake.state.gridInputs
          .filter((c) => c.verb === 'overlap:forConstraint')
          .map((c) => (c.input as { distanceKm: number }).distanceKm),
      ).toEqual([50, 10]),
    );
    expect(fake.state.gridInputs.find((c) => c.verb === 'overlap:forConstraint')!.input).toMatchObject({
      market: 'pjm',
      constraintId: ID,
    });
  });

  it('marks shift factors and coordinates synthetic and re-asks with the chosen aggregation', async () => {
    const fake = createFakeApi({ grid: answers() });
    renderApp(fake.api, `#/constraints/${ID}`);
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
    const map = await screen.findByTestId('constraint-mini-map');
    expect(map.getAttribute('aria-label')).toBe(`Map of ${NAME}`);
    expect(map.getAttribute('data-synthetic')).toBe('true');
    expect(map.textContent).toBe('BERGEN');
    expect(within(map.closest('section')!).getByTestId('synthetic-badge').textContent).toContain('substation coordinates');
  });

  it('says plainly when it did not bind in the window and offers where it was last seen', async () => {
    const fake = createFakeApi({ grid: answers({ 'constraints:bindingLocations': () => ({ constraints: [], synthetic: [] }) }) });
    renderApp(fake.api, `#/constraints/${ID}?dataset=pjm_marginal_value_day_ahead_hourly`);
    const message = await screen.findByTestId('not-binding');
    expect(message.textContent).toContain(
      'It did not bind in Day-ahead — PJM Marginal Value Day Ahead Hourly between 2024-09-02 00:00 UTC',
    );
    expect(message.textContent).toContain('last seen 2024-09-04 03:55 UTC');
    expect(screen.getByTestId('last-seen-window').getAttribute('href')).toBe(
      '#/constraints/c-ches?dataset=pjm_marginal_value_day_ahead_hourly&market=pjm&start=2024-09-03T00%3A00%3A00Z&end=2024-09-05T00%3A00%3A00Z',
    );
    expect(await screen.findByRole('heading', { level: 1, name: NAME })).toBeTruthy(); // from the list
    expect(screen.queryByTestId('constraint-facts')).toBeNull();
    expect(fake.state.calls).not.toContain('overlap:forConstraint');
    // The dataset picker offers the priced datasets of the list's metadata.
    const options = [...screen.getByTestId('detail-dataset').querySelectorAll('option')].map((o) => o.value);
    expect(options).toEqual(['pjm_marginal_value_real_time_5_min', 'pjm_marginal_value_day_ahead_hourly']);
  });

  it('shows the error with fitting advice when the binding intervals cannot be read', async () => {
    const fake = createFakeApi({
      grid: answers(),
      failures: {
        'constraints:bindingLocations': {
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
    const fake = createFakeApi({
      grid: answers({ 'constraints:bindingLocations': () => ({ constraints: [], synthetic: [] }) }),
      failures: { 'constraints:location': { code: 'not_found', status: 404, message: 'Constraint nope not found' } },
    });
    renderApp(fake.api, '#/constraints/nope');
    const notice = await screen.findByTestId('constraint-unknown');
    expect(notice.textContent).toContain('No constraint has the id nope');
    expect(within(notice).getByRole('link').getAttribute('href')).toMatch(/^#\/constraints\?dataset=/);
    expect(screen.queryByTestId('not-binding')).toBeNull();
    expect(screen.queryByTestId('show-on-map')).toBeNull();
    expect(screen.queryByRole('heading', { level: 2, name: /Shift factors/ })).toBeNull();
  });
});
