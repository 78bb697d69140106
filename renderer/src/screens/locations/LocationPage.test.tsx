// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createFakeApi } from '../../test-support/fakeApi.js';
import { renderApp } from '../../test-support/render.js';
import { DEFAULT_GRID_CHOICE, gridSearch } from '../../features/constraints/gridChoice.js';
import { PAIRS, RT, TC, byConstraint, gridAnswers } from '../../test-support/gridFixtures.js';
import { roundCost } from '../../features/constraints/format.js';
import { sumOf } from './costs.js';
import { indexProgressText } from './LocationPicker.js';
import type { LocationIndexStatus } from '../../../../shared/bridge/grid.js';

afterEach(cleanup);

const WEST = `#/locations/loc-west?${gridSearch({ ...DEFAULT_GRID_CHOICE, datasetId: RT })}`;
const totalOf = (el: HTMLElement) => Number(el.dataset.totalAdjusted);
const optionTexts = () =>
  within(screen.getByRole('listbox'))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('location picker', () => {
  it('searches by name, moves with the arrow keys and opens the picked location', async () => {
    const { api, state } = createFakeApi({ grid: gridAnswers() });
    renderApp(api, '#/locations');
    const picker = await screen.findByTestId('location-picker');
    const input = within(picker).getByRole('combobox', { name: 'Pricing location' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'hub' } });
    await waitFor(() =>
      expect(optionTexts()).toEqual(['Western Hub Hub · PJM', 'Eastern Hub Hub · PJM', 'Houston Hub Hub · ERCOT']),
    );
    expect(state.gridInputs).toContainEqual({ verb: 'locations:list', input: { limit: 30, search: 'hub' } });

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(input.getAttribute('aria-activedescendant')).toBe(within(screen.getByRole('listbox')).getAllByRole('option')[1]!.id);
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(window.location.hash).toMatch(/^#\/locations\/loc-east\?dataset=/));
    await screen.findByTestId('location-detail');
    // The location's name heads the page, above the picker.
    const page = screen.getByTestId('location-page');
    expect(within(page).getByRole('heading', { level: 1 }).textContent).toBe('Eastern Hub');
    expect(within(page).getByTestId('location-facts').textContent).toBe('HubPJM39.7000° N, 75.5000° W');
  });

  it('narrows the search to a market', async () => {
    const { api, state } = createFakeApi({ grid: gridAnswers() });
    renderApp(api, '#/locations');
    const picker = await screen.findByTestId('location-picker');
    const market = within(picker).getByTestId('location-market');
    // The market list comes from the locations Gridscope ships.
    await waitFor(() =>
      expect(
        within(market)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All markets', 'ERCOT', 'PJM']),
    );
    fireEvent.change(market, { target: { value: 'ercot' } });
    const input = within(picker).getByTestId('location-search');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'h' } });
    await waitFor(() => expect(optionTexts()).toEqual(['Houston Hub Hub · ERCOT']));
    await waitFor(() =>
      expect(state.gridInputs).toContainEqual({ verb: 'locations:list', input: { limit: 30, search: 'h', market: 'ercot' } }),
    );
    expect(optionTexts()).toEqual(['Houston Hub Hub · ERCOT']);
  });
});

describe('the index of locations with data', () => {
  it('says how far it is while it builds, then asks for the locations again once it is ready', async () => {
    let status: LocationIndexStatus = { state: 'building', done: 12, total: 74, locations: 2, message: null };
    const { api, state } = createFakeApi({ grid: gridAnswers({ 'locations:index': () => status }) });
    renderApp(api, '#/locations');
    const progress = await screen.findByTestId('location-index');
    expect(progress.textContent).toBe('Finding locations with data… 12 of 74 constraints');
    const lists = () => state.gridInputs.filter((c) => c.verb === 'locations:list').length;
    const before = lists();

    status = { state: 'ready', done: 74, total: 74, locations: 21, message: null };
    await waitFor(() => expect(screen.queryByTestId('location-index')).toBeNull(), { timeout: 3000 });
    await waitFor(() => expect(lists()).toBeGreaterThan(before));
  });

  it('names the building step before the constraint list is read, and shows nothing once ready', () => {
    expect(indexProgressText({ state: 'building', done: 0, total: 0, locations: 0, message: null })).toBe(
      'Finding locations with data…',
    );
    expect(indexProgressText({ state: 'ready', done: 3, total: 3, locations: 5, message: null })).toBeNull();
    // The check of a kept index against the live list, with nothing new to read, says nothing.
    expect(indexProgressText({ state: 'building', done: 74, total: 74, locations: 21, message: null })).toBeNull();
    expect(indexProgressText({ state: 'building', done: 74, total: 76, locations: 21, message: null })).toBe(
      'Finding locations with data… 74 of 76 constraints',
    );
    expect(indexProgressText({ state: 'failed', done: 1, total: 3, locations: 1, message: 'HTTP 503' })).toBeNull();
    expect(indexProgressText(undefined)).toBeNull();
  });
});

