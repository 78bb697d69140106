// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { PullRecord, TableColumn } from '../../../../shared/bridge/contract.js';
import type { TableView } from '../../../../shared/bridge/workspace.js';
import { AppProviders } from '../../AppProviders.js';
import { createFakeApi } from '../../test-support/fakeApi.js';
import { seedPull } from '../../test-support/fakeWorkspace.js';
import { TEST_QUERY, stubTableViewport } from '../../test-support/pullRows.js';
import { ResultsTable } from './ResultsTable.js';
import { datasetMarketZone, isHourlyPull } from './marketHours.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const COLUMNS: TableColumn[] = [
  { name: 'interval_start_utc', type: 'TIMESTAMPTZ' },
  { name: 'shadow_price', type: 'DOUBLE' },
];
/** The 25 hours of PJM's fall-back day 2023-11-05: 04:00Z (00:00 EDT) to 04:00Z the next day (23:00 EST). */
const FALL_BACK_HOURS = Array.from({ length: 25 }, (_v, i) => [
  new Date(Date.UTC(2023, 10, 5, 4 + i)).toISOString().replace('.000Z', '+00:00'),
  -i,
]);

function setup(opts: { hourly?: boolean; marketZone?: string | null } = {}) {
  stubTableViewport(1200);
  const { api, state } = createFakeApi();
  const { record } = seedPull(state.workspace, TEST_QUERY, { columns: COLUMNS, rows: FALL_BACK_HOURS });
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
        zone="UTC"
        keyColumns={new Set()}
        timeColumn="interval_start_utc"
        marketZone={opts.marketZone === undefined ? 'US/Eastern' : opts.marketZone}
        hourly={opts.hourly ?? true}
      />
    </AppProviders>
  );
  const result = render(ui(record));
  return { state, view: () => view };
}

const timeCells = () => screen.getAllByTestId('result-row').map((r) => r.querySelector('td')!.textContent);

describe('hour ending on hourly results', () => {
  it('writes the time index as market date and HE label: HE02* on the fall-back day, 25 hours', async () => {
    const { view, state } = setup();
    await waitFor(() => expect(timeCells()[0]).toBe('2023-11-05 04:00Z'));
    const reads = state.workspace.rowsInputs.length;
    fireEvent.click(screen.getByTestId('hour-ending'));
    expect(view()).toEqual({ sort: [], filters: [], hourEnding: true });
    await waitFor(() => expect(timeCells()[0]).toBe('2023-11-05 HE01'));
    expect(document.querySelector('thead .th-name')!.getAttribute('aria-label')).toBe('Hour ending (EPT)');
    expect(timeCells()).toEqual([
      '2023-11-05 HE01',
      '2023-11-05 HE02',
      '2023-11-05 HE02*',
      ...Array.from({ length: 22 }, (_v, i) => `2023-11-05 HE${String(i + 3).padStart(2, '0')}`),
    ]);
    // A display choice: the rows are not read again.
    expect(state.workspace.rowsInputs).toHaveLength(reads);
  });

  it('is offered only for hourly rows in a known market', async () => {
    setup({ hourly: false });
    await waitFor(() => expect(timeCells()[0]).not.toBe(''));
    expect(screen.queryByTestId('hour-ending')).toBeNull();
    expect(screen.getByTestId('peak-filter')).toBeTruthy();
    cleanup();
    setup({ marketZone: null });
    await waitFor(() => expect(timeCells()[0]).not.toBe(''));
    expect(screen.queryByTestId('hour-ending')).toBeNull();
    expect(screen.queryByTestId('peak-filter')).toBeNull();
  });
});

describe('the peak filter', () => {
  it('asks the workspace for the bucket on the time index in market time, and counts as a filter', async () => {
    const { view, state } = setup();
    await waitFor(() => expect(timeCells()[0]).not.toBe(''));
    expect([...(screen.getByTestId('peak-filter') as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      'All hours',
      'On-peak (5x16)',
      'Off-peak',
      '2x16 (weekend and holiday days)',
      '7x8 (nights)',
    ]);
    fireEvent.change(screen.getByTestId('peak-filter'), { target: { value: 'on_peak' } });
    const peak = { column: 'interval_start_utc', bucket: 'on_peak', zone: 'US/Eastern' };
    expect(view()).toEqual({ sort: [], filters: [], peak });
    await waitFor(() => expect(state.workspace.rowsInputs.at(-1)).toMatchObject({ peak }));
    await waitFor(() => expect(screen.getByTestId('result-count').textContent).toContain('filtered from'));
    fireEvent.change(screen.getByTestId('peak-filter'), { target: { value: 'all' } });
    expect(view()).toEqual({ sort: [], filters: [] });
  });
});

describe('market hours of a dataset', () => {
  it('finds the market zone from the market, else a known data zone', () => {
    expect(datasetMarketZone({ source: 'pjm', data_timezone: 'UTC' })).toBe('US/Eastern');
    expect(datasetMarketZone({ source: null, data_timezone: 'America/Chicago' })).toBe('America/Chicago');
    expect(datasetMarketZone({ source: null, data_timezone: 'UTC' })).toBeNull();
  });

  it('knows hourly rows: a 1_HOUR dataset, or resampled to an hour', () => {
    const params = { datasetId: 'x' };
    expect(isHourlyPull({ data_frequency: '1_HOUR' }, { params })).toBe(true);
    expect(isHourlyPull({ data_frequency: '5_MINUTES' }, { params })).toBe(false);
    expect(isHourlyPull({ data_frequency: '5_MINUTES' }, { params: { ...params, resampleFrequency: '1h' } })).toBe(true);
    expect(isHourlyPull({ data_frequency: '1_HOUR' }, { params: { ...params, resampleFrequency: '1 day' } })).toBe(false);
  });
});
