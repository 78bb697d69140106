import { createContext, useContext } from 'react';
import type { ReactNode } from 'react';
import type { GridscopeApi } from '../../../shared/bridge/contract.js';

const BridgeContext = createContext<GridscopeApi | null>(null);

/** Provides the bridge to the tree (`getBridge()` in the app, a fake in tests). */
export function BridgeProvider({ api, children }: { api: GridscopeApi; children: ReactNode }) {
  return <BridgeContext.Provider value={api}>{children}</BridgeContext.Provider>;
}

/** The bridge from the nearest {@link BridgeProvider}; throws if there is none. */
export function useBridge(): GridscopeApi {
  const api = useContext(BridgeContext);
  if (!api) throw new Error('useBridge() outside <BridgeProvider>');
  return api;
}
