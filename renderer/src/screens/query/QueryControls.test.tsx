// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { QueryPage } from '../../../../shared/bridge/contract.js';
import { createFakeApi, makeDataset } from '../../test-support/fakeApi.js';
import { renderApp } from '../../test-support/render.js';
import { zoneLabel, zoneParam } from '../../features/workspace/zones.js';

afterEach(cleanup);

const ID = 'pjm_lmp_day_ahead_hourly';
const HASH = `#/datasets/${ID}/query`;
const col = (name: string, type: string) => ({
  name,
  type,
  is_numeric: type === 'DOUBLE' || type === 'INTEGER',
  is_date: type === 'TIMESTAMP',
  is_datetime: type === 'TIMESTAMP',
});
const LMP = makeDataset({
  id: ID,
  name: 'PJM LMP Day Ahead Hourly',
  subseries_index_column: 'location',
  primary_key_columns: ['interval_start_utc', 'location'],
  all_columns: [
    col('interval_start_utc', 'TIMESTAMP'),
    col('interval_end_utc', 'TIMESTAMP'),
    col('market', 'VARCHAR'),
    col('location', 'VARCHAR'),
    col('lmp', 'DOUBLE'),
    col('congestion', 'DOUBLE'),
  ],
});

function setup(pages?: QueryPage[]) {
  const fake = createFakeApi({
    datasets: [LMP],
    columnValues: {
      location: ['WESTERN HUB', 'EASTERN HUB', 'AEP', 'DOMINION HUB'].map((value, i) => ({ value, count: 100 - i })),
    },
    ...(pages ? { pages } : {}),
  });
  renderApp(fake.api, HASH);
  return fake;
}

const run = () => fireEvent.click(screen.getByRole('button', { name: 'Run query' }));
// Runs the form and waits until its pull has ended (Run waits while the shown pull runs).
async function runToEnd() {
  const before = document.querySelector('[data-testid="pull-status"]');
  run();
  await waitFor(() => {
    const status = screen.getByTestId('pull-status');
    expect(status === before ? null : status.getAttribute('data-state')).toBe('complete');
  });
}
const pulled = (state: ReturnType<typeof createFakeApi>['state'], i: number) => state.workspace.pullInputs[i]?.query;

