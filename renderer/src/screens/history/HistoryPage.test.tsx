// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createFakeApi } from '../../test-support/fakeApi.js';
import { createFakeWorkspace, seedPull } from '../../test-support/fakeWorkspace.js';
import { TEST_COLUMNS, TEST_QUERY, testRows } from '../../test-support/pullRows.js';
import { renderApp } from '../../test-support/render.js';

afterEach(cleanup);

function setup() {
  const workspace = createFakeWorkspace({ source: { columns: TEST_COLUMNS, rows: testRows(9) } });
  seedPull(workspace, TEST_QUERY, { columns: TEST_COLUMNS, rows: testRows(40) });
  seedPull(
    workspace,
    { ...TEST_QUERY, startTime: '2023-11-06' },
    { columns: TEST_COLUMNS, rows: testRows(3) },
    {
      state: 'cancelled',
      rowsCharged: 3,
    },
  );
  workspace.saved.push({
    id: 50,
    name: 'Real-time constraints, first week',
    datasetId: TEST_QUERY.datasetId,
    params: { ...TEST_QUERY, timezone: 'market' },
    createdAt: '2024-03-02T08:00:00.000Z',
  });
  return createFakeApi({ workspace });
}

describe('History', () => {
  it('lists the pulls, newest first, with rows, rows charged and state; Open reads the rows without a new request', async () => {
    const { api, state } = setup();
    renderApp(api, '#/history');
    const rows = await screen.findAllByTestId('history-pull');
    expect(rows.map((r) => r.getAttribute('data-pull-id'))).toEqual(['2', '1']);
    expect(rows[0]!.textContent).toContain('PJM Marginal Value Real Time 5 Min');
    expect(rows[0]!.textContent).toContain('Cancelled (partial)');
    expect(rows[1]!.textContent).toContain('Complete');
    expect([...rows[1]!.querySelectorAll('td.num')].map((td) => td.textContent)).toEqual(['40', '40']);

    fireEvent.click(within(rows[1]!).getByTestId('open-pull'));
    await waitFor(() => expect(screen.getByTestId('result-count').textContent).toMatch(/^40 rows/));
    expect(window.location.hash).toBe(
      `#/datasets/${TEST_QUERY.datasetId}/query?start=2023-11-05&end=2023-11-08&order=asc&pull=1`,
    );
    expect((screen.getByTestId('query-start') as HTMLInputElement).value).toBe('2023-11-05');
    expect(state.calls).not.toContain('workspace:pull');
    expect(state.calls).not.toContain('datasets:estimate');
  });

  it('keeps each date-time of a pull or saved query on one line, so a narrow window breaks between them', async () => {
    const { api } = setup();
    renderApp(api, '#/history');
    const pull = (await screen.findAllByTestId('history-pull'))[0]!;
    const kept = (el: Element) => [...el.querySelectorAll('.nowrap')].map((s) => s.textContent);
    // When it started, in the one date format: the dataset's market time (PJM: EST in winter, EDT in summer).
    expect(kept(pull)).toEqual(['2023-11-06', '2023-11-08', expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} E[SD]T$/)]);
    expect(pull.querySelector('td')?.textContent).toContain('2023-11-06 → 2023-11-08 (UTC)');
    const saved = screen.getByTestId('saved-query');
    expect(kept(saved)).toEqual(['2023-11-05', '2023-11-08', '2024-03-02 03:00 EST']);
    expect(saved.textContent).toContain('2023-11-05 → 2023-11-08 (market time)');
  });

  it('shows a binding pull as binding rows and reopens it on the binding page, never as a dataset query', async () => {
    const { api, state } = setup();
    const RT = 'pjm_marginal_value_real_time_5_min';
    const binding = seedPull(
      state.workspace,
      { datasetId: RT, startTime: '2024-09-02T00:00:00Z', endTime: '2024-09-04T00:00:00Z', limit: 1000 },
      { columns: TEST_COLUMNS, rows: testRows(5) },
      { kind: 'binding', binding: { priceThreshold: 50, limitReached: true }, rows: 1000, rowsCharged: 1000 },
    );
    renderApp(api, '#/history');
    const row = (await screen.findAllByTestId('history-pull')).find(
      (r) => r.getAttribute('data-pull-id') === String(binding.record.id),
    )!;
    expect(row.getAttribute('data-kind')).toBe('binding');
    const text = row.querySelector('td')!.textContent;
    expect(text).toContain('Binding rows · 2024-09-01 20:00 EDT → 2024-09-03 20:00 EDT · |shadow price| > 50 $/MWh');
    expect(within(row).getByTestId('limit-reached').textContent).toBe(' · first 1,000 rows (limit reached)');
    expect(text).not.toContain('limit 1,000');

    fireEvent.click(within(row).getByTestId('open-pull'));
    await waitFor(() => expect(window.location.hash).toMatch(/^#\/binding\?/));
    const address = new URLSearchParams(window.location.hash.split('?')[1]);
    expect(Object.fromEntries(address)).toEqual({
      dataset: RT,
      market: 'pjm',
      start: '2024-09-02T00:00:00Z',
      end: '2024-09-04T00:00:00Z',
      threshold: '50',
      limit: '1000',
      pull: String(binding.record.id),
    });
    expect(state.calls).not.toContain('workspace:pull');
    expect(state.calls).not.toContain('workspace:pullBinding');
  });

  it('deletes a pull after a second click', async () => {
    const { api, state } = setup();
    renderApp(api, '#/history');
    const row = (await screen.findAllByTestId('history-pull'))[0]!;
    fireEvent.click(within(row).getByRole('button', { name: 'Delete pull 2' }));
    expect(state.workspace.pulls).toHaveLength(2);
    fireEvent.click(within(row).getByTestId('confirm-delete'));
    await waitFor(() => expect(screen.getAllByTestId('history-pull')).toHaveLength(1));
    expect(state.workspace.pulls.map((p) => p.record.id)).toEqual([1]);
  });

  it('saved queries: Open fills the form, Run pulls again, Rename and Delete change the list', async () => {
    const { api, state } = setup();
    renderApp(api, '#/history');
    const saved = await screen.findByTestId('saved-query');
    fireEvent.click(within(saved).getByTestId('rename-saved'));
    fireEvent.change(within(saved).getByTestId('rename-input'), { target: { value: 'Week one (market time)' } });
    fireEvent.click(within(saved).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByTestId('saved-name').textContent).toBe('Week one (market time)'));
    expect(state.workspace.saved[0]!.name).toBe('Week one (market time)');

    fireEvent.click(screen.getByTestId('open-saved'));
    await waitFor(() => expect((screen.getByTestId('query-timezone') as HTMLSelectElement).value).toBe('market'));
    expect((screen.getByTestId('query-start') as HTMLInputElement).value).toBe('2023-11-05');
    expect(state.workspace.pullInputs).toEqual([]);
    expect(screen.queryByTestId('results')).toBeNull();

    window.location.hash = '#/history';
    fireEvent.click(await screen.findByTestId('run-saved'));
    await waitFor(() => expect(window.location.hash).toMatch(/pull=3$/));
    expect(state.workspace.pullInputs[0]!.query).toEqual({ ...TEST_QUERY, timezone: 'market' });
    await waitFor(() => expect(screen.getByTestId('result-count').textContent).toMatch(/^9 rows/));

    window.location.hash = '#/history';
    fireEvent.click(within(await screen.findByTestId('saved-query')).getByRole('button', { name: /^Delete saved query/ }));
    fireEvent.click(screen.getByTestId('confirm-delete'));
    await screen.findByTestId('saved-empty');
    expect(state.workspace.saved).toEqual([]);
  });

  it('"Save query" above a result keeps its query under a name', async () => {
    const { api, state } = setup();
    renderApp(api, `#/datasets/${TEST_QUERY.datasetId}/query?start=2023-11-05&end=2023-11-08&order=asc&pull=1`);
    fireEvent.click(await screen.findByTestId('save-query'));
    fireEvent.change(screen.getByTestId('save-query-name'), { target: { value: 'My constraints' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('save-query-done')).textContent).toContain('Saved as “My constraints”');
    expect(state.workspace.saved.at(-1)).toMatchObject({ name: 'My constraints', params: TEST_QUERY });
  });
});

