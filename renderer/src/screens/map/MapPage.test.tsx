// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { GridscopeApi } from '../../../../shared/bridge/contract.js';
import { AppProviders } from '../../AppProviders.js';
import { DEFAULT_GRID_CHOICE, gridSearch } from '../../features/constraints/gridChoice.js';
import { createQueryClient } from '../../lib/queryClient.js';
import { useHashRoute } from '../../lib/router.js';
import { createFakeApi } from '../../test-support/fakeApi.js';
import type { FakeGridAnswers } from '../../test-support/fakeGrid.js';
import type { GridMapProps } from '../../features/map/GridMap.js';
import MapPage from './MapPage.js';
import { bindingConstraint, ticket } from '../../test-support/mapFixtures.js';
import { equipmentRow, mapFeaturesAnswer, runRow } from '../../test-support/mapFeatures.js';

// maplibre needs WebGL: the page is tested around a stand-in that records what the map would be given.
const seen = vi.hoisted(() => ({ props: null as GridMapProps | null }));
vi.mock('../../features/map/GridMap.js', () => ({
  GridMap: (props: GridMapProps) => {
    seen.props = props;
    return <div data-testid="grid-map" />;
  },
}));

afterEach(cleanup);
// The place labels are read from the page's own folder; none here.
vi.stubGlobal('fetch', () => Promise.resolve(new Response('[]', { headers: { 'content-type': 'application/json' } })));

function MapRoute() {
  const route = useHashRoute();
  return route.name === 'map' ? <MapPage search={route.search} /> : null;
}

/** The map page alone at `hash`, following the address as the app does (no other page is loaded). */
function renderMap(api: GridscopeApi, hash: string) {
  window.location.hash = hash;
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retryDelay: 0 } });
  return render(
    <AppProviders api={api} queryClient={queryClient}>
      <MapRoute />
    </AppProviders>,
  );
}

const answers = (): FakeGridAnswers => ({
  'map:features': (input) =>
    mapFeaturesAnswer(
      [runRow(), runRow({ start_min: 700, end_min: 705, peak_abs_shadow_price: 3.44 })],
      [equipmentRow(), equipmentRow({ ticket: 724453, is_synthetic: false })],
      { counts: { cancelledTickets: input.includeCancelled ? 0 : 3 } },
    ),
  'map:constraintDetail': () => ({ constraint: bindingConstraint(), synthetic: ['start', 'end'] }),
  'map:ticket': (input) => ({ ticket: ticket({ ticket: input.ticket }), synthetic: ['from_substation', 'to_substation'] }),
  'locations:list': () => [],
  'overlap:forOutage': () => ({
    ticket: null,
    distanceKm: 50,
    allocation: 'equal',
    constraints: [],
    truncated: false,
    synthetic: [],
  }),
  'constraints:list': () => ({ constraints: [], datasetMetadata: null }),
});

const at = (extra: Record<string, string> = {}) => `#/map?${gridSearch(DEFAULT_GRID_CHOICE, extra)}`;
const tParam = () => new URLSearchParams(window.location.hash.split('?')[1]).get('t');

