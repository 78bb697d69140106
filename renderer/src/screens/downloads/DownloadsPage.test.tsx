// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createFakeApi } from '../../test-support/fakeApi.js';
import { createFakeDownloads, downloadItem } from '../../test-support/fakeDownloads.js';
import { renderApp } from '../../test-support/render.js';

afterEach(cleanup);

const DS = 'pjm_marginal_value_day_ahead_hourly';
const NAME = 'PJM Marginal Value Day Ahead Hourly';

/** One item in each state that needs an action, plus a completed one, all of one batch. */
function setup() {
  const downloads = createFakeDownloads();
  const item = (date: string, over: Parameters<typeof downloadItem>[2]) =>
    downloadItem(DS, date, { datasetName: NAME, expectedBytes: 40_960, ...over });
  downloads.queue.items = [
    item('2026-03-24', { state: 'completed', bytesWritten: 40_960, completedAt: '2026-03-31T09:01:00.000Z' }),
    item('2026-03-25', { state: 'running', bytesWritten: 20_480, bytesPerSecond: 10_240, etaSeconds: 2, attempts: 1 }),
    item('2026-03-26', { state: 'queued' }),
    item('2026-03-27', { state: 'paused', bytesWritten: 8_192 }),
    item('2026-03-28', {
      state: 'failed',
      bytesWritten: 4_096,
      attempts: 3,
      problem: 'disk-full',
      error: 'No space left on the disk holding the downloads folder.',
    }),
    item('2026-03-29', { state: 'running', waiting: 'Server busy (503), retrying in 4 s', attempts: 2 }),
  ];
  return createFakeApi({ downloads });
}

const row = (date: string) => screen.getByTestId(`download-item-${DS}-${date}`);
const inputsOf = (state: ReturnType<typeof setup>['state'], verb: string) =>
  state.downloads.inputs.filter((i) => i.verb === verb).map((i) => i.input);

