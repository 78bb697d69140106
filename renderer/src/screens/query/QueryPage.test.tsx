// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RequestStatus } from '../../../../shared/bridge/contract.js';
import { queryHref } from '../../features/workspace/queryAddress.js';
import { createFakeApi, makeUsage } from '../../test-support/fakeApi.js';
import { createFakeWorkspace, finishPull } from '../../test-support/fakeWorkspace.js';
import { TEST_COLUMNS, testRows } from '../../test-support/pullRows.js';
import { renderApp } from '../../test-support/render.js';
import { latestDay } from '../../features/results-table/cells.js';
import { describeStatus } from '../../features/requests/RequestStatusLine.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const ID = 'pjm_marginal_value_day_ahead_hourly';
const HASH = `#/datasets/${ID}/query`;
const OVER = 'This query needs about 750,000 rows, more than the 375,000 left this month.';
const run = () => fireEvent.click(screen.getByRole('button', { name: 'Run query' }));
const fill = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const PULL_SOURCE = { columns: TEST_COLUMNS, rows: testRows(30) };

function retrying(requestId: string): RequestStatus {
  return {
    requestId,
    verb: 'datasets:estimate',
    state: 'retrying',
    attempt: 2,
    maxAttempts: 4,
    retryInMs: 7_600,
    reason: 'Rate limit reached (429): Too Many Requests. Limit: 1 per 1 second.',
    cause: 'Rate limit reached (429)',
    startedAt: 0,
  };
}

