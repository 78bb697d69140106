// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { PullQuery } from '../../../../../shared/bridge/workspace.js';
import type { DatasetWithTimezone } from '../../../../../shared/schemas/dataset.js';
import { dataset } from '../../../../../shared/test-support/fixtures.js';
import { AppProviders } from '../../../AppProviders.js';
import type { FieldError } from '../../../components/fieldErrors.js';
import { createFakeApi } from '../../../test-support/fakeApi.js';
import { QueryForm } from '../QueryForm.js';
import type { QueryFormMemory } from '../QueryForm.js';

afterEach(cleanup);

const col = (name: string, type: string) => ({
  name,
  type,
  is_numeric: type !== 'VARCHAR' && type !== 'TIMESTAMP',
  is_date: false,
  is_datetime: type === 'TIMESTAMP',
});

// Hourly LMPs in Central time: the latest interval starts 2023-11-07 21:00 CST (03:00 UTC on the 8th).
const LMP: DatasetWithTimezone = {
  ...dataset('miso_lmp_day_ahead_hourly', {
    earliest_available_time_utc: '2023-10-01T05:00:00+00:00',
    latest_available_time_utc: '2023-11-08T03:00:00+00:00',
    subseries_index_column: 'location',
    all_columns: [
      col('interval_start_utc', 'TIMESTAMP'),
      col('interval_end_utc', 'TIMESTAMP'),
      col('market', 'VARCHAR'),
      col('location', 'VARCHAR'),
      col('node_id', 'INTEGER'),
      col('lmp', 'DOUBLE PRECISION'),
    ],
  }),
  data_timezone: 'America/Chicago',
};

const FORECAST: DatasetWithTimezone = {
  ...dataset('pjm_wind_forecast_hourly', {
    earliest_available_time_utc: '2024-10-01T04:00:00+00:00',
    latest_available_time_utc: '2024-10-04T03:00:00+00:00',
    subseries_index_column: null,
    publish_time_column: 'publish_time_utc',
    primary_key_columns: ['interval_start_utc', 'publish_time_utc'],
    all_columns: [
      col('interval_start_utc', 'TIMESTAMP'),
      col('interval_end_utc', 'TIMESTAMP'),
      col('publish_time_utc', 'TIMESTAMP'),
      col('wind_forecast', 'DOUBLE'),
    ],
  }),
  data_timezone: 'US/Eastern',
};

function renderForm(ds: DatasetWithTimezone, over: { serverError?: FieldError | null; memory?: QueryFormMemory } = {}) {
  const { api } = createFakeApi({
    datasets: [ds],
    columnValues: { location: ['HUB.A', 'HUB.B', 'NODE.C'].map((value, i) => ({ value, count: 10 - i })) },
  });
  const onRun = vi.fn<(query: PullQuery) => void>();
  const props = { dataset: ds, busy: false, onRun, ...over };
  const view = render(
    <AppProviders api={api}>
      <QueryForm {...props} />
    </AppProviders>,
  );
  const rerender = (next: Partial<typeof props>) =>
    view.rerender(
      <AppProviders api={api}>
        <QueryForm {...props} {...next} />
      </AppProviders>,
    );
  return { onRun, rerender };
}

const run = () => fireEvent.click(screen.getByRole('button', { name: 'Run query' }));
const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const change = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const pressedPresets = () =>
  within(screen.getByRole('group', { name: 'Time window presets' }))
    .getAllByRole('button')
    .filter((b) => b.getAttribute('aria-pressed') === 'true')
    .map((b) => b.dataset.testid);
const lastQuery = (onRun: ReturnType<typeof renderForm>['onRun']) => onRun.mock.lastCall?.[0];

