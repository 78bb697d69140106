import type { GridscopeWindowApi } from '../../shared/bridge/contract.js';

declare global {
  interface Window {
    /** Exposed by the Electron preload (contextBridge); absent under the web host and in tests. */
    gridscope?: GridscopeWindowApi;
  }
}

export {};
