// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createFakeApi, makeUsage } from '../test-support/fakeApi.js';
import { renderApp } from '../test-support/render.js';

afterEach(cleanup);

describe('Error states', () => {
  it('auth: tells the analyst to check the key and offers Settings, without retrying', async () => {
    const { api, state } = createFakeApi({
      failures: { 'datasets:list': { code: 'auth', message: 'Invalid API key', status: 401 } },
    });
    state.profiles = { ...state.profiles, active: 'remote', remote: { ...state.profiles.remote, keySet: true } };
    renderApp(api);
    const alert = await screen.findByTestId('error-state');
    expect(alert.getAttribute('data-code')).toBe('auth');
    expect(alert.textContent).toContain('The API key was rejected. Check the key in Settings.');
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(state.calls.filter((c) => c === 'datasets:list')).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Open Settings' }));
    expect(await screen.findByTestId('settings-page')).toBeTruthy();
  });

  it('network: names the remote URL at once (main already retried it), and recovers on Retry', async () => {
    const { api, state } = createFakeApi({ failures: { 'datasets:list': { code: 'network', message: 'connect ECONNREFUSED' } } });
    state.profiles = { ...state.profiles, active: 'remote', remote: { baseUrl: 'http://127.0.0.1:9/v1', keySet: true } };
    renderApp(api);
    const alert = await screen.findByTestId('error-state', {}, { timeout: 3000 });
    await waitFor(() => expect(alert.textContent).toContain('Could not reach the data service at http://127.0.0.1:9/v1'));
    expect(alert.textContent).toContain('Settings');
    expect(state.calls.filter((c) => c === 'datasets:list')).toHaveLength(1);
    delete state.failures['datasets:list'];
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('catalogue-table')).toBeTruthy();
  });

  it('forbidden on the audit stays inside the audit section, with neither Retry nor a key hint', async () => {
    const { api } = createFakeApi({
      failures: { 'datasets:audit': { code: 'forbidden', message: 'Plan lacks audit', status: 403 } },
    });
    renderApp(api, '#/datasets/nyiso_zonal_load_5_min');
    const alert = await screen.findByTestId('error-state');
    expect(alert.textContent).toContain('Your API plan lacks access to this data.');
    expect(alert.textContent).not.toMatch(/check the key/i);
    expect(within(alert).queryAllByRole('button')).toHaveLength(0);
    expect(screen.getByTestId('columns-table')).toBeTruthy();
  });

  it('no key: "No API key set — add one in Settings", with Settings and without Retry', async () => {
    const { api } = createFakeApi({
      failures: { 'datasets:list': { code: 'auth', message: 'No API key set — add one in Settings.' } },
    });
    renderApp(api);
    const alert = await screen.findByTestId('error-state');
    expect(screen.getByTestId('error-message').textContent).toBe('No API key set — add one in Settings.');
    expect(alert.querySelector('.error-detail')).toBeNull();
    expect(
      within(alert)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Open Settings']);
  });

  it('monthly quota: when it resets, and no Retry (the catalogue is not asked again)', async () => {
    const message = 'Monthly quota used up (429): Monthly row limit of 500,000 rows reached. Your usage resets on 2024-04-01.';
    const { api, state } = createFakeApi({ failures: { 'datasets:list': { code: 'rate_limited', message, status: 429 } } });
    renderApp(api);
    const alert = await screen.findByTestId('error-state');
    expect(screen.getByTestId('error-message').textContent).toContain('It resets on April 1, 2024 (UTC)');
    expect(within(alert).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(state.calls.filter((c) => c === 'datasets:list')).toHaveLength(1);
  });

  it('monthly quota without a date in the message: the reset from usage:get’s period', async () => {
    const { api } = createFakeApi({
      usage: makeUsage(),
      failures: {
        'datasets:list': { code: 'rate_limited', message: 'Monthly quota used up (429): monthly limit reached.', status: 429 },
      },
    });
    renderApp(api);
    await screen.findByTestId('error-state');
    await waitFor(() => expect(screen.getByTestId('error-message').textContent).toContain('It resets on April 1, 2024 (UTC)'));
  });

  it('rate limit: says how long to wait, and Retry works', async () => {
    const message = 'Rate limit reached (429): Too Many Requests. Limit: 1 per 1 second. Try again in 4 seconds.';
    const { api, state } = createFakeApi({ failures: { 'datasets:list': { code: 'rate_limited', message, status: 429 } } });
    renderApp(api);
    const alert = await screen.findByTestId('error-state', {}, { timeout: 3000 });
    expect(screen.getByTestId('error-message').textContent).toBe(
      'Too many requests in a short time for your plan. Wait 4 seconds, then retry.',
    );
    delete state.failures['datasets:list'];
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('catalogue-table')).toBeTruthy();
  });

  it('Details add the host’s words without repeating what to do', async () => {
    const message =
      'Gave up after 3 attempts over 7 s: Could not reach 127.0.0.1:9: connection refused. Check the Remote URL in Settings or your network.';
    const { api, state } = createFakeApi({ failures: { 'datasets:list': { code: 'network', message } } });
    state.profiles = { ...state.profiles, active: 'remote', remote: { baseUrl: 'http://127.0.0.1:9/v1', keySet: true } };
    renderApp(api);
    const alert = await screen.findByTestId('error-state', {}, { timeout: 3000 });
    await waitFor(() =>
      expect(screen.getByTestId('error-message').textContent).toBe(
        'Could not reach the data service at http://127.0.0.1:9/v1. Check the Remote base URL in Settings, or retry.',
      ),
    );
    expect(alert.querySelector('.error-detail')?.textContent).toBe(
      'Details: Gave up after 3 attempts over 7 s: Could not reach 127.0.0.1:9: connection refused.',
    );
  });
});
