// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import type { BridgeCallOptions, GridscopeApi } from '../../../shared/bridge/contract.js';
import { AppProviders } from '../AppProviders.js';
import { createFakeApi } from '../test-support/fakeApi.js';
import { createQueryClient } from './queryClient.js';
import { useDataset } from './queries.js';

afterEach(cleanup);

describe('query hooks pass TanStack’s abort signal to the bridge', () => {
  it('leaving the page (unmount) aborts a pending datasets:get', async () => {
    const { api: fake } = createFakeApi();
    const received: (BridgeCallOptions | undefined)[] = [];
    const api: GridscopeApi = {
      ...fake,
      'datasets:get': (_input, options) => {
        received.push(options);
        return new Promise(() => undefined);
      },
    };
    const queryClient = createQueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <AppProviders api={api} queryClient={queryClient}>
        {children}
      </AppProviders>
    );
    const { unmount } = renderHook(() => useDataset('nyiso_zonal_load_5_min'), { wrapper });
    await waitFor(() => expect(received).toHaveLength(1));
    const signal = received[0]?.signal;
    expect(signal).toBeInstanceOf(AbortSignal);
    expect(signal?.aborted).toBe(false);
    unmount();
    await waitFor(() => expect(signal?.aborted).toBe(true));
  });
});
