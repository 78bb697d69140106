// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createFakeApi } from '../test/fakeApi.js';
import { renderApp } from '../test/render.js';

afterEach(cleanup);

describe('Error states', () => {
  it('auth: tells the analyst to check the key and offers Settings, without retrying', async () => {
    const { api, state } = createFakeApi({ failures: { 'datasets:list': { code: 'auth', message: 'Invalid API key', status: 401 } } });
    renderApp(api);
    const alert = await screen.findByTestId('error-state');
    expect(alert.getAttribute('data-code')).toBe('auth');
    expect(alert.textContent).toContain('The API key was rejected. Check the key in Settings.');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(state.calls.filter((c) => c === 'datasets:list')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Open Settings' }));
    expect(await screen.findByTestId('settings-page')).toBeTruthy();
  });

  it('network: names the remote URL, retries once, and recovers on Retry', async () => {
    const { api, state } = createFakeApi({ failures: { 'datasets:list': { code: 'network', message: 'connect ECONNREFUSED' } } });
    state.profiles = { ...state.profiles, active: 'remote', remote: { baseUrl: 'http://127.0.0.1:9/v1', keySet: true } };
    renderApp(api);
    const alert = await screen.findByTestId('error-state', {}, { timeout: 3000 });
    await waitFor(() => expect(alert.textContent).toContain('Could not reach the data service at http://127.0.0.1:9/v1'));
    expect(alert.textContent).toContain('Settings');
    expect(state.calls.filter((c) => c === 'datasets:list')).toHaveLength(2);
    delete state.failures['datasets:list'];
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('catalogue-table')).toBeTruthy();
  });

  it('forbidden on the audit stays inside the audit section', async () => {
    const { api } = createFakeApi({ failures: { 'datasets:audit': { code: 'forbidden', message: 'Plan lacks audit', status: 403 } } });
    renderApp(api, '#/datasets/nyiso_zonal_load_5_min');
    const alert = await screen.findByTestId('error-state');
    expect(alert.textContent).toContain('Your API plan lacks access to this data.');
    expect(screen.getByTestId('columns-table')).toBeTruthy();
  });
});
