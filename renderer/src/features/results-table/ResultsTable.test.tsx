// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { PullRecord } from '../../../../shared/bridge/contract.js';
import { AppProviders } from '../../AppProviders.js';
import { createFakeApi } from '../../test-support/fakeApi.js';
import { finishPull, seedPull } from '../../test-support/fakeWorkspace.js';
import { TEST_COLUMNS, TEST_QUERY, stubTableViewport, testRows } from '../../test-support/pullRows.js';
import { ResultsTable } from './ResultsTable.js';
import { ROW_HEIGHT, SETTLE_MS } from './useVirtualRows.js';
import type { TableView } from '../../../../shared/bridge/workspace.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const KEYS = new Set(['interval_start_utc', 'monitored_facility', 'point_id']);

/** Renders a pull of `n` test rows; `prepare` sets the fake workspace up first. */
function setup(n = 1000, zone = 'UTC', prepare?: (state: ReturnType<typeof createFakeApi>['state']) => void) {
  stubTableViewport();
  const { api, state } = createFakeApi();
  prepare?.(state);
  const { record } = seedPull(state.workspace, TEST_QUERY, { columns: TEST_COLUMNS, rows: testRows(n) });
  let view: TableView = { sort: [], filters: [] };
  const ui = (pull: PullRecord) => (
    <AppProviders api={api}>
      <ResultsTable
        pull={pull}
        view={view}
        onViewChange={(v) => {
          view = v;
          result.rerender(ui(pull));
        }}
        zone={zone}
        keyColumns={KEYS}
        timeColumn="interval_start_utc"
      />
    </AppProviders>
  );
  const result = render(ui(record));
  return { state, record, view: () => view, lastRead: () => state.workspace.rowsInputs.at(-1) };
}

const rowCells = (i: number) =>
  [
    ...screen
      .getAllByTestId('result-row')
      .find((r) => r.getAttribute('aria-rowindex') === String(i + 2))!
      .querySelectorAll('td'),
  ].map((td) => td.textContent);
const firstRowShown = () => waitFor(() => expect(rowCells(0)[0]).not.toBe(''));

describe('results table: paging from the workspace', () => {
  it('reads only the first block of 200 rows for the first screen, and counts the pull', async () => {
    const { state } = setup(1000);
    await waitFor(() => expect(screen.getByTestId('result-count').textContent).toContain('1,000 rows'));
    expect(state.workspace.rowsInputs).toEqual([{ pullId: 1, offset: 0, limit: 200, countLater: true, sort: [], filters: [] }]);
    const rows = screen.getAllByTestId('result-row');
    expect(rows.length).toBeGreaterThan(15);
    expect(rows.length).toBeLessThan(60);
    expect(screen.getByTestId('results-table').getAttribute('aria-rowcount')).toBe('1001');
  });

  it('a review read from its files shows its first rows before its count, then asks the count alone', async () => {
    let release = (): void => undefined;
    const { state } = setup(1000, 'UTC', (s) => {
      s.workspace.deferCounts = true;
      s.workspace.countGate = new Promise<void>((resolve) => (release = resolve));
    });
    await firstRowShown();
    await waitFor(() => expect(screen.getByTestId('result-count').textContent).toMatch(/^200\+ rows, counting…/));
    expect(screen.getByTestId('results-table').getAttribute('aria-rowcount')).toBe('201');
    await waitFor(() => expect(state.workspace.rowsInputs.at(-1)).toMatchObject({ offset: 0, limit: 0 }));
    act(() => release());
    await waitFor(() => expect(screen.getByTestId('result-count').textContent).toMatch(/^1,000 rows ·/));
    expect(screen.getByTestId('results-table').getAttribute('aria-rowcount')).toBe('1001');
    // The count is asked once; the first block is not read again for it.
    expect(state.workspace.rowsInputs.filter((r) => r.limit === 0)).toHaveLength(1);
    expect(state.workspace.rowsInputs.filter((r) => r.offset === 0 && r.limit === 200)).toHaveLength(1);
  });

  it('scrolled to row 5,000 of 10,000, it reads the block there (not the rows in between)', async () => {
    const { state } = setup(10_000);
    await firstRowShown();
    const scroller = document.querySelector('.results-scroll') as HTMLElement;
    vi.spyOn(scroller, 'scrollTop', 'get').mockReturnValue(5000 * ROW_HEIGHT);
    fireEvent.scroll(scroller);
    await waitFor(() => expect(rowCells(5000)[3]).toBe('17345'));
    const offsets = state.workspace.rowsInputs.map((r) => r.offset);
    expect(offsets).toContain(5000);
    expect(offsets.every((o) => o === 0 || (o! >= 4800 && o! <= 5000))).toBe(true);
  });
});

