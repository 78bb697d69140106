// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createFakeApi } from '../../test-support/fakeApi.js';
import { renderApp } from '../../test-support/render.js';

afterEach(cleanup);

describe('Settings → Times', () => {
  it('shows the kept choice and keeps a new one, which the window pickers follow', async () => {
    const { api, state } = createFakeApi({ display: { times: 'utc' } });
    renderApp(api, '#/settings');
    const utc = (await screen.findByTestId('settings-times-utc')) as HTMLInputElement;
    await waitFor(() => expect(utc.checked).toBe(true));
    fireEvent.click(screen.getByTestId('settings-times-market'));
    await waitFor(() => expect(state.display).toEqual({ times: 'market' }));
    expect((screen.getByTestId('settings-times-market') as HTMLInputElement).checked).toBe(true);
    window.location.hash = '#/binding';
    expect(await screen.findByText('Start (EDT)')).toBeTruthy();
  });
});
