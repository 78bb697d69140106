// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { AppProviders } from '../AppProviders.js';
import { createFakeApi } from '../test-support/fakeApi.js';
import { renderApp } from '../test-support/render.js';
import { EmbeddedNotice, embeddedNoticeText } from './EmbeddedNotice.js';

afterEach(cleanup);

const RESTARTED = 'The embedded data service stopped unexpectedly and was restarted.';
const RESTARTED_TWICE = 'The embedded data service stopped unexpectedly and was restarted (2 times since Gridscope started).';
const GAVE_UP = 'The embedded data service stopped unexpectedly 4 times within a minute, so it was not restarted again.';

describe('embeddedNoticeText', () => {
  const state = (
    embedded: { status: 'starting' | 'running' | 'failed'; message?: string },
    active: 'embedded' | 'remote' = 'embedded',
  ) =>
    createFakeApi({
      profiles: {
        active,
        embedded,
        remote: { baseUrl: 'https://api.gridstatus.io/v1', keySet: false },
        keyStorage: 'test vault',
      },
    }).state.profiles;

  it('speaks for a restart or a failure of the active embedded service only', () => {
    expect(embeddedNoticeText(state({ status: 'running', message: RESTARTED }))).toBe(RESTARTED);
    expect(embeddedNoticeText(state({ status: 'failed', message: GAVE_UP }))).toBe(GAVE_UP);
    expect(embeddedNoticeText(state({ status: 'failed' }))).toBe('The embedded data service is not running.');
    expect(embeddedNoticeText(state({ status: 'running' }))).toBeUndefined();
    expect(embeddedNoticeText(state({ status: 'starting', message: 'Not started yet: starts on first use.' }))).toBeUndefined();
    expect(embeddedNoticeText(state({ status: 'failed', message: GAVE_UP }, 'remote'))).toBeUndefined();
    expect(embeddedNoticeText(undefined)).toBeUndefined();
  });
});

describe('EmbeddedNotice', () => {
  it('appears in the app shell when the service was restarted, and Dismiss hides it', async () => {
    const { api, state } = createFakeApi();
    state.profiles = { ...state.profiles, embedded: { status: 'running', message: RESTARTED } };
    renderApp(api, '#/');
    const notice = await screen.findByTestId('embedded-notice');
    expect(notice.textContent).toContain(RESTARTED);
    expect(notice.getAttribute('role')).toBe('status');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('embedded-notice')).toBeNull();
    expect(await screen.findByTestId('catalogue-table')).toBeTruthy();
  });

  it('polls the status: shows a restart that happens later, and a new restart after a dismissed one', async () => {
    const { api, state } = createFakeApi();
    render(
      <AppProviders api={api}>
        <EmbeddedNotice pollMs={20} />
      </AppProviders>,
    );
    await waitFor(() => expect(state.calls.filter((c) => c === 'profiles:get').length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByTestId('embedded-notice')).toBeNull();

    state.profiles = { ...state.profiles, embedded: { status: 'running', message: RESTARTED } };
    expect((await screen.findByTestId('embedded-notice')).textContent).toContain(RESTARTED);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('embedded-notice')).toBeNull();

    state.profiles = { ...state.profiles, embedded: { status: 'running', message: RESTARTED_TWICE } };
    expect((await screen.findByTestId('embedded-notice')).textContent).toContain(RESTARTED_TWICE);

    state.profiles = { ...state.profiles, embedded: { status: 'failed', message: GAVE_UP } };
    await waitFor(() => expect(screen.getByTestId('embedded-notice').getAttribute('data-status')).toBe('failed'));
    expect(screen.getByTestId('embedded-notice').textContent).toContain(GAVE_UP);
  });
});
