// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import type { RequestStatus } from '../../../shared/bridge/contract.js';
import { queryKeys } from '../lib/queries.js';
import { newRequestId, pageRequestIds } from '../lib/requestId.js';
import { STATUS_POLL_MS } from '../features/requests/RequestStatusLine.js';
import { createFakeApi } from '../test-support/fakeApi.js';
import { renderApp } from '../test-support/render.js';

afterEach(cleanup);

const SLOW = { timeout: 4 * STATUS_POLL_MS };
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const retrying = (over: Partial<RequestStatus>): RequestStatus => ({
  requestId: 'r1',
  verb: 'datasets:list',
  state: 'retrying',
  attempt: 2,
  maxAttempts: 4,
  retryInMs: 2_400,
  reason: 'HTTP 429: Too Many Requests. Limit: 1 per 1 second.',
  cause: 'Rate limit reached (429)',
  startedAt: 0,
  ...over,
});

async function pendingCatalogue() {
  let release: () => void = () => undefined;
  const fake = createFakeApi({ listGate: new Promise<void>((resolve) => (release = resolve)) });
  const asked: (string[] | undefined)[] = [];
  // Like the web host serving several tabs: it answers every call it knows, whoever asks.
  fake.api['requests:status'] = async ({ requestIds }) => {
    fake.state.calls.push('requests:status');
    asked.push(requestIds);
    return { ok: true, value: fake.state.statuses };
  };
  const rendered = renderApp(fake.api, '#/');
  await waitFor(() => expect(fake.state.listInputs).toHaveLength(1));
  const listId = fake.state.listInputs[0]!.requestId!;
  return { fake, asked, listId, release, ...rendered };
}

describe('activity line', () => {
  it('shows a pending catalogue call the proxy is retrying (not another tab’s), then goes away when it answers', async () => {
    const { fake, asked, listId, release } = await pendingCatalogue();
    expect(listId).toMatch(/\S/);
    const queryId = newRequestId(); // a query page call of this page: shown by that page instead
    fake.state.statuses = [
      retrying({ requestId: listId }),
      retrying({ requestId: queryId, verb: 'datasets:query' }),
      { ...retrying({ requestId: 'u1', verb: 'usage:get' }), state: 'running', retryInMs: null, reason: null, cause: null },
      retrying({ requestId: 'other-tab', verb: 'datasets:get' }), // another tab's call on the same web host
    ];
    const items = await screen.findAllByTestId('activity-item', {}, SLOW);
    expect(items.map((i) => i.textContent)).toEqual(['Catalogue: Rate limit reached (429) — retrying in 3 s (attempt 2 of 4)']);
    expect(asked.at(-1)).toContain(listId);
    expect(asked.at(-1)).not.toContain('other-tab');
    expect(asked.at(-1)).toEqual(pageRequestIds());

    fake.state.statuses = [];
    release();
    await screen.findAllByTestId('catalogue-row');
    await waitFor(() => expect(screen.queryByTestId('activity-line')).toBeNull());
  });

  it('shows nothing while calls run without retrying', async () => {
    const { fake, listId, release } = await pendingCatalogue();
    fake.state.statuses = [{ ...retrying({ requestId: listId }), state: 'running', retryInMs: null, reason: null, cause: null }];
    await waitFor(() => expect(fake.state.calls).toContain('requests:status'), SLOW);
    expect(screen.queryByTestId('activity-line')).toBeNull();
    release();
  });

  it('does not poll for a fetch shorter than the poll interval', async () => {
    const { fake, listId, release } = await pendingCatalogue();
    fake.state.statuses = [retrying({ requestId: listId })];
    await sleep(STATUS_POLL_MS / 5);
    release();
    await screen.findAllByTestId('catalogue-row');
    await sleep(2 * STATUS_POLL_MS);
    expect(fake.state.calls).not.toContain('requests:status');
    expect(screen.queryByTestId('activity-line')).toBeNull();
  });

  it('never shows the last stretch’s statuses when fetching starts again', async () => {
    const { fake, listId, release, queryClient } = await pendingCatalogue();
    fake.state.statuses = [retrying({ requestId: listId })];
    await screen.findAllByTestId('activity-item', {}, SLOW);
    release();
    await screen.findAllByTestId('catalogue-row');
    await waitFor(() => expect(screen.queryByTestId('activity-line')).toBeNull());

    fake.state.statuses = [];
    let releaseAgain: () => void = () => undefined;
    fake.state.listGate = new Promise<void>((resolve) => (releaseAgain = resolve));
    const polled = fake.state.calls.filter((v) => v === 'requests:status').length;
    void queryClient.refetchQueries({ queryKey: queryKeys.list });
    await waitFor(() => expect(fake.state.listInputs).toHaveLength(2));
    for (let i = 0; i < 4; i += 1) {
      expect(screen.queryByTestId('activity-line')).toBeNull();
      await sleep(STATUS_POLL_MS / 2);
    }
    // It did poll again meanwhile (so the line had the chance to show).
    expect(fake.state.calls.filter((v) => v === 'requests:status').length).toBeGreaterThan(polled);
    releaseAgain();
  });
});