describe('refresh and provenance', () => {
  it('a reopened pull says its dataset changed; Refresh reports rows added and charged; History lists the refresh', async () => {
    const { api, state } = setup();
    const ws = state.workspace;
    ws.updatesSince = [
      {
        id: 7,
        dataset: TEST_QUERY.datasetId,
        time_utc: '2024-03-05T11:00:00Z',
        num_rows_inserted: 12,
        num_rows_updated: 0,
        is_backfill: false,
      },
      {
        id: 8,
        dataset: TEST_QUERY.datasetId,
        time_utc: '2024-03-05T12:00:00Z',
        num_rows_inserted: 0,
        num_rows_updated: 24,
        is_backfill: true,
        start_time_utc: '2023-11-06T05:00:00Z',
        end_time_utc: '2023-11-06T07:00:00Z',
      },
    ];
    renderApp(api, '#/history');
    const rows = await screen.findAllByTestId('history-pull');
    fireEvent.click(within(rows[1]!).getByTestId('open-pull'));
    const notice = await screen.findByTestId('refresh-notice');
    await waitFor(() => expect(notice.getAttribute('data-changed')).toBe('true'));
    // Market time (PJM, EST in November), the backfill's range named.
    expect(notice.textContent).toContain(
      '1 update added 12 new rows; 1 backfill rewrote 2023-11-06 00:00 → 2023-11-06 02:00 EST.',
    );
    expect(ws.changesInputs).toEqual([1]);

    fireEvent.click(screen.getByTestId('refresh-pull'));
    await waitFor(() =>
      expect(screen.getByTestId('refresh-outcome').textContent).toBe(
        'Refreshed 2024-03-05 09:31 EST: 12 rows added, 0 replaced, 12 charged to the plan.',
      ),
    );
    await waitFor(() => expect(screen.getByTestId('result-count').textContent).toMatch(/^52 rows/));

    window.location.hash = '#/history';
    const refreshed = await screen.findByTestId('history-refresh');
    expect(refreshed.textContent).toBe('Refreshed 2024-03-05 09:31 EST: 12 rows added, 0 replaced, 12 charged to the plan.');
  });

  it('a pull the page just ran is not checked for updates (no request)', async () => {
    const { api, state } = setup();
    const ws = state.workspace;
    renderApp(api, `#/datasets/${TEST_QUERY.datasetId}/query?start=2023-11-05&end=2023-11-08`);
    fireEvent.click(await screen.findByRole('button', { name: 'Run query' }));
    await screen.findByTestId('refresh-notice');
    expect(ws.changesInputs).toEqual([]);
  });
});