describe('constraint costs at a location', () => {
  it('switches between the two groupings; the Σ adjusted cost agrees and the address keeps the grouping', async () => {
    const { api, state } = createFakeApi({ grid: gridAnswers() });
    renderApp(api, WEST);
    const table = await screen.findByTestId('constraint-costs-table');
    expect(table.dataset.group).toBe('constraint');
    expect(within(table).queryByRole('columnheader', { name: /Contingency/ })).toBeNull();
    const byConstraintTotal = totalOf(screen.getByTestId('cost-total'));
    expect(screen.getByTestId('costs-synthetic').textContent).toContain('shift factors and adjusted costs here are synthetic');

    const grouping = screen.getByTestId('cost-grouping');
    fireEvent.click(within(grouping).getByRole('radio', { name: 'By constraint and contingency' }));
    await waitFor(() => expect(screen.getByTestId('constraint-costs-table').dataset.group).toBe('constraint_contingency'));
    const pairsTable = screen.getByTestId('constraint-costs-table');
    expect(within(pairsTable).getAllByRole('row')).toHaveLength(1 + PAIRS.length + 1);
    expect(within(pairsTable).getByRole('columnheader', { name: /Contingency/ })).toBeTruthy();
    const pairTotal = screen.getByTestId('cost-total');
    expect(totalOf(pairTotal)).toBe(byConstraintTotal);
    expect(byConstraintTotal).toBe(roundCost(sumOf(PAIRS.map((p) => p.adjusted_cost))));
    expect(pairTotal.textContent).toContain(`Σ ${byConstraintTotal.toLocaleString('en-US', { minimumFractionDigits: 2 })}`);
    expect(window.location.hash).toContain('group=constraint_contingency');
    expect(state.gridInputs.filter((c) => c.verb === 'locations:constraintCosts').map((c) => c.input)).toEqual([
      expect.objectContaining({ locationId: 'loc-west', datasetId: RT, groupBy: 'constraint' }),
      expect.objectContaining({ locationId: 'loc-west', datasetId: RT, groupBy: 'constraint_contingency' }),
    ]);
  });

  it('counts the costs over the hours chosen from the binding window, and says which hours the table holds', async () => {
    const half = PAIRS.map((p) => ({
      ...p,
      absolute_cost: p.absolute_cost === null ? null : p.absolute_cost / 2,
      adjusted_cost: p.adjusted_cost === null ? null : p.adjusted_cost / 2,
    }));
    const { api, state } = createFakeApi({
      grid: gridAnswers({
        'binding:locationCosts': (input) => ({
          window: {
            ...input.window,
            datasetId: input.datasetId,
            rows: 10,
            limitReached: false,
            fetchedAt: '2026-11-27T12:00:00Z',
            zone: 'US/Eastern',
            peak: 'on_peak',
            synthetic: [],
          },
          rows: input.groupBy === 'constraint' ? byConstraint(half) : half,
          synthetic: ['shift_factor', 'adjusted_cost'],
        }),
      }),
    });
    renderApp(api, WEST);
    await screen.findByTestId('constraint-costs-table');
    const all = totalOf(screen.getByTestId('cost-total'));
    fireEvent.change(screen.getByTestId('peak-filter'), { target: { value: 'on_peak' } });
    await waitFor(() => expect(totalOf(screen.getByTestId('cost-total'))).toBe(roundCost(all / 2)));
    expect(screen.getByTestId('costs-window').textContent).toContain(', On-peak (5x16) hours');
    expect(window.location.hash).toContain('peak=on_peak');
    expect(state.gridInputs.find((c) => c.verb === 'binding:locationCosts')!.input).toMatchObject({
      locationId: 'loc-west',
      datasetId: RT,
      market: 'pjm',
      peak: 'on_peak',
      groupBy: 'constraint',
    });
    // All hours are /v1's own answer again, without asking the window.
    fireEvent.change(screen.getByTestId('peak-filter'), { target: { value: 'all' } });
    await waitFor(() => expect(totalOf(screen.getByTestId('cost-total'))).toBe(all));
    expect(state.gridInputs.filter((c) => c.verb === 'binding:locationCosts')).toHaveLength(1);
  });

  it('lists the top 10 contributors by |adjusted cost|, largest first, each linking to its constraint', async () => {
    const { api } = createFakeApi({ grid: gridAnswers() });
    renderApp(api, WEST);
    const top = await screen.findByTestId('top-contributors');
    const items = within(top).getAllByTestId('contributor');
    const expected = byConstraint(PAIRS)
      .filter((r) => r.adjusted_cost !== null)
      .sort((a, b) => Math.abs(b.adjusted_cost!) - Math.abs(a.adjusted_cost!))
      .slice(0, 10);
    expect(items.map((li) => within(li).getByRole('link').textContent)).toEqual(expected.map((r) => r.constraint_name));
    expect(items.map((li) => Number(li.dataset.adjusted))).toEqual(expected.map((r) => r.adjusted_cost));
    expect(within(items[0]!).getByRole('link').getAttribute('href')).toMatch(/^#\/constraints\/c-10\?dataset=pjm_marginal/);
  });

  it('sorts the table by a column header, largest first on the first click', async () => {
    const { api } = createFakeApi({ grid: gridAnswers() });
    renderApp(api, WEST);
    const table = await screen.findByTestId('constraint-costs-table');
    // Both costs and the shift factor say what they are behind a ? by their headers.
    for (const about of ['Shift factor', 'Absolute cost ($/MW)', 'Adjusted cost ($/MW)'])
      expect(within(table).getByRole('button', { name: `What is ${about}?` })).toBeTruthy();
    fireEvent.click(within(table).getByRole('button', { name: /^Adjusted cost/ }));
    const firstRows = () =>
      within(table)
        .getAllByRole('row')
        .slice(1, 3)
        .map((r) => r.querySelector('a')?.textContent);
    const sorted = byConstraint(PAIRS)
      .filter((r) => r.adjusted_cost !== null)
      .sort((a, b) => a.adjusted_cost! - b.adjusted_cost!);
    await waitFor(() =>
      expect(firstRows()).toEqual(
        sorted
          .slice(-2)
          .reverse()
          .map((r) => r.constraint_name),
      ),
    );
    expect(
      within(table)
        .getByRole('columnheader', { name: /Adjusted cost/ })
        .getAttribute('aria-sort'),
    ).toBe('descending');
    fireEvent.click(within(table).getByRole('button', { name: /^Adjusted cost/ }));
    await waitFor(() => expect(firstRows()).toEqual(sorted.slice(0, 2).map((r) => r.constraint_name)));
  });

  it('shows the service’s refusal of a dataset without shadow prices by the dataset field', async () => {
    const detail = `Dataset ${TC} has no shadow price column. Datasets with shadow prices: ${RT}.`;
    const { api } = createFakeApi({
      grid: gridAnswers(),
      failures: {
        'locations:constraintCosts': {
          code: 'validation',
          status: 400,
          message: `The /v1 server rejected the request (400): ${detail}`,
        },
      },
    });
    renderApp(api, `#/locations/loc-west?${gridSearch({ ...DEFAULT_GRID_CHOICE, datasetId: TC })}`);
    expect((await screen.findByTestId('location-dataset-problem')).textContent).toBe(detail);
    expect(screen.getByTestId('location-dataset').getAttribute('aria-invalid')).toBe('true');
    expect(within(screen.getByTestId('location-costs')).queryByTestId('error-state')).toBeNull();
  });
});

describe('shift factors at a location', () => {
  it('asks with the chosen aggregation and exclude-zeros, and says the values are synthetic', async () => {
    const { api, state } = createFakeApi({ grid: gridAnswers() });
    renderApp(api, WEST);
    const section = await screen.findByTestId('location-shift-factors');
    await waitFor(() => expect(within(section).getAllByRole('row')).toHaveLength(4));
    expect(within(section).getByTestId('shift-factors-synthetic').textContent).toContain('Synthetic');
    fireEvent.change(within(section).getByTestId('sf-aggregation'), { target: { value: 'max' } });
    fireEvent.click(within(section).getByTestId('sf-exclude-zeros'));
    await waitFor(() => expect(within(section).getAllByRole('row')).toHaveLength(3));
    expect(state.gridInputs.filter((c) => c.verb === 'locations:shiftFactors').at(-1)?.input).toEqual(
      expect.objectContaining({ locationId: 'loc-west', datasetId: RT, aggregation: 'max', excludeZeros: true }),
    );
    expect(window.location.hash).toContain('aggregation=max');
    expect(window.location.hash).toContain('zeros=exclude');
  });
});
