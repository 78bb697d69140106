// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createFakeApi } from '../../test-support/fakeApi.js';
import { createFakeWorkspace, seedPull } from '../../test-support/fakeWorkspace.js';
import { renderApp } from '../../test-support/render.js';
import { DEFAULT_GRID_CHOICE, gridSearch } from '../../features/constraints/gridChoice.js';
import { RT, TC, gridAnswers } from '../../test-support/gridFixtures.js';

afterEach(cleanup);

const fill = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });
const pullButton = () => screen.getByRole('button', { name: 'Pull binding rows' });

describe('binding form', () => {
  it('refuses a negative threshold and an end before the start by their fields, and sends nothing', async () => {
    const { api, state } = createFakeApi({ grid: gridAnswers() });
    renderApp(api, '#/binding');
    const form = await screen.findByTestId('binding-form');
    expect((within(form).getByTestId('binding-start') as HTMLInputElement).value).toBe('2024-09-02 00:00');
    fill('binding-threshold', '-5');
    fill('binding-start', '2024-09-03 00:00');
    fill('binding-end', '2024-09-02');
    fireEvent.click(pullButton());
    expect(screen.getByTestId('binding-threshold-problem').textContent).toBe(
      'The threshold is compared with |shadow price|: use 0 or more $/MWh.',
    );
    expect(screen.getByTestId('binding-end-problem').textContent).toBe('End must be after Start.');
    expect(screen.getByTestId('binding-threshold').getAttribute('aria-invalid')).toBe('true');

    fill('binding-limit', '200000');
    fireEvent.click(pullButton());
    expect(screen.getByTestId('binding-limit-problem').textContent).toBe('A whole number of rows from 1 to 100,000.');
    expect(state.workspace.pullBindingInputs).toEqual([]);
    // Editing a field clears its problem only.
    fill('binding-threshold', '20');
    expect(screen.queryByTestId('binding-threshold-problem')).toBeNull();
    expect(screen.getByTestId('binding-end-problem')).toBeTruthy();
  });
});

describe('binding pull', () => {
  it('pulls into the workspace, follows the pull, shows the rows and says when the limit cut them', async () => {
    const { api, state } = createFakeApi({ grid: gridAnswers() });
    renderApp(api, '#/binding');
    await screen.findByTestId('binding-form');
    fill('binding-threshold', '50');
    fill('binding-limit', '2');
    fireEvent.click(pullButton());

    const results = await screen.findByTestId('binding-results');
    expect(state.workspace.pullBindingInputs).toEqual([
      { datasetId: RT, startTime: DEFAULT_GRID_CHOICE.start, endTime: DEFAULT_GRID_CHOICE.end, priceThreshold: 50, limit: 2 },
    ]);
    await waitFor(() => expect(within(results).getByTestId('pull-status').dataset.state).toBe('complete'));
    await waitFor(() => expect(within(results).getByTestId('result-count').textContent).toContain('2 rows'));
    expect(within(results).getByTestId('binding-limit-reached').textContent).toContain('First 2 rows');
    expect(window.location.hash).toMatch(/^#\/binding\?/);
    const address = new URLSearchParams(window.location.hash.split('?')[1]);
    expect([address.get('pull'), address.get('threshold'), address.get('limit')]).toEqual(['1', '50', '2']);
    expect(state.calls).toContain('workspace:pulls');
  });

  it('reopens the pull in the address without a new request', async () => {
    const workspace = createFakeWorkspace();
    seedPull(
      workspace,
      { datasetId: RT, startTime: DEFAULT_GRID_CHOICE.start, endTime: DEFAULT_GRID_CHOICE.end, limit: 10_000 },
      workspace.bindingSource,
      { kind: 'binding', binding: { priceThreshold: 10, limitReached: false } },
    );
    const { api, state } = createFakeApi({ grid: gridAnswers(), workspace });
    renderApp(api, `#/binding?${gridSearch(DEFAULT_GRID_CHOICE, { threshold: 10, pull: 1 })}`);
    const results = await screen.findByTestId('binding-results');
    await waitFor(() => expect(within(results).getByTestId('result-count').textContent).toContain('3 rows'));
    expect(within(results).queryByTestId('binding-limit-reached')).toBeNull();
    expect((screen.getByTestId('binding-threshold') as HTMLInputElement).value).toBe('10');
    expect(state.workspace.pullBindingInputs).toEqual([]);
  });

  it('shows the service’s refusal of a threshold on a dataset without shadow prices by the threshold field', async () => {
    const detail = `Dataset ${TC} has no shadow price column. Datasets with shadow prices: ${RT}.`;
    const workspace = createFakeWorkspace();
    seedPull(
      workspace,
      { datasetId: TC, startTime: DEFAULT_GRID_CHOICE.start, endTime: DEFAULT_GRID_CHOICE.end, limit: 10_000 },
      { columns: [], rows: [] },
      { kind: 'binding', binding: { priceThreshold: 10, limitReached: false }, state: 'failed', error: detail },
    );
    const { api } = createFakeApi({ grid: gridAnswers(), workspace });
    renderApp(api, `#/binding?${gridSearch({ ...DEFAULT_GRID_CHOICE, datasetId: TC }, { threshold: 10, pull: 1 })}`);
    expect((await screen.findByTestId('binding-threshold-problem')).textContent).toBe(detail);
    expect(screen.getByTestId('pull-status').dataset.state).toBe('failed');
  });

  it('shows a failed start in the error panel with Retry', async () => {
    const { api } = createFakeApi({
      grid: gridAnswers(),
      failures: { 'workspace:pullBinding': { code: 'network', message: 'connect ECONNREFUSED 127.0.0.1:8123' } },
    });
    renderApp(api, '#/binding');
    await screen.findByTestId('binding-form');
    fireEvent.click(pullButton());
    const error = await screen.findByTestId('error-state');
    expect(within(error).getByRole('heading').textContent).toMatch(/^The binding rows were not pulled: /);
    expect(within(error).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});
