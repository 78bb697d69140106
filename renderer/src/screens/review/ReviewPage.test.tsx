// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createFakeApi, makeDataset } from '../../test-support/fakeApi.js';
import { createFakeDownloads, libraryDataset } from '../../test-support/fakeDownloads.js';
import { createFakeWorkspace, finishPull, seedPull } from '../../test-support/fakeWorkspace.js';
import { renderApp } from '../../test-support/render.js';

afterEach(cleanup);

const DS = 'pjm_marginal_value_day_ahead_hourly';
const NAME = 'PJM Marginal Value Day Ahead Hourly';
const DATES = ['2026-03-25', '2026-03-26'];

/** A local pull of two downloaded days (`running` when asked), and the library holding the dataset's metadata. */
function setup(running = false, metadata = true, source?: 'files') {
  const workspace = createFakeWorkspace();
  const local = {
    dates: DATES,
    files: 2,
    bytes: 72_000,
    folder: '/home/analyst/Gridscope downloads',
    ...(source ? { source } : {}),
  };
  const pull = seedPull(workspace, { datasetId: DS }, workspace.localSource, {
    kind: 'local',
    local,
    rowsCharged: 0,
    ...(running
      ? {
          state: 'running',
          progress: {
            rows: 1,
            pages: 1,
            bytes: 36_000,
            rowsCharged: 0,
            elapsedMs: 100,
            rowsPerSecond: 10,
            etaSeconds: 3,
            waiting: null,
          },
        }
      : {}),
  });
  const downloads = createFakeDownloads();
  downloads.library.datasets = [
    libraryDataset(
      DS,
      NAME,
      DATES,
      metadata ? { metadata: { ...makeDataset({ id: DS, name: NAME }), data_timezone: 'America/New_York' } } : {},
    ),
  ];
  return { ...createFakeApi({ workspace, downloads }), pull };
}

describe('Offline review', () => {
  it('says where the rows come from and shows them without asking the network', async () => {
    const { api, state } = setup();
    renderApp(api, '#/review?pull=1');
    const banner = await screen.findByTestId('review-banner');
    expect(banner.textContent).toBe(
      `⛁Local files: 2 downloaded days of ${NAME} (2026-03-25 – 2026-03-26), 70 KB from /home/analyst/Gridscope downloads. Read from disk — no network is used.`,
    );
    await waitFor(() => expect(screen.getByTestId('result-count').textContent).toMatch(/^2 rows/));
    expect(screen.getByTestId('pull-status').textContent).toBe('Complete: 2 rows from 2 files.');
    expect(state.calls).not.toContain('datasets:get');
    expect(state.calls).not.toContain('exports:list');
    expect(state.calls).not.toContain('datasets:query');
  });

  it('keeps the sort in the address', async () => {
    const { api } = setup();
    renderApp(api, '#/review?pull=1');
    await waitFor(() => expect(screen.getByTestId('result-count').textContent).toMatch(/^2 rows/));
    fireEvent.click(screen.getByTestId('sort-shadow_price'));
    await waitFor(() => expect(window.location.hash).toMatch(/^#\/review\?pull=1&view=/));
    const view = JSON.parse(new URLSearchParams(window.location.hash.split('?')[1]).get('view')!);
    expect(view.sort[0].column).toBe('shadow_price');
  });

  it('shows progress while the files are read, then the rows; a failed read leads back to the Library', async () => {
    const { api, state, pull } = setup(true);
    renderApp(api, '#/review?pull=1');
    const status = await screen.findByTestId('pull-status');
    expect(status.dataset.state).toBe('running');
    expect(status.textContent).toContain('Reading the downloaded files…');
    finishPull(state.workspace, pull.record.id, { state: 'failed', rows: 0, error: 'The file of 2026-03-26 is missing.' });
    await waitFor(() => expect(screen.getByTestId('pull-status').dataset.state).toBe('failed'));
    const failed = screen.getByTestId('pull-status');
    expect(failed.textContent).toContain('The files could not be read: The file of 2026-03-26 is missing.');
    expect(within(failed).getByRole('link', { name: 'Back to the Library' }).getAttribute('href')).toBe('#/library');
  });

  it('answers from the files while they convert: progress with Cancel, the table complete; a stopped conversion says the files are read', async () => {
    const { api, state, pull } = setup(true, true, 'files');
    renderApp(api, '#/review?pull=1');
    const status = await screen.findByTestId('pull-status');
    expect(status.textContent).toContain(
      'Answering from the downloaded files. Converting them for faster sorts and filters: 1 of 2 files',
    );
    expect((screen.getByTestId('convert-progress') as HTMLProgressElement).value).toBe(0.5);
    expect(screen.getByTestId('cancel-pull').textContent).toBe('Cancel conversion');
    await waitFor(() => expect(screen.getByTestId('result-count').textContent).toMatch(/^2 rows ·/));
    finishPull(state.workspace, pull.record.id, {
      state: 'failed',
      rows: 0,
      error: 'The conversion stopped: disk full. The review keeps reading the downloaded files directly.',
    });
    await waitFor(() => expect(screen.getByTestId('pull-status').dataset.state).toBe('failed'));
    expect(screen.getByTestId('pull-status').textContent).toBe(
      'The conversion stopped: disk full. The review keeps reading the downloaded files directly. Each sort or filter reads the files again.',
    );
    expect(screen.getByTestId('result-count').textContent).toMatch(/^2 rows ·/);
  });

  it('without metadata in the library, builds the table from the pulled columns and says times are in UTC', async () => {
    const { api, state } = setup(false, false);
    renderApp(api, '#/review?pull=1');
    expect((await screen.findByTestId('review-guessed')).textContent).toContain('times are shown in UTC');
    await waitFor(() => expect(screen.getByTestId('result-count').textContent).toMatch(/^2 rows/));
    expect(state.calls).not.toContain('datasets:get');
  });

  it('History shows a local pull as local files and opens it here; the query page does not take it for a query', async () => {
    const { api } = setup();
    renderApp(api, '#/history');
    const row = (await screen.findAllByTestId('history-pull'))[0]!;
    expect(row.dataset.kind).toBe('local');
    expect(row.textContent).toContain('Local files · 2 days (2026-03-25 – 2026-03-26) · 70 KB · read from disk');
    fireEvent.click(within(row).getByTestId('open-pull'));
    await waitFor(() => expect(window.location.hash).toBe('#/review?pull=1'));
    await screen.findByTestId('review-banner');
    cleanup();
    renderApp(api, `#/datasets/${DS}/query?pull=1`);
    const missing = await screen.findByTestId('pull-missing');
    expect(within(missing).getByRole('link', { name: 'open it for offline review' }).getAttribute('href')).toBe(
      '#/review?pull=1',
    );
  });
});
