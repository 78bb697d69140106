import { useState } from 'react';
import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { GridscopeApi } from '../../shared/bridge/contract.js';
import { BridgeProvider } from './lib/BridgeContext.js';
import { createQueryClient } from './lib/queryClient.js';

/** Props of {@link AppProviders}; `queryClient` defaults to a fresh one (tests pass their own). */
export interface AppProvidersProps {
  api: GridscopeApi;
  queryClient?: QueryClient;
  children: ReactNode;
}

/** Bridge + TanStack Query providers around the app (or around a component under test). */
export function AppProviders({ api, queryClient, children }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <BridgeProvider api={api}>
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </BridgeProvider>
  );
}
