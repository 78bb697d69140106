// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { VerbInput } from '../../../../shared/bridge/contract.js';
import { createFakeApi } from '../../test-support/fakeApi.js';
import { renderApp } from '../../test-support/render.js';

afterEach(cleanup);

const SECRET = 'sk-test-0123456789abcdef';
const BASIC_TEXT =
  'Electron safeStorage with the basic_text backend: no OS keyring was found, so the key is only obfuscated on disk';
const REFUSAL =
  "This Linux session has no keyring: the key would be stored with a publicly known password. Tick 'Store anyway' to store it like that.";

/** A fake bridge whose `keys:set` refuses, as main does on basic_text, unless `allowWeakStorage` is set; inputs recorded. */
function weakStorageApi(keyStorage: string) {
  const fake = createFakeApi();
  fake.state.profiles = { ...fake.state.profiles, keyStorage };
  const inputs: VerbInput<'keys:set'>[] = [];
  const store = fake.api['keys:set'];
  fake.api['keys:set'] = (input) => {
    inputs.push(input);
    if (keyStorage.includes('basic_text') && !input.allowWeakStorage) {
      return Promise.resolve({ ok: false, error: { code: 'validation', message: REFUSAL } });
    }
    return store(input);
  };
  return { ...fake, inputs };
}

const saveKey = (value: string) => {
  fireEvent.change(screen.getByLabelText('Remote API key'), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Save key' }));
};

describe('Remote key form: where the OS has no keyring', () => {
  it.each([['test vault'], ['OS keychain via Electron safeStorage (gnome_libsecret)'], ['OS keychain via Electron safeStorage']])(
    'offers no "Store anyway" with %j, and sends no opt-in',
    async (keyStorage) => {
      const { api, inputs } = weakStorageApi(keyStorage);
      renderApp(api, '#/settings');
      await screen.findByTestId('key-status');
      expect(screen.queryByTestId('store-anyway')).toBeNull();
      expect(screen.queryByRole('checkbox', { name: /Store anyway/ })).toBeNull();
      saveKey(SECRET);
      await waitFor(() => expect(screen.getByTestId('key-status').textContent).toContain('Key set'));
      expect(inputs).toEqual([{ profile: 'remote', key: SECRET }]);
    },
  );

  it('on basic_text shows the backend and an unticked "Store anyway"; the key is stored only once it is ticked', async () => {
    const { api, state, inputs } = weakStorageApi(BASIC_TEXT);
    const { container } = renderApp(api, '#/settings');
    const box = (await screen.findByRole('checkbox', { name: /^Store anyway/ })) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(screen.getByTestId('store-anyway').textContent).toMatch(/no keyring \(safeStorage backend basic_text\)/);
    expect(screen.getByTestId('key-status').textContent).toContain('basic_text');

    saveKey(SECRET);
    expect((await screen.findByTestId('remote-key-error')).textContent).toContain('This Linux session has no keyring');
    expect(screen.getByTestId('key-status').textContent).toContain('No key set');
    expect(state.storedKeys).toEqual([]);
    expect(inputs).toEqual([{ profile: 'remote', key: SECRET }]);

    fireEvent.click(box);
    expect(box.checked).toBe(true);
    saveKey(SECRET);
    await waitFor(() => expect(screen.getByTestId('key-status').textContent).toContain('Key set'));
    expect(inputs[1]).toEqual({ profile: 'remote', key: SECRET, allowWeakStorage: true });
    expect(state.storedKeys).toEqual([SECRET]);
    expect(screen.queryByTestId('remote-key-error')).toBeNull();
    expect(container.innerHTML).not.toContain(SECRET);
  });
});