describe('query controls', () => {
  it('sends order asc by default and desc for "Newest first"; the estimate is not asked about order', async () => {
    const { state } = setup();
    await screen.findByTestId('query-form');
    await runToEnd();
    expect(pulled(state, 0)).toMatchObject({ order: 'asc' });
    fireEvent.change(screen.getByTestId('query-order'), { target: { value: 'desc' } });
    await runToEnd();
    expect(pulled(state, 1)).toMatchObject({ order: 'desc' });
    expect(state.estimateInputs[1]).not.toHaveProperty('order');
  });

  it('time zone: market by default (named after the data zone) to pull and estimate; none for UTC; a listed zone', async () => {
    const { state } = setup();
    const select = (await screen.findByTestId('query-timezone')) as HTMLSelectElement;
    expect(within(select).getByRole('option', { name: 'Market time (America/New_York)' })).toBeTruthy();
    expect(screen.getByText('Start (America/New_York)')).toBeTruthy();
    await runToEnd();
    expect(pulled(state, 0)).toMatchObject({ timezone: 'market' });
    expect(state.estimateInputs[0]).toMatchObject({ timezone: 'market' });

    fireEvent.change(select, { target: { value: '' } });
    expect(screen.getByText('Start (UTC)')).toBeTruthy();
    await runToEnd();
    expect(pulled(state, 1)).not.toHaveProperty('timezone');
    expect(state.estimateInputs[1]).not.toHaveProperty('timezone');

    fireEvent.change(select, { target: { value: 'America/Chicago' } });
    await runToEnd();
    expect(pulled(state, 2)).toMatchObject({ timezone: 'America/Chicago' });
  });

  it('time zone "Other…": an unknown zone is refused before any call; a valid IANA zone is sent', async () => {
    const { state } = setup();
    fireEvent.change(await screen.findByTestId('query-timezone'), { target: { value: 'other' } });
    const typed = screen.getByTestId('query-timezone-other') as HTMLInputElement;
    expect(typed.getAttribute('list')).toBe('query-timezone-options');
    fireEvent.change(typed, { target: { value: 'Mars/Olympus' } });
    run();
    expect((await screen.findByTestId('query-error-zone')).textContent).toContain('"Mars/Olympus" is not an IANA time zone');
    expect(typed.getAttribute('aria-describedby')).toBe('query-error-zone');
    expect(state.calls).not.toContain('datasets:estimate');
    fireEvent.change(typed, { target: { value: ' Europe/Berlin ' } });
    await runToEnd();
    expect(pulled(state, 0)).toMatchObject({ timezone: 'Europe/Berlin' });
    expect(screen.queryByTestId('query-error-zone')).toBeNull();
  });

  it('columns: all → no projection; two picked → time index columns plus those; None keeps the time index; All resets', async () => {
    const { state } = setup();
    await screen.findByTestId('column-picker');
    expect(screen.getByTestId('column-picker-count').textContent).toBe('(all)');
    expect((screen.getByTestId('column-interval_start_utc') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('column-interval_end_utc') as HTMLInputElement).disabled).toBe(true);
    await runToEnd();
    expect(pulled(state, 0)).not.toHaveProperty('columns');

    fireEvent.click(screen.getByTestId('columns-none'));
    expect((screen.getByTestId('column-interval_start_utc') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByTestId('column-picker-count').textContent).toBe('(2 of 6)');
    fireEvent.click(screen.getByTestId('column-lmp'));
    fireEvent.click(screen.getByTestId('column-location'));
    await runToEnd();
    expect(pulled(state, 1)?.columns).toEqual(['interval_start_utc', 'interval_end_utc', 'location', 'lmp']);

    fireEvent.click(screen.getByTestId('column-lmp'));
    fireEvent.click(screen.getByTestId('column-location'));
    await runToEnd();
    expect(pulled(state, 2)?.columns).toEqual(['interval_start_utc', 'interval_end_utc']);

    fireEvent.click(screen.getByTestId('columns-all'));
    await runToEnd();
    expect(pulled(state, 3)).not.toHaveProperty('columns');
  });

  it('shows the _local columns the server adds; of 10,000 pulled rows only a window is read and rendered', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => {
      const ms = Date.UTC(2023, 10, 8, 5) - i * 3_600_000;
      const t = new Date(ms).toISOString().replace('.000Z', '+00:00');
      return [`${new Date(ms - 5 * 3_600_000).toISOString().slice(0, 19)}-05:00`, t, 'WESTERN HUB', i];
    });
    const { state } = setup();
    state.workspace.source = {
      columns: [
        { name: 'interval_start_local', type: 'VARCHAR' },
        { name: 'interval_start_utc', type: 'TIMESTAMPTZ' },
        { name: 'location', type: 'VARCHAR' },
        { name: 'lmp', type: 'DOUBLE' },
      ],
      rows,
    };
    await screen.findByTestId('query-form');
    await runToEnd();
    await waitFor(() => expect(screen.getByTestId('result-count').textContent).toMatch(/^10,000 rows/));
    expect(screen.getByRole('columnheader', { name: /^Interval start \(EPT\)/ })).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: /^Interval start \(UTC\)/ })).toBeNull(); // its hidden twin
    expect(screen.getByTestId('results-table').getAttribute('aria-rowcount')).toBe('10001');
    expect(screen.queryAllByTestId('result-row').length).toBeLessThan(200);
    expect(state.workspace.rowsInputs.every((r) => r.limit === 200)).toBe(true);
    const first = screen.getAllByTestId('result-row')[0]!.querySelectorAll('td');
    // In the query's zone (market time by default) the _local twin of the time index is pinned first, its zone named.
    expect(first[0]!.textContent).toBe('2023-11-08 00:00 EST');
    expect(first[0]!.className).toContain('pinned');
    expect(first[1]!.textContent).toBe('WESTERN HUB');
  });

  it('suggests the filter column’s values in a datalist; with "in" they complete the last item; none for timestamps', async () => {
    const { state } = setup();
    await screen.findByTestId('query-form');
    fireEvent.change(screen.getByTestId('filter-column'), { target: { value: 'location' } });
    const list = await screen.findByTestId('filter-value-suggestions');
    expect(screen.getByTestId('filter-value').getAttribute('list')).toBe(list.id);
    expect([...list.querySelectorAll('option')].map((o) => o.value)).toEqual([
      'WESTERN HUB',
      'EASTERN HUB',
      'AEP',
      'DOMINION HUB',
    ]);
    expect(state.columnValuesInputs[0]).toEqual({ datasetId: ID, column: 'location', limit: 100, requestId: expect.any(String) });

    fireEvent.change(screen.getByTestId('filter-operator'), { target: { value: 'in' } });
    fireEvent.change(screen.getByTestId('filter-value'), { target: { value: 'AEP,' } });
    await waitFor(() =>
      expect(screen.getByTestId('filter-value-suggestions').querySelector('option')!.value).toBe('AEP, WESTERN HUB'),
    );

    const asked = state.columnValuesInputs.length;
    fireEvent.change(screen.getByTestId('filter-column'), { target: { value: 'interval_start_utc' } });
    expect(screen.queryByTestId('filter-value-suggestions')).toBeNull();
    expect(state.columnValuesInputs).toHaveLength(asked);
  });

  it('searches with the typed text when the column has more values than one answer holds', async () => {
    const many = Array.from({ length: 150 }, (_, i) => ({ value: `NODE ${String(i).padStart(3, '0')}`, count: 1 }));
    const { api, state } = createFakeApi({
      datasets: [LMP],
      columnValues: { location: [...many, { value: 'WESTERN HUB', count: 1 }] },
    });
    renderApp(api, HASH);
    fireEvent.change(await screen.findByTestId('filter-column'), { target: { value: 'location' } });
    await screen.findByTestId('filter-value-suggestions');
    fireEvent.change(screen.getByTestId('filter-value'), { target: { value: 'western' } });
    await waitFor(() =>
      expect([...screen.getByTestId('filter-value-suggestions').querySelectorAll('option')].map((o) => o.value)).toEqual([
        'WESTERN HUB',
      ]),
    );
    expect(state.columnValuesInputs.at(-1)).toEqual({
      datasetId: ID,
      column: 'location',
      search: 'western',
      limit: 100,
      requestId: expect.any(String),
    });
  });

  it('zoneParam: UTC → none, listed → itself, typed → trimmed when Intl knows it', () => {
    expect(zoneParam('', 'x')).toBeUndefined();
    expect(zoneParam('market', '')).toBe('market');
    expect(zoneParam('other', ' US/Eastern ')).toBe('US/Eastern');
    expect(zoneParam('other', '')).toMatchObject({ problem: expect.stringContaining('Type an IANA zone') });
  });

  it('zoneLabel: the zone a query shows its times in', () => {
    const dataset = { data_timezone: 'US/Eastern' };
    expect(zoneLabel(undefined, dataset)).toBe('UTC');
    expect(zoneLabel('market', dataset)).toBe('US/Eastern');
    expect(zoneLabel('Europe/Berlin', dataset)).toBe('Europe/Berlin');
  });
});