describe('time window', () => {
  it('opens on the last 7 days of the data in market time and sends exactly that', () => {
    const { onRun } = renderForm(LMP);
    expect(input('query-start').value).toBe('2023-11-01');
    expect(input('query-end').value).toBe('2023-11-08');
    expect((screen.getByTestId('query-timezone') as HTMLSelectElement).value).toBe('market');
    expect(screen.getByText('Start (America/Chicago)')).toBeTruthy();
    expect(screen.getByTestId('preset-week').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('query-availability').textContent).toBe(
      'Data from 2023-10-01 00:00 to 2023-11-07 21:00 (America/Chicago, interval starts)',
    );
    run();
    expect(onRun).toHaveBeenCalledTimes(1);
    expect(lastQuery(onRun)).toEqual({
      datasetId: LMP.id,
      startTime: '2023-11-01',
      endTime: '2023-11-08',
      timezone: 'market',
      order: 'asc',
    });
  });

  it('opens on all of the data when it spans less than 7 days', () => {
    renderForm({ ...LMP, earliest_available_time_utc: '2023-11-05T06:00:00+00:00' });
    expect(input('query-start').value).toBe('2023-11-05');
    expect(input('query-end').value).toBe('2023-11-08');
    // Week, month and all are this same window: only the narrowest shows pressed.
    expect(pressedPresets()).toEqual(['preset-week']);
  });

  it('shows the clicked preset pressed, alone, until Start or End is typed', () => {
    renderForm({ ...LMP, earliest_available_time_utc: '2023-11-05T06:00:00+00:00' });
    fireEvent.click(screen.getByTestId('preset-all'));
    expect(pressedPresets()).toEqual(['preset-all']);
    fireEvent.click(screen.getByTestId('preset-month'));
    expect(pressedPresets()).toEqual(['preset-month']);
    change('query-start', '2023-11-06');
    expect(pressedPresets()).toEqual([]);
    change('query-start', '2023-11-05');
    expect(pressedPresets()).toEqual(['preset-week']);
    fireEvent.click(screen.getByTestId('preset-all'));
    fireEvent.click(screen.getByTestId('query-reset'));
    expect(pressedPresets()).toEqual(['preset-week']);
  });

  it('leaves the window open when the catalogue gives no availability', () => {
    const { onRun } = renderForm({ ...LMP, earliest_available_time_utc: null, latest_available_time_utc: null });
    expect(input('query-start').value).toBe('');
    expect(screen.queryByTestId('preset-week')).toBeNull();
    run();
    expect(lastQuery(onRun)).not.toHaveProperty('startTime');
  });

  it('presets count back from the latest data, in the chosen zone', () => {
    renderForm(LMP);
    fireEvent.click(screen.getByTestId('preset-day'));
    expect([input('query-start').value, input('query-end').value]).toEqual(['2023-11-07', '2023-11-08']);
    fireEvent.click(screen.getByTestId('preset-month'));
    expect([input('query-start').value, input('query-end').value]).toEqual(['2023-10-08', '2023-11-08']);
    fireEvent.click(screen.getByTestId('preset-all'));
    expect([input('query-start').value, input('query-end').value]).toEqual(['2023-10-01', '2023-11-08']);
    // In UTC the latest interval (03:00 on the 8th) falls on the next day.
    change('query-timezone', '');
    fireEvent.click(screen.getByTestId('preset-day'));
    expect([input('query-start').value, input('query-end').value]).toEqual(['2023-11-08', '2023-11-09']);
    expect(screen.getByTestId('query-availability').textContent).toContain('2023-11-08 03:00 (UTC');
  });

  it('refuses a bad Start and an End before Start, by the fields, without running', () => {
    const { onRun } = renderForm(LMP);
    change('query-start', '2023-13-01');
    run();
    expect(screen.getByTestId('query-error-start').textContent).toMatch(/^Not a date or date-time \(months are 01–12\)/);
    expect(input('query-start').getAttribute('aria-describedby')).toBe('query-error-start');
    change('query-start', '2023-11-09');
    expect(screen.queryByTestId('query-error-start')).toBeNull();
    run();
    expect(screen.getByTestId('query-error-end').textContent).toBe('End must be after Start.');
    expect(onRun).not.toHaveBeenCalled();
  });
});

describe('filter and rows', () => {
  it('sends an "in" filter as the comma list typed, and refuses a filter without a value', () => {
    const { onRun } = renderForm(LMP);
    change('filter-column', 'location');
    change('filter-operator', 'in');
    run();
    expect(screen.getByTestId('query-error-filterValue').textContent).toBe('Enter a value (a comma list for "in").');
    change('filter-value', ' HUB.A, NODE.C ');
    run();
    expect(lastQuery(onRun)?.filter).toEqual({ column: 'location', operator: 'in', value: 'HUB.A, NODE.C' });
  });

  it('suggests examples of the column in the value placeholder', async () => {
    renderForm(LMP);
    expect(input('filter-value').placeholder).toBe('');
    change('filter-column', 'location');
    change('filter-operator', 'in');
    await waitFor(() => expect(input('filter-value').placeholder).toBe('e.g. HUB.A, HUB.B'));
  });

  it('row limit: a whole number up to 10,000,000 rows per pull', () => {
    const { onRun } = renderForm(LMP);
    change('query-limit', '0');
    run();
    expect(screen.getByTestId('query-error-limit').textContent).toBe(
      'A whole number of rows from 1 to 10,000,000, or empty for all of them.',
    );
    change('query-limit', '250000');
    run();
    expect(lastQuery(onRun)?.limit).toBe(250_000);
  });
});

