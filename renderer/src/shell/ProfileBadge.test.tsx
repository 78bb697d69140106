// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { ProfilesState } from '../../../shared/bridge/contract.js';
import { createFakeApi } from '../test-support/fakeApi.js';
import { renderApp } from '../test-support/render.js';
import { badgeOf } from './ProfileBadge.js';

afterEach(cleanup);

const remote = (over: Partial<ProfilesState['remote']> = {}): ProfilesState => ({
  active: 'remote',
  embedded: { status: 'running' },
  remote: { baseUrl: 'https://api.example.com/v1', keySet: true, ...over },
  keyStorage: 'test',
});

describe('the profile badge', () => {
  it('tells the Remote states apart in words, each with its own icon', () => {
    const states = [
      badgeOf(remote({ keySet: false })),
      badgeOf(remote({ health: { state: 'rejected', at: 1 } })),
      badgeOf(
        remote({ health: { state: 'unreachable', at: 1, message: 'Could not reach api.example.com: connection refused.' } }),
      ),
      badgeOf(remote({ health: { state: 'ok', at: 1 } })),
      badgeOf(remote()),
    ];
    expect(states.map((b) => [b.state, b.text])).toEqual([
      ['no-key', 'Remote — api.example.com · no key'],
      ['rejected', 'Remote — api.example.com · key rejected'],
      ['unreachable', 'Remote — api.example.com · unreachable'],
      ['ok', 'Remote — api.example.com'],
      ['unknown', 'Remote — api.example.com'],
    ]);
    expect(states[2]!.title).toBe('Could not reach api.example.com: connection refused.');
    expect(badgeOf({ ...remote(), active: 'embedded', embedded: { status: 'failed' } })).toMatchObject({
      state: 'failed',
      text: 'Embedded — sample data · not running',
    });
  });

  it('asks main again once a data call failed, so a rejected key shows without a reload', async () => {
    const { api, state } = createFakeApi();
    state.profiles = remote();
    let release!: () => void;
    state.listGate = new Promise<void>((r) => (release = r));
    state.failures['datasets:list'] = {
      code: 'auth',
      message: 'The API key was rejected (401). Check the key in Settings.',
      status: 401,
    };
    renderApp(api, '#/');
    await waitFor(() => expect(screen.getByTestId('profile-badge').getAttribute('data-state')).toBe('unknown'));
    // Main learnt it from the failed call; the badge reads it once the call settled.
    state.profiles = remote({ health: { state: 'rejected', at: 2 } });
    release();
    await screen.findByTestId('error-state');
    await waitFor(() => expect(screen.getByTestId('profile-badge').textContent).toBe('Remote — api.example.com · key rejected'));
    expect(screen.getByTestId('profile-badge').getAttribute('data-state')).toBe('rejected');
  });
});
