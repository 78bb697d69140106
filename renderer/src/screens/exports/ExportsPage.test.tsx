// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createFakeApi } from '../../test-support/fakeApi.js';
import { createFakeDownloads, downloadItem, exportFiles, libraryDataset } from '../../test-support/fakeDownloads.js';
import { renderApp } from '../../test-support/render.js';

afterEach(cleanup);

const DS = 'pjm_marginal_value_day_ahead_hourly';
const MARCH = ['2024-03-01', '2024-03-02', '2024-03-03', '2024-03-04', '2024-03-05', '2024-03-08'];

/** March 2024 (no file on the 6th and 7th; the 8th is 100 KB, the others 40 KB) and two days of December 2023. */
function setup() {
  const downloads = createFakeDownloads({
    exports: {
      [DS]: exportFiles(['2023-12-30', '2023-12-31', ...MARCH], (d) => (d === '2024-03-08' ? 102_400 : 40_960)),
    },
  });
  downloads.library.datasets = [libraryDataset(DS, 'PJM Marginal Value Day Ahead Hourly', ['2024-03-02'])];
  downloads.queue.items = [downloadItem(DS, '2024-03-04', { state: 'failed', problem: 'network' })];
  return createFakeApi({ downloads });
}

const day = (date: string) => screen.getByTestId(`export-day-${date}`);

