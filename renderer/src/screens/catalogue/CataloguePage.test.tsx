// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { SAMPLE_NOTE } from '../../../../shared/catalogue.js';
import { createFakeApi, makeDataset, SAMPLE_DATASETS } from '../../test-support/fakeApi.js';
import { renderApp } from '../../test-support/render.js';

afterEach(cleanup);

const NYISO = SAMPLE_DATASETS.find((d) => d.source === 'nyiso')!;
const rowNames = () => screen.getAllByTestId('dataset-link').map((a) => a.textContent);

describe('Catalogue', () => {
  it('lists every dataset with formatted columns and a count', async () => {
    renderApp(createFakeApi().api);
    expect(await screen.findByTestId('catalogue-count')).toHaveProperty('textContent', '4 of 4 datasets');
    const row = screen.getAllByTestId('catalogue-row').find((r) => r.textContent?.includes('Day Ahead'))!;
    const cells = within(row)
      .getAllByRole('cell')
      .map((c) => c.textContent);
    expect(cells).toEqual([
      'PJM Marginal Value Day Ahead Hourly',
      'pjm_marginal_value_day_ahead_hourly',
      'PJM',
      '1 hour',
      '2023-11-05 05:00 UTC → 2023-11-08 04:00 UTC',
      '387',
    ]);
  });

  it('filters by text over id, name and description, case-insensitively', async () => {
    renderApp(createFakeApi().api);
    const search = await screen.findByTestId('catalogue-search');
    await screen.findByTestId('catalogue-table');
    expect(document.activeElement).toBe(search);
    fireEvent.change(search, { target: { value: 'MARGINAL' } });
    expect(rowNames()).toEqual(['PJM Marginal Value Day Ahead Hourly', 'PJM Marginal Value Real Time 5 Min']);
    expect(screen.getByTestId('catalogue-count').textContent).toBe('2 of 4 datasets');
    fireEvent.change(search, { target: { value: 'fuel type' } }); // description only
    expect(rowNames()).toEqual(['ISO-NE Fuel Mix']);
    fireEvent.change(search, { target: { value: NYISO.id } }); // id (names have spaces)
    expect(rowNames()).toEqual([NYISO.name]);
  });

  it('lists id and name matches first while searching, header sort within each rank', async () => {
    const note = SAMPLE_NOTE;
    const datasets = [
      ...SAMPLE_DATASETS,
      makeDataset({
        id: 'nyiso_lmp_real_time_5_min',
        name: 'NYISO LMP Real Time 5 Min',
        source: 'nyiso',
        description: `Zonal locational based marginal prices.\n\nFrom [pyiso](https://github.com/WattTime/pyiso).\n\n${note}`,
      }),
      makeDataset({
        id: 'caiso_outlook',
        name: 'CAISO Outlook',
        source: 'caiso',
        description: `Demand [marginal](https://example.com/marginal).\n\n${note}`,
      }),
    ];
    renderApp(createFakeApi({ datasets }).api);
    const search = await screen.findByTestId('catalogue-search');
    await screen.findByTestId('catalogue-table');
    fireEvent.change(search, { target: { value: 'marginal' } });
    const pjm = ['PJM Marginal Value Day Ahead Hourly', 'PJM Marginal Value Real Time 5 Min'];
    expect(rowNames()).toEqual([...pjm, 'CAISO Outlook', 'NYISO LMP Real Time 5 Min']);
    expect(screen.getByTestId('catalogue-count').textContent).toBe('4 of 6 datasets');
    fireEvent.click(screen.getByRole('button', { name: /Name/ })); // descending, within each rank
    expect(rowNames()).toEqual([...pjm.toReversed(), 'NYISO LMP Real Time 5 Min', 'CAISO Outlook']);
    fireEvent.keyDown(search, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe(pjm[1]));
    fireEvent.change(search, { target: { value: '' } });
    expect(rowNames()).toHaveLength(6);
    expect(rowNames()[0]).toBe(pjm[1]); // name descending: "PJM … Real Time" before "PJM … Day Ahead"
    expect(rowNames().at(-1)).toBe('CAISO Outlook');
    fireEvent.change(search, { target: { value: 'sample' } });
    expect(screen.getByTestId('catalogue-empty')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'github' } });
    expect(screen.getByTestId('catalogue-empty')).toBeTruthy();
  });

  it('filters by market with a select built from the data', async () => {
    renderApp(createFakeApi().api);
    const select = (await screen.findByTestId('source-filter')) as HTMLSelectElement;
    await screen.findByTestId('catalogue-table');
    expect([...select.options].map((o) => o.textContent)).toEqual(['All markets', 'ISONE', 'NYISO', 'PJM']);
    fireEvent.change(select, { target: { value: 'NYISO' } });
    expect(rowNames()).toEqual([NYISO.name]);
    fireEvent.change(screen.getByTestId('catalogue-search'), { target: { value: 'marginal' } });
    expect(screen.getByTestId('catalogue-empty').textContent).toContain('No datasets match “marginal” in NYISO.');
  });

  it('shows an empty state whose action clears the search', async () => {
    renderApp(createFakeApi().api);
    const search = await screen.findByTestId('catalogue-search');
    await screen.findByTestId('catalogue-table');
    fireEvent.change(search, { target: { value: 'xyz' } });
    expect(screen.getByTestId('catalogue-empty').textContent).toBe('No datasets match “xyz”. Clear the search.');
    fireEvent.click(screen.getByRole('button', { name: 'Clear the search' }));
    expect(rowNames()).toHaveLength(4);
    expect((search as HTMLInputElement).value).toBe('');
  });

  it('sorts by a header and moves between rows with the arrow keys', async () => {
    renderApp(createFakeApi().api);
    await screen.findByTestId('catalogue-table');
    expect(rowNames()[0]).toBe('ISO-NE Fuel Mix'); // name ascending by default
    fireEvent.click(screen.getByRole('button', { name: /Rows/ }));
    expect(rowNames()[0]).not.toBe('PJM Marginal Value Day Ahead Hourly'); // 387 is the smallest
    expect(rowNames()[3]).toBe('PJM Marginal Value Day Ahead Hourly');
    fireEvent.keyDown(screen.getByTestId('catalogue-search'), { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe(rowNames()[0]));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    await waitFor(() => expect(document.activeElement?.textContent).toBe(rowNames()[1]));
    const tabbable = screen.getAllByTestId('dataset-link').filter((a) => a.tabIndex === 0);
    expect(tabbable).toHaveLength(1);
  });

  it('sorts frequency by duration, irregular last, under a header in the table font', async () => {
    const datasets = [
      makeDataset({ id: 'a_daily', name: 'A daily', data_frequency: '1_DAY' }),
      makeDataset({ id: 'b_irregular', name: 'B irregular', data_frequency: 'IRREGULAR' }),
      makeDataset({ id: 'c_hourly', name: 'C hourly', data_frequency: '1_HOUR' }),
      makeDataset({ id: 'd_5min', name: 'D 5 min', data_frequency: '5_MINUTES' }),
      makeDataset({ id: 'e_15min', name: 'E 15 min', data_frequency: '15_MINUTES' }),
    ];
    renderApp(createFakeApi({ datasets }).api);
    await screen.findByTestId('catalogue-table');
    const header = screen.getByRole('columnheader', { name: /Frequency/ });
    expect(header.className).not.toMatch(/\bmono\b/);
    fireEvent.click(within(header).getByRole('button'));
    expect(rowNames()).toEqual(['D 5 min', 'E 15 min', 'C hourly', 'A daily', 'B irregular']);
    fireEvent.click(within(header).getByRole('button'));
    expect(rowNames()).toEqual(['B irregular', 'A daily', 'C hourly', 'E 15 min', 'D 5 min']);
    const cell = screen.getAllByTestId('catalogue-row')[0]!.querySelectorAll('td')[3]!;
    expect(cell.textContent).toBe('irregular');
    expect(cell.className).not.toMatch(/\bmono\b/);
  });

  it('focuses the search on "/"', async () => {
    renderApp(createFakeApi().api);
    await screen.findByTestId('catalogue-table');
    screen.getAllByTestId('dataset-link')[0]!.focus();
    fireEvent.keyDown(document.activeElement!, { key: '/' });
    expect(document.activeElement).toBe(screen.getByTestId('catalogue-search'));
  });

  it('renders only a window of rows when the catalogue is large', async () => {
    const many = Array.from({ length: 500 }, (_, i) =>
      makeDataset({ id: `ds_${i}`, name: `Dataset ${String(i).padStart(3, '0')}` }),
    );
    renderApp(createFakeApi({ datasets: many }).api);
    expect(await screen.findByTestId('catalogue-count')).toHaveProperty('textContent', '500 of 500 datasets');
    expect(screen.queryAllByTestId('catalogue-row').length).toBeLessThan(100);
  });
});