describe('Downloads page', () => {
  it("lists each item with its state, bytes, speed and time left, and a failed item's error with advice", async () => {
    const { api } = setup();
    renderApp(api, '#/downloads');
    await screen.findByTestId(`download-item-${DS}-2026-03-25`);
    const states = ['2026-03-24', '2026-03-25', '2026-03-26', '2026-03-27', '2026-03-28'].map((d) => row(d).dataset.state);
    expect(states).toEqual(['completed', 'running', 'queued', 'paused', 'failed']);
    expect(within(row('2026-03-25')).getByText('Downloading')).toBeTruthy();
    expect(row('2026-03-25').textContent).toContain('20 KB of 40 KB · 10 KB/s · 2 s left');
    expect(within(row('2026-03-25')).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    expect(row('2026-03-29').textContent).toContain('Server busy (503), retrying in 4 s');
    const failure = within(row('2026-03-28')).getByTestId('download-failure');
    expect(failure.dataset.problem).toBe('disk-full');
    expect(failure.textContent).toContain('No space left on the disk holding the downloads folder.');
    expect(failure.textContent).toContain('Free some space, or change the downloads folder to another disk, then Retry.');

    const totals = screen.getByTestId('downloads-totals');
    // Written 40 + 20 + 8 + 4 KB of 6 × 40 KB.
    expect(totals.textContent).toContain('72 KB of 240 KB');
    expect(totals.textContent).toContain('6 files: 1 done, 3 active, 1 paused, 1 failed');
    // The side navigation counts the active items.
    expect(screen.getByTestId('downloads-badge').textContent).toBe('3 active');
    expect(screen.getByTestId('downloads-folder').textContent).toBe('/home/analyst/Gridscope downloads');
  });

  it('pauses, resumes, retries and cancels the item asked, by its id', async () => {
    const { api, state } = setup();
    renderApp(api, '#/downloads');
    await screen.findByTestId(`download-item-${DS}-2026-03-25`);
    fireEvent.click(within(row('2026-03-25')).getByRole('button', { name: `Pause 2026-03-25 of ${NAME}` }));
    await waitFor(() => expect(row('2026-03-25').dataset.state).toBe('paused'));
    fireEvent.click(within(row('2026-03-27')).getByRole('button', { name: `Resume 2026-03-27 of ${NAME}` }));
    await waitFor(() => expect(row('2026-03-27').dataset.state).toBe('queued'));
    fireEvent.click(within(row('2026-03-28')).getByRole('button', { name: `Retry 2026-03-28 of ${NAME}` }));
    await waitFor(() => expect(row('2026-03-28').dataset.state).toBe('queued'));
    fireEvent.click(within(row('2026-03-26')).getByRole('button', { name: `Cancel 2026-03-26 of ${NAME}` }));
    await waitFor(() => expect(row('2026-03-26').dataset.state).toBe('cancelled'));
    expect(inputsOf(state, 'downloads:pause')).toEqual([{ ids: [`${DS}/2026-03-25`] }]);
    expect(inputsOf(state, 'downloads:resume')).toEqual([{ ids: [`${DS}/2026-03-27`] }]);
    expect(inputsOf(state, 'downloads:retry')).toEqual([{ ids: [`${DS}/2026-03-28`] }]);
    expect(inputsOf(state, 'downloads:cancel')).toEqual([{ ids: [`${DS}/2026-03-26`] }]);
  });

  it('bulk actions: Retry failed names the failed items; Cancel all asks first; Clear finished', async () => {
    const { api, state } = setup();
    renderApp(api, '#/downloads');
    await screen.findByTestId(`download-item-${DS}-2026-03-25`);
    fireEvent.click(screen.getByTestId('downloads-retry-failed'));
    await waitFor(() => expect(row('2026-03-28').dataset.state).toBe('queued'));
    expect(inputsOf(state, 'downloads:retry')).toEqual([{ ids: [`${DS}/2026-03-28`] }]);

    fireEvent.click(screen.getByTestId('downloads-cancel-all'));
    expect(inputsOf(state, 'downloads:cancel')).toEqual([]);
    expect(screen.getByRole('group', { name: /^Cancel 5 downloads\?/ })).toBeTruthy();
    fireEvent.click(screen.getByTestId('downloads-cancel-all-yes'));
    await waitFor(() => expect(row('2026-03-25').dataset.state).toBe('cancelled'));
    expect(inputsOf(state, 'downloads:cancel')).toEqual([{}]);

    fireEvent.click(screen.getByRole('button', { name: 'Clear finished' }));
    await screen.findByTestId('downloads-empty');
  });

  it('announces an ended batch with what arrived, and Review offline opens its days', async () => {
    const { api, state } = setup();
    state.downloads.queue.items = state.downloads.queue.items.filter((i) => i.state === 'completed');
    state.downloads.queue.batches = [
      {
        id: 'b1',
        datasetId: DS,
        datasetName: NAME,
        files: 1,
        completed: 1,
        failed: 0,
        cancelled: 0,
        state: 'completed',
        startedAt: '2026-03-31T09:00:00.000Z',
        endedAt: '2026-03-31T09:01:00.000Z',
      },
    ];
    renderApp(api, '#/downloads');
    const notice = await screen.findByTestId('download-batch');
    expect(notice.textContent).toContain(`1 file of ${NAME} downloaded, 40 KB.`);
    expect(within(notice).getByRole('link', { name: 'Open library' }).getAttribute('href')).toBe('#/library');
    fireEvent.click(within(notice).getByRole('button', { name: 'Review offline' }));
    await waitFor(() => expect(window.location.hash).toBe('#/review?pull=1'));
    expect(state.workspace.openLocalInputs).toEqual([{ datasetId: DS, dates: ['2026-03-24'] }]);
  });

  it('stops announcing a batch once its files are cleared from the list', async () => {
    const { api, state } = setup();
    const ended = { files: 1, completed: 1, failed: 0, cancelled: 0, state: 'completed' as const, endedAt: null };
    const common = { datasetId: DS, datasetName: NAME, startedAt: '2026-03-31T09:00:00.000Z', ...ended };
    state.downloads.queue.items = state.downloads.queue.items.filter((i) => i.state === 'completed');
    const batchOfItems = state.downloads.queue.items[0]!.batchId;
    state.downloads.queue.batches = [
      { id: batchOfItems, ...common },
      { id: 'cleared-earlier', ...common },
    ];
    renderApp(api, '#/downloads');
    await screen.findByTestId('download-batch');
    expect(screen.getAllByTestId('download-batch')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Clear finished' }));
    await waitFor(() => expect(screen.queryAllByTestId('download-batch')).toHaveLength(0));
  });

  it('changes the folder through the desktop dialog, limits speed, and shows the path where no file manager opens', async () => {
    const { api, state } = setup();
    state.downloads.queue.items = [];
    state.downloads.revealed = false;
    renderApp(api, '#/downloads');
    fireEvent.click(await screen.findByTestId('downloads-change-folder'));
    await waitFor(() => expect(screen.getByTestId('downloads-folder').textContent).toBe('/media/usb/exports'));
    fireEvent.change(screen.getByTestId('downloads-speed-limit'), { target: { value: '8' } });
    expect(screen.getByText('A whole number of KB/s, 16 or more.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('downloads-speed-limit'), { target: { value: '512' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    fireEvent.change(screen.getByTestId('downloads-concurrency'), { target: { value: '5' } });
    await waitFor(() => expect(inputsOf(state, 'downloads:configure')).toEqual([{ speedLimitKiBps: 512 }, { concurrency: 5 }]));
    fireEvent.click(screen.getByTestId('downloads-reveal'));
    expect((await screen.findByTestId('downloads-path')).textContent).toContain('/media/usb/exports');
  });
});