describe('results table: fast scrolling', () => {
  it('a fling across the table reads only where it stops; a short scroll reads at once', async () => {
    const { state } = setup(100_000);
    await firstRowShown();
    const scroller = document.querySelector('.results-scroll') as HTMLElement;
    const top = vi.spyOn(scroller, 'scrollTop', 'get');
    const reads = () => state.workspace.rowsInputs.map((r) => r.offset);
    // Passing rows 20,000, 40,000 and 60,000 one frame each, then resting at 80,000. The fling's clock is a fake
    // one, so a loaded machine rendering slowly between two scroll events does not make the fling look like a rest.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      for (const row of [20_000, 40_000, 60_000, 80_000]) {
        top.mockReturnValue(row * ROW_HEIGHT);
        act(() => void fireEvent.scroll(scroller));
        act(() => void vi.advanceTimersByTime(16));
      }
      act(() => void vi.advanceTimersByTime(SETTLE_MS));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(rowCells(80_000)[0]).not.toBe(''));
    expect(reads().filter((o) => o! > 0 && o! < 79_000)).toEqual([]);
    // A few rows further down is within reach: its block is read without waiting to settle.
    const before = reads().length;
    top.mockReturnValue(80_190 * ROW_HEIGHT);
    act(() => void fireEvent.scroll(scroller));
    await waitFor(() => expect(reads().length).toBeGreaterThan(before));
    expect(reads().at(-1)).toBe(80_200);
  });
});

describe('results table: row numbers, keys and go to row', () => {
  it('numbers each row in a gutter; End shows the last row, Home the first, Page Down a page further', async () => {
    const { state } = setup(10_000);
    await firstRowShown();
    const numberOf = (i: number) =>
      screen
        .getAllByTestId('result-row')
        .find((r) => r.getAttribute('aria-rowindex') === String(i + 2))!
        .querySelector('th')!.textContent;
    expect(numberOf(0)).toBe('1');
    const scroller = document.querySelector('.results-scroll') as HTMLElement;
    fireEvent.keyDown(scroller, { key: 'End', ctrlKey: true });
    await waitFor(() => expect(rowCells(9_999)[3]).toBe('22344'));
    expect(numberOf(9_999)).toBe('10,000');
    expect(state.workspace.rowsInputs.at(-1)).toMatchObject({ offset: 9_800 });
    fireEvent.keyDown(scroller, { key: 'Home' });
    await waitFor(() => expect(rowCells(0)[3]).toBe('12345'));
    // 560 px less the header hold 20 rows: a page moves 19, keeping one row of context.
    fireEvent.keyDown(scroller, { key: 'PageDown' });
    await waitFor(() => expect(screen.getAllByTestId('result-row')[0]!.getAttribute('aria-rowindex')).toBe(String(19 - 12 + 2)));
  });

  it('goes to a row typed with thousands separators and selects it; says which rows exist otherwise', async () => {
    setup(10_000);
    await firstRowShown();
    const input = screen.getByTestId('go-to-row-input');
    fireEvent.change(input, { target: { value: '10,001' } });
    fireEvent.submit(screen.getByTestId('go-to-row'));
    expect(screen.getByTestId('go-to-row-error').textContent).toBe('There is no row 10,001: type a row number from 1 to 10,000.');
    fireEvent.change(input, { target: { value: '7,500' } });
    expect(screen.queryByTestId('go-to-row-error')).toBeNull();
    fireEvent.submit(screen.getByTestId('go-to-row'));
    await waitFor(() => expect(rowCells(7_499)[3]).toBe('19844'));
    const row = screen.getAllByTestId('result-row').find((r) => r.getAttribute('aria-rowindex') === '7501')!;
    expect(row.querySelectorAll('td.selected')).toHaveLength(5);
    expect(document.activeElement).toBe(document.querySelector('.results-scroll'));
  });
});

