// @vitest-environment happy-dom
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { RequestStatus } from '../../../shared/bridge/contract.js';
import { AppProviders } from '../AppProviders.js';
import { createFakeApi, makeUsage } from '../test-support/fakeApi.js';
import { renderApp } from '../test-support/render.js';
import { formatCell, latestDay } from './cells.js';
import { describeStatus } from './RequestStatusLine.js';
import { useQueryRun } from './useQueryRun.js';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const ID = 'pjm_marginal_value_day_ahead_hourly';
const HASH = `#/datasets/${ID}/query`;
const OVER = 'This query needs about 750,000 rows, more than the 375,000 left this month.';

function retrying(requestId: string): RequestStatus {
  return {
    requestId,
    verb: 'datasets:query',
    state: 'retrying',
    attempt: 2,
    maxAttempts: 4,
    retryInMs: 7_600,
    reason: 'Rate limit reached (429): Too Many Requests. Limit: 1 per 1 second.',
    startedAt: 0,
  };
}

describe('Query explorer', () => {
  it('an estimate that is only an upper bound says "at most"', async () => {
    const { api } = createFakeApi({
      estimate: {
        estimatedRows: 1_636,
        upperBound: true,
        basis: 'The data has gaps: at most one row per interval and location.',
      },
    });
    renderApp(api, HASH);
    await screen.findByTestId('query-start');
    fireEvent.click(screen.getByRole('button', { name: 'Run query' }));
    expect((await screen.findByTestId('estimate-rows')).textContent).toBe('at most 1,636 rows');
  });

  it('defaults to the latest day, shows the estimate warning and sends nothing until "Run anyway"', async () => {
    const { api, state } = createFakeApi({
      estimate: { estimatedRows: 750_000, remainingMonthlyRows: 375_000, perResponseLimit: 50_000, warnings: [OVER] },
    });
    renderApp(api, HASH);
    expect(((await screen.findByTestId('query-start')) as HTMLInputElement).value).toBe('2023-11-08');
    expect((screen.getByTestId('query-end') as HTMLInputElement).value).toBe('2023-11-09');
    fireEvent.change(screen.getByTestId('filter-column'), { target: { value: 'shadow_price' } });
    fireEvent.change(screen.getByTestId('filter-operator'), { target: { value: '>' } });
    fireEvent.change(screen.getByTestId('filter-value'), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run query' }));

    const estimate = await screen.findByTestId('estimate');
    expect(within(estimate).getByTestId('estimate-rows').textContent).toBe('≈ 750,000 rows');
    expect(within(estimate).getByTestId('estimate-warnings').textContent).toBe(OVER);
    expect(estimate.getAttribute('role')).toBe('alert');
    expect(state.calls).toContain('datasets:estimate');
    expect(state.calls).not.toContain('datasets:query');
    expect(state.queryInputs).toEqual([]);

    fireEvent.click(within(estimate).getByRole('button', { name: 'Run anyway' }));
    expect(await screen.findAllByTestId('result-row')).toHaveLength(1);
    expect(state.queryInputs).toHaveLength(1);
    expect(state.queryInputs[0]).toMatchObject({
      datasetId: ID,
      startTime: '2023-11-08',
      endTime: '2023-11-09',
      filter: { column: 'shadow_price', operator: '>', value: '10' },
      pageSize: 1000,
    });
    expect(state.queryInputs[0]!.requestId).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    expect(screen.queryByRole('button', { name: 'Run anyway' })).toBeNull();
  });

  it('runs at once without warnings, renders the retry state while pending, then the rows; loads more with the cursor', async () => {
    let release!: () => void;
    const { api, state } = createFakeApi({
      estimate: { estimatedRows: 48 },
      queryGate: new Promise<void>((r) => (release = r)),
      pages: [
        {
          columns: ['interval_start_utc', 'location', 'lmp'],
          rows: [['2023-11-08T05:00:00+00:00', 'A', 1234.5]],
          hasNextPage: true,
          cursor: 'c2',
          datasetTimezone: 'US/Eastern',
        },
        {
          columns: ['interval_start_utc', 'location', 'lmp'],
          rows: [['2023-11-08T06:00:00+00:00', 'B', null]],
          hasNextPage: false,
          cursor: null,
          datasetTimezone: 'US/Eastern',
        },
      ],
    });
    const asked: string[][] = [];
    api['requests:status'] = async ({ requestIds = [] }) => {
      asked.push(requestIds);
      return { ok: true, value: requestIds.map(retrying) };
    };
    renderApp(api, HASH);
    await screen.findByTestId('query-form');
    fireEvent.click(screen.getByRole('button', { name: 'Run query' }));

    await waitFor(() =>
      expect(screen.getByTestId('request-status-text').textContent).toBe('Rate limited — retrying in 8 s (attempt 2 of 4)'),
    );
    expect(screen.getByTestId('request-status').getAttribute('data-state')).toBe('retrying');
    expect(screen.getByTestId('request-status').getAttribute('data-verb')).toBe('datasets:query');
    expect(screen.getByTestId('estimate-rows').textContent).toBe('≈ 48 rows');
    expect(asked.at(-1)).toEqual([state.queryInputs[0]!.requestId]);

    release();
    const rows = await screen.findAllByTestId('result-row');
    expect(rows).toHaveLength(1);
    expect(screen.queryByTestId('request-status')).toBeNull();
    const cells = rows[0]!.querySelectorAll('td');
    expect(cells[0]!.textContent).toBe('2023-11-08 05:00 UTC');
    expect(cells[2]!.textContent).toBe('1,234.5');
    expect(cells[2]!.className).toBe('num');
    expect(screen.getByTestId('result-count').textContent).toContain('1 row loaded, more available');

    fireEvent.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(screen.getAllByTestId('result-row')).toHaveLength(2));
    expect(state.queryInputs[1]).toMatchObject({ cursor: 'c2' });
    // Each run passes its own signal: the estimate and first page share one, "Load more" has another.
    expect(state.estimateOptions[0]?.signal).toBe(state.queryOptions[0]?.signal);
    expect(state.queryOptions[1]?.signal?.aborted).toBe(false);
    expect(state.queryOptions[1]?.signal).not.toBe(state.queryOptions[0]?.signal);
    expect(screen.getByTestId('result-count').textContent).toBe('(2 rows loaded; data time zone US/Eastern)');
    expect(screen.queryByTestId('load-more')).toBeNull();
  });

  it('sends the row limit to the estimate as well as to the query', async () => {
    const { api, state } = createFakeApi({ estimate: { estimatedRows: 250 } });
    renderApp(api, HASH);
    await screen.findByTestId('query-form');
    fireEvent.change(screen.getByTestId('query-limit'), { target: { value: '250' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run query' }));
    expect(await screen.findAllByTestId('result-row')).toHaveLength(1);
    expect(state.estimateInputs).toEqual([expect.objectContaining({ datasetId: ID, limit: 250 })]);
    expect(state.queryInputs[0]).toMatchObject({ limit: 250, pageSize: 250 });
  });

  it('Cancel sends requests:cancel for the pending call', async () => {
    const { api, state } = createFakeApi({ queryGate: new Promise<void>(() => undefined) });
    renderApp(api, HASH);
    await screen.findByTestId('query-form');
    fireEvent.click(screen.getByRole('button', { name: 'Run query' }));
    await waitFor(() => expect(screen.getByTestId('request-status-text').textContent).toBe('Running query…'));
    fireEvent.click(screen.getByTestId('cancel-request'));
    await waitFor(() => expect(state.cancelled).toEqual([state.queryInputs[0]!.requestId]));
  });

  it('leaving the page aborts the pending query (its signal), without an error', async () => {
    const { api, state } = createFakeApi({ queryGate: new Promise<void>(() => undefined) });
    const consoleError = vi.spyOn(console, 'error');
    renderApp(api, HASH);
    await screen.findByTestId('query-form');
    fireEvent.click(screen.getByRole('button', { name: 'Run query' }));
    await waitFor(() => expect(screen.getByTestId('request-status-text').textContent).toBe('Running query…'));
    const signal = state.queryOptions[0]?.signal;
    expect(signal?.aborted).toBe(false);
    expect(state.estimateOptions[0]?.signal).toBe(signal);

    window.location.hash = `#/datasets/${ID}`;
    await waitFor(() => expect(screen.queryByTestId('query-page')).toBeNull());
    expect(signal?.aborted).toBe(true);
    // The fake answered the aborted call `cancelled`, as the transports do; nobody is told.
    await waitFor(() => expect(state.calls).toContain('datasets:query'));
    window.location.hash = HASH;
    await screen.findByTestId('query-form');
    expect(screen.queryByTestId('error-state')).toBeNull();
    expect(screen.queryByTestId('request-status')).toBeNull();
    expect(consoleError).not.toHaveBeenCalled();
    expect(state.cancelled).toEqual([]);
  });

  it('a new run aborts the previous one, whose cancelled answer is not shown', async () => {
    let release!: () => void;
    const { api, state } = createFakeApi({ queryGate: new Promise<void>((r) => (release = r)) });
    const consoleError = vi.spyOn(console, 'error');
    const wrapper = ({ children }: { children: ReactNode }) => <AppProviders api={api}>{children}</AppProviders>;
    const { result } = renderHook(() => useQueryRun(ID), { wrapper });

    void result.current.start({ datasetId: ID, startTime: '2023-11-01' });
    await waitFor(() => expect(state.queryInputs).toHaveLength(1));
    const first = state.queryOptions[0]?.signal;
    expect(first?.aborted).toBe(false);

    void result.current.start({ datasetId: ID, startTime: '2023-11-02' });
    expect(first?.aborted).toBe(true);
    await waitFor(() => expect(state.queryInputs).toHaveLength(2));
    const second = state.queryOptions[1]?.signal;
    expect(second?.aborted).toBe(false);
    // The first run's `cancelled` answer came back while the second one runs: no error state.
    await waitFor(() => expect(state.calls.filter((v) => v === 'datasets:query')).toHaveLength(1));
    expect(result.current.phase.kind).toBe('running');

    release();
    await waitFor(() => expect(result.current.phase.kind).toBe('done'));
    expect(result.current.loaded?.request).toMatchObject({ startTime: '2023-11-02' });
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('shows a failed query through the error state', async () => {
    const { api, state } = createFakeApi({ usage: makeUsage() });
    state.failures['datasets:query'] = {
      code: 'rate_limited',
      message: 'Gave up after 4 attempts over 9 s: Rate limit reached (429)',
      status: 429,
    };
    renderApp(api, HASH);
    await screen.findByTestId('query-form');
    fireEvent.click(screen.getByRole('button', { name: 'Run query' }));
    const alert = await screen.findByTestId('error-state');
    expect(alert.getAttribute('data-code')).toBe('rate_limited');
    expect(alert.textContent).toContain('Gave up after 4 attempts');
  });
});

describe('query form validation', () => {
  const fill = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
  const run = () => fireEvent.click(screen.getByRole('button', { name: 'Run query' }));

  it('End before Start: a field error by End in user words, nothing sent, no Settings button; editing End clears it', async () => {
    const { api, state } = createFakeApi();
    renderApp(api, HASH);
    await screen.findByTestId('query-form');
    fill('query-start', '2023-11-09');
    fill('query-end', '2023-11-08');
    run();
    const problem = await screen.findByTestId('query-error-end');
    expect(problem.textContent).toBe('End must be after Start.');
    expect(screen.getByTestId('query-end').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('query-end').getAttribute('aria-describedby')).toBe('query-error-end');
    expect(problem.closest('label')?.textContent).toContain('End (UTC, exclusive)');
    expect(screen.queryByRole('button', { name: 'Open Settings' })).toBeNull();
    expect(screen.queryByTestId('error-state')).toBeNull();
    expect(state.calls).not.toContain('datasets:estimate');
    fill('query-end', '2023-11-10');
    expect(screen.queryByTestId('query-error-end')).toBeNull();
    run();
    await screen.findAllByTestId('result-row');
  });

  it('reads Start and End in the chosen zone: 05:00Z then 01:00 is before it in UTC, after it in New York', async () => {
    const { api, state } = createFakeApi();
    renderApp(api, HASH);
    await screen.findByTestId('query-form');
    fill('query-start', '2023-11-08T05:00Z');
    fill('query-end', '2023-11-08 01:00');
    run();
    expect((await screen.findByTestId('query-error-end')).textContent).toBe('End must be after Start.');
    fireEvent.change(screen.getByTestId('query-timezone'), { target: { value: 'America/New_York' } });
    fill('query-end', '2023-11-08 01:00');
    run();
    await screen.findAllByTestId('result-row');
    expect(state.queryInputs[0]).toMatchObject({
      startTime: '2023-11-08T05:00Z',
      endTime: '2023-11-08 01:00',
      timezone: 'America/New_York',
    });
  });

  it('a time outside the shared grammar is refused by its field with the grammar’s reason; a missing filter value by the value', async () => {
    const { api, state } = createFakeApi();
    renderApp(api, HASH);
    await screen.findByTestId('query-form');
    fill('query-start', '2023-13-01');
    fill('filter-column', 'shadow_price');
    run();
    expect((await screen.findByTestId('query-error-start')).textContent).toContain('(months are 01–12)');
    expect(screen.getByTestId('query-error-filterValue').textContent).toBe('Enter a value (a comma list for "in").');
    expect(screen.queryByTestId('query-error-end')).toBeNull();
    expect(state.calls).not.toContain('datasets:estimate');
  });

  it('the host’s refusal of a known parameter goes back to its field, without a panel or Settings', async () => {
    const { api, state } = createFakeApi();
    state.failures['datasets:estimate'] = { code: 'validation', message: 'startTime must be before endTime.' };
    renderApp(api, HASH);
    await screen.findByTestId('query-form');
    run();
    expect((await screen.findByTestId('query-error-end')).textContent).toBe('End must be after Start.');
    expect(screen.queryByTestId('error-state')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Open Settings' })).toBeNull();
    fill('query-start', '2023-11-07');
    expect(screen.queryByTestId('query-error-end')).toBeNull();

    delete state.failures['datasets:estimate'];
    state.failures['datasets:query'] = {
      code: 'validation',
      message:
        "The /v1 server rejected the request (400): Unknown timezone 'Mars/Olympus'. Use an IANA time zone name such as US/Eastern.",
      status: 400,
    };
    run();
    expect((await screen.findByTestId('query-error-zone')).textContent).toContain(
      '"Mars/Olympus" is not a time zone the data service knows',
    );
    expect(screen.getByTestId('query-error-zone').textContent).not.toContain('timezone');
  });

  it('a refusal that names no field shows in the panel, without Retry or Settings', async () => {
    const { api, state } = createFakeApi();
    state.failures['datasets:query'] = {
      code: 'validation',
      message:
        'The /v1 server rejected the request (422): Query timed out. Try a shorter time range, no resampling, equality filters or a row limit.',
      status: 422,
    };
    renderApp(api, HASH);
    await screen.findByTestId('query-form');
    run();
    const alert = await screen.findByTestId('error-state');
    expect(alert.textContent).toContain('The query did not run: request refused');
    expect(screen.getByTestId('error-message').textContent).toBe(
      'Query timed out. Try a shorter time range, no resampling, equality filters or a row limit.',
    );
    expect(within(alert).queryAllByRole('button')).toHaveLength(0);
  });
});

describe('query helpers', () => {
  it('formats cells and statuses', () => {
    expect(formatCell('2024-03-10T01:00:00-05:00').text).toBe('2024-03-10 01:00 -05:00');
    expect(formatCell('2024-03-10T06:00:30+00:00').text).toBe('2024-03-10 06:00:30 UTC');
    expect(formatCell(-0.25)).toEqual({ text: '-0.25', numeric: true, empty: false });
    expect(formatCell(null).text).toBe('—');
    expect(latestDay('2024-03-01T00:00:00Z')).toEqual({ startTime: '2024-02-29', endTime: '2024-03-01' });
    expect(latestDay(null)).toEqual({ startTime: '', endTime: '' });
    expect(describeStatus(undefined, 'Running query…')).toBe('Running query…');
    expect(describeStatus({ ...retrying('x'), reason: 'Service unavailable (503)', retryInMs: 300 }, 'x')).toBe(
      'Temporary failure — retrying in 1 s (attempt 2 of 4)',
    );
  });
});
