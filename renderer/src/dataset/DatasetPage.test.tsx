// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { createFakeApi, makeDataset } from '../test-support/fakeApi.js';
import { renderApp } from '../test-support/render.js';

afterEach(cleanup);

describe('Dataset page', () => {
  it('shows facts, columns, audit rows and a total', async () => {
    renderApp(createFakeApi().api, '#/datasets/pjm_marginal_value_day_ahead_hourly');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('PJM Marginal Value Day Ahead Hourly');
    const facts = screen.getByTestId('dataset-facts').textContent;
    expect(facts).toContain('America/New_York');
    expect(facts).toContain('2023-11-05 05:00 UTC');
    const columns = screen.getByTestId('columns-table');
    expect(within(columns).getAllByRole('row')).toHaveLength(3);
    expect(columns.textContent).toContain('DOUBLE PRECISION');
    const rows = await screen.findAllByTestId('audit-row');
    expect(rows.map((r) => r.firstElementChild?.textContent)).toEqual(['2023-11-05', '2023-11-06']);
    expect(screen.getByTestId('audit-total').textContent).toContain('260');
    expect(screen.queryByTestId('synthetic-badge')).toBeNull();
    expect(screen.getByTestId('back-to-catalogue').getAttribute('href')).toBe('#/');
  });

  it('renders the description as Markdown without HTML or live links, and flags synthetic data', async () => {
    const ds = makeDataset({
      id: 'synthetic_demo',
      name: 'Demo',
      description: 'Some **Synthetic** rows. See [docs](https://example.com/x). <script>alert(1)</script><b>raw</b>',
    });
    renderApp(createFakeApi({ datasets: [ds] }).api, '#/datasets/synthetic_demo');
    expect((await screen.findByTestId('synthetic-badge')).textContent).toBe('Synthetic data');
    const desc = screen.getByTestId('dataset-description');
    expect(desc.querySelector('strong')?.textContent).toBe('Synthetic');
    expect(desc.querySelector('a, script, b')).toBeNull();
    expect(desc.textContent).toContain('docs (https://example.com/x)');
  });

  it('shows not_found with a way back', async () => {
    renderApp(createFakeApi().api, '#/datasets/nope');
    const alert = await screen.findByTestId('error-state');
    expect(alert.getAttribute('data-code')).toBe('not_found');
    expect(within(alert).getByRole('button', { name: 'Back to the catalogue' })).toBeTruthy();
  });
});