describe('Exports page', () => {
  it('asks for a dataset by name and keeps the choice in the address', async () => {
    const { api } = setup();
    renderApp(api, '#/exports');
    const select = (await screen.findByTestId('exports-dataset')) as HTMLSelectElement;
    await screen.findByText('Choose a dataset to see its export files by day.');
    expect(within(select).getByRole('option', { name: 'PJM Marginal Value Day Ahead Hourly' })).toBeTruthy();
    fireEvent.change(select, { target: { value: DS } });
    expect(window.location.hash).toBe(`#/exports?dataset=${DS}`);
    await screen.findByTestId('export-day-2024-03-01');
  });

  it('shows the newest year as month blocks: sizes on days with a file, empty days disabled, downloaded and queued marks', async () => {
    const { api } = setup();
    renderApp(api, `#/exports?dataset=${DS}`);
    await screen.findByTestId('export-day-2024-03-01');
    expect(screen.getByTestId('export-month-2024-03')).toBeTruthy();
    expect(screen.queryByTestId('export-month-2024-02')).toBeNull();
    expect(day('2024-03-01').textContent).toContain('40 KB');
    expect(day('2024-03-08').textContent).toContain('100 KB');
    expect((day('2024-03-06') as HTMLButtonElement).disabled).toBe(true);
    expect((day('2024-03-01') as HTMLButtonElement).disabled).toBe(false);
    expect(day('2024-03-01').getAttribute('aria-pressed')).toBe('false');
    await waitFor(() => expect(day('2024-03-02').getAttribute('title')).toBe('2024-03-02, 40 KB, downloaded'));
    await waitFor(() => expect(day('2024-03-04').getAttribute('title')).toBe('2024-03-04, 40 KB, failed'));
    // The name starts with what the day shows and ends with its state.
    expect(day('2024-03-02').textContent).toMatch(/^240 KB40K, downloaded/);
    expect(day('2024-03-06').textContent).toBe('6, no file');
    expect(day('2024-03-08').className).toContain('shade-4');
    expect(day('2024-03-01').className).toContain('shade-2');

    fireEvent.click(screen.getByTestId('export-year-2023'));
    expect(window.location.hash).toBe(`#/exports?dataset=${DS}&year=2023`);
    expect(await screen.findByTestId('export-day-2023-12-31')).toBeTruthy();
    expect(screen.queryByTestId('export-month-2024-03')).toBeNull();
  });

  it('selects a range with Shift+click, totals it exactly, skips downloaded days and queues the rest', async () => {
    const { api, state } = setup();
    renderApp(api, `#/exports?dataset=${DS}`);
    await screen.findByTestId('export-day-2024-03-01');
    await waitFor(() => expect(day('2024-03-02').className).toContain('downloaded'));
    const summary = screen.getByTestId('export-summary');
    expect(summary.textContent).toContain('No days selected');
    expect((screen.getByTestId('export-download') as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(day('2024-03-01'));
    fireEvent.click(day('2024-03-08'), { shiftKey: true });
    expect(MARCH.map((d) => day(d).getAttribute('aria-pressed'))).toEqual(MARCH.map(() => 'true'));
    expect(day('2024-03-06').getAttribute('aria-pressed')).toBeNull();
    // 5 × 40 KB + 100 KB = 300 KB; the 2nd is in the library already.
    expect(within(summary).getByTestId('export-summary-count').textContent).toBe('6 files · 300 KB selected');
    expect(within(summary).getByTestId('export-summary-skipped').textContent).toContain('1 already downloaded will be skipped');
    const button = screen.getByTestId('export-download');
    expect(button.textContent).toBe('Download 5 files');

    fireEvent.click(button);
    await waitFor(() => expect(window.location.hash).toBe('#/downloads'));
    expect(state.downloads.inputs.filter((i) => i.verb === 'downloads:start').map((i) => i.input)).toEqual([
      { datasetId: DS, dates: ['2024-03-01', '2024-03-03', '2024-03-04', '2024-03-05', '2024-03-08'] },
    ]);
    await screen.findByTestId('downloads-page');
  });

  it("selects a month's files from its title, a year's with one button, and clears", async () => {
    const { api } = setup();
    renderApp(api, `#/exports?dataset=${DS}`);
    await screen.findByTestId('export-day-2024-03-01');
    fireEvent.click(screen.getByRole('button', { name: 'March 2024' }));
    expect(screen.getByTestId('export-summary-count').textContent).toBe('6 files · 300 KB selected');
    fireEvent.click(screen.getByRole('button', { name: 'March 2024' }));
    expect(screen.getByTestId('export-summary').textContent).toContain('No days selected');
    fireEvent.click(screen.getByTestId('export-select-year'));
    expect(screen.getByTestId('export-summary-count').textContent).toBe('6 files · 300 KB selected');
    fireEvent.click(screen.getByTestId('export-clear'));
    expect(screen.getByTestId('export-summary').textContent).toContain('No days selected');
  });

  it('says when a dataset has no export files', async () => {
    const { api, state } = setup();
    state.downloads.exports[DS] = [];
    renderApp(api, `#/exports?dataset=${DS}`);
    expect((await screen.findByTestId('exports-empty')).textContent).toBe('This dataset has no export files.');
  });

  it('without the network, says so and points to the Library for offline review', async () => {
    const { api, state } = setup();
    state.failures['exports:list'] = { code: 'network', message: 'connect ECONNREFUSED 127.0.0.1:8000' };
    renderApp(api, `#/exports?dataset=${DS}`);
    const note = await screen.findByTestId('exports-offline');
    expect(within(note).getByRole('link', { name: 'open the Library' }).getAttribute('href')).toBe('#/library');
    expect(screen.getByTestId('error-state').dataset.code).toBe('network');
  });

  it('points to the Library whatever stops the listing, e.g. a Remote without a key', async () => {
    const { api, state } = setup();
    state.failures['exports:list'] = { code: 'auth', message: 'No API key set.' };
    renderApp(api, `#/exports?dataset=${DS}`);
    const note = await screen.findByTestId('exports-offline');
    expect(note.textContent).toMatch(/^Export files cannot be listed now\. /);
    expect(within(note).getByRole('link', { name: 'open the Library' })).toBeTruthy();
  });
});

describe('Exports page: the hours each file covers', () => {
  it('says a file is a UTC day and which hours of market time the selected days hold', async () => {
    const { api } = setup();
    renderApp(api, `#/exports?dataset=${DS}`);
    await screen.findByTestId('export-day-2024-03-01');
    expect(screen.getByTestId('export-day-note').textContent).toBe(
      'Each file is one UTC day of interval starts: in market time (EPT) the file of 2024-03-08 holds 2024-03-07 19:00 → 2024-03-08 19:00 EST.',
    );
    fireEvent.click(day('2024-03-08'));
    fireEvent.click(day('2024-03-01'));
    expect([...screen.getByTestId('export-coverage').querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '2024-03-01: 2024-02-29 19:00 → 2024-03-01 19:00 EST',
      '2024-03-08: 2024-03-07 19:00 → 2024-03-08 19:00 EST',
    ]);
  });
});
