import { render } from '@testing-library/react';
import type { GridscopeApi } from '../../../shared/bridge/contract.js';
import { App } from '../App.js';
import { AppProviders } from '../AppProviders.js';
import { createQueryClient } from '../lib/queryClient.js';

/** Renders the whole app at `hash` against `api`, with a fresh QueryClient and no retry delays. */
export function renderApp(api: GridscopeApi, hash = '#/') {
  window.location.hash = hash;
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    ...queryClient.getDefaultOptions(),
    queries: { ...queryClient.getDefaultOptions().queries, retryDelay: 0 },
  });
  const result = render(
    <AppProviders api={api} queryClient={queryClient}>
      <App />
    </AppProviders>,
  );
  return { ...result, queryClient };
}