describe('results table: sort and filters in SQL', () => {
  it('a header click sorts ascending, again descending; Shift-click adds a second key', async () => {
    const { lastRead } = setup();
    await firstRowShown();
    fireEvent.click(screen.getByTestId('sort-shadow_price'));
    await waitFor(() => expect(lastRead()?.sort).toEqual([{ column: 'shadow_price', desc: false }]));
    expect(lastRead()?.offset).toBe(0);
    await waitFor(() => expect(rowCells(0)[2]).toBe('-1,248.75'));
    fireEvent.click(screen.getByTestId('sort-shadow_price'));
    await waitFor(() => expect(lastRead()?.sort).toEqual([{ column: 'shadow_price', desc: true }]));
    fireEvent.click(screen.getByTestId('sort-monitored_facility'), { shiftKey: true });
    await waitFor(() =>
      expect(lastRead()?.sort).toEqual([
        { column: 'shadow_price', desc: true },
        { column: 'monitored_facility', desc: false },
      ]),
    );
    expect(screen.getByTestId('sort-monitored_facility').textContent).toContain('2');
  });

  it('a column filter (operator + value) goes to main as typed values; the count says what it was filtered from', async () => {
    const { lastRead, view } = setup();
    await firstRowShown();
    fireEvent.click(screen.getByTestId('filter-shadow_price'));
    const popover = screen.getByTestId('filter-popover');
    fireEvent.change(within(popover).getByTestId('filter-op'), { target: { value: '>' } });
    fireEvent.change(within(popover).getByTestId('filter-value-input'), { target: { value: 'abc' } });
    fireEvent.click(within(popover).getByTestId('filter-apply'));
    expect(within(popover).getByTestId('filter-problem').textContent).toBe('"abc" is not a number.');
    expect(view().filters).toEqual([]);

    fireEvent.change(within(popover).getByTestId('filter-value-input'), { target: { value: '-10' } });
    fireEvent.click(within(popover).getByTestId('filter-apply'));
    await waitFor(() => expect(lastRead()?.filters).toEqual([{ column: 'shadow_price', op: '>', value: -10 }]));
    // Rows 1–7 (row 0 and 7 have no price) pass: -1.25 … -8.75.
    await waitFor(() => expect(screen.getByTestId('result-count').textContent).toContain('6 rows (filtered from 1,000)'));
    expect(screen.getByTestId('filter-chip').textContent).toContain('Shadow price ($/MWh) > -10.00');

    fireEvent.click(screen.getByTestId('filter-monitored_facility'));
    const second = screen.getByTestId('filter-popover');
    fireEvent.change(within(second).getByTestId('filter-op'), { target: { value: 'in' } });
    fireEvent.change(within(second).getByTestId('filter-value-input'), { target: { value: 'Facility A, Facility B' } });
    fireEvent.click(within(second).getByTestId('filter-apply'));
    await waitFor(() =>
      expect(lastRead()?.filters).toEqual([
        { column: 'shadow_price', op: '>', value: -10 },
        { column: 'monitored_facility', op: 'in', value: ['Facility A', 'Facility B'] },
      ]),
    );
    await waitFor(() => expect(screen.getByTestId('result-count').textContent).toContain('4 rows (filtered from 1,000)'));

    fireEvent.click(screen.getAllByRole('button', { name: /^Remove filter Shadow price/ })[0]!);
    await waitFor(() =>
      expect(lastRead()?.filters).toEqual([{ column: 'monitored_facility', op: 'in', value: ['Facility A', 'Facility B'] }]),
    );
  });

  it('a filter on a *_utc column is read in UTC, as the column shows it, whatever the table’s zone', async () => {
    const { lastRead } = setup(1000, 'America/New_York');
    await firstRowShown();
    expect(rowCells(0)[0]).toBe('2023-11-05 05:00Z');
    fireEvent.click(screen.getByTestId('filter-interval_start_utc'));
    const popover = screen.getByTestId('filter-popover');
    expect(popover.textContent).toContain('Filter Interval start (UTC)');
    expect(popover.textContent).toContain('A date or date-time in UTC');
    fireEvent.change(within(popover).getByTestId('filter-op'), { target: { value: '>=' } });
    fireEvent.change(within(popover).getByTestId('filter-value-input'), { target: { value: '2023-11-05 07:00' } });
    fireEvent.click(within(popover).getByTestId('filter-apply'));
    await waitFor(() =>
      expect(lastRead()?.filters).toEqual([{ column: 'interval_start_utc', op: '>=', value: '2023-11-05T07:00:00.000Z' }]),
    );
    expect(screen.getByTestId('filter-chip').textContent).toContain('Interval start (UTC) ≥ 2023-11-05 07:00Z');
    fireEvent.click(screen.getByTestId('filter-shadow_price'));
    const second = screen.getByTestId('filter-popover');
    fireEvent.change(within(second).getByTestId('filter-op'), { target: { value: 'is null' } });
    expect(within(second).queryByTestId('filter-value-input')).toBeNull();
    fireEvent.click(within(second).getByTestId('filter-apply'));
    await waitFor(() => expect(lastRead()?.filters?.[1]).toEqual({ column: 'shadow_price', op: 'is null' }));
  });
});

