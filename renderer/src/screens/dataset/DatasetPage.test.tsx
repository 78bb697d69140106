// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { auditRow } from '../../../../shared/test-support/fixtures.js';
import { FakeUPlot } from '../../test-support/uplotMock.js';
import { createFakeApi, makeDataset } from '../../test-support/fakeApi.js';
import { renderApp } from '../../test-support/render.js';

vi.mock('uplot', () => import('../../test-support/uplotMock.js').then((m) => m.uplotModule()));

beforeEach(() => {
  FakeUPlot.instances = [];
});
afterEach(cleanup);

const DA = 'pjm_marginal_value_day_ahead_hourly';

describe('Dataset page', () => {
  it('shows facts, columns, audit rows and a total', async () => {
    renderApp(createFakeApi().api, `#/datasets/${DA}`);
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('PJM Marginal Value Day Ahead Hourly');
    const facts = screen.getByTestId('dataset-facts').textContent;
    expect(facts).toContain('America/New_York');
    expect(facts).toContain('2023-11-05 05:00 UTC');
    const columns = screen.getByTestId('columns-table');
    expect(within(columns).getAllByRole('row')).toHaveLength(3);
    // Label, raw name and type in words; the SQL type only on hover.
    expect(columns.textContent).not.toContain('DOUBLE PRECISION');
    const price = columns.querySelector('tr[data-column="shadow_price"]')!;
    expect([...price.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
      'Shadow price ($/MWh)',
      'shadow_price',
      'number',
    ]);
    expect(price.querySelectorAll('td')[2]!.getAttribute('title')).toBe('DOUBLE PRECISION');
    const rows = await screen.findAllByTestId('audit-row');
    expect(rows.map((r) => r.firstElementChild?.textContent)).toEqual(['2023-11-05', '2023-11-06']);
    expect(screen.getByTestId('audit-total').textContent).toContain('260');
    expect(screen.queryByTestId('synthetic-badge')).toBeNull();
    expect(screen.getByTestId('back-to-catalogue').getAttribute('href')).toBe('#/');
  });

  it('renders the description as Markdown without HTML, web links opening outside the app, and flags synthetic data', async () => {
    const ds = makeDataset({
      id: 'synthetic_demo',
      name: 'Demo',
      description:
        'Some **Synthetic** rows. See [docs](https://example.com/x) and [notes](notes.md), [mail](mailto:a@b.c), ' +
        '[evil](javascript:alert(1)). <script>alert(1)</script><b>raw</b>',
    });
    renderApp(createFakeApi({ datasets: [ds] }).api, '#/datasets/synthetic_demo');
    expect((await screen.findByTestId('synthetic-badge')).textContent).toBe('Synthetic data');
    const desc = screen.getByTestId('dataset-description');
    expect(desc.querySelector('strong')?.textContent).toBe('Synthetic');
    expect(desc.querySelector('script, b')).toBeNull();
    const links = [...desc.querySelectorAll('a')];
    expect(links.map((a) => [a.textContent, a.getAttribute('href'), a.target, a.rel])).toEqual([
      ['docs', 'https://example.com/x', '_blank', 'noreferrer'],
    ]);
    expect(desc.textContent).not.toContain('https://');
    expect(desc.textContent).toContain('See docs and notes, mail, evil.');
  });

  it('charts the audit per market date, naming the dates without data points', async () => {
    const counts = (n: number) => ({
      number_of_datapoints: n,
      number_of_unique_time_index_values: n,
      number_of_unique_publish_times_on_publish_date: 0,
    });
    const audit = [auditRow('2024-01-01', counts(288)), auditRow('2024-01-02', counts(0)), auditRow('2024-01-05', counts(276))];
    renderApp(createFakeApi({ audit }).api, `#/datasets/${DA}`);
    const chart = await screen.findByTestId('audit-chart');
    expect(screen.getByTestId('audit-gaps').textContent).toBe(
      '3 market dates have no data points (shaded): 2024-01-02 – 2024-01-04.',
    );
    expect(
      within(chart)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Data points per market date', 'Unique time index values per market date']);
    const [points] = FakeUPlot.instances.filter((c) => !c.destroyed);
    expect(points!.data).toEqual([
      [1704067200, 1704153600, 1704240000, 1704326400, 1704412800],
      [288, 0, 0, 0, 276],
    ]);
    // No publish times anywhere: neither a panel nor a table column for them.
    expect(screen.getByTestId('audit-table').textContent).not.toContain('Publish times');
  });

  it('shows publish times falling on each market date when the dataset has them', async () => {
    const audit = [
      auditRow('2024-01-01', { number_of_unique_publish_times_on_publish_date: 24 }),
      auditRow('2024-01-02', { number_of_unique_publish_times_on_publish_date: 0 }),
    ];
    renderApp(createFakeApi({ audit }).api, `#/datasets/${DA}`);
    expect(await screen.findByTestId('audit-panel-publishTimes')).toBeTruthy();
    expect(screen.getByTestId('audit-gaps').textContent).toMatch(
      /^Every market date from 2024-01-01 to 2024-01-02 has data points/,
    );
    const header = within(screen.getByTestId('audit-table')).getByRole('columnheader', {
      name: 'Publish times falling on this date',
    });
    expect(header).toBeTruthy();
  });

  it('lists the update history, newest first as the host gives it', async () => {
    const updates = [
      {
        id: 2,
        dataset: DA,
        time_utc: '2024-09-04T06:10:00+00:00',
        num_rows_inserted: 1200,
        num_rows_updated: 35,
        is_backfill: false,
      },
      {
        id: 1,
        dataset: DA,
        time_utc: '2024-09-03T06:10:00+00:00',
        num_rows_inserted: 98765,
        num_rows_updated: 0,
        is_backfill: true,
      },
    ];
    const { api, state } = createFakeApi({ updates });
    renderApp(api, `#/datasets/${DA}`);
    const rows = await screen.findAllByTestId('update-row');
    expect(rows.map((r) => [...r.children].map((c) => c.textContent))).toEqual([
      ['2024-09-04 06:10:00 UTC', '1,200', '35', '—'],
      ['2024-09-03 06:10:00 UTC', '98,765', '0', 'Backfill'],
    ]);
    expect(state.calls).toContain('datasets:updates');
  });

  it('says so in plain words when the data service has no update history', async () => {
    const { api } = createFakeApi({ failures: { 'datasets:updates': { code: 'not_found', message: 'Not Found' } } });
    renderApp(api, `#/datasets/${DA}`);
    const section = await screen.findByTestId('updates-section');
    expect(await within(section).findByText('This data service does not report update history.')).toBeTruthy();
    expect(within(section).queryByTestId('error-state')).toBeNull();
    cleanup();
    renderApp(createFakeApi().api, `#/datasets/${DA}`);
    expect(await screen.findByText('No updates recorded for this dataset.')).toBeTruthy();
  });

  it('shows not_found with a way back', async () => {
    renderApp(createFakeApi().api, '#/datasets/nope');
    const alert = await screen.findByTestId('error-state');
    expect(alert.getAttribute('data-code')).toBe('not_found');
    expect(screen.getByRole('heading', { level: 1 }).querySelector('code')?.textContent).toBe('nope');
    expect(within(alert).getByRole('heading').textContent).toBe('Could not load the dataset: not found');
    expect(within(alert).getByRole('button', { name: 'Back to the catalogue' })).toBeTruthy();
  });
});
