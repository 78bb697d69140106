// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createFakeApi, makeUsage } from '../test-support/fakeApi.js';
import { renderApp } from '../test-support/render.js';

afterEach(cleanup);

describe('Usage meter', () => {
  it("shows the plan's rows and requests against its limits, with bars", async () => {
    renderApp(createFakeApi({ usage: makeUsage({ total_api_rows_returned: 125_000, total_requests: 12 }) }).api, '#/');
    expect((await screen.findByTestId('usage-plan')).textContent).toBe('Plan free');
    expect(screen.getByTestId('usage-rows').textContent).toBe('Rows 125,000 / 500,000');
    expect(screen.getByTestId('usage-requests').textContent).toBe('Requests 12 / 250');
    const bars = screen.getAllByRole('meter');
    expect(bars.map((b) => b.getAttribute('aria-valuenow'))).toEqual(['25', '5']);
  });

  it('says "unlimited" for a plan without limits', async () => {
    const usage = makeUsage({ total_api_rows_returned: 7 }, 'unlimited');
    usage.limits.api_rows_returned_limit = -1;
    usage.limits.api_requests_limit = -1;
    renderApp(createFakeApi({ usage }).api, '#/settings');
    expect((await screen.findByTestId('usage-rows')).textContent).toBe('Rows 7 / unlimited');
    expect(screen.queryAllByRole('meter')).toHaveLength(0);
  });

  it('says "usage unavailable" instead of an error when usage cannot be read', async () => {
    renderApp(createFakeApi().api, '#/');
    expect((await screen.findByText('usage unavailable')).getAttribute('data-testid')).toBe('usage-unavailable');
    expect(screen.queryByTestId('error-state')).toBeNull();
  });

  it('refreshes after a query', async () => {
    const { api, state } = createFakeApi({ usage: makeUsage({ total_api_rows_returned: 100 }) });
    renderApp(api, '#/datasets/nyiso_zonal_load_5_min/query');
    expect((await screen.findByTestId('usage-rows')).textContent).toBe('Rows 100 / 500,000');
    state.usage = makeUsage({ total_api_rows_returned: 101 });
    fireEvent.click(await screen.findByRole('button', { name: 'Run query' }));
    await waitFor(() => expect(screen.getByTestId('usage-rows').textContent).toBe('Rows 101 / 500,000'));
  });
});

describe('the meter follows the traffic', () => {
  it('reads usage again once counted requests ended and none is in flight, and not before', async () => {
    const { api, state } = createFakeApi({ usage: makeUsage({ total_requests: 12 }) });
    renderApp(api, '#/settings');
    expect((await screen.findByTestId('usage-requests')).textContent).toBe('Requests 12 / 250');
    // A background request (the location index, say) still in flight: nothing to read yet.
    state.usage = makeUsage({ total_requests: 19 });
    state.activity = { ended: 7, inFlight: 1, lastEndedAt: Date.now() };
    await new Promise((r) => setTimeout(r, 1_300));
    expect(screen.getByTestId('usage-requests').textContent).toBe('Requests 12 / 250');
    state.usage = makeUsage({ total_requests: 20 });
    state.activity = { ended: 8, inFlight: 0, lastEndedAt: Date.now() - 1_000 };
    await waitFor(() => expect(screen.getByTestId('usage-requests').textContent).toBe('Requests 20 / 250'), { timeout: 3_000 });
    // Quiet traffic: no further reads.
    const reads = state.calls.filter((c) => c === 'usage:get').length;
    await new Promise((r) => setTimeout(r, 1_300));
    expect(state.calls.filter((c) => c === 'usage:get')).toHaveLength(reads);
  });
});

describe('Settings: key storage warning and response cache', () => {
  it('shows the keyStorageWarning, sets a cache TTL per profile and clears the cache', async () => {
    const { api, state } = createFakeApi();
    state.profiles = { ...state.profiles, keyStorageWarning: 'Keys are not protected by an OS keyring (basic_text).' };
    renderApp(api, '#/settings');
    expect((await screen.findByTestId('key-storage-warning')).textContent).toContain('basic_text');
    const remote = screen.getByTestId('cache-ttl-remote') as HTMLSelectElement;
    expect(remote.value).toBe('0');
    expect([...remote.options].map((o) => o.textContent)).toEqual(['Off', '5 min', '1 h', '1 day']);
    fireEvent.change(remote, { target: { value: '3600' } });
    await waitFor(() => expect(state.profiles.remote.cacheTtlSeconds).toBe(3600));
    await waitFor(() => expect((screen.getByTestId('cache-ttl-remote') as HTMLSelectElement).value).toBe('3600'));
    fireEvent.click(screen.getByTestId('cache-clear'));
    expect((await screen.findByTestId('cache-cleared')).textContent).toBe('Removed 0 cached responses.');
    expect(state.calls).toContain('cache:clear');
  });

  it('menu commands: open-settings navigates, focus-search focuses the catalogue search', async () => {
    let listener: ((c: 'focus-search' | 'open-settings') => void) | undefined;
    const { api } = createFakeApi();
    window.gridscope = { ...api, onCommand: (cb) => ((listener = cb), () => (listener = undefined)) };
    try {
      renderApp(api, '#/datasets/nyiso_zonal_load_5_min');
      await screen.findByTestId('dataset-page');
      listener!('open-settings');
      await screen.findByTestId('settings-page');
      listener!('focus-search');
      const search = await screen.findByTestId('catalogue-search');
      await waitFor(() => expect(document.activeElement).toBe(search));
    } finally {
      delete window.gridscope;
    }
  });
});