describe('query form memory', () => {
  it("keeps a dataset's query when the user leaves the page and comes back; Reset restores the defaults", async () => {
    const { state } = setup();
    const start = (await screen.findByTestId('query-start')) as HTMLInputElement;
    const defaultStart = start.value;
    fireEvent.change(start, { target: { value: '2023-11-01' } });
    fireEvent.change(screen.getByTestId('query-order'), { target: { value: 'desc' } });
    fireEvent.change(screen.getByTestId('query-timezone'), { target: { value: 'America/Chicago' } });

    window.location.hash = '#/settings';
    await waitFor(() => expect(screen.queryByTestId('query-form')).toBeNull());
    window.location.hash = HASH;
    const back = (await screen.findByTestId('query-start')) as HTMLInputElement;
    expect(back.value).toBe('2023-11-01');
    expect((screen.getByTestId('query-order') as HTMLSelectElement).value).toBe('desc');
    expect((screen.getByTestId('query-timezone') as HTMLSelectElement).value).toBe('America/Chicago');
    await runToEnd();
    expect(pulled(state, 0)).toMatchObject({ startTime: '2023-11-01', order: 'desc', timezone: 'America/Chicago' });

    fireEvent.click(screen.getByTestId('query-reset'));
    expect((screen.getByTestId('query-start') as HTMLInputElement).value).toBe(defaultStart);
    expect((screen.getByTestId('query-order') as HTMLSelectElement).value).toBe('asc');
    expect((screen.getByTestId('query-timezone') as HTMLSelectElement).value).toBe('market');

    // Reset is remembered too.
    window.location.hash = '#/settings';
    await waitFor(() => expect(screen.queryByTestId('query-form')).toBeNull());
    window.location.hash = HASH;
    expect(((await screen.findByTestId('query-start')) as HTMLInputElement).value).toBe(defaultStart);
    expect((screen.getByTestId('query-order') as HTMLSelectElement).value).toBe('asc');
  });
});