describe('results table: formats and copy', () => {
  it('labels with units in the header (raw names on hover), values before ids, the vocabulary’s formats', async () => {
    setup();
    await firstRowShown();
    const heads = [...document.querySelectorAll('thead th[data-column]')];
    expect(heads.map((th) => th.querySelector('.th-name')!.getAttribute('aria-label'))).toEqual([
      'Interval start (UTC)',
      'Monitored facility',
      'Shadow price ($/MWh)',
      'Point id',
      'Limit control (%)',
    ]);
    expect(heads[2]!.querySelector('.th-unit')!.textContent).toBe('($/MWh)');
    expect(screen.getByTestId('sort-shadow_price').getAttribute('title')).toMatch(/^shadow_price:/);
    expect(rowCells(0)).toEqual(['2023-11-05 05:00Z', 'Facility A', '—', '12345', '95.5']);
    expect(rowCells(1)).toEqual(['2023-11-05 05:05Z', 'Facility B', '-1.25', '12346', '95.5']);
    expect(rowCells(8)[2]).toBe('-10.00');
    const cell = screen.getAllByTestId('result-row')[1]!.querySelectorAll('td');
    expect(cell[2]!.className).toContain('num');
    expect(cell[4]!.className).toContain('num');
    expect(cell[0]!.className).toContain('pinned');
  });

  it('click and Shift-click select a rectangle; Ctrl+C copies it as TSV for a spreadsheet', async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { state } = setup();
    await firstRowShown();
    const cellAt = (row: number, col: number) => document.querySelector(`td[data-row="${row}"][data-col="${col}"]`)!;
    fireEvent.mouseDown(cellAt(1, 1), { button: 0 });
    fireEvent.mouseUp(window);
    fireEvent.mouseDown(cellAt(2, 3), { button: 0, shiftKey: true });
    expect(document.querySelectorAll('td.selected')).toHaveLength(6);
    const reads = state.workspace.rowsInputs.length;
    fireEvent.keyDown(document.querySelector('.results-scroll')!, { key: 'c', ctrlKey: true });
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('Facility B\t-1.25\t12346\nFacility C\t-2.50\t12347'));
    expect(state.workspace.rowsInputs).toHaveLength(reads);
    expect(screen.getByTestId('copy-notice').textContent).toBe('Copied 2 rows × 3 columns.');

    fireEvent.keyDown(document.querySelector('.results-scroll')!, { key: 'a', metaKey: true });
    await act(async () => fireEvent.click(screen.getByTestId('copy-cells')));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(2));
    const all = writeText.mock.calls[1]![0].split('\n');
    expect(all).toHaveLength(1000);
    expect(all[999]).toBe('2023-11-08 16:15:00\tFacility A\t-1248.75\t13344\t95.5');
    expect(state.workspace.rowsInputs.at(-1)).toMatchObject({ offset: 0, limit: 1000 });

    // As shown (cents) by default, the stored number from "Copy with full precision".
    fireEvent.mouseDown(cellAt(2, 2), { button: 0 });
    fireEvent.mouseUp(window);
    fireEvent.click(screen.getByTestId('copy-cells'));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('-2.50'));
    fireEvent.click(screen.getByTestId('copy-cells-full'));
    await waitFor(() => expect(writeText).toHaveBeenLastCalledWith('-2.5'));
    expect(screen.getByTestId('copy-notice').textContent).toBe('Copied 1 row × 1 column with full precision.');
  });
});

