// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { GridscopeApi, VerbInput } from '../../../../shared/bridge/contract.js';
import type { ColumnValueCounts, SeriesData, TableColumn } from '../../../../shared/bridge/workspace.js';
import type { GsError } from '../../../../shared/errors.js';
import { AppProviders } from '../../AppProviders.js';
import { createQueryClient } from '../../lib/queryClient.js';
import { createFakeApi } from '../../test-support/fakeApi.js';
import { ResultChart } from './ResultChart.js';
import type { ResultChartProps } from './ResultChart.js';
import { FakeUPlot } from '../../test-support/uplotMock.js';

vi.mock('uplot', () => import('../../test-support/uplotMock.js').then((m) => m.uplotModule()));

const COLUMNS: TableColumn[] = [
  { name: 'interval_start_utc', type: 'TIMESTAMPTZ' },
  { name: 'monitored_facility', type: 'VARCHAR' },
  { name: 'limit_control_percentage', type: 'DOUBLE' },
  { name: 'shadow_price', type: 'DOUBLE' },
];
const VALUES: ColumnValueCounts['values'] = [
  { value: 'WESTERN HUB', count: 900 },
  { value: null, count: 400 },
  { value: 'AEP', count: 300 },
  { value: 'DOM', count: 200 },
  { value: 'PSEG', count: 100 },
  { value: 'BGE', count: 50 },
  { value: 'PEPCO', count: 10 },
];
const T0 = Date.parse('2024-09-02T04:00:00Z') / 1000;

/** A workspace answering `workspace:series` with two points per asked line inside the asked range. */
function chartApi(over: { values?: ColumnValueCounts['values']; rows?: number; totalRows?: number; seriesError?: GsError } = {}) {
  const seriesInputs: VerbInput<'workspace:series'>[] = [];
  const valuesInputs: VerbInput<'workspace:values'>[] = [];
  const api: GridscopeApi = {
    ...createFakeApi().api,
    'workspace:values': (input) => {
      valuesInputs.push(input);
      const values = over.values ?? VALUES;
      return Promise.resolve({ ok: true, value: { pullId: input.pullId, column: input.column, values, truncated: false } });
    },
    'workspace:series': (input) => {
      seriesInputs.push(input);
      if (over.seriesError) return Promise.resolve({ ok: false, error: over.seriesError });
      const from = input.from ?? T0;
      const to = input.to ?? T0 + 86_400;
      const keys = input.seriesValues ?? [null];
      const value: SeriesData = {
        pullId: input.pullId,
        series: keys.flatMap((key) => input.y.map((column) => ({ key, column, x: [from, to], y: [1, 2] }))),
        xMin: from,
        xMax: to,
        rows: over.rows ?? keys.length * 2,
        totalRows: over.totalRows ?? over.rows ?? keys.length * 2,
        truncatedSeries: false,
      };
      return Promise.resolve({ ok: true, value });
    },
  };
  return { api, seriesInputs, valuesInputs };
}

function renderChart(api: GridscopeApi, props: Partial<ResultChartProps> = {}) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  return render(
    <AppProviders api={api} queryClient={queryClient}>
      <ResultChart
        pullId={7}
        columns={COLUMNS}
        timeColumn="interval_start_utc"
        subseriesColumn="monitored_facility"
        timezone="market"
        datasetTimezone="America/New_York"
        {...props}
      />
    </AppProviders>,
  );
}

const lastChart = () => FakeUPlot.instances.filter((c) => !c.destroyed).at(-1)!;

beforeEach(() => {
  FakeUPlot.instances = [];
});
afterEach(cleanup);

