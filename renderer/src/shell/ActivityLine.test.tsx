// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { RequestStatus } from '../../../shared/bridge/contract.js';
import { createFakeApi } from '../test/fakeApi.js';
import { renderApp } from '../test/render.js';

/** The status bar's activity line: the retry state of background /v1 calls (catalogue, dataset, usage…). */

afterEach(cleanup);

const retrying = (over: Partial<RequestStatus>): RequestStatus => ({
  requestId: 'r1',
  verb: 'datasets:list',
  state: 'retrying',
  attempt: 2,
  maxAttempts: 4,
  retryInMs: 2_400,
  reason: 'HTTP 429: Too Many Requests. Limit: 1 per 1 second.',
  startedAt: 0,
  ...over,
});

describe('activity line', () => {
  it('shows a pending catalogue call the proxy is retrying, then goes away when it answers', async () => {
    let release: () => void = () => undefined;
    const fake = createFakeApi({
      listGate: new Promise<void>((resolve) => (release = resolve)),
      statuses: [
        retrying({}),
        retrying({ requestId: 'q1', verb: 'datasets:query' }), // the query page shows its own
        { ...retrying({ requestId: 'u1', verb: 'usage:get' }), state: 'running', retryInMs: null, reason: null },
      ],
    });
    renderApp(fake.api, '#/');
    const items = await screen.findAllByTestId('activity-item');
    expect(items.map((i) => i.textContent)).toEqual(['Catalogue: Rate limited — retrying in 3 s (attempt 2 of 4)']);
    // The call carried a requestId, so the host could report it.
    expect(fake.state.listInputs[0]?.requestId).toMatch(/\S/);

    fake.state.statuses = [];
    release();
    await screen.findAllByTestId('catalogue-row');
    await waitFor(() => expect(screen.queryByTestId('activity-line')).toBeNull());
  });

  it('shows nothing while calls run without retrying', async () => {
    let release: () => void = () => undefined;
    const fake = createFakeApi({
      listGate: new Promise<void>((resolve) => (release = resolve)),
      statuses: [{ ...retrying({}), state: 'running', retryInMs: null, reason: null }],
    });
    renderApp(fake.api, '#/');
    await waitFor(() => expect(fake.state.calls).toContain('requests:status'));
    expect(screen.queryByTestId('activity-line')).toBeNull();
    release();
  });
});