describe('resampling', () => {
  it('sends the interval, the aggregation and the subseries column as grouping; nothing without an interval', () => {
    const { onRun } = renderForm(LMP);
    expect((screen.getByTestId('resample-function') as HTMLSelectElement).disabled).toBe(true);
    expect(input('resample-by-location').checked).toBe(true);
    run();
    expect(lastQuery(onRun)).not.toHaveProperty('resampleFrequency');
    expect(lastQuery(onRun)).not.toHaveProperty('resampleBy');

    change('resample-frequency', '1h');
    change('resample-function', 'max');
    run();
    expect(lastQuery(onRun)).toMatchObject({ resampleFrequency: '1h', resampleBy: ['location'], resampleFunction: 'max' });
  });

  it('the aggregation defaults to the mean; grouping columns go in catalogue order; measurements are not offered', () => {
    const { onRun } = renderForm(LMP);
    change('resample-frequency', '1d');
    expect(
      within(screen.getByTestId('resample-by'))
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('data-testid')),
    ).toEqual(['resample-by-market', 'resample-by-location', 'resample-by-node_id']);
    fireEvent.click(screen.getByTestId('resample-by-node_id'));
    fireEvent.click(screen.getByTestId('resample-by-market'));
    run();
    expect(lastQuery(onRun)).toMatchObject({
      resampleFrequency: '1d',
      resampleBy: ['market', 'location', 'node_id'],
      resampleFunction: 'mean',
    });
  });

  it('refuses no grouping on a dataset with a subseries column, and allows it on one without', () => {
    const { onRun } = renderForm(LMP);
    change('resample-frequency', '1h');
    fireEvent.click(screen.getByTestId('resample-by-location'));
    run();
    expect(screen.getByTestId('query-error-resampleBy').textContent).toBe(
      'Choose at least one column: with none, the data service still groups by location.',
    );
    expect(onRun).not.toHaveBeenCalled();
    cleanup();

    const other = renderForm({ ...LMP, subseries_index_column: null });
    expect(input('resample-by-location').checked).toBe(false);
    change('resample-frequency', '1h');
    run();
    expect(lastQuery(other.onRun)).toMatchObject({ resampleFrequency: '1h' });
    expect(lastQuery(other.onRun)).not.toHaveProperty('resampleBy');
  });

  it('"Other interval…" takes N units and refuses anything else in words', () => {
    const { onRun } = renderForm(LMP);
    change('resample-frequency', 'other');
    expect(input('resample-frequency-other').placeholder).toBe('e.g. 2 hours');
    run();
    expect(screen.getByTestId('query-error-resampleFrequency').textContent).toBe(
      'Write an interval such as 2 hours, or pick one from the list.',
    );
    change('resample-frequency-other', '2 fortnights');
    run();
    expect(screen.getByTestId('query-error-resampleFrequency').textContent).toMatch(
      /^"2 fortnights" is not an interval\. Pick an interval from the list, or write a number and a unit/,
    );
    change('resample-frequency-other', '0 hours');
    run();
    expect(screen.getByTestId('query-error-resampleFrequency')).toBeTruthy();
    expect(onRun).not.toHaveBeenCalled();
    change('resample-frequency-other', ' 2 hours ');
    run();
    expect(lastQuery(onRun)).toMatchObject({ resampleFrequency: '2 hours' });
  });

  it('shows a refusal of the interval by the data service until the interval is changed', () => {
    const error: FieldError = { field: 'resampleFrequency', text: 'Resampling needs a paid plan (yours: free).' };
    const { rerender } = renderForm(LMP);
    rerender({ serverError: error });
    expect(screen.getByTestId('query-error-resampleFrequency').textContent).toBe(error.text);
    expect(screen.getByTestId('resample-frequency').getAttribute('aria-describedby')).toBe('query-error-resampleFrequency');
    change('resample-frequency', '');
    expect(screen.queryByTestId('query-error-resampleFrequency')).toBeNull();
  });
});