describe('Run: estimate, then a pull into the workspace', () => {
  it('an estimate that is only an upper bound says "at most" while the pull runs', async () => {
    const { api } = createFakeApi({
      estimate: { estimatedRows: 1_636, upperBound: true, basis: 'The data has gaps.' },
      workspace: createFakeWorkspace({ holdPulls: true }),
    });
    renderApp(api, HASH);
    await screen.findByTestId('query-start');
    run();
    expect((await screen.findByTestId('estimate-rows')).textContent).toBe('at most 1,636 rows');
  });

  it('waits for "Run anyway" on a warning, then pulls with the estimate as the expected rows; the address gets the pull', async () => {
    const { api, state } = createFakeApi({
      estimate: { estimatedRows: 750_000, remainingMonthlyRows: 375_000, perResponseLimit: 50_000, warnings: [OVER] },
      workspace: createFakeWorkspace({ source: PULL_SOURCE }),
    });
    renderApp(api, HASH);
    await screen.findByTestId('query-start');
    fill('query-start', '2023-11-06');
    fill('query-end', '2023-11-08');
    fill('filter-column', 'shadow_price');
    fill('filter-operator', '>');
    fill('filter-value', '10');
    run();

    const estimate = await screen.findByTestId('estimate');
    expect(within(estimate).getByTestId('estimate-warnings').textContent).toBe(OVER);
    expect(state.calls).not.toContain('workspace:pull');
    fireEvent.click(within(estimate).getByRole('button', { name: 'Run anyway' }));

    await waitFor(() => expect(screen.getByTestId('result-count').textContent).toContain('30 rows'));
    expect(state.workspace.pullInputs).toEqual([
      {
        query: expect.objectContaining({
          datasetId: ID,
          startTime: '2023-11-06',
          endTime: '2023-11-08',
          filter: { column: 'shadow_price', operator: '>', value: '10' },
        }),
        expectedRows: 750_000,
      },
    ]);
    expect(window.location.hash).toMatch(
      /^#\/datasets\/pjm_marginal_value_day_ahead_hourly\/query\?start=2023-11-06&end=2023-11-08&.*pull=1$/,
    );
    expect(screen.getByTestId('pull-status').textContent).toBe('Complete: 30 rows in the workspace (30 charged to the plan).');
    // The form folds away for the table and says what ran.
    expect(screen.getByTestId('query-form-box').hasAttribute('open')).toBe(false);
    expect(screen.getByTestId('query-summary').textContent).toContain('2023-11-06 → 2023-11-08');
  });

  it('shows rows, pages, speed, ETA, rows charged and the retry state while the pull runs; Cancel keeps the rows', async () => {
    const { api, state } = createFakeApi({ workspace: createFakeWorkspace({ holdPulls: true, source: PULL_SOURCE }) });
    renderApp(api, HASH);
    await screen.findByTestId('query-form');
    run();
    await waitFor(() => expect(screen.getByTestId('pull-status').getAttribute('data-state')).toBe('running'));
    const ws = state.workspace;
    ws.pulls[0]!.rows = testRows(12);
    finishPull(ws, 1, {
      rows: 12,
      progress: {
        rows: 12_345,
        pages: 13,
        bytes: 1_000_000,
        rowsCharged: 12_345,
        elapsedMs: 3000,
        rowsPerSecond: 4115.2,
        etaSeconds: 95,
        waiting: 'Rate limited, retrying in 2 s',
      },
    });
    await waitFor(() =>
      expect(screen.getByTestId('pull-progress').textContent).toBe(
        '12,345 rows · 13 pages · 4,115 rows/s · about 2 min left · 12,345 charged to the plan',
      ),
    );
    expect(screen.getByTestId('pull-waiting').textContent).toBe('Rate limited, retrying in 2 s');
    await waitFor(() => expect(screen.getByTestId('result-count').textContent).toContain('12 rows so far'));
    expect(screen.getByRole('button', { name: 'Run query' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(screen.getByTestId('cancel-pull'));
    await waitFor(() => expect(screen.getByTestId('pull-status').getAttribute('data-state')).toBe('cancelled'));
    expect(ws.cancelInputs).toEqual([1]);
    expect(screen.getByTestId('pull-status').textContent).toBe(
      'Cancelled after 12 rows: the result is partial. The rows pulled so far are kept (0 charged to the plan).',
    );
    await waitFor(() => expect(screen.getByTestId('result-count').textContent).toMatch(/^12 rows ·/));
    expect(screen.getAllByTestId('result-row')).toHaveLength(12);
  });

  it('a pull that stopped on an error says the rows are partial, in words', async () => {
    const { api, state } = createFakeApi({ workspace: createFakeWorkspace({ holdPulls: true, source: PULL_SOURCE }) });
    renderApp(api, HASH);
    await screen.findByTestId('query-form');
    run();
    await waitFor(() => expect(screen.getByTestId('pull-status').getAttribute('data-state')).toBe('running'));
    state.workspace.pulls[0]!.rows = testRows(5);
    finishPull(state.workspace, 1, { state: 'partial', rows: 5, error: 'The /v1 server did not answer within 30 s.' });
    await waitFor(() =>
      expect(screen.getByTestId('pull-status').textContent).toBe(
        'Partial: the pull stopped after 5 rows (The /v1 server did not answer within 30 s). The rows received are kept.',
      ),
    );
  });

  it('a refused pull shows the error state with Retry; a refused estimate that names a field goes by that field', async () => {
    const { api, state } = createFakeApi({ usage: makeUsage() });
    state.failures['workspace:pull'] = {
      code: 'rate_limited',
      message: 'Gave up after 4 attempts over 9 s: Rate limit reached (429)',
      status: 429,
    };
    renderApp(api, HASH);
    await screen.findByTestId('query-form');
    run();
    const alert = await screen.findByTestId('error-state');
    expect(alert.getAttribute('data-code')).toBe('rate_limited');
    expect(alert.textContent).toContain('Gave up after 4 attempts');

    delete state.failures['workspace:pull'];
    state.failures['datasets:estimate'] = { code: 'validation', message: 'startTime must be before endTime.' };
    run();
    expect((await screen.findByTestId('query-error-end')).textContent).toBe('End must be after Start.');
    expect(screen.queryByTestId('error-state')).toBeNull();
  });

  it('a refused pull that misses a column it groups by goes by the grouping, not the filter column', async () => {
    const { api, state } = createFakeApi();
    state.failures['workspace:pull'] = { code: 'validation', message: `Column shadow_price not found in dataset ${ID}` };
    renderApp(api, `${HASH}?resample=1h&resample_by=shadow_price&run=1`);
    expect((await screen.findByTestId('query-error-resampleBy')).textContent).toBe('This dataset has no column shadow_price.');
    expect(screen.queryByTestId('query-error-filterColumn')).toBeNull();
  });

  it('renders the estimate’s retry state while it waits', async () => {
    const { api } = createFakeApi();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const estimate = api['datasets:estimate'];
    api['datasets:estimate'] = async (input, options) => (await gate, estimate(input, options));
    api['requests:status'] = async ({ requestIds = [] }) => ({ ok: true, value: requestIds.map(retrying) });
    renderApp(api, HASH);
    await screen.findByTestId('query-form');
    run();
    await waitFor(() =>
      expect(screen.getByTestId('request-status-text').textContent).toBe(
        'Rate limit reached (429) — retrying in 8 s (attempt 2 of 4)',
      ),
    );
    release();
    await waitFor(() => expect(screen.queryByTestId('request-status')).toBeNull());
  });
});

describe('the address holds the query and the pull', () => {
  it('a reload shows the same form and rows from the workspace, without an estimate or a new pull', async () => {
    const { api, state } = createFakeApi({ workspace: createFakeWorkspace({ source: PULL_SOURCE }) });
    renderApp(api, HASH);
    await screen.findByTestId('query-form');
    fill('query-start', '2023-11-06');
    fill('query-order', 'desc');
    run();
    await waitFor(() => expect(window.location.hash).toContain('pull=1'));
    await waitFor(() => expect(screen.getByTestId('result-count').textContent).toContain('30 rows'));
    fireEvent.click(screen.getByTestId('sort-shadow_price'));
    await waitFor(() => expect(window.location.hash).toContain('view='));
    const address = window.location.hash;

    cleanup();
    state.calls.length = 0;
    renderApp(api, address);
    await waitFor(() => expect(screen.getByTestId('result-count').textContent).toContain('30 rows'));
    expect((screen.getByTestId('query-start') as HTMLInputElement).value).toBe('2023-11-06');
    expect((screen.getByTestId('query-order') as HTMLSelectElement).value).toBe('desc');
    expect(state.calls).not.toContain('datasets:estimate');
    expect(state.calls).not.toContain('workspace:pull');
    expect(state.calls).toContain('workspace:rows');
    expect(state.workspace.rowsInputs.at(-1)?.sort).toEqual([{ column: 'shadow_price', desc: false }]);
    expect(screen.getByRole('columnheader', { name: /shadow_price/ }).getAttribute('aria-sort')).toBe('ascending');
  });

  it('Back to an earlier run shows its query in the form and its pull’s rows', async () => {
    const { api, state } = createFakeApi({ workspace: createFakeWorkspace({ source: PULL_SOURCE }) });
    renderApp(api, HASH);
    await screen.findByTestId('query-form');
    fill('query-start', '2023-11-06');
    run();
    await waitFor(() => expect(window.location.hash).toContain('pull=1'));
    const first = window.location.hash;
    state.workspace.source = { columns: TEST_COLUMNS, rows: testRows(7) };
    fireEvent.click(screen.getByText('Edit query'));
    fill('query-start', '2023-11-07');
    run();
    await waitFor(() => expect(window.location.hash).toContain('pull=2'));
    expect((screen.getByTestId('query-start') as HTMLInputElement).value).toBe('2023-11-07');
    await waitFor(() => expect(screen.getByTestId('result-count').textContent).toMatch(/^7 rows/));

    window.location.hash = first;
    await waitFor(() => expect((screen.getByTestId('query-start') as HTMLInputElement).value).toBe('2023-11-06'));
    await waitFor(() => expect(screen.getByTestId('result-count').textContent).toMatch(/^30 rows/));
    expect(state.workspace.pullInputs).toHaveLength(2);
  });

  it('arriving with run=1 (a saved query’s Run) estimates and pulls once, then drops the flag', async () => {
    const { api, state } = createFakeApi({ workspace: createFakeWorkspace({ source: PULL_SOURCE }) });
    renderApp(api, queryHref({ datasetId: ID, startTime: '2023-11-05', endTime: '2023-11-06', order: 'asc' }, null, true));
    await waitFor(() => expect(window.location.hash).toMatch(/pull=1$/));
    expect(window.location.hash).not.toContain('run=1');
    expect(state.estimateInputs).toHaveLength(1);
    expect(state.workspace.pullInputs).toEqual([
      { query: { datasetId: ID, startTime: '2023-11-05', endTime: '2023-11-06', order: 'asc' }, expectedRows: 0 },
    ]);
    expect(((await screen.findByTestId('query-start')) as HTMLInputElement).value).toBe('2023-11-05');
  });

  it('an address whose parameters make no query says so and shows the defaults; a deleted pull says so', async () => {
    const { api } = createFakeApi();
    renderApp(api, `${HASH}?start=yesterday&pull=9`);
    expect((await screen.findByTestId('route-problem')).textContent).toContain('cannot read');
    expect((await screen.findByTestId('pull-missing')).textContent).toContain('no longer in the workspace');
  });
});

describe('the heading', () => {
  it('names the dataset and the form box by what it holds, not "Query" twice', async () => {
    renderApp(createFakeApi().api, HASH);
    await screen.findByTestId('query-form');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Query PJM Marginal Value Day Ahead Hourly');
    expect(screen.getByTestId('query-form-box').querySelector('summary')?.textContent).toBe('Query parameters');
  });

  it('a dataset the data service does not have: the id as code in the heading, and the way back to the catalogue', async () => {
    renderApp(createFakeApi().api, '#/datasets/pjm_foo/query');
    const alert = await screen.findByTestId('error-state');
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Query pjm_foo');
    expect(heading.querySelector('code')?.textContent).toBe('pjm_foo');
    expect(within(alert).getByRole('heading').textContent).toBe('Could not load the dataset: not found');
    expect(screen.getByTestId('error-message').textContent).toBe(
      'The data service has no such dataset. Pick one from the catalogue.',
    );
    fireEvent.click(within(alert).getByRole('button', { name: 'Back to the catalogue' }));
    expect(await screen.findByTestId('catalogue-table')).toBeTruthy();
  });
});

describe('query helpers', () => {
  it('finds the latest day and words statuses', () => {
    expect(latestDay('2024-03-01T00:00:00Z')).toEqual({ startTime: '2024-02-29', endTime: '2024-03-01' });
    expect(describeStatus(undefined, 'Running query…')).toBe('Running query…');
    expect(
      describeStatus(
        { ...retrying('x'), reason: 'The /v1 server answered 503', cause: 'Server error (503)', retryInMs: 300 },
        'x',
      ),
    ).toBe('Server error (503) — retrying in 1 s (attempt 2 of 4)');
    expect(describeStatus({ ...retrying('x'), cause: null }, 'x')).toBe('Temporary failure — retrying in 8 s (attempt 2 of 4)');
  });
});
