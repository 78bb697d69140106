// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createFakeApi } from '../test-support/fakeApi.js';
import { renderApp } from '../test-support/render.js';
import { parseHash } from '../lib/router.js';
import { screenOf } from './screenFocus.js';

afterEach(cleanup);

describe('focus on a new screen', () => {
  it('a screen is its route and id; a change of the address’s choices alone is not a new screen', () => {
    expect(screenOf(parseHash('#/constraints?start=a'))).toBe(screenOf(parseHash('#/contingencies?start=b')));
    expect(screenOf(parseHash('#/constraints/1'))).not.toBe(screenOf(parseHash('#/constraints/2')));
    expect(screenOf(parseHash('#/locations'))).not.toBe(screenOf(parseHash('#/locations/9')));
  });

  it('leaves the focus alone on the first screen, then puts it on each new screen’s heading', async () => {
    renderApp(createFakeApi().api, '#/settings');
    await screen.findByTestId('settings-page');
    expect(document.activeElement).toBe(document.body);
    const link = screen.getByRole('link', { name: 'History' });
    link.focus();
    window.location.hash = '#/history';
    const heading = await screen.findByRole('heading', { level: 1, name: 'History' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('the skip link takes the focus to the heading without changing the address', async () => {
    renderApp(createFakeApi().api, '#/settings');
    await screen.findByTestId('settings-page');
    fireEvent.click(screen.getByRole('link', { name: 'Skip to content' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1, name: 'Settings' }));
    expect(window.location.hash).toBe('#/settings');
  });
});