describe('results table: a running pull', () => {
  it('reads its rows again only when the stored row count changes, keeping the rows shown meanwhile', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      stubTableViewport();
      const { api, state } = createFakeApi();
      const ws = state.workspace;
      const pull = seedPull(ws, TEST_QUERY, { columns: TEST_COLUMNS, rows: testRows(3) }, { state: 'running' });
      const ui = (record: PullRecord) => (
        <AppProviders api={api}>
          <ResultsTable
            pull={record}
            view={{ sort: [], filters: [] }}
            onViewChange={() => undefined}
            zone="UTC"
            keyColumns={KEYS}
            timeColumn="interval_start_utc"
          />
        </AppProviders>
      );
      const view = render(ui(pull.record));
      await waitFor(() => expect(screen.getByTestId('result-count').textContent).toContain('3 rows so far'));
      // The page polls the record every 400 ms: an unchanged count, each time a new object.
      for (let i = 0; i < 6; i++) {
        view.rerender(ui(structuredClone(pull.record)));
        await act(() => vi.advanceTimersByTimeAsync(400));
      }
      expect(ws.rowsInputs).toHaveLength(1);

      pull.rows = testRows(8);
      finishPull(ws, pull.record.id, { rows: 8, pages: 2 });
      view.rerender(ui(structuredClone(pull.record)));
      expect(rowCells(0)[0]).toBe('2023-11-05 05:00Z');
      await waitFor(() => expect(screen.getByTestId('result-count').textContent).toContain('8 rows so far'));
      expect(ws.rowsInputs).toHaveLength(2);

      finishPull(ws, pull.record.id, { state: 'complete' });
      view.rerender(ui(structuredClone(pull.record)));
      await waitFor(() => expect(screen.getByTestId('result-count').textContent).toMatch(/8 rows ·/));
      expect(ws.rowsInputs).toHaveLength(3);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('results table: market time', () => {
  it('hides the _utc twin of a market-time pair (the column menu shows it) and explains a cost behind a ?', async () => {
    stubTableViewport();
    const { api, state } = createFakeApi();
    const columns = [
      { name: 'interval_start_utc', type: 'TIMESTAMPTZ' },
      { name: 'interval_start_local', type: 'VARCHAR' },
      { name: 'absolute_cost', type: 'DOUBLE' },
    ] as const;
    const rows = [['2024-09-02T04:00:00+00:00', '2024-09-02T00:00:00-04:00', 4071.5158333333325]];
    const { record } = seedPull(state.workspace, TEST_QUERY, { columns: [...columns], rows });
    render(
      <AppProviders api={api}>
        <ResultsTable
          pull={record}
          view={{ sort: [], filters: [] }}
          onViewChange={() => undefined}
          zone="US/Eastern"
          keyColumns={KEYS}
          timeColumn="interval_start_utc"
        />
      </AppProviders>,
    );
    await firstRowShown();
    expect(rowCells(0)).toEqual(['2024-09-02 00:00 EDT', '4,071.52']);
    expect(document.querySelector('td')!.className).toContain('pinned');
    const help = screen.getByRole('button', { name: 'What is Absolute cost ($/MW)?' });
    fireEvent.focus(help);
    expect(screen.getByRole('tooltip').textContent).toMatch(/^Absolute cost: the sum of \|shadow price\|/);
    expect(help.getAttribute('aria-describedby')).toBe(screen.getByRole('tooltip').id);

    const menu = within(screen.getByTestId('results-column-menu'));
    expect(menu.getByText(/hidden/).textContent).toBe(' (1 hidden)');
    fireEvent.click(menu.getByLabelText('Interval start (UTC)'));
    await waitFor(() => expect(rowCells(0)).toEqual(['2024-09-02 00:00 EDT', '2024-09-02 04:00Z', '4,071.52']));
  });
});
