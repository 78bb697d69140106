// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createFakeApi } from '../../test-support/fakeApi.js';
import { renderApp } from '../../test-support/render.js';
import {
  CONSTRAINTS,
  boundAnswer,
  boundSummary,
  contingency,
  listAnswer,
  windowInfo,
} from '../../test-support/constraintFixtures.js';

afterEach(cleanup);

let writeText: ReturnType<typeof vi.fn<(text: string) => Promise<void>>>;
beforeEach(() => {
  writeText = vi.fn(async (_text: string) => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

const COST = 'Real-time absolute cost ($/MW)';
const names = () => screen.getAllByTestId('constraint-row').map((r) => within(r).getByTestId('constraint-link').textContent);
const header = (name: string) => screen.getByRole('button', { name });
const sortOf = (name: string) => header(name).closest('th')!.getAttribute('aria-sort');
const line = (m: string) =>
  [...screen.getByTestId('market-totals').querySelectorAll(`tr[data-market="${m}"] > *`)].map((c) => c.textContent);

function setup(hash = '#/constraints') {
  const fake = createFakeApi({ grid: { 'constraints:list': listAnswer, 'binding:constraints': boundAnswer } });
  renderApp(fake.api, hash);
  return fake;
}

describe('Constraints page', () => {
  it('shows the constraints that bound in the window first, highest absolute cost first; a switch shows all', async () => {
    const { state } = setup();
    await screen.findByTestId('constraints-table');
    // The list is asked without costs (one answer for every window); the figures come from the binding window.
    const inputs = (verb: string) =>
      state.gridInputs
        .filter((c) => c.verb === verb)
        .map(({ input }) => {
          const { requestId: _id, ...rest } = input as { requestId?: string };
          return rest;
        });
    expect(inputs('constraints:list')).toEqual([{}]);
    expect(inputs('binding:constraints')[0]).toEqual({
      datasetId: 'pjm_marginal_value_real_time_5_min',
      market: 'pjm',
      window: { start: '2024-09-02T04:00:00Z', end: '2024-09-04T04:00:00Z' },
      peak: 'all',
    });
    expect(sortOf(COST)).toBe('descending');
    expect(names()).toEqual(['CHESWICK138 KV CHE-LF53', 'BEDINGTON-BLACKOAK 500 KV', 'AMEREN FLOWGATE 1']);
    expect(screen.getByTestId('bound-summary').textContent).toMatch(/^3 of 4 constraints bound in Real-time/);
    // First and last binding interval in the window, in market time with its zone.
    const row = screen.getAllByTestId('constraint-row')[0]!;
    expect(row.textContent).toContain('2024-09-02 00:05 EDT');
    expect(header('First binding interval (EPT)')).toBeTruthy();
    expect(header('Binding hours (h)')).toBeTruthy();
    expect(header('Peak |shadow price| ($/MWh)')).toBeTruthy();

    fireEvent.click(screen.getByTestId('only-bound'));
    await waitFor(() => expect(names()).toHaveLength(4));
    expect(window.location.hash).toContain('all=1');
    expect(names().at(-1)).toBe('Turkey Hill - Hilgard 138 kV'); // no cost: last
    fireEvent.click(header(COST));
    expect(sortOf(COST)).toBe('ascending');
    expect(names()).toEqual([
      'AMEREN FLOWGATE 1',
      'BEDINGTON-BLACKOAK 500 KV',
      'CHESWICK138 KV CHE-LF53',
      'Turkey Hill - Hilgard 138 kV', // still last
    ]);
    fireEvent.click(header('Constraint'));
    expect(names()[0]).toBe('AMEREN FLOWGATE 1');
  });

  it('counts only the hours chosen, and splits the costs so that the split columns add up to the whole', async () => {
    const { state } = setup('#/constraints?split=on_off');
    await screen.findByTestId('constraints-table');
    expect(line('pjm')).toEqual(['', 'Total, 2 constraints bound', 'PJM', '', '', '', '', '1,620.75', '620.50', '1,000.25']);
    fireEvent.change(screen.getByTestId('peak-filter'), { target: { value: 'on_peak' } });
    await waitFor(() => expect(line('pjm')[7]).toBe('620.50'));
    expect(line('pjm')).toEqual(['', 'Total, 2 constraints bound', 'PJM', '', '', '', '', '620.50', '620.50', '0.00']);
    expect(names()).toEqual(['CHESWICK138 KV CHE-LF53', 'BEDINGTON-BLACKOAK 500 KV']); // MISO's cost is all 7x8
    expect(window.location.hash).toContain('peak=on_peak');
    expect(state.gridInputs.filter((c) => c.verb === 'binding:constraints').at(-1)!.input).toMatchObject({ peak: 'on_peak' });
    expect(screen.getByTestId('bound-summary').textContent).toContain('on-peak (5x16) hours only');
    fireEvent.change(screen.getByTestId('cost-split'), { target: { value: 'buckets' } });
    expect(header('2x16 cost ($/MW)')).toBeTruthy();
    expect(header('7x8 cost ($/MW)')).toBeTruthy();
  });

  it('links each constraint to its detail with the same window and hours, and totals each market', async () => {
    setup('#/constraints?start=2023-11-05T04:00:00Z&end=2023-11-07T05:00:00Z&peak=off_peak');
    await screen.findByTestId('constraints-table');
    const link = screen.getAllByTestId('constraint-link').find((a) => a.textContent === 'CHESWICK138 KV CHE-LF53')!;
    expect(link.getAttribute('href')).toBe(
      '#/constraints/c-ches?dataset=pjm_marginal_value_real_time_5_min&market=pjm&start=2023-11-05T04%3A00%3A00Z&end=2023-11-07T05%3A00%3A00Z&peak=off_peak',
    );
    // The November sample's market days (EDT, then EST after the fall-back day), shown in market time.
    expect(screen.getByRole('button', { name: 'Sample: Nov 5–6, 2023' }).getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByTestId('window-start') as HTMLInputElement).value).toBe('2023-11-05 00:00');
    expect((screen.getByTestId('window-end') as HTMLInputElement).value).toBe('2023-11-07 00:00');
    expect(screen.getByText('Start (EDT)')).toBeTruthy();
    expect(screen.getByText('End (EST, exclusive)')).toBeTruthy();
    // One total per market in the table's foot, under the market and cost columns.
    expect(line('pjm')).toEqual(['', 'Total, 1 constraint bound', 'PJM', '', '', '', '', '1,000.25']);
    expect(line('miso')).toEqual(['', 'Total, 1 constraint bound', 'MISO', '', '', '', '', '10.00']);
    fireEvent.change(screen.getByTestId('market-filter'), { target: { value: 'miso' } });
    expect(names()).toEqual(['AMEREN FLOWGATE 1']);
    expect(screen.getByTestId('market-totals').querySelectorAll('tr')).toHaveLength(1);
    expect(window.location.hash).toContain('markets=miso');
  });

  it('hides a column from the menu and pins another; the Constraint column starts pinned, seen-ever columns hidden', async () => {
    setup();
    await screen.findByTestId('constraints-table');
    expect(header('Constraint').closest('th')!.className).toContain('cs-pinned');
    expect(screen.queryByRole('button', { name: 'Last seen (EPT)' })).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Last seen (EPT)' }));
    expect(header('Last seen (EPT)')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Binding hours (h)' }));
    expect(screen.queryByRole('button', { name: 'Binding hours (h)' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Constraint' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Pin Market' }));
    const heads = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(heads.slice(1, 3)).toEqual(['Constraint', 'Market']);
    expect(header('Market').closest('th')!.className).toContain('cs-pinned-last');
    fireEvent.click(screen.getByRole('button', { name: 'Unpin Constraint' }));
    expect(header('Constraint').closest('th')!.className).not.toContain('cs-pinned');
  });

  it('copies selected rows and all rows as TSV in the shown order and columns, times in market time', async () => {
    setup('#/constraints?all=1');
    await screen.findByTestId('constraints-table');
    for (const hide of ['First binding interval (EPT)', 'Last binding interval (EPT)', 'Peak |shadow price| ($/MWh)'])
      fireEvent.click(screen.getByRole('checkbox', { name: hide })); // hidden columns are not copied
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Turkey Hill - Hilgard 138 kV' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select CHESWICK138 KV CHE-LF53' }));
    fireEvent.click(screen.getByRole('button', { name: 'Copy selected' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    expect(writeText.mock.calls[0]![0]).toBe(
      [
        'constraint_name\tmarket_id\tbinding_hours\trt_absolute_cost',
        'CHESWICK138 KV CHE-LF53\tPJM\t1.00\t1500.25',
        'Turkey Hill - Hilgard 138 kV\tPJM\t\t',
      ].join('\n'),
    );
    expect(screen.getByTestId('copy-notice').textContent).toBe('Copied 2 rows × 4 columns.');
    fireEvent.click(screen.getByRole('button', { name: 'Copy all' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(2));
    expect(writeText.mock.calls[1]![0].split('\n')).toHaveLength(CONSTRAINTS.length + 1);
  });

  it('highlights the constraint selected on the map and scrolls it into view', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    setup('#/constraints?selected=c-bed');
    await screen.findByTestId('constraints-table');
    const row = document.querySelector('tr[data-constraint-id="c-bed"]')!;
    expect(row.className).toContain('cs-highlight');
    expect(row.getAttribute('aria-current')).toBe('true');
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.contexts[0]).toBe(row);
  });

  it('sends the search after typing pauses and keeps it in the address', async () => {
    const { state } = setup();
    await screen.findByTestId('constraints-table');
    fireEvent.change(screen.getByTestId('constraints-search'), { target: { value: 'ches' } });
    await waitFor(() => expect(names()).toEqual(['CHESWICK138 KV CHE-LF53']));
    const searched = state.gridInputs
      .filter((c) => c.verb === 'constraints:list')
      .map((c) => (c.input as { search?: string }).search);
    expect(searched).toEqual([undefined, 'ches']); // one call for the pause, not one per keystroke
    expect(window.location.hash).toContain('q=ches');
  });

  it('shows the contingencies that bound with their costs, each opening its view; the switch shows all', async () => {
    const fake = createFakeApi({
      grid: {
        'constraints:list': listAnswer,
        'constraints:contingencies': () => [
          contingency({ gs_entity_id: 'k1', contingency_name: 'BASE CASE', latest_seen_utc: '2024-09-04T03:55:00+00:00' }),
          contingency({
            gs_entity_id: 'k2',
            contingency_name: 'Prairie State-W Mt. Vernon 345',
            latest_seen_utc: '2023-11-07T05:00:00+00:00',
          }),
        ],
        'binding:constraints': boundAnswer,
        'binding:contingencies': (input) => ({
          window: windowInfo(input),
          contingencies: [
            {
              contingency_gs_entity_id: 'k1',
              contingency_name: 'BASE CASE',
              constraints: 2,
              peak_intervals: null,
              ...boundSummary({ on_peak: 600, '2x16': 0, '7x8': 20 })!,
            },
          ],
        }),
      },
    });
    renderApp(fake.api, '#/constraints?tab=contingencies');
    const table = await screen.findByTestId('contingencies-table');
    const rowNames = () =>
      within(table)
        .getAllByTestId('contingency-row')
        .map((r) => (r as HTMLTableRowElement).cells[1]!.textContent);
    expect(rowNames()).toEqual(['BASE CASE']);
    const link = within(table).getByTestId('contingency-link');
    expect(link.getAttribute('href')).toBe(
      '#/contingencies/k1?dataset=pjm_marginal_value_real_time_5_min&market=pjm&start=2024-09-02T04%3A00%3A00Z&end=2024-09-04T04%3A00%3A00Z',
    );
    expect(line('pjm')).toEqual(['', 'Total, 1 contingency bound', 'PJM', '', '', '', '', '', '620.00']);
    expect(header('Constraints bound')).toBeTruthy();
    fireEvent.click(screen.getByTestId('only-bound'));
    await waitFor(() => expect(rowNames()).toEqual(['BASE CASE', 'Prairie State-W Mt. Vernon 345']));
    // Neither the constraint list nor a sample of it is asked for on this tab: two requests, not four.
    expect(fake.state.gridInputs.map((c) => c.verb).sort()).toEqual(['binding:contingencies', 'constraints:contingencies']);
    expect(fake.state.calls).not.toContain('datasets:list');
    fireEvent.click(screen.getByRole('tab', { name: 'Constraints' }));
    expect(await screen.findByTestId('constraints-table')).toBeTruthy();
  });

  it('says what went wrong when the list or the binding rows cannot be read', async () => {
    const fake = createFakeApi({ failures: { 'constraints:list': { code: 'network', message: 'connect ECONNREFUSED' } } });
    renderApp(fake.api, '#/constraints');
    const alert = await screen.findByTestId('error-state');
    expect(alert.textContent).toContain('Could not load the constraints');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
    cleanup();
    const bound = createFakeApi({
      grid: { 'constraints:list': listAnswer },
      failures: { 'binding:constraints': { code: 'not_found', status: 404, message: 'Dataset nope not found' } },
    });
    renderApp(bound.api, '#/constraints?dataset=nope');
    expect((await screen.findByTestId('error-state')).textContent).toContain('Could not load the binding rows of the window');
  });
});
