// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createFakeApi } from '../../test-support/fakeApi.js';
import { renderApp } from '../../test-support/render.js';

afterEach(cleanup);

const SECRET = 'sk-test-0123456789abcdef';

describe('Settings', () => {
  it('never renders the key: saving clears the field, shows "Key set" and that the server accepted it', async () => {
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
    expect(screen.getByTestId('key-test').textContent).toBe('The server at api.gridstatus.io accepted the key.');
    expect(input.value).toBe('');
    expect(container.innerHTML).not.toContain(SECRET);
    expect(document.documentElement.outerHTML).not.toContain(SECRET);
    expect(state.storedKeys).toEqual([SECRET]);
  });

  it('offers Save key only with a key in the field, and Save URL only for a new, non-empty URL', async () => {
    const { api, state } = createFakeApi();
    renderApp(api, '#/settings');
    const key = await screen.findByLabelText('Remote API key');
    const saveKey = screen.getByRole('button', { name: 'Save key' }) as HTMLButtonElement;
    expect(saveKey.disabled).toBe(true);
    fireEvent.change(key, { target: { value: '   ' } });
    expect(saveKey.disabled).toBe(true);
    fireEvent.change(key, { target: { value: SECRET } });
    expect(saveKey.disabled).toBe(false);
    fireEvent.click(saveKey);
    await waitFor(() => expect(state.storedKeys).toEqual([SECRET]));
    // The field is emptied once the key is stored, so there is nothing left to save.
    await waitFor(() => expect(saveKey.disabled).toBe(true));

    const url = screen.getByLabelText('Remote base URL');
    const saveUrl = screen.getByRole('button', { name: 'Save URL' }) as HTMLButtonElement;
    expect(saveUrl.disabled).toBe(true);
    fireEvent.change(url, { target: { value: '  ' } });
    expect(saveUrl.disabled).toBe(true);
    fireEvent.change(url, { target: { value: 'https://other.example/v1' } });
    expect(saveUrl.disabled).toBe(false);
  });

  it('accepts a key of any length; refuses one that cannot be sent as a header with the schema’s words, without calling the bridge', async () => {
    const { api, state } = createFakeApi();
    state.profiles = { ...state.profiles, remote: { ...state.profiles.remote, keySet: true } };
    renderApp(api, '#/settings');
    const input = (await screen.findByLabelText('Remote API key')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'two words' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save key' }));
    expect((await screen.findByTestId('remote-key-error')).textContent).toBe(
      'An API key has no spaces or special characters: paste it exactly as it was issued.',
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(state.calls).not.toContain('keys:set');
    fireEvent.change(input, { target: { value: 'k3y' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save key' }));
    await waitFor(() => expect(state.storedKeys).toEqual(['k3y']));
    expect(screen.queryByTestId('remote-key-error')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Clear key' }));
    await waitFor(() => expect(screen.getByTestId('key-status').textContent).toContain('No key set'));
    expect(screen.queryByTestId('key-test')).toBeNull();
  });

  it('saving a key the server rejects says so (401), not just "Key set"; Test connection asks again and shows the new answer', async () => {
    const { api, state } = createFakeApi();
    state.keyTest = {
      state: 'rejected',
      message: 'The server rejected the key (401): check that it was copied whole.',
      status: 401,
    };
    renderApp(api, '#/settings');
    const input = await screen.findByLabelText('Remote API key');
    expect((screen.getByRole('button', { name: 'Test connection' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: SECRET } });
    fireEvent.click(screen.getByRole('button', { name: 'Save key' }));
    const outcome = await screen.findByTestId('key-test');
    expect(outcome.textContent).toBe(
      'The server at api.gridstatus.io rejected the key (401). Check that it was copied whole and is a key for this server.',
    );
    expect(outcome.getAttribute('role')).toBe('alert');
    expect(screen.getByTestId('key-status').querySelector('.badge')?.className).toBe('badge warn');

    state.keyTest = { state: 'accepted', message: 'The server accepted the key.', status: 200 };
    fireEvent.click(screen.getByRole('button', { name: 'Test connection' }));
    await waitFor(() =>
      expect(screen.getByTestId('key-test').textContent).toBe('The server at api.gridstatus.io accepted the key.'),
    );
    expect(state.calls.filter((c) => c === 'keys:test')).toHaveLength(1);
    expect(screen.getByTestId('key-status').querySelector('.badge')?.className).toBe('badge ok');
  });

  it('a Remote server that does not answer: "No answer from" the host, with the URL and network as the advice', async () => {
    const { api, state } = createFakeApi();
    state.profiles = { ...state.profiles, remote: { ...state.profiles.remote, baseUrl: 'http://127.0.0.1:9/v1' } };
    state.keyTest = {
      state: 'unreachable',
      message:
        'No answer from the Remote server: Could not reach 127.0.0.1:9: connection refused. Check the Remote URL in Settings or your network.',
    };
    renderApp(api, '#/settings');
    fireEvent.change(await screen.findByLabelText('Remote API key'), { target: { value: SECRET } });
    fireEvent.click(screen.getByRole('button', { name: 'Save key' }));
    const outcome = await screen.findByTestId('key-test');
    expect(outcome.textContent).toContain('No answer from 127.0.0.1:9');
    expect(outcome.textContent).toContain('Details: Could not reach 127.0.0.1:9: connection refused.');
    expect(outcome.textContent).not.toMatch(/rejected|in Settings/);
  });

  it('switches profile, updates the badge and refetches the catalogue', async () => {
    const { api, state } = createFakeApi();
    renderApp(api, '#/');
    await screen.findByTestId('catalogue-table');
    expect(screen.getByTestId('profile-badge').textContent).toBe('Embedded — sample data');
    window.location.hash = '#/settings';
    fireEvent.click(await screen.findByRole('radio', { name: /Remote/ }));
    // No key yet: asked first.
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Switch to Remote anyway' }));
    await waitFor(() => expect(screen.getByTestId('profile-badge').textContent).toBe('Remote — api.gridstatus.io · no key'));
    expect(state.profiles.active).toBe('remote');
    const before = state.calls.filter((c) => c === 'datasets:list').length;
    window.location.hash = '#/';
    await screen.findByTestId('catalogue-table');
    expect(state.calls.filter((c) => c === 'datasets:list').length).toBe(before + 1);
  });

  it('Remote without a key asks first, says what will not work, and offers to add a key; nothing switches meanwhile', async () => {
    const { api, state } = createFakeApi();
    renderApp(api, '#/settings');
    fireEvent.click(await screen.findByRole('radio', { name: /Remote/ }));
    const ask = await screen.findByRole('alertdialog', { name: 'Remote has no API key yet.' });
    expect(ask.textContent).toContain('the catalogue, queries, constraints, the map and exports stay empty');
    expect(document.activeElement).toBe(within(ask).getByRole('button', { name: 'Add a key first' }));
    expect((screen.getByRole('radio', { name: /Embedded/ }) as HTMLInputElement).checked).toBe(true);
    expect(state.calls).not.toContain('profiles:setActive');

    fireEvent.click(within(ask).getByRole('button', { name: 'Add a key first' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Remote API key'));
    fireEvent.click(screen.getByRole('radio', { name: /Remote/ }));
    fireEvent.keyDown(await screen.findByRole('alertdialog'), { key: 'Escape' });
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(state.calls).not.toContain('profiles:setActive');
    expect(state.profiles.active).toBe('embedded');

    // With a key, Remote switches at once.
    state.profiles = { ...state.profiles, remote: { ...state.profiles.remote, keySet: true } };
    cleanup();
    renderApp(api, '#/settings');
    fireEvent.click(await screen.findByRole('radio', { name: /Remote/ }));
    await waitFor(() => expect(state.profiles.active).toBe('remote'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
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
    state.profiles = {
      ...state.profiles,
      remote: { ...state.profiles.remote, keySet: false, keyOrigin: 'https://old.example.com' },
    };
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