describe('ResultChart', () => {
  it('charts the price-like column for every series value (up to 8) at the plot width, and says so', async () => {
    const { api, seriesInputs, valuesInputs } = chartApi();
    renderChart(api);
    await screen.findByTestId('result-chart-plot');
    expect(valuesInputs[0]).toMatchObject({ pullId: 7, column: 'monitored_facility', rankBy: 'shadow_price' });
    const input = seriesInputs.at(-1)!;
    const all = ['WESTERN HUB', 'AEP', 'DOM', 'PSEG', 'BGE', 'PEPCO'];
    expect(input).toMatchObject({
      pullId: 7,
      x: 'interval_start_utc',
      y: ['shadow_price'],
      seriesBy: 'monitored_facility',
      seriesValues: all,
    });
    expect(input.from).toBeUndefined();
    expect(input.gapSeconds).toBeUndefined(); // no step known: no breaks asked
    expect(Number.isInteger(input.pixels) && input.pixels >= 100).toBe(true);
    expect(lastChart().labels).toEqual(all);
    expect(lastChart().opts.axes![1]!.label).toBe('Shadow price ($/MWh)');
    expect(lastChart().data[0]).toEqual([T0, T0 + 86_400]);
    expect(screen.getByTestId('result-chart-plot').querySelector('canvas')).not.toBeNull();
    expect(screen.getByTestId('chart-series-count').textContent).toBe('6 of 6');
    expect(screen.getByTestId('chart-series-note').textContent).toBe('All 6 monitored facilities');
    expect(screen.getByTestId('chart-status').textContent).toBe('12 rows · 6 lines');
  });

  it('draws the top 8 by peak |value| of more, says it in the chart, and asks for breaks at 1.5 steps', async () => {
    const values = Array.from({ length: 23 }, (_v, i) => ({ value: `F${i}`, count: 10, peak: 1000 - i }));
    const { api, seriesInputs } = chartApi({ values, totalRows: 40 });
    renderChart(api, { stepSeconds: 300 });
    await screen.findByTestId('result-chart-plot');
    expect(seriesInputs.at(-1)).toMatchObject({ seriesValues: values.slice(0, 8).map((v) => v.value), gapSeconds: 450 });
    expect(screen.getByTestId('chart-series-note').textContent).toBe('Top 8 of 23 monitored facilities by peak |shadow price|');
    expect(screen.getByTestId('chart-status').textContent).toBe('16 of 40 rows · 8 lines');
  });

  it('searches and picks series values, and picks y columns', async () => {
    const { api, seriesInputs } = chartApi();
    renderChart(api);
    await screen.findByTestId('result-chart-plot');
    const picker = screen.getByTestId('chart-series-picker');
    fireEvent.change(within(picker).getByTestId('chart-series-search'), { target: { value: 'pep' } });
    expect(within(picker).getAllByRole('checkbox')).toHaveLength(1);
    fireEvent.click(within(picker).getByRole('checkbox', { name: /PEPCO/ }));
    fireEvent.change(within(picker).getByTestId('chart-series-search'), { target: { value: '' } });
    fireEvent.click(within(picker).getByRole('checkbox', { name: /WESTERN HUB/ }));
    await waitFor(() => expect(seriesInputs.at(-1)!.seriesValues).toEqual(['AEP', 'DOM', 'PSEG', 'BGE']));
    await waitFor(() => expect(lastChart().labels).toEqual(['AEP', 'DOM', 'PSEG', 'BGE']));
    expect(screen.getByTestId('chart-series-note').textContent).toBe('4 of 6 monitored facilities, as picked');

    fireEvent.click(within(picker).getByRole('button', { name: 'None' }));
    expect(await screen.findByTestId('chart-empty')).toHaveProperty(
      'textContent',
      'Pick at least one monitored facility to chart.',
    );

    const yPicker = screen.getByTestId('chart-y-picker');
    const only = within(yPicker).getByRole('checkbox', { name: 'Shadow price ($/MWh)' }) as HTMLInputElement;
    expect(only.checked && only.disabled).toBe(true); // the last column stays
    fireEvent.click(within(picker).getByRole('button', { name: 'Top 8' }));
    fireEvent.click(within(yPicker).getByRole('checkbox', { name: 'Limit control (%)' }));
    await waitFor(() => expect(seriesInputs.at(-1)!.y).toEqual(['shadow_price', 'limit_control_percentage']));
    await waitFor(() => expect(lastChart().labels[0]).toBe('WESTERN HUB · Shadow price ($/MWh)'));
  });

  it('closes an open picker on a press outside it or on Escape', async () => {
    const { api } = chartApi();
    renderChart(api);
    await screen.findByTestId('result-chart-plot');
    const picker = screen.getByTestId('chart-series-picker') as HTMLDetailsElement;
    picker.open = true;
    fireEvent.pointerDown(within(picker).getByTestId('chart-series-search'));
    expect(picker.open).toBe(true);
    fireEvent.pointerDown(screen.getByTestId('chart-status'));
    expect(picker.open).toBe(false);
    picker.open = true;
    fireEvent.keyDown(document.body, { key: 'Escape' });
    expect(picker.open).toBe(false);
    expect(document.activeElement).toBe(picker.querySelector('summary'));
  });

  it('switches the time axis between market time and UTC', async () => {
    const { api } = chartApi();
    renderChart(api);
    await screen.findByTestId('result-chart-plot');
    const noon = Date.parse('2024-01-01T12:00:00Z') / 1000;
    expect(lastChart().opts.series[0]!.label).toBe('Interval start (EPT)');
    expect(lastChart().opts.tzDate!(noon).getHours()).toBe(7);
    fireEvent.change(screen.getByTestId('chart-zone'), { target: { value: 'utc' } });
    await waitFor(() => expect(lastChart().opts.series[0]!.label).toBe('Interval start (UTC)'));
    expect(lastChart().opts.tzDate!(noon).getHours()).toBe(12);
  });

  it('re-reads a dragged range at full detail, pans within the data, and resets', async () => {
    const { api, seriesInputs } = chartApi();
    renderChart(api, { timezone: '' });
    await screen.findByTestId('result-chart-plot');
    const chart = lastChart();
    chart.setScale('x', { min: T0, max: T0 + 86_400 });
    chart.setSize({ width: 1000, height: 360 });
    act(() => chart.dragSelect(250, 250)); // the second quarter of the day
    await waitFor(() => expect(seriesInputs.at(-1)).toMatchObject({ from: T0 + 21_600, to: T0 + 43_200 }));
    await waitFor(() =>
      expect(screen.getByTestId('chart-status').textContent).toContain('from 2024-09-02 10:00 to 2024-09-02 16:00'),
    );
    expect(lastChart().scales.x).toEqual({ min: T0 + 21_600, max: T0 + 43_200 });

    fireEvent.click(screen.getByRole('button', { name: 'Pan later' }));
    await waitFor(() => expect(seriesInputs.at(-1)).toMatchObject({ from: T0 + 32_400, to: T0 + 54_000 }));
    fireEvent.click(screen.getByRole('button', { name: 'Zoom out' }));
    await waitFor(() => expect(seriesInputs.at(-1)).toMatchObject({ from: T0 + 21_600, to: T0 + 64_800 }));

    fireEvent.click(screen.getByTestId('chart-reset'));
    await waitFor(() => expect(screen.getByTestId('chart-status').textContent).not.toContain('from'));
    expect(lastChart().scales.x).toEqual({ min: T0, max: T0 + 86_400 });
    expect((screen.getByTestId('chart-reset') as HTMLButtonElement).disabled).toBe(true);
  });

  it('draws one line per y column without a subseries column', async () => {
    const { api, seriesInputs, valuesInputs } = chartApi();
    renderChart(api, { subseriesColumn: null });
    await screen.findByTestId('result-chart-plot');
    expect(valuesInputs).toHaveLength(0);
    expect(seriesInputs[0]!.seriesBy).toBeUndefined();
    expect(lastChart().labels).toEqual(['Shadow price ($/MWh)']);
    expect(screen.queryByTestId('chart-series-picker')).toBeNull();
  });

  it('says in plain words when there is nothing to chart', async () => {
    const { api } = chartApi({ rows: 0 });
    renderChart(api, { columns: COLUMNS.filter((c) => c.type !== 'DOUBLE') });
    expect(screen.getByTestId('chart-empty').textContent).toBe('This result has no numeric columns to chart.');
    cleanup();
    renderChart(api, { columns: COLUMNS.filter((c) => c.type !== 'TIMESTAMPTZ') });
    expect(screen.getByTestId('chart-empty').textContent).toBe(
      'This result has no time column, so there is nothing to chart over time.',
    );
    cleanup();
    renderChart(api);
    expect((await screen.findByTestId('chart-empty')).textContent).toBe('No rows to chart.');
  });

  it('shows a failed read as an error with Retry', async () => {
    const { api, seriesInputs } = chartApi({ seriesError: { code: 'internal', message: 'DuckDB went away' } });
    renderChart(api);
    const alert = await screen.findByTestId('error-state');
    expect(alert.textContent).toContain('Could not load the chart');
    const before = seriesInputs.length;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(seriesInputs.length).toBe(before + 1));
  });
});