describe('forecast vintages', () => {
  it('are offered only on a dataset with a publish time column', () => {
    renderForm(LMP);
    expect(screen.queryByTestId('query-vintage')).toBeNull();
    cleanup();
    renderForm(FORECAST);
    expect(within(screen.getByTestId('query-vintage')).getByText('Forecast vintage')).toBeTruthy();
  });

  it('default to the latest forecast per interval; "All vintages" sends no publish time', () => {
    const { onRun } = renderForm(FORECAST);
    expect(input('query-start').value).toBe('2024-10-01');
    expect(input('query-end').value).toBe('2024-10-04');
    run();
    expect(lastQuery(onRun)).toMatchObject({ publishTime: 'latest', timezone: 'market' });
    change('vintage', 'latest_report');
    run();
    expect(lastQuery(onRun)).toMatchObject({ publishTime: 'latest_report' });
    change('vintage', 'all');
    run();
    expect(lastQuery(onRun)).not.toHaveProperty('publishTime');
  });

  it('"latest before" takes an offset from the interval start and refuses other text', () => {
    const { onRun } = renderForm(FORECAST);
    change('vintage', 'latest_before');
    expect(input('vintage-offset').placeholder).toBe('e.g. -1 day');
    change('vintage-offset', 'yesterday');
    run();
    expect(screen.getByTestId('query-error-publishTime').textContent).toMatch(
      /^"yesterday" is not an offset\. Write an offset from the interval start such as -1 day/,
    );
    expect(onRun).not.toHaveBeenCalled();
    change('vintage-offset', '-1 day 6 hours');
    expect(screen.queryByTestId('query-error-publishTime')).toBeNull();
    run();
    expect(lastQuery(onRun)).toMatchObject({ publishTime: 'latest_before:-1 day 6 hours' });
  });

  it('an exact vintage and a publish-time window are times of the time grammar, before after from', () => {
    const { onRun } = renderForm(FORECAST);
    change('vintage', 'exact');
    change('vintage-at', '2024-10-01 4am');
    change('published-from', '2024-10-02');
    change('published-before', '2024-10-01');
    run();
    expect(screen.getByTestId('query-error-publishTime').textContent).toMatch(/^Not a date or date-time/);
    expect(screen.getByTestId('query-error-publishTimeEnd').textContent).toBe(
      '"Published before" must be after "Published from".',
    );
    change('vintage-at', '2024-10-01 04:00');
    change('published-before', '2024-10-03');
    run();
    expect(lastQuery(onRun)).toMatchObject({
      publishTime: '2024-10-01 04:00',
      publishTimeStart: '2024-10-02',
      publishTimeEnd: '2024-10-03',
    });
  });
});

describe('wording', () => {
  it('labels speak the user’s words and time placeholders are examples, never values', () => {
    renderForm(FORECAST);
    change('resample-frequency', 'other');
    const labels = [...document.querySelectorAll('label > span, legend, .field-label')].map((e) => e.textContent ?? '');
    expect(labels).toEqual(expect.arrayContaining(['Resample to', 'Aggregation', 'Which forecast', 'Forecast vintage']));
    for (const text of labels) expect(text).not.toMatch(/resample_|publish_time|_by\b|Frequency|Function/);
    for (const id of ['query-start', 'query-end', 'published-from', 'published-before', 'resample-frequency-other']) {
      expect(input(id).placeholder).toMatch(/^(e\.g\. |optional$)/);
    }
  });

  it('keeps the fields per dataset in memory and Reset restores the defaults', () => {
    const memory: QueryFormMemory = new Map();
    renderForm(LMP, { memory });
    change('resample-frequency', '15min');
    change('query-start', '2023-10-20');
    cleanup();
    const { onRun } = renderForm(LMP, { memory });
    expect((screen.getByTestId('resample-frequency') as HTMLSelectElement).value).toBe('15min');
    run();
    expect(lastQuery(onRun)).toMatchObject({ startTime: '2023-10-20', resampleFrequency: '15min' });
    fireEvent.click(screen.getByTestId('query-reset'));
    expect(input('query-start').value).toBe('2023-11-01');
    expect((screen.getByTestId('resample-frequency') as HTMLSelectElement).value).toBe('');
  });
});