describe('map page', () => {
  it('asks map:features for the top 100 binding constraints and the outages of the window; counts and badges', async () => {
    const { api, state } = createFakeApi({ grid: answers() });
    renderMap(api, at());
    // The first render loads the lazy map chunk.
    await waitFor(
      () => expect(screen.getByTestId('map-counts').textContent).toContain('1 binding constraints · 2 outage tickets'),
      { timeout: 5000 },
    );
    // Cancelled tickets are left out by main and neither drawn nor counted; the line says how many.
    expect(screen.getByTestId('map-counts').textContent).toContain('3 Cancelled not drawn');
    const window = { start: DEFAULT_GRID_CHOICE.start, end: DEFAULT_GRID_CHOICE.end };
    expect(state.gridInputs.map((c) => [c.verb, c.input])).toEqual([
      ['map:features', expect.objectContaining({ datasetId: DEFAULT_GRID_CHOICE.datasetId, market: 'pjm', window, limit: 100 })],
      ...state.gridInputs.slice(1).map((c) => [c.verb, c.input]),
    ]);
    expect(state.gridInputs.map((c) => c.verb)).not.toContain('outages:active');
    expect(state.gridInputs[0]!.input).not.toHaveProperty('includeCancelled');
    const layers = screen.getByRole('group', { name: 'Layers' });
    await waitFor(() => expect(within(layers).getAllByText('Synthetic')).toHaveLength(2));
    expect(layers.textContent).toContain('1 of 2 tickets are synthetic');
    await waitFor(() => expect(seen.props?.rows?.runs.count).toBe(2));
    expect(seen.props?.rows?.equipment.count).toBe(2);
  });

  it('"Show Cancelled tickets" asks main for them', async () => {
    const { api, state } = createFakeApi({ grid: answers() });
    renderMap(api, at());
    fireEvent.click(await screen.findByLabelText(/Show\s+Cancelled tickets/));
    await waitFor(() =>
      expect(state.gridInputs.filter((c) => c.verb === 'map:features').at(-1)!.input).toMatchObject({ includeCancelled: true }),
    );
    await waitFor(() => expect(screen.getByTestId('map-counts').textContent).not.toContain('Cancelled not drawn'));
  });

  it('keeps an outage filter in the address, and a step keeps it', async () => {
    const { api } = createFakeApi({ grid: answers() });
    renderMap(api, at({ t: '2024-09-02T11:00:00Z' }));
    const filters = await screen.findByTestId('outage-filters');
    const zone = within(filters).getByLabelText('Zone');
    await waitFor(() =>
      expect(
        within(zone)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['Any', 'FE']),
    );
    fireEvent.change(zone, { target: { value: 'FE' } });
    const param = (name: string) => new URLSearchParams(window.location.hash.split('?')[1]).get(name);
    await waitFor(() => expect(param('zone')).toBe('FE'));
    expect(seen.props?.filterVersion).toContain('"zone":"FE"');
    const kept = seen.props?.included;
    fireEvent.change(screen.getByLabelText('Step'), { target: { value: '1d' } });
    await waitFor(() => expect(param('step')).toBe('1d'));
    expect(param('zone')).toBe('FE');
    // The rows the filter keeps are not computed again (nor sent to the GPU again) when only the time moves.
    expect(seen.props?.included).toBe(kept);
    fireEvent.click(within(filters).getByRole('button', { name: 'Clear outage filters' }));
    await waitFor(() => expect(param('zone')).toBeNull());
  });

  it('moves the shown window with the step buttons (a day is a market day) and keeps t and step in the address', async () => {
    const { api } = createFakeApi({ grid: answers() });
    renderMap(api, at({ t: '2024-09-02T11:00:00Z' }));
    await screen.findByTestId('map-counts');
    expect(seen.props?.window).toEqual({ start: Date.parse('2024-09-02T11:00:00Z'), end: Date.parse('2024-09-02T12:00:00Z') });
    fireEvent.change(screen.getByLabelText('Step'), { target: { value: '1d' } });
    fireEvent.click(screen.getByRole('button', { name: 'Step forward' }));
    // A day is a market day: from 11:00Z (07:00 EDT) on Sep 2, one day on is Sep 3 00:00 EDT to Sep 4 00:00 EDT.
    await waitFor(() => expect(tParam()).toBe('2024-09-03T04:00:00Z'));
    expect(window.location.hash).toContain('step=1d');
    expect(seen.props?.window).toEqual({ start: Date.parse('2024-09-03T04:00:00Z'), end: Date.parse('2024-09-04T04:00:00Z') });
    expect(screen.getByRole('slider', { name: 'Time' }).getAttribute('aria-valuetext')).toBe(
      '2024-09-03 00:00 → 2024-09-04 00:00 EDT',
    );
    expect((screen.getByRole('button', { name: 'Step forward' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('All times'));
    await waitFor(() => expect(seen.props?.window).toBeNull());
    expect(window.location.hash).toContain('all=1');
  });

  it('?constraint= selects it: the panel has its facts and links, the map its geometry', async () => {
    const { api } = createFakeApi({ grid: answers() });
    renderMap(api, at({ constraint: 'c-1' }));
    // Until the binding answer arrives the panel names the id only; then the constraint's facts.
    await waitFor(
      () =>
        expect(within(screen.getByTestId('map-selection')).getByRole('heading', { name: 'DRESD-935 KEND 345 KV' })).toBeTruthy(),
      {
        timeout: 5000,
      },
    );
    const panel = screen.getByTestId('map-selection');
    expect(panel.getAttribute('data-constraint-id')).toBe('c-1');
    expect(within(panel).getByRole('link', { name: 'Open details' }).getAttribute('href')).toMatch(/^#\/constraints\/c-1\?/);
    expect(within(panel).getByRole('link', { name: 'Show in constraints table' }).getAttribute('href')).toContain('selected=c-1');
    // No t in the address: the slider opens at the hour of the constraint's peak run (04:15Z → the hour from 04:00Z).
    expect(seen.props?.window?.start).toBe(Date.parse('2024-09-02T04:00:00Z'));
    expect(seen.props?.constraintHalo).toHaveLength(1);
    expect(seen.props?.fit).not.toBeNull();
  });

  it('a picked outage opens its facts and the constraints it overlapped', async () => {
    const grid = answers();
    grid['overlap:forOutage'] = () => ({
      ticket: null,
      distanceKm: 50,
      allocation: 'equal',
      constraints: [
        {
          constraint_gs_entity_id: 'c-1',
          constraint_name: 'DRESD-935 KEND 345 KV',
          distance_km: 12.3,
          overlapping_intervals: 2,
          congestion_cost: 4071.5158333333325,
          peak_abs_shadow_price: 45.27,
          allocated_cost: 1017.88,
          lift: 2.5,
        },
      ],
      truncated: false,
      synthetic: [],
    });
    const { api, state } = createFakeApi({ grid });
    renderMap(api, at());
    await screen.findByTestId('map-counts');
    await waitFor(() => expect(seen.props?.rows?.equipment.lines.length).toBeGreaterThan(0));
    seen.props!.onPick({ kind: 'outage', ticket: 9000001, row: 0 });
    await waitFor(() => expect(screen.getByTestId('map-selection').getAttribute('data-ticket')).toBe('9000001'));
    const panel = screen.getByTestId('map-selection');
    expect(panel.textContent).toContain('Synthetic ticket');
    await waitFor(() => expect(within(panel).getByTestId('map-overlap-list').textContent).toContain('DRESD-935 KEND 345 KV'));
    // The cost reads as on the constraint's detail page: the vocabulary's label, value and unit.
    expect(within(panel).getByTestId('map-overlap-list').textContent).toContain(
      '12.3 km · 2 intervals · Congestion while out 4,071.52 $/MW',
    );
    expect(state.gridInputs).toContainEqual({
      verb: 'overlap:forOutage',
      input: expect.objectContaining({ ticket: 9000001, distanceKm: 50 }),
    });
    // The overlapped constraint and the ticket's equipment are haloed.
    await waitFor(() => expect(seen.props?.constraintHalo).toHaveLength(1));
    expect(seen.props?.ticketHalo).toHaveLength(1);
  });

  it('the list beside the map selects an outage as a click does, and Escape there clears it', async () => {
    const { api } = createFakeApi({ grid: answers() });
    renderMap(api, at({ all: '1' }));
    const list = await screen.findByRole('list', { name: 'Features in the shown window' }, { timeout: 5000 });
    fireEvent.click(within(list).getByRole('button', { name: /^Outage ticket 724453/ }));
    await waitFor(() => expect(screen.getByTestId('map-selection').getAttribute('data-ticket')).toBe('724453'));
    expect(window.location.hash).toContain('ticket=724453');
    await waitFor(() => expect(seen.props?.ticketHalo).toHaveLength(1));
    fireEvent.keyDown(within(list).getByRole('button', { name: /^Outage ticket 724453/ }), { key: 'Escape' });
    await waitFor(() => expect(window.location.hash).not.toContain('ticket='));
    expect(screen.queryByTestId('map-selection')).toBeNull();
  });

  it('the top-N choice is the limit sent; "All" sends none', async () => {
    const { api, state } = createFakeApi({ grid: answers() });
    renderMap(api, at());
    fireEvent.change(await screen.findByLabelText('Binding constraints drawn'), { target: { value: 'all' } });
    await waitFor(() => expect(window.location.hash).toContain('top=all'));
    await waitFor(() =>
      expect(state.gridInputs.filter((c) => c.verb === 'map:features').at(-1)!.input).not.toHaveProperty('limit'),
    );
  });
});
