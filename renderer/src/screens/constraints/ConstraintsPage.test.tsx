// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createFakeApi } from '../../test-support/fakeApi.js';
import { renderApp } from '../../test-support/render.js';
import { CONSTRAINTS, contingency, listAnswer } from '../../test-support/constraintFixtures.js';

afterEach(cleanup);

let writeText: ReturnType<typeof vi.fn<(text: string) => Promise<void>>>;
beforeEach(() => {
  writeText = vi.fn(async (_text: string) => undefined);
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
});

const names = () => screen.getAllByTestId('constraint-row').map((r) => within(r).getByTestId('constraint-link').textContent);
const header = (name: string) => screen.getByRole('button', { name });
const sortOf = (name: string) => header(name).closest('th')!.getAttribute('aria-sort');

function setup(hash = '#/constraints') {
  const fake = createFakeApi({ grid: { 'constraints:list': listAnswer } });
  renderApp(fake.api, hash);
  return fake;
}

describe('Constraints page', () => {
  it('asks for costs over the default window and sorts by RT absolute cost, nulls last both ways', async () => {
    const { state } = setup();
    await screen.findByTestId('constraints-table');
    expect(state.gridInputs[0]).toEqual({
      verb: 'constraints:list',
      input: expect.objectContaining({ costWindow: { start: '2024-09-02T00:00:00Z', end: '2024-09-04T00:00:00Z' } }),
    });
    // The service's order: highest RT cost first, no cost last.
    expect(sortOf('Real-time absolute cost ($/MW)')).toBe('descending');
    expect(names()).toEqual([
      'CHESWICK138 KV CHE-LF53',
      'BEDINGTON-BLACKOAK 500 KV',
      'AMEREN FLOWGATE 1',
      'Turkey Hill - Hilgard 138 kV',
    ]);
    fireEvent.click(header('Real-time absolute cost ($/MW)'));
    expect(sortOf('Real-time absolute cost ($/MW)')).toBe('ascending');
    expect(names()).toEqual([
      'AMEREN FLOWGATE 1',
      'BEDINGTON-BLACKOAK 500 KV',
      'CHESWICK138 KV CHE-LF53',
      'Turkey Hill - Hilgard 138 kV',
    ]);
    fireEvent.click(header('Day-ahead absolute cost ($/MW)')); // first click on a cost: highest first
    expect(sortOf('Day-ahead absolute cost ($/MW)')).toBe('descending');
    expect(sortOf('Real-time absolute cost ($/MW)')).toBe('none');
    expect(names().at(-1)).toBe('AMEREN FLOWGATE 1');
    fireEvent.click(header('Constraint'));
    expect(names()[0]).toBe('AMEREN FLOWGATE 1');
  });

  it('links each constraint to its detail with the same window, and totals each market', async () => {
    setup('#/constraints?start=2023-11-05T00:00:00Z&end=2023-11-08T00:00:00Z');
    await screen.findByTestId('constraints-table');
    const link = screen.getAllByTestId('constraint-link').find((a) => a.textContent === 'CHESWICK138 KV CHE-LF53')!;
    expect(link.getAttribute('href')).toBe(
      '#/constraints/c-ches?dataset=pjm_marginal_value_real_time_5_min&market=pjm&start=2023-11-05T00%3A00%3A00Z&end=2023-11-08T00%3A00%3A00Z',
    );
    expect(screen.getByRole('button', { name: 'Nov 5–8, 2023' }).getAttribute('aria-pressed')).toBe('true');
    // One total per market in the table's foot, under the market and cost columns.
    const line = (m: string) =>
      [...screen.getByTestId('market-totals').querySelectorAll(`tr[data-market="${m}"] > *`)].map((c) => c.textContent);
    expect(line('pjm')).toEqual(['', 'Total, 3 constraints', 'PJM', '', '', '', '1,620.75', '152.79']);
    expect(line('miso')).toEqual(['', 'Total, 1 constraint', 'MISO', '', '', '', '10.00', '—']);
    fireEvent.change(screen.getByTestId('market-filter'), { target: { value: 'miso' } });
    expect(names()).toEqual(['AMEREN FLOWGATE 1']);
    expect(screen.getByTestId('market-totals').querySelectorAll('tr')).toHaveLength(1);
    expect(window.location.hash).toContain('markets=miso');
  });

  it('hides a column from the menu and pins another; the Constraint column starts pinned', async () => {
    setup();
    await screen.findByTestId('constraints-table');
    expect(header('Constraint').closest('th')!.className).toContain('cs-pinned');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Day-ahead absolute cost ($/MW)' }));
    expect(screen.queryByRole('button', { name: 'Day-ahead absolute cost ($/MW)' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Constraint' })).toHaveProperty('disabled', true);
    fireEvent.click(screen.getByRole('button', { name: 'Pin Market' }));
    const heads = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(heads.slice(1, 3)).toEqual(['Constraint', 'Market']);
    expect(header('Market').closest('th')!.className).toContain('cs-pinned-last');
    fireEvent.click(screen.getByRole('button', { name: 'Unpin Constraint' }));
    expect(header('Constraint').closest('th')!.className).not.toContain('cs-pinned');
  });

  it('copies selected rows and all rows as TSV in the shown order and columns', async () => {
    setup();
    await screen.findByTestId('constraints-table');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Datasets' })); // hide a column: not copied
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Turkey Hill - Hilgard 138 kV' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select CHESWICK138 KV CHE-LF53' }));
    fireEvent.click(screen.getByRole('button', { name: 'Copy selected' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    expect(writeText.mock.calls[0]![0]).toBe(
      [
        'constraint_name\tmarket_id\tearliest_seen_utc\tlatest_seen_utc\trt_absolute_cost\tda_absolute_cost',
        'CHESWICK138 KV CHE-LF53\tPJM\t2023-11-05 04:00:00\t2024-09-04 03:55:00\t1500.25\t14.01',
        'Turkey Hill - Hilgard 138 kV\tPJM\t2023-11-05 04:00:00\t2024-09-04 03:55:00\t\t58.78',
      ].join('\n'),
    );
    expect(screen.getByTestId('copy-notice').textContent).toBe('Copied 2 rows × 6 columns.');
    fireEvent.click(screen.getByRole('button', { name: 'Copy all' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(2));
    expect(writeText.mock.calls[1]![0].split('\n')).toHaveLength(CONSTRAINTS.length + 1);
    fireEvent.click(screen.getByRole('button', { name: 'Copy all with full precision' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(3));
    expect(screen.getByTestId('copy-notice').textContent).toBe(
      `Copied ${CONSTRAINTS.length} rows × 6 columns with full precision.`,
    );
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

  it('shows the contingencies tab, sortable and copyable', async () => {
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
      },
    });
    renderApp(fake.api, '#/constraints?tab=contingencies');
    const table = await screen.findByTestId('contingencies-table');
    const rowNames = () =>
      within(table)
        .getAllByTestId('contingency-row')
        .map((r) => (r as HTMLTableRowElement).cells[1]!.textContent);
    expect(rowNames()).toEqual(['BASE CASE', 'Prairie State-W Mt. Vernon 345']);
    fireEvent.click(screen.getByRole('button', { name: 'Last seen (UTC)' }));
    expect(rowNames()).toEqual(['Prairie State-W Mt. Vernon 345', 'BASE CASE']);
    // No costs are asked for on this tab (the one list call is the shared sample that names the datasets).
    const lists = fake.state.gridInputs.filter((c) => c.verb === 'constraints:list');
    expect(lists.map((c) => 'costWindow' in (c.input as object))).toEqual([false]);
    fireEvent.click(screen.getByRole('tab', { name: 'Constraints' }));
    expect(await screen.findByTestId('constraints-table')).toBeTruthy();
  });

  it('says what went wrong when the list cannot be read', async () => {
    const fake = createFakeApi({ failures: { 'constraints:list': { code: 'network', message: 'connect ECONNREFUSED' } } });
    renderApp(fake.api, '#/constraints');
    const alert = await screen.findByTestId('error-state');
    expect(alert.textContent).toContain('Could not load the constraints');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
