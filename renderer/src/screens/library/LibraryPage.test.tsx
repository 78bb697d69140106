// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createFakeApi, makeDataset } from '../../test-support/fakeApi.js';
import { createFakeDownloads, libraryDataset } from '../../test-support/fakeDownloads.js';
import { renderApp } from '../../test-support/render.js';

afterEach(cleanup);

const DS = 'pjm_marginal_value_day_ahead_hourly';
const NAME = 'PJM Marginal Value Day Ahead Hourly';
const DAYS = ['2026-03-25', '2026-03-26', '2026-03-27', '2026-03-28'];

function setup(more = false) {
  const downloads = createFakeDownloads();
  const metadata = { ...makeDataset({ id: DS, name: NAME }), data_timezone: 'America/New_York' };
  const ds = libraryDataset(DS, NAME, DAYS, { metadata });
  ds.files[3] = { ...ds.files[3]!, state: 'corrupt', problem: 'The file is not a whole gzip stream.' };
  downloads.library.datasets = [ds, ...(more ? [libraryDataset('isone_fuel_mix', 'ISO-NE Fuel Mix', ['2026-01-01'])] : [])];
  return createFakeApi({ downloads });
}

describe('Library page', () => {
  it('lists the downloaded days with size and state; selected days open offline on the review page', async () => {
    const { api, state } = setup();
    renderApp(api, '#/library');
    const card = await screen.findByTestId(`library-dataset-${DS}`);
    expect(screen.getByTestId('library-total').textContent).toContain('4 files · 141 KB');
    expect(card.textContent).toContain('4 files · 2026-03-25 – 2026-03-28 · 141 KB');
    expect(card.textContent).toContain('The file is not a whole gzip stream.');

    fireEvent.click(within(card).getByTestId('library-day-2026-03-25'));
    fireEvent.click(within(card).getByTestId('library-day-2026-03-28'), { shiftKey: true });
    expect(within(card).getByTestId('library-selection').textContent).toBe('4 files · 141 KB selected');
    // The corrupt day cannot be read: it is left out of the review.
    expect(card.textContent).toContain('1 selected file is corrupt or missing');
    fireEvent.click(within(card).getByTestId('library-review'));

    await waitFor(() => expect(window.location.hash).toBe('#/review?pull=1'));
    expect(state.workspace.openLocalInputs).toEqual([{ datasetId: DS, dates: ['2026-03-25', '2026-03-26', '2026-03-27'] }]);
    const banner = await screen.findByTestId('review-banner');
    expect(banner.textContent).toContain(`3 downloaded days of ${NAME} (2026-03-25 – 2026-03-27)`);
    expect(state.calls).not.toContain('datasets:get');
    expect(state.calls).not.toContain('exports:list');
  });

  it('deletes the selected days after naming their count and size', async () => {
    const { api, state } = setup(true);
    renderApp(api, '#/library');
    const card = await screen.findByTestId(`library-dataset-${DS}`);
    // With two datasets each starts folded; "Select all" opens one with every day picked.
    expect(within(card).queryByTestId('library-review')).toBeNull();
    fireEvent.click(within(card).getByRole('button', { name: 'Select all' }));
    expect(within(card).getByTestId('library-selection').textContent).toBe('4 files · 141 KB selected');
    fireEvent.click(within(card).getByRole('button', { name: 'Clear selection' }));
    fireEvent.click(within(card).getByTestId('library-day-2026-03-26'));
    fireEvent.click(within(card).getByTestId('library-day-2026-03-27'));
    fireEvent.click(within(card).getByTestId('library-delete'));
    expect(within(card).getByRole('group', { name: `Delete 2 files (70 KB) of ${NAME} from the disk?` })).toBeTruthy();
    fireEvent.click(within(card).getByTestId('library-delete-yes'));
    await waitFor(() => expect(within(card).queryByTestId('library-day-2026-03-26')).toBeNull());
    expect(state.downloads.inputs.filter((i) => i.verb === 'library:delete').map((i) => i.input)).toEqual([
      { datasetId: DS, dates: ['2026-03-26', '2026-03-27'] },
    ]);
    expect(within(card).getByTestId('library-selection').textContent).toBe('No days selected');
  });

  it('says when the index was rebuilt, rescans on request, and is empty with a way to Exports', async () => {
    const { api, state } = setup();
    renderApp(api, '#/library');
    await screen.findByTestId(`library-dataset-${DS}`);
    expect(screen.queryByTestId('library-rebuilt')).toBeNull();
    fireEvent.click(screen.getByTestId('library-rescan'));
    await screen.findByTestId('library-rebuilt');
    cleanup();
    state.downloads.library.datasets = [];
    renderApp(api, '#/library');
    const empty = await screen.findByTestId('library-empty');
    expect(empty.textContent).toContain('Nothing downloaded yet.');
    expect(within(empty).getByRole('link', { name: 'Exports' }).getAttribute('href')).toBe('#/exports');
  });
});
