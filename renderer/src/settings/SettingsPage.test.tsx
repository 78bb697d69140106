// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createFakeApi } from '../test/fakeApi.js';
import { renderApp } from '../test/render.js';

afterEach(cleanup);

const SECRET = 'sk-test-0123456789abcdef';

describe('Settings', () => {
  it('never renders the key: saving clears the field and shows only "Key set"', async () => {
    const { api, state } = createFakeApi();
    const { container } = renderApp(api, '#/settings');
    expect((await screen.findByTestId('key-status')).textContent).toContain('No key set');
    expect(screen.getByTestId('key-status').textContent).toContain('test vault');
    const input = screen.getByLabelText('Remote API key') as HTMLInputElement;
    expect(input.type).toBe('password');
    fireEvent.change(input, { target: { value: SECRET } });
    fireEvent.click(screen.getByRole('button', { name: 'Save key' }));
    await waitFor(() => expect(screen.getByTestId('key-status').textContent).toContain('Key set'));
    expect(screen.getByTestId('key-status').textContent).not.toContain('No key set');
    expect(input.value).toBe('');
    expect(container.innerHTML).not.toContain(SECRET);
    expect(document.documentElement.outerHTML).not.toContain(SECRET);
    expect(state.storedKeys).toEqual([SECRET]);
  });

  it('rejects a too-short key without calling the bridge, and clears a stored key', async () => {
    const { api, state } = createFakeApi();
    state.profiles = { ...state.profiles, remote: { ...state.profiles.remote, keySet: true } };
    renderApp(api, '#/settings');
    const input = (await screen.findByLabelText('Remote API key')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save key' }));
    expect((await screen.findByTestId('remote-key-error')).textContent).toMatch(/at least 8/);
    expect(state.calls).not.toContain('keys:set');
    fireEvent.click(screen.getByRole('button', { name: 'Clear key' }));
    await waitFor(() => expect(screen.getByTestId('key-status').textContent).toContain('No key set'));
  });

  it('switches profile, updates the badge and refetches the catalogue', async () => {
    const { api, state } = createFakeApi();
    renderApp(api, '#/');
    await screen.findByTestId('catalogue-table');
    expect(screen.getByTestId('profile-badge').textContent).toBe('Embedded — sample data');
    window.location.hash = '#/settings';
    fireEvent.click(await screen.findByRole('radio', { name: /Remote/ }));
    await waitFor(() => expect(screen.getByTestId('profile-badge').textContent).toBe('Remote — api.gridstatus.io'));
    expect(state.profiles.active).toBe('remote');
    const before = state.calls.filter((c) => c === 'datasets:list').length;
    window.location.hash = '#/';
    await screen.findByTestId('catalogue-table');
    expect(state.calls.filter((c) => c === 'datasets:list').length).toBe(before + 1);
  });

  it('validates the remote base URL before saving and saves a good one', async () => {
    const { api, state } = createFakeApi();
    renderApp(api, '#/settings');
    const url = await screen.findByLabelText('Remote base URL');
    fireEvent.change(url, { target: { value: 'ftp://example.com/v1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save URL' }));
    expect((await screen.findByTestId('remote-url-error')).textContent).toMatch(/must be https/);
    expect(state.calls).not.toContain('profiles:setRemoteUrl');
    fireEvent.change(url, { target: { value: 'http://127.0.0.1:9/v1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save URL' }));
    await waitFor(() => expect(state.profiles.remote.baseUrl).toBe('http://127.0.0.1:9/v1'));
    expect(screen.queryByTestId('remote-url-error')).toBeNull();
  });

  it('a URL on another host warns that the key goes, then shows "No key set"; the same host keeps it', async () => {
    const { api, state } = createFakeApi();
    state.profiles = { ...state.profiles, remote: { ...state.profiles.remote, keySet: true } };
    renderApp(api, '#/settings');
    const url = await screen.findByLabelText('Remote base URL');
    expect(screen.getByTestId('key-status').textContent).toContain('Key set');
    fireEvent.change(url, { target: { value: 'https://api.gridstatus.io/v2' } });
    expect(screen.queryByTestId('remote-url-drops-key')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save URL' }));
    await waitFor(() => expect(state.profiles.remote.baseUrl).toBe('https://api.gridstatus.io/v2'));
    expect(screen.getByTestId('key-status').textContent).not.toContain('No key set');

    const moved = await screen.findByLabelText('Remote base URL');
    fireEvent.change(moved, { target: { value: 'https://other.example/v1' } });
    expect(screen.getByTestId('remote-url-drops-key').textContent).toContain('https://other.example');
    fireEvent.click(screen.getByRole('button', { name: 'Save URL' }));
    await waitFor(() => expect(screen.getByTestId('key-status').textContent).toContain('No key set'));
    expect(screen.queryByTestId('remote-url-drops-key')).toBeNull();
  });

  it('a key stored for another server: says whose it is, offers Clear, and goes away once a key is set here', async () => {
    const { api, state } = createFakeApi();
    state.profiles = { ...state.profiles, remote: { ...state.profiles.remote, keySet: false, keyOrigin: 'https://old.example.com' } };
    renderApp(api, '#/settings');
    const note = await screen.findByTestId('key-other-origin');
    expect(note.textContent).toContain('https://old.example.com');
    // Typing the key's own server back keeps the key; a third server would delete it.
    const url = screen.getByLabelText('Remote base URL');
    fireEvent.change(url, { target: { value: 'https://old.example.com/v1' } });
    expect(screen.queryByTestId('remote-url-drops-key')).toBeNull();
    fireEvent.change(url, { target: { value: 'https://third.example/v1' } });
    expect(screen.getByTestId('remote-url-drops-key').textContent).toContain('https://third.example');
    fireEvent.change(url, { target: { value: state.profiles.remote.baseUrl } });
    expect(note.textContent).toContain('Enter the key for this server');
    expect(screen.getByTestId('key-status').textContent).toContain('No key set');
    expect((screen.getByRole('button', { name: 'Clear key' }) as HTMLButtonElement).disabled).toBe(false);
    fireEvent.change(screen.getByLabelText('Remote API key'), { target: { value: SECRET } });
    fireEvent.click(screen.getByRole('button', { name: 'Save key' }));
    await waitFor(() => expect(screen.getByTestId('key-status').textContent).toContain('Key set'));
    expect(screen.queryByTestId('key-other-origin')).toBeNull();
  });

  it('shows app info from app:info', async () => {
    renderApp(createFakeApi().api, '#/settings');
    expect((await screen.findByTestId('app-info')).textContent).toContain('Gridscope 0.1.0 · web host');
  });
});
